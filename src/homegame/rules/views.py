"""Views: the one place that decides what a seat (or a spectator) may see (RULES.md §1.6-1.7)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from homegame.cards import Card
from homegame.rules.action import Option
from homegame.rules.action import public_action as public_action  # decided there, in the bottom module
from homegame.rules.choices import chosen_words, pass_offset
from homegame.rules.pots import live_pots, side_pots, uncalled
from homegame.rules.steps import SIMULTANEOUS
from homegame.rules.view_types import (
    CommonView,
    LegalOption,
    OwnView,
    PotView,
    ResultsView,
    SeatView,
    UncalledView,
    View,
    WildView,
)
from homegame.rules.wilds import hand_masks, public_wild

if TYPE_CHECKING:
    from homegame.rules.state import HandState

_STR = [str(Card(i)) for i in range(52)]


def build_view(h: HandState, seat: int | None) -> View:
    """Everything ``seat`` may know now and nothing else; ``seat=None`` is a spectator."""
    common, own = view_parts(h, (seat,))
    return cast(View, {**common, **own[seat]})


def view_parts(h: HandState, seats: Iterable[int | None]) -> tuple[CommonView, dict[int | None, OwnView]]:
    """:func:`build_view` for several seats at once, in two parts: what every seat sees alike, built once,
    and each seat's own; their keys never overlap, so a seat's view is the two together. A server sending
    every seat its view after each change builds and encodes the first part once.

    >>> import homegame as hg
    >>> hand = hg.game("holdem").deal([100, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=1)
    >>> common, own = view_parts(hand, [0, 1, None])
    >>> set(common) & set(own[0]), own[0]["cards"] != own[1]["cards"], own[None]["cards"]
    (set(), True, [])
    """
    wanted = list(dict.fromkeys(seats))
    for seat in wanted:
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < h.players):
            raise ValueError(f"{seat!r} is not a seat: seats are 0 to {h.players - 1}, or None for a spectator")
    return _common(h), {seat: _own(h, seat) for seat in wanted}


def _common(h: HandState) -> CommonView:
    """The part of a view every seat and spectator sees alike."""
    g = h.game
    step = None if h.over else g.steps[h.step_index]
    shown = h.results["shown"] if h.results else {}
    seats: list[SeatView] = []
    bets = h.betting.bets
    for s in range(h.players):
        up = [_STR[c] for c, f in zip(h.cards[s], h.faceup[s], strict=True) if f]
        seats.append({
            "seat": s, "stack": h.stacks[s], "bet": bets[s], "in_pot": h.totals[s],
            "folded": h.folded[s], "all_in": not h.folded[s] and h.stacks[s] == 0,
            "up": up, "down": len(h.cards[s]) - len(up),
            "shown": shown.get(str(s)),
            "declared": h.declared[s],
            "ready": step is not None and step.kind in SIMULTANEOUS and s in h.pending,
        })
    results: ResultsView | None = None
    if h.over and h.results is not None and h._payoffs is not None:
        from homegame.rules.showdown import describe

        describe(h)
        awards = [{k: v for k, v in a.items() if k != "by"} for a in h.results["awards"]]
        ended: ResultsView = {
            "payoffs": list(h._payoffs), "awards": awards, "shown": {k: list(v) for k, v in shown.items()},
            "uncalled": _uncalled([t - d for t, d in zip(h.totals, h.dead, strict=True)]),
            "mucked": list(h.results.get("mucked", [])), "runs": h.results.get("runs")}
        results = ended
    view: CommonView = {
        "game": g.name, "title": g.title, "rules": dict(g.rules), "stakes": h.stakes.to_dict(),
        "button": h.button,
        "step": {"kind": "over", "label": "Over"} if step is None else {"kind": step.kind, "label": step.label},
        "street": "Over" if step is None else _street(h),
        "board": [_STR[c] for c in h.board],
        "seats": seats,
        "pot": sum(h.totals),
        "pots": [cast(PotView, p.to_dict()) for p in (side_pots(h.totals, h.folded, h.dead) if h.over
                                        else live_pots(h.totals, h.folded, h.stacks, h.dead))],
        "to_act": list(h.to_act),
        "over": h.over,
        "results": results,
        "log": [e["text"] for e in h.events],
        "options": h.options.to_dict(),
        "straddle": h.betting.straddle_seat if h.betting.straddle_seat >= 0 else None,
        "runs": ([[_STR[c] for c in board] for board, _ in h.runs] if h.runs is not None else None),
        "rabbit": _rabbit(h),
    }
    if g.file is not None:  # a game read from a file: which file (bots rebuild that very game)
        view["file"] = g.file
    if g.use.boards:  # several boards: each board's cards so far (view.board holds them all, as turned)
        view["boards"] = [[_STR[h.board[i]] for i in b if i < len(h.board)] for b in g.use.boards]
    return view


def _own(h: HandState, seat: int | None) -> OwnView:
    """The part of a view that is the seat's own (a spectator's: nothing)."""
    if seat is None:
        return {"seat": None, "pass_to": None, "cards": [], "up": [], "legal": [], "legal_options": [], "chosen": None,
                "can_show": [], "wild": _wild(h, None), "log_mine": {}}
    legal = h.legal(seat)
    return {
        "seat": seat, "pass_to": _pass_to(h, seat),
        "cards": [_STR[c] for c in h.cards[seat]],
        "up": [_STR[c] for c, f in zip(h.cards[seat], h.faceup[seat], strict=True) if f],
        "legal": legal, "legal_options": legal_options(h, seat, legal) if legal else [],
        "chosen": h.pending_text.get(seat),
        "can_show": h.showable(seat), "wild": _wild(h, seat), "log_mine": own_lines(h, seat),
    }


def legal_options(h: HandState, seat: int, legal: list[str] | None = None) -> list[LegalOption]:
    """The seat's legal actions as records (``view["legal_options"]``), one per string of ``hand.legal``
    and in its order, built from the hand's own records (:meth:`Hand.legal_actions`): nobody reading a
    view parses ``"raise 20..100"`` again. ``legal`` is ``hand.legal(seat)`` when the caller has it.

    >>> import homegame as hg
    >>> h = hg.game("holdem").deal([100, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=7)
    >>> [(o["kind"], o["min"], o["max"], o["text"]) for o in legal_options(h, 0)]
    [('fold', 0, 0, 'fold'), ('call', 1, 1, 'call 1'), ('raise', 4, 100, 'raise 4..100')]
    >>> legal_options(h, 1)
    []
    """
    texts = h.legal(seat) if legal is None else legal
    return [option_record(option, text) for option, text in zip(h.legal_actions(seat), texts, strict=True)]


def option_record(option: Option, text: str | None = None) -> LegalOption:
    """One :class:`~homegame.rules.action.Option` as the view's record (``text``: its legal string, by
    default the option's own).

    >>> option_record(Option("pass", 3, 3))
    {'kind': 'pass', 'cards': 3, 'min': 0, 'max': 0, 'choice': None, 'text': 'pass 3'}
    >>> option_record(Option("declare", choice="low"))["choice"], option_record(Option("raise", 4, 9))["max"]
    ('low', 9)
    """
    kind = option.kind
    cards = option.min if kind in _CARD_KINDS else None
    chips = kind in _CHIP_KINDS
    return cast(LegalOption, {"kind": kind, "cards": cards, "min": option.min if chips else 0,
                              "max": option.max if chips else 0, "choice": option.choice or None,
                              "text": option.text if text is None else text})


_CARD_KINDS = frozenset({"pass", "discard", "expose", "arrange"})  # an Option's number counts cards
_CHIP_KINDS = frozenset({"call", "bet", "raise"})  # an Option's number counts chips


def own_lines(h: HandState, seat: int) -> dict[str, str]:
    """The log lines that read differently for ``seat``, by their index in ``view["log"]`` (as text):
    its own choices with the cards or the declaration it chose, and the passes it made or received with
    the cards passed. Nobody else's view holds them.

    >>> import homegame as hg
    >>> h = hg.game("passem").deal([100] * 3, stakes=hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4),
    ...                            seed=1)
    >>> while h.step.kind != "pass":
    ...     h.act(h.to_act[0], "call" if "call 1" in h.legal(h.to_act[0]) else "check")
    >>> h.act(0, "pass " + h.view(0)["cards"][0])
    >>> list(own_lines(h, 0).values()) == ["Seat 0 has chosen to pass " + h.view(0)["cards"][0]], own_lines(h, 1)
    (True, {})
    """
    out: dict[str, str] = {}
    chosen: dict[int, str] = {}  # each seat's latest choice, as its action text
    for i, event in enumerate(h.event_records):
        kind, by = event.kind, event.seat
        if by is None:
            continue
        if kind == "ready":
            chosen[by] = h.actions[event.extra["action"]][1]
            if by == seat:
                out[str(i)] = f"Seat {seat} {chosen_words(chosen[by], mine=True)}"
        elif kind == "pass" and seat in (by, event.extra.get("to")) and by in chosen:
            out[str(i)] = f"Seat {by} passes {chosen[by].split(' ', 1)[1]} to Seat {event.extra['to']}"
    return out


def _wild(h: HandState, seat: int | None) -> WildView | None:
    """The game's wild cards: as declared, wild for everyone now, and (for a seat) wild in its own hand."""
    if not h.game.wild:
        return None
    out: WildView = {"declared": h.game.wild, "now": public_wild(h)}
    if seat is not None:
        mask = hand_masks(h, [seat])[seat]
        out["mine"] = [_STR[c] for c in h.cards[seat] if mask >> c & 1]
    return out


