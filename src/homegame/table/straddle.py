"""The straddle as a choice (issue 17): with the house rule ``"utg"`` or ``"button"`` the seat that would
straddle the coming hand is asked before the deal, and its clock running out means no straddle;
``"utg-mandatory"`` and ``"button-mandatory"`` post it without asking. Either way a seat that could not
post it without going all in does not straddle (a straddle never costs more than a blind could). No I/O.
"""

from __future__ import annotations

from typing import Any

from homegame.rules.options import takes_straddle
from homegame.table import house
from homegame.table.house import is_asked, straddle_kind
from homegame.table.seats import TableError
from homegame.table.start import make_stakes
from homegame.table.turns import TableTurns


class Straddling(TableTurns):
    """Who would straddle the coming hand, the question put to them and their answer."""

    def _lineup(self, game: Any) -> tuple[list[int], int]:
        """Who the coming hand deals in (table positions, in seat order) and the button's index among them."""
        if self.settings.dead_button:
            return self._dead_lineup_for(game)[:2]
        positions = self.eligible()
        button = self._next_button(positions)
        # clockwise from the button, at most the game's maximum, then back in seat order
        i = positions.index(button)
        ring = positions[i + 1:] + positions[:i + 1]
        dealt = sorted(ring[-game.max_players:] if len(ring) > game.max_players else ring)
        if button not in dealt:
            button = dealt[-1]
        return dealt, dealt.index(button)

    def _dead_lineup_for(self, game: Any) -> tuple[list[int], int, tuple[int, int, int], bool]:
        """The dead button's lineup (see :meth:`_dead_lineup`) for ``game``: when more players are in than
        it deals to, the engine's button and the players after it, the blinds first."""
        dealt, button, blinds, posted = self._dead_lineup()
        if len(dealt) > game.max_players:
            dealer = dealt[button]
            dealt = sorted((dealt[button:] + dealt[:button])[:game.max_players])
            button = dealt.index(dealer)
        return dealt, button, blinds, posted

    def straddle_cost(self) -> int:
        """What a straddle puts in: twice the big blind, plus the ante the seat posts first."""
        stakes = self.settings.stakes
        blinds = list(stakes.get("blinds") or [])
        return 2 * int(blinds[1]) + int(stakes.get("ante") or 0) if len(blinds) >= 2 else 0

    def straddler(self) -> int | None:
        """The table position that would straddle the coming hand, or ``None`` (no straddle rule, a
        bomb pot, heads-up, a game whose betting the blinds do not open (:func:`takes_straddle`), or
        a seat that could not post it without going all in)."""
        kind = straddle_kind(self.settings.house.get("straddle"))
        chosen = self.next_game()
        if kind is None or chosen is None or self.straddle_cost() == 0:
            return None
        if house.is_bomb(self.settings.house, self.hand_number + 1, self.settings.bomb_next):
            return None
        game = self.find_game(*chosen)
        if not takes_straddle(game, make_stakes(self.settings.stakes)):
            return None
        dealt, button = self._lineup(game)
        if len(dealt) < 3:
            return None
        # the engine's seats: the blinds left of the button, the straddle left of the big blind (or the button)
        pos = dealt[(button + 3) % len(dealt)] if kind == "utg" else dealt[button]
        return pos if self.seats[pos].stack > self.straddle_cost() else None

    def _straddle_pending(self, now: float) -> bool:
        """Whether the deal waits for the straddler's answer; opens the question (or closes it when its
        time ran out, as no straddle) on the way."""
        pos = self.straddler()
        number = self.hand_number + 1
        if pos is None or not is_asked(self.settings.house.get("straddle")):
            self.straddle_ask = None
            return False
        seat = self.seats[pos]
        if self.straddle_answer is not None and self.straddle_answer[:2] == [number, seat.sid]:
            return False
        ask = self.straddle_ask
        if ask is None or ask["hand"] != number or ask["sid"] != seat.sid:
            if seat.kind == "bot":  # a bot keeps to the blinds
                self.straddle_answer = [number, seat.sid, False]
                return False
            self.straddle_ask = {"hand": number, "position": pos, "sid": seat.sid, "amount": self.straddle_cost(),
                                 "deadline": now + self.settings.turn_seconds}
            self._changed(f"{seat.name} (seat {pos + 1}) may straddle {self.straddle_cost()} this hand")
            return True
        if now >= float(ask["deadline"]):
            self._answer_straddle(seat.sid, False, f"{seat.name} does not straddle (time ran out)")
            return False
        return True

    def straddle(self, pos: int, yes: bool) -> None:
        """The asked seat's answer for the coming hand: straddle (``True``) or not; declining costs nothing."""
        ask = self.straddle_ask
        seat = self._seat(pos)
        if ask is None or ask["position"] != pos or ask["sid"] != seat.sid:
            raise TableError("you are not asked to straddle now; the seat left of the big blind is asked "
                             "before each hand when the straddle house rule is on")
        self._answer_straddle(seat.sid, yes, f"{seat.name} straddles {ask['amount']} this hand" if yes
                              else f"{seat.name} does not straddle")

    def _answer_straddle(self, sid: int, yes: bool, notice: str) -> None:
        number = self.hand_number + 1
        self.straddle_answer = [number, sid, bool(yes)]
        self.straddle_ask = None
        self._changed(notice)

    def _straddles(self, pos: int | None) -> bool:
        """Whether the coming hand has a straddle (by ``pos``, who would post it)."""
        rule = self.settings.house.get("straddle")
        if pos is None or straddle_kind(rule) is None:
            return False
        if not is_asked(rule):
            return True
        answer = self.straddle_answer
        return answer is not None and answer == [self.hand_number + 1, self.seats[pos].sid, True]


__all__ = ["Straddling"]
