"""What the host changes from the next hand on: the game, uploaded game files, the stakes, the clocks
and seating policy, the house rules; and the pause that stops every clock at once. No I/O.
"""

from __future__ import annotations

from typing import Any

from homegame.table import house
from homegame.table.gamefiles import checked_file
from homegame.table.seats import DEALERS_CHOICE, OPTION_RANGES, TableError, check_option
from homegame.table.start import make_game, make_stakes
from homegame.table.turns import TableTurns


class HostControls(TableTurns):
    """The host's settings and the pause."""

    def set_game(self, game: str, rules: dict[str, Any] | None = None) -> None:
        """Change the game (or dealer's choice) from the next hand on."""
        rules = dict(rules or {})
        if game == DEALERS_CHOICE:
            rules = {}
        else:
            g = self.find_game(game, rules)
            game, rules = g.name, dict(g.rules)
        self.settings.game, self.settings.rules = game, rules
        self.choice = None
        self.chooser = None
        self.choose_deadline = self.choose_left = None
        self._changed(f"next game: {self.game_title(game, rules)}")

    def add_game_file(self, text: str, filename: str | None = None) -> str:
        """The host uploads a game file (its text): checked as ``hg.load_game`` checks it, then dealt
        like any game from the next hand it is chosen (a file of a name the table holds replaces it).
        Returns the game's name; :class:`TableError` saying why (and nothing changed) otherwise."""
        files = self.settings.game_files
        name, game = checked_file(text, files, filename)
        uses = [(what, rules) for what, rules in (
            ("the table's game", self.settings.rules if self.settings.game == name else None),
            ("the dealer's choice", self.choice["rules"] if self.choice and self.choice["game"] == name else None))
            if rules is not None]
        for what, rules in uses:
            try:
                make_game(name, rules, text)
            except TableError as exc:
                raise TableError(f"{name} is {what} with house rules {rules} that the new file does not allow "
                                 f"({exc}); set another game first") from None
        replaced = name in files
        self.settings.game_files = {**files, name: text}
        self._changed(f"the host {'replaces' if replaced else 'adds'} the game file {name!r}: {game.title}")
        return name

    def remove_game_file(self, name: str) -> None:
        """The host takes an uploaded game off the table (not while it is the table's game or chosen)."""
        files = self.settings.game_files
        if name not in files:
            raise TableError(f"this table has no uploaded game {name!r}; its game files: "
                             f"{', '.join(sorted(files)) or 'none'}")
        if self.settings.game == name or (self.choice and self.choice["game"] == name):
            raise TableError(f"{name} is the coming hand's game; set another game before you remove its file")
        self.settings.game_files = {k: v for k, v in files.items() if k != name}
        self._changed(f"the host removes the game file {name!r}")

    def set_stakes(self, stakes: dict[str, Any], buy_in: int | None = None) -> None:
        """Change the stakes (and the buy-in) from the next hand on."""
        make_stakes(stakes)
        if buy_in is not None:
            if buy_in <= 0:
                raise TableError(f"a buy-in must be positive, got {buy_in}")
            self.settings.buy_in = buy_in
        self.settings.stakes = dict(stakes)
        self._changed("the stakes change from the next hand")

    def configure(self, **changes: Any) -> None:
        """Change clocks and seating policy (``None`` values are left alone).

        A new ``time_bank`` becomes every player's bank at once (0 included).
        """
        known = ("turn_seconds", "time_bank", "bot_delay", "between_hands", "approve_seats", "bot_rebuys",
                 "spectator_chat", "rebuy")
        for key, value in changes.items():
            if key not in known:
                raise TableError(f"unknown setting {key!r}; settings are {', '.join(known)}")
            if key == "rebuy" and value not in (None, "host", "auto"):
                raise TableError(f"rebuy must be 'host' (the host approves each) or 'auto', not {value!r}")
            if value is not None and key in OPTION_RANGES:
                check_option(key, value)  # every value is checked before any is set
        for key, value in changes.items():
            if value is not None:
                setattr(self.settings, key, value)
        bank = changes.get("time_bank")
        if bank is not None:
            for seat in self.seats.values():
                if seat.kind == "human":
                    seat.bank = float(bank)
        self._changed()

    def set_house(self, changes: dict[str, Any], bomb_next: bool | None = None) -> None:
        """The host sets house rules (see :mod:`homegame.table.house`) from the next hand, or calls a
        bomb pot for the next hand (``bomb_next``); :class:`TableError` saying why when out of place."""
        checked = house.check_house(changes)
        rules = {**house.HOUSE_DEFAULTS, **self.settings.house, **checked}
        bomb = bool(bomb_next) if bomb_next is not None else self.settings.bomb_next
        if bomb and not rules["bomb_ante"]:
            raise TableError("set the bomb pot's ante first (every player antes that amount)")
        stakes = self.settings.stakes
        if rules["straddle"] and len(stakes.get("blinds") or []) < 2:
            raise TableError("a straddle needs blinds; these stakes have none")
        if self.settings.game != DEALERS_CHOICE:
            trial = {k: v for k, v in house.hand_options(rules, number=1, bomb_next=False).items() if k != "straddle"}
            if rules["bomb_ante"]:
                trial["bomb_pot"] = rules["bomb_ante"]
            try:
                self.find_game(self.settings.game, self.settings.rules).deal(
                    [self.settings.buy_in] * 3, stakes=make_stakes(stakes), button=0, seed=1, options=trial or None)
            except ValueError as exc:
                raise TableError(f"that does not fit {self.game_title(self.settings.game, self.settings.rules)}: {exc}") from exc
        before = {**house.HOUSE_DEFAULTS, **self.settings.house}
        plain = {"showdown": "show-all"}  # what a rule left unset means, for saying what changed
        said = [house.said(k, v) for k, v in checked.items() if (before[k] or plain.get(k)) != (v or plain.get(k))]
        if bomb and not self.settings.bomb_next:
            said.append("a bomb pot next hand")
        elif self.settings.bomb_next and not bomb:
            said.append("no bomb pot next hand")
        self.settings.house = {k: v for k, v in rules.items() if v != house.HOUSE_DEFAULTS[k]}
        self.settings.bomb_next = bomb
        if said:
            self._changed(f"house rules from the next hand: {', '.join(said)}")
        else:
            self._changed()

    def start_game(self) -> None:
        """The host starts the night: hands are dealt from now on (a table opened to wait for the host
        deals nothing, and runs no clock, before). Starting a started table changes nothing."""
        if not self.started:
            self.started = True
            self._changed("the host starts the game")

    def set_paused(self, value: bool, now: float | None = None, *, by: str = "the host") -> None:
        """Pause or resume. A pause stops every clock (turns, bots, the dealer's choice, the next
        deal) and every action; resuming gives each clock the time it had left. ``by`` names who paused
        (the state's ``paused_by``)."""
        now = self._tick(now)
        if value and not self.paused:
            self.paused_by = by
        if value and not self.paused:
            self.paused_at = now
            self.frozen.update({p: max(0.0, d - now) for p, d in self.deadlines.items()})
            self.deadlines.clear()
            if self.choose_deadline is not None:
                self.choose_left, self.choose_deadline = max(0.0, self.choose_deadline - now), None
        elif not value and self.paused:
            shift = now - (self.paused_at if self.paused_at is not None else now)
            for p in self.turn_started:
                self.turn_started[p] += shift
            self.deadlines.update({p: now + left for p, left in self.frozen.items()})
            self.frozen.clear()
            if self.choose_left is not None:
                self.choose_deadline, self.choose_left = now + self.choose_left, None
            if self.next_hand_at is not None:
                self.next_hand_at += shift
            for ask in (self.straddle_ask, self.muck_ask):
                if ask is not None:
                    ask["deadline"] = float(ask["deadline"]) + shift
            self.paused_at = None
        self.paused = value
        self._changed(f"{self.paused_by} pauses the game; every clock stops" if value
                      else f"{by} resumes the game")
        if not value and self.live:
            self._apply_pre_action(now)


__all__ = ["HostControls"]