def _uncalled(totals: list[int]) -> UncalledView | None:
    """The part of the biggest bet nobody matched, which goes back to whoever made it (not a win).

    >>> _uncalled([10, 74 + 10, 4]), _uncalled([20, 20, 5])
    ({'seat': 1, 'amount': 74}, None)
    """
    back = uncalled(totals)
    return None if back is None else {"seat": back[0], "amount": back[1]}


def _street(h: HandState) -> str:
    """The step in players' words: a betting round is named by the cards just dealt, passed or rolled
    ("Roll 2"), not by its number among all the rounds; a street dealt as several board steps in a row
    (one per board: "Flop", "Second flop") by the first of them; other steps keep their label."""
    steps = h.game.steps
    step = steps[h.step_index]
    if step.kind != "bet":
        return step.label
    for at in range(h.step_index - 1, -1, -1):
        before = steps[at]
        if before.kind == "bet":
            break
        if before.kind == "board":
            while at > 0 and steps[at - 1].kind == "board":
                at -= 1
            return steps[at].label
        if before.kind in ("roll", "pass", "expose") or (before.kind == "deal" and h.step_index > 1):
            return before.label
    return step.label


def _pass_to(h: HandState, seat: int | None) -> int | None:
    """The hand seat that receives this seat's pass, while a pass is owed (folded seats are skipped)."""
    if seat is None or h.over or h.folded[seat]:
        return None
    step = h.game.steps[h.step_index]
    if step.kind != "pass":
        return None
    live = [s for s in range(h.players) if not h.folded[s]]
    offset = step.direction * pass_offset(step.distance, len(live))
    return live[(live.index(seat) + offset) % len(live)]


def _rabbit(h: HandState) -> list[str] | None:
    """The rabbit-hunt cards, for everyone, once a hand allowed to hunt has ended early (else None)."""
    if not (h.over and h.options.rabbit):
        return None
    return h.rabbit() or None
