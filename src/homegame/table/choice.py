"""Dealer's choice: the dealer of the coming hand picks its game, or the table picks for a bot or a
dealer whose time ran out (the last game again when it still fits). No I/O.
"""

from __future__ import annotations

from typing import Any

from homegame.table.seats import DEALERS_CHOICE, SEED_GAMES, TableError
from homegame.table.turns import TableTurns


class DealersChoice(TableTurns):
    """Who chooses the coming hand's game, and the choice."""

    def choose(self, pos: int, game: str, rules: dict[str, Any] | None = None) -> None:
        """The dealer's pick for the coming hand in dealer's choice; refused while the host pauses."""
        if self.chooser is None:
            raise TableError("no game is being chosen now")
        if pos != self.chooser:
            who = self.seats[self.chooser].name if self.chooser in self.seats else "the dealer"
            raise TableError(f"{who} (seat {self.chooser + 1}) is the dealer and chooses the game, "
                             f"not seat {pos + 1}")
        if self.paused:  # a pause stops every action, the choice too (issue 17 play-test)
            raise TableError("the host has paused the game; you choose the game once the host resumes")
        if game == DEALERS_CHOICE:
            raise TableError("choose one game for this hand")
        g = self.find_game(game, dict(rules or {}))
        count = len(self.eligible())
        if not g.min_players <= count <= g.max_players:
            raise TableError(f"{g.title} takes {g.min_players} to {g.max_players} players, not {count}")
        self.choice = {"game": g.name, "rules": dict(g.rules), "by": pos}
        self.chooser = None
        self.choose_deadline = self.choose_left = None
        self._changed(f"{self.seats[pos].name} deals {self.game_title(g.name, dict(g.rules))}")

    def _advance_choice(self, now: float) -> bool:
        if self.settings.game != DEALERS_CHOICE or self.live or self.choice or self.paused or not self.started:
            if self.chooser is not None and (self.choice or self.settings.game != DEALERS_CHOICE):
                self.chooser = self.choose_deadline = None
            return False
        positions = self.eligible()
        if len(positions) < 2 or self.no_person_dealt_in():
            if self.chooser is not None:
                self.chooser = self.choose_deadline = None
                self._changed()
            return False
        if self.next_hand_at is not None and now < self.next_hand_at:
            return False
        dealer = self._next_button(positions)
        if self.chooser != dealer:
            self.chooser = dealer
            seat = self.seats[dealer]
            delay = self.settings.bot_delay if seat.kind == "bot" else self.settings.turn_seconds
            self.choose_deadline = now + delay
            self._changed(f"{seat.name} (seat {dealer + 1}) is choosing the game")
            return True
        if self.choose_deadline is not None and now >= self.choose_deadline:
            fits = [g for g in (*SEED_GAMES, *sorted(self.settings.game_files))
                    if self.find_game(g, {}).min_players <= len(positions) <= self.find_game(g, {}).max_players]
            seat = self.seats[dealer]
            last = self.start.game if self.start else None
            pick = self._rng.choice(fits) if seat.kind == "bot" or last not in fits else last
            assert pick is not None
            self.choose(dealer, pick, {})
            return True
        return False


__all__ = ["DealersChoice"]
