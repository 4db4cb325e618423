"""Export a hand to PHH, PokerKit's hand-history format (holdem, omaha, stud, stud-hi-lo, razz).

PHH numbers players from the first seat left of the button (``p1``) round to the button. The export
replays the hand's history and writes each deal, each action and, at the showdown, each hand shown,
in the order PokerKit plays them (with all but one player all in, PokerKit shows the hands before the
rest of the board is dealt).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homegame.cards import Card
from homegame.rules.stakes import Stakes

if TYPE_CHECKING:
    from homegame.rules.state import HandState


def forced_bet_fields(st: Stakes, n: int) -> tuple[list[int], list[int]]:
    """PHH's ``antes`` and ``blinds_or_straddles`` (p1 first) for the stakes at an ``n``-player table.

    PHH lists them by position, as if p1 were the small blind and p2 the big blind even heads-up
    (PokerKit swaps them itself there): a big-blind ante is p2's ante, a single blind is p1's.

    >>> from homegame.rules.stakes import Stakes
    >>> forced_bet_fields(Stakes("no-limit", blinds=(1, 2), bb_ante=2), 3)
    ([0, 2, 0], [1, 2, 0])
    >>> forced_bet_fields(Stakes("no-limit", ante=1, blinds=(5,)), 3)
    ([1, 1, 1], [5, 0, 0])
    """
    antes = [st.ante] * n
    antes[1] += st.bb_ante
    blinds = [0] * n
    blinds[:len(st.blinds)] = st.blinds
    return antes, blinds


def forced_bets_from_fields(antes: list[int], blinds: list[int]) -> dict[str, Any]:
    """The ``ante``, ``bb_ante`` and ``blinds`` of :class:`Stakes` for PHH's ``antes`` and
    ``blinds_or_straddles`` (the inverse of :func:`forced_bet_fields`); ValueError for what homegame
    cannot play, saying what it can.

    >>> forced_bets_from_fields([0, 120, 0, 0], [50, 100, 0, 0])
    {'ante': 0, 'bb_ante': 120, 'blinds': (50, 100)}
    >>> forced_bets_from_fields([0, 0, 0], [250, 0, 0])
    {'ante': 0, 'bb_ante': 0, 'blinds': (250,)}
    """
    if any(blinds[2:]):
        raise ValueError(f"blinds_or_straddles {blinds}: homegame takes a small and a big blind (p1, p2) "
                         "or a single blind (p1), no straddles")
    if blinds[1:2] and blinds[1]:
        if len(blinds) > 2 and blinds[1] < blinds[0]:
            raise ValueError(f"blinds_or_straddles {blinds}: p1 posts more than p2; homegame takes a small "
                             "blind on p1 (or none) and a big blind on p2, or a single blind on p1 alone")
        kept: tuple[int, ...] = (min(blinds[0], blinds[1]), max(blinds[0], blinds[1]))
    else:
        kept = (blinds[0],) if blinds and blinds[0] else ()
    if len(set(antes)) <= 1:
        return {"ante": antes[0] if antes else 0, "bb_ante": 0, "blinds": kept}
    if any(antes[:1] + antes[2:]):
        raise ValueError(f"antes {antes}: homegame takes one ante from every player or a big-blind ante "
                         "from p2 alone, not both, and no other antes")
    if len(kept) != 2:
        raise ValueError(f"antes {antes}: a big-blind ante (p2's) needs a big blind on p2 in "
                         f"blinds_or_straddles, not {blinds}")
    return {"ante": 0, "bb_ante": antes[1], "blinds": kept}


def variant(h: HandState) -> str:
    """The PHH variant code of the hand's game and structure; ValueError when PHH has none."""
    g, structure = h.game, h.stakes.structure
    split = g.split
    code = dict(g.phh).get(f"{structure} {split}")  # the game file says which of its forms PHH has
    if code is None:
        raise ValueError(f"PHH has no variant for {structure} {g.name} with split={split!r}; it has: "
                         "no-limit and fixed-limit holdem, pot-limit omaha, fixed-limit omaha high-low (omaha or omaha-hi-lo), "
                         "fixed-limit stud (high or high-low), stud-hi-lo and razz")
    if split == "high-low" and (g.low != "a5" or g.qualifier != 8):
        raise ValueError("PHH's high-low games are eight-or-better with a5 lows")
    return code


