"""Starting a hand: who is dealt in, the button, the hand's stakes and house-rule options, and a hand rebuilt
exactly from its start, deck and actions (with the clocks it had when it was stored). No I/O.
"""

from __future__ import annotations

from typing import Any

from homegame.rules.options import takes_straddle
from homegame.table import house
from homegame.table.game_stakes import hand_stakes, opens_with_bring_in
from homegame.table.mucking import ShowOrMuck
from homegame.table.seats import TableError
from homegame.table.stakes_words import stakes_text
from homegame.table.start import HandStart, make_game, make_stakes
from homegame.table.straddle import Straddling

#: Seconds a resumed hand's owing seat gets at least, however little its clock had left (see :meth:`Dealing.resume`).
RESUME_GRACE = 5.0


class Dealing(Straddling, ShowOrMuck):
    """Dealing the next hand and resuming a stored one."""

    def ready_to_deal(self, now: float) -> bool:
        """Whether a new hand should start now (the caller then shuffles and calls :meth:`deal`)."""
        if not self._can_deal():
            return False
        if self.next_hand_at is not None and now < self.next_hand_at:
            return False
        return self.next_game() is not None and not self._muck_pending(now) and not self._straddle_pending(now)

    def deal(self, deck: list[str], now: float) -> HandStart:
        """Start the next hand with ``deck`` (a full order of the 52 cards)."""
        chosen = self.next_game()
        if self.live or chosen is None:
            raise TableError("a hand cannot start now")
        game_name, rules = chosen
        game = self.find_game(game_name, rules)
        played_for = hand_stakes(opens_with_bring_in(game), self.settings.stakes)  # stud at a hold'em table: its own
        stakes = dict(played_for)
        blind_seats = None
        if self.settings.dead_button:
            dealt, button, blind_seats, posted = self._dead_lineup_for(game)
            if not posted and len(stakes.get("blinds") or []) == 2:  # no small blind: the big one alone
                stakes["blinds"] = [stakes["blinds"][1]]
        else:
            dealt, button = self._lineup(game)
        stacks = [self.seats[p].stack for p in dealt]
        options = self._options_for(game, stacks, button, deck, stakes)
        start = HandStart(self.hand_number + 1, game.name, dict(game.rules), stakes,
                          stacks, button, dealt,
                          tuple(self.seats[p].sid for p in dealt), tuple(self.seats[p].name for p in dealt),
                          options or None, self.settings.game_files.get(game.name), blind_seats)
        if options.get("bomb_pot"):
            self.settings.bomb_next = False
        if played_for != self.settings.stakes:  # stud at a hold'em table: say what this hand is played for
            self._changed(f"hand {start.number}: {self.game_title(game.name, dict(game.rules))} at "
                          f"{stakes_text(stakes)}")
        if house.words(options):
            self._changed(f"hand {start.number}: {house.words(options)}")
        self.timeouts = []
        self.straddle_ask = self.straddle_answer = None
        self._begin(start, deck, [], now)
        return start

    def _options_for(self, game: Any, stacks: list[int], button: int, deck: list[str],
                     stakes: dict[str, Any]) -> dict[str, Any]:
        """The house rules as this hand's engine options; one that does not fit this hand (a straddle
        heads-up, a chip the stacks are not whole numbers of) is left out and the notices say why."""
        options = house.hand_options(self.settings.house, number=self.hand_number + 1,
                                     bomb_next=self.settings.bomb_next)
        if "straddle" in options and not takes_straddle(game, make_stakes(stakes, one_blind=True)):
            del options["straddle"]  # cards, not blinds, open this game's betting: nothing to straddle
        elif "straddle" in options and len(stacks) >= 3 and not self._straddles(self.straddler()):
            del options["straddle"]  # declined, not answered in time, or a seat that cannot cover it
            if self.straddler() is None:
                self._changed(f"no straddle this hand: it would put a player all in ({self.straddle_cost()})")
        while True:
            try:
                game.deal(stacks, stakes=make_stakes(stakes, one_blind=True), button=button, deck=list(deck),
                          options=options or None)
                return options
            except ValueError as exc:
                drop = next((k for k in ("chip", "straddle", "bomb_pot", "showdown", "rabbit") if k in options), None)
                if drop is None:
                    return {}
                self._changed(f"no {drop.replace('_', ' ')} this hand: {exc}")
                options = {k: v for k, v in options.items() if k != drop}

    def resume(self, start: HandStart, deck: list[str], actions: list[tuple[int, str]], now: float, *,
               times: list[float] | None = None, saved_at: float | None = None) -> None:
        """Rebuild a hand exactly from its start, deck and the actions taken so far.

        ``times``, when given, is when the hand started followed by when each action was taken
        (``len(actions) + 1`` times, the same clock as ``now``), and ``saved_at`` when the last of it
        was written (the latest time by default). Each human seat that owes a decision then keeps the
        clock it had at ``saved_at``: what it had used of its turn and bank stays used (time while
        nothing ran the table is not charged), but it gets at least :data:`RESUME_GRACE` seconds.
        Without ``times`` every owing seat's clock starts again in full.
        """
        if times is not None and len(times) != len(actions) + 1:
            raise TableError(f"resume needs the hand's start time and one time per action: {len(actions) + 1} "
                             f"times, not {len(times)}")
        self._begin(start, deck, actions, now)
        if times is not None and self.live:
            self._carry_clocks(times, max(times) if saved_at is None else max(saved_at, max(times)), now)

    def _carry_clocks(self, times: list[float], saved_at: float, now: float) -> None:
        """Charge each owing human seat the time it had used by ``saved_at`` (see :meth:`resume`)."""
        for pos, count in self.decision_at.items():
            seat = self.seats.get(pos)
            if (seat is None or seat.kind != "human" or seat.status == "leaving" or count >= len(times)
                    or pos not in self.turn_started):
                continue
            duration = self.settings.turn_seconds + seat.bank
            # paused: the clock stood still since the pause, at what the stored state says was left
            left = self._stored_frozen.get(pos) if self.paused else None
            # a clock stored with the state for this very decision knows of earlier pauses and takeovers
            began = times[count]
            stored = self._stored_clocks.get(pos)
            if stored is not None and stored[:2] == (self.hand_number, count):
                began = stored[2]
            used = max(0.0, min(saved_at - began if left is None else duration - left, duration - RESUME_GRACE))
            self.turn_started[pos] = now - used
            (self.frozen if self.paused else self.deadlines)[pos] = duration - used + (0.0 if self.paused else now)

    def _begin(self, start: HandStart, deck: list[str], actions: list[tuple[int, str]], now: float) -> None:
        now = self._tick(now)
        game = make_game(start.game, start.rules, start.file)
        hand = game.deal(start.stacks, stakes=make_stakes(start.stakes, one_blind=True), button=start.button, deck=deck,
                         options=start.options)
        since: dict[int, int] = {}  # hand seat -> actions taken when it began to owe its decision

        def track(count: int, acted: int | None) -> None:
            owing = set() if hand.over else set(hand.to_act)
            for s in list(since):
                if s not in owing or s == acted:
                    del since[s]
            for s in owing:
                since.setdefault(s, count)

        track(0, None)
        agreed = [list(a) for a in (self.agreements if self.agreements and self.agreements_hand == start.number else [])]
        for count, (seat, action) in enumerate(actions, start=1):
            house.agree_at(hand, agreed, count - 1)
            hand.act(seat, action)
            track(count, seat)
        house.agree_at(hand, agreed, len(actions))
        self.agreements, self.agreements_hand = agreed, start.number
        self.hand, self.start, self.actions = hand, start, list(actions)
        self.hand_number = start.number
        self.button = start.dealt[start.button] if start.blind_seats is None else start.blind_seats[0]
        self.last_blinds = None if start.blind_seats is None else (start.blind_seats[1], start.blind_seats[2])
        self.choice = None
        self.chooser = None
        self.choose_deadline = self.choose_left = None
        self.next_hand_at = None
        self.deadlines.clear()
        self.frozen.clear()
        self.turn_started.clear()
        self.decision_at = {start.dealt[s]: count for s, count in since.items()}
        self.pre_actions = {p: x for p, x in self.pre_actions.items() if x["key"][0] == start.number}
        self._changed()
        self._after_action(now)


__all__ = ["RESUME_GRACE", "Dealing"]