def _cards(ids: list[int]) -> str:
    return "".join(str(Card(c)) for c in ids)


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return "'" + value.replace("'", "\\'") + "'"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    return str(value)


def to_phh(h: HandState) -> str:
    """The hand as PHH text (TOML)."""

    code = variant(h)
    if h.runs is not None:
        raise ValueError("PHH cannot say that a hand was run twice (PokerKit's notation runs the board once)")
    if h.options.bomb_pot:
        raise ValueError("PHH cannot say that a hand is a bomb pot (it has no way to skip the first betting round)")
    n, button, st = h.players, h.button, h.stakes
    order = [(button + 1 + i) % n for i in range(n)]  # PHH index -> seat
    antes, blinds = forced_bet_fields(st, n)
    fields: dict[str, object] = {"variant": code, "antes": antes}
    if code.startswith("F7S") or code == "FR":
        fields["bring_in"] = st.bring_in
    else:
        straddle = h.betting.straddle_seat
        if straddle >= 0:  # a straddle is one more blind: p3 (under the gun) or the button
            blinds[order.index(straddle)] = 2 * st.blinds[-1]
        fields["blinds_or_straddles"] = blinds
    if code in ("NT", "PO"):
        fields["min_bet"] = st.min_bet
    else:
        fields["small_bet"], fields["big_bet"] = st.small_bet, st.big_bet
    fields["starting_stacks"] = [h.starting[s] for s in order]

    writer = _Writer(h, order)
    lines = [f"{k} = {_toml(v)}" for k, v in fields.items()]
    lines.append("actions = [\n" + "".join(f"  {_toml(a)},\n" for a in writer.actions) + "]")
    return "\n".join(lines) + "\n"


_VERBS = {"fold": "f", "check": "cc", "call": "cc"}


class _Writer:
    """Replays a hand's history and writes its PHH actions in PokerKit's order."""

    def __init__(self, h: HandState, order: list[int]) -> None:
        hist = h.history  # the same deal again, on the hand's own game, with none of its actions yet
        self.shadow = h.game.deal(hist.stacks, stakes=Stakes.from_dict(hist.stakes), button=hist.button,
                                  hole=hist.hole, board=hist.board, deck=hist.deck, options=hist.options or None)
        self.order = order
        self.label = {seat: f"p{i + 1}" for i, seat in enumerate(order)}
        n = h.players
        self.actions: list[str] = []
        self.seen_hole = [0] * n
        self.seen_board = 0
        self.shown_count: list[int] | None = None
        self.chunks: list[int] = []  # hole cards held after each deal step
        self.streets: list[int] = []  # board size after each board step
        for step in h.game.steps:
            if step.kind == "deal":
                self.chunks.append((self.chunks[-1] if self.chunks else 0) + len(step.faces))
            elif step.kind == "board":
                self.streets.append((self.streets[-1] if self.streets else 0) + step.count)
        self.deals(first_street_only=True)
        self.show_if_all_in()
        self.deals()
        self.queue: list[int] = []  # PokerKit's actors still to act this round, in order
        self.round = -1
        for seat, action in hist.actions:
            verb, *rest = action.split()
            self.before_action(seat)
            if verb == "call" and seat == self.shadow.betting.bring_in_due:
                code = "pb"  # the stud low card posts the bring-in (a completion is a plain cbr)
            else:
                code = _VERBS.get(verb, f"cbr {rest[0] if rest else ''}").strip()
            self.actions.append(f"{self.label[seat]} {code}")
            step_before = self.shadow.step_index
            self.shadow.act(seat, action)
            if verb in ("bet", "raise"):
                self.queue = self.after_raise(seat)
            if self.shadow.over or self.shadow.step_index != step_before:
                self.flush()
            self.show_if_all_in()  # with all but one all in, PokerKit shows before the rest is dealt
            self.deals()
        self.final_show()

    def _clockwise(self, start: int) -> list[int]:
        n = self.shadow.players
        return [(start + i) % n for i in range(n)]

    def before_action(self, seat: int) -> None:
        """PokerKit asks every player it queued at the start of a round, or after the last raise, even
        one with nothing left to decide (all the others all in): write those checks."""
        sh = self.shadow
        bets = sh.betting.bets
        if sh.step_index != self.round:  # a new round: PokerKit queues everyone who could bet
            self.round = sh.step_index
            live = [s for s in range(sh.players) if not sh.folded[s]]
            totals = sorted(bets[s] + sh.stacks[s] for s in live)
            second = totals[-2] if len(totals) > 1 else 0
            self.queue = [s for s in self._clockwise(seat) if not sh.folded[s] and sh.stacks[s] > 0
                          and not sh.betting.acted[s]
                          and min(sh.stacks[s], max(0, second - bets[s])) > 0]
        while self.queue and self.queue[0] != seat:
            self.actions.append(f"{self.label[self.queue.pop(0)]} cc")
        if self.queue:
            self.queue.pop(0)

    def after_raise(self, seat: int) -> list[int]:
        sh = self.shadow
        return [s for s in self._clockwise(seat)[1:] if not sh.folded[s] and sh.stacks[s] > 0]

    def flush(self) -> None:
        """The round is over for homegame: PokerKit still asks the players left in its queue."""
        sh = self.shadow
        if sum(1 for f in sh.folded if not f) >= 2:
            for s in self.queue:
                if not sh.folded[s] and sh.stacks[s] > 0:
                    self.actions.append(f"{self.label[s]} cc")
        self.queue = []
        self.round = -1

    def deals(self, *, first_street_only: bool = False) -> None:
        sh = self.shadow
        for top in self.chunks[:1] if first_street_only else self.chunks:  # street by street
            for seat in self.order:
                if self.seen_hole[seat] < top <= len(sh.cards[seat]):
                    self.actions.append(f"d dh {self.label[seat]} {_cards(sh.cards[seat][self.seen_hole[seat]:top])}")
                    self.seen_hole[seat] = top
        if first_street_only:
            return
        while len(sh.board) > self.seen_board:
            size = next(k for k in self.streets if k > self.seen_board) - self.seen_board
            self.actions.append(f"d db {_cards(sh.board[self.seen_board:self.seen_board + size])}")
            self.seen_board += size

    def _live(self) -> list[int]:
        return [s for s in self.order if not self.shadow.folded[s]]

    def show_if_all_in(self) -> None:
        sh = self.shadow
        live = self._live()
        if self.shown_count is not None or len(live) < 2:
            return
        betting = sh.step is not None and sh.step.kind == "bet" and sh.to_act
        if betting or (not sh.over and sum(1 for s in live if sh.stacks[s] > 0) > 1):
            return
        if sh.over and all(self.seen_hole[s] == len(sh.cards[s]) for s in live) and \
                self.seen_board == len(sh.board):
            return  # a plain showdown at the end: final_show writes it
        self.shown_count = list(self.seen_hole)
        for seat in live:
            self.actions.append(f"{self.label[seat]} sm {_cards(sh.cards[seat][:self.seen_hole[seat]])}")

    def final_show(self) -> None:
        sh = self.shadow
        live = self._live()
        if len(live) < 2:
            return
        for seat in live:
            if self.shown_count is None:
                self.actions.append(f"{self.label[seat]} sm {_cards(sh.cards[seat])}")
                continue
            late = sh.faceup[seat][self.shown_count[seat]:]
            if late and not all(late):  # cards dealt face down after an early showdown
                self.actions.append(f"{self.label[seat]} sm {_cards(sh.cards[seat])}")
