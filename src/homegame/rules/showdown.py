"""The showdown: every pot settled separately by the game's split rule (RULES.md §1.9-1.10, §2); a hand run
twice settles half of every pot on each run, and a game with several boards (``usage.boards``,
:mod:`homegame.rules.boards`) an equal part of every pot (of each run's half) on each board."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import numpy as np

from homegame.cards import Card
from homegame.evaluate import evaluate_low_many, evaluate_many
from homegame.evaluate.usage import best_high, best_high_many, best_low, best_low_many
from homegame.rules.boards import board_indices, even_parts, on_board, shared_cards
from homegame.rules.pots import folded_uncalled, halves, share, side_pots, uncalled

if TYPE_CHECKING:
    from homegame.rules.state import HandState

_STR = [str(Card(i)) for i in range(52)]
#: One award before it is written down: (seat, chips, pot, side, run, judged by, board); run and board
#: are ``None`` when the hand was run once and has one board.
Win = tuple[int, int, int, str, int | None, str | None, int | None]


_high_strength_of: Any = None
with contextlib.suppress(ImportError):  # the evaluator's per-hand lookup: faster than a batch for a few
    from homegame.evaluate.fast import high_strength_of as _high_strength_of


def _strengths(h: HandState, contenders: list[int], low: bool) -> tuple[dict[int, int], dict[int, int]]:
    """High and low strengths (ints, larger is better; low 0 = no qualifying low) of every hand still
    in, from the evaluator's batch kernels."""
    g = h.game
    if g.wild or g.ranking != "standard":
        from homegame.rules import special

        return special.strengths(h, contenders, low)
    use = g.use
    if use.lines and use.free:
        return _layout_strengths(h, contenders, low)
    plain = use.free and not use.lines and use.shared != "face-up"  # any five of own and board cards, or of own cards
    if plain and use.shared == "board" and not low and _high_strength_of is not None and len(h.board) + len(h.cards[
            contenders[0]]) <= 7:  # hold'em-like, high only: a few table lookups, no numpy
        board = h.board
        return {s: _high_strength_of(h.cards[s] + board) for s in contenders}, {}
    owns = [h.cards[s] for s in contenders]
    if plain:
        rows = [own + h.board for own in owns] if use.shared == "board" else owns
        if len({len(r) for r in rows}) == 1:
            if len(rows[0]) <= 7 and _high_strength_of is not None and not low:  # a few hands: no numpy
                return {s: _high_strength_of(r) for s, r in zip(contenders, rows, strict=True)}, {}
            ids = np.array(rows, dtype=np.int64)
            highs = evaluate_many(ids).tolist()
            lows = evaluate_low_many(ids, g.low, g.qualifier).tolist() if low else []
            return dict(zip(contenders, highs, strict=True)), dict(zip(contenders, lows, strict=False))
    # a laid-out board under a count rule: each line in turn, below
    shared: list[list[int]] = [] if use.lines else [[c.id for c in shared_cards(h, s, contenders)] for s in contenders]
    if shared and len({len(o) for o in owns}) == 1 and len({len(x) for x in shared}) == 1:
        own_ids = np.array(owns, dtype=np.int64)
        shared_ids = np.array(shared, dtype=np.int64).reshape(len(contenders), len(shared[0]))
        highs = best_high_many(own_ids, shared_ids, g.usage).tolist()
        lows = best_low_many(own_ids, shared_ids, g.usage, g.low, g.qualifier).tolist() if low else []
        return dict(zip(contenders, highs, strict=True)), dict(zip(contenders, lows, strict=False))
    high_map: dict[int, int] = {}
    low_map: dict[int, int] = {}
    for s in contenders:
        hv, lv = _value(h, s, contenders, low=False), _value(h, s, contenders, low=True) if low else None
        high_map[s] = hv.strength if hv is not None else 0
        if low:
            low_map[s] = lv.strength if lv is not None else 0
    return high_map, low_map


def _value(h: HandState, s: int, contenders: list[int], *, low: bool) -> Any:
    """The seat's HandValue (or LowValue / None) for describing it."""

    g = h.game
    if g.wild or g.ranking != "standard":
        from homegame.rules import special

        return special.value(h, s, contenders, low=low)
    own = [Card(c) for c in h.cards[s]]
    if g.use.lines:
        values = [v for v in (_line_value(h, own, line, low=low) for line in g.use.lines) if v is not None]
        return max(values, key=lambda v: v.strength, default=None)
    shared = shared_cards(h, s, contenders)
    if low:
        return best_low(own, shared, g.usage, rule=g.low, qualifier=g.qualifier)
    return best_high(own, shared, g.usage)


def describe(h: HandState) -> None:
    """Fill in the words and five cards of every award (done once, when a view first needs them)."""
    results = h.results
    if results is None or results.get("described"):
        return
    contenders = [s for s in range(h.players) if not h.folded[s]]
    for award in results["awards"]:
        if award.get("by") is None:
            continue
        _use_run(h, award["run"] - 1 if "run" in award else None)
        with on_board(h, award["board"] - 1 if "board" in award else None):
            _describe_award(h, award, contenders)
    _use_run(h, 0)
    results["described"] = True


def _describe_award(h: HandState, award: dict[str, Any], contenders: list[int]) -> None:
    """Fill in one award's words and five cards (on its run's and its board's cards)."""
    if award["by"] == "spade":
        card = _spade_holder(h, [award["seat"]])[1]
        award["hand"] = f"the {h.game.spade}est spade in the hole, {_STR[card]}"
        award["cards"] = [_STR[card]]
        return
    v = _value(h, award["seat"], contenders, low=award["by"] == "low")
    if v is not None:
        from homegame.rules import special

        award["hand"] = special.words(v) if special.applies(h) else str(v)
        award["cards"] = [str(c) for c in v.cards]


def _best(values: dict[int, int], seats: list[int]) -> list[int]:
    """The seats holding the best strength (0, no qualifying low, never wins)."""
    live = [s for s in seats if values.get(s, 0) > 0]
    if not live:
        return []
    top = max(values[s] for s in live)
    return [s for s in live if values[s] == top]


def _declare_winners(h: HandState, eligible: list[int], highs: dict[int, int],
                     lows: dict[int, int]) -> tuple[list[int], list[int]]:
    """High and low winners of one pot under declarations, removing failed swings until stable."""
    swing_ties = h.game.swing_ties
    seats = list(eligible)
    while True:
        hi_side = [s for s in seats if h.declared[s] in ("high", "both")]
        lo_side = [s for s in seats if h.declared[s] in ("low", "both") and lows.get(s, 0) > 0]
        hi_win = _best(highs, hi_side)
        lo_win = _best(lows, lo_side)
        failed = []
        for s in seats:
            if h.declared[s] != "both":
                continue
            ok_hi = s in hi_win and (swing_ties or len(hi_win) == 1)
            ok_lo = s in lo_win and (swing_ties or len(lo_win) == 1)
            if not (ok_hi and ok_lo):
                failed.append(s)
        if not failed:
            return hi_win, lo_win
        seats = [s for s in seats if s not in failed]
        if not seats:
            return [], []


def _use_run(h: HandState, run: int | None) -> None:
    """Put a run's board and cards on the hand (``run`` 0 or 1 when the hand was run twice)."""
    if run is not None and h.runs is not None:
        h.board = list(h.runs[run][0])
        h.cards = [list(c) for c in h.runs[run][1]]


def settle(h: HandState) -> None:
    """Award every pot: the chips go to the winners' stacks now; what the hand's record says about it
    (``h.results``: the awards, the shown and mucked hands; the log's show, muck and win entries) is
    written by :func:`finish` when first read, so that play that never reads it never pays for it. A
    hand run twice settles half of every pot on each run; under ``showdown="muck-losers"`` a hand that
    can win nothing against the hands shown before it is mucked."""
    n = h.players
    folded = h.folded
    contenders = [s for s in range(n) if not folded[s]]
    stacks = h.stacks
    back = folded_uncalled(h.totals, folded, h.dead)
    if back is not None:  # a folded seat's blind or ante over a short all-in: nobody matched it
        stacks[back[0]] += back[1]
    if len(contenders) == 1:
        stacks[contenders[0]] += sum(h.totals) - (back[1] if back else 0)  # every pot is this seat's
        h._pending = (contenders, [], [], [], False)
        return
    if _settle_plain(h, contenders):
        return
    chip = h.options.chip
    pots = side_pots(h.totals, folded, h.dead)
    runs: list[int | None] = [0, 1] if h.runs is not None else [None]
    wins: list[Win] = []
    parts_won: list[tuple[int, str, int | None, list[int]]] = []  # (pot, side, run, winners)
    split = h.game.split
    boards = board_indices(h)
    for run in runs:
        _use_run(h, run)
        for board in boards:
            with on_board(h, board):
                highs, lows = _strengths(h, contenders, split != "high")
            for i, pot in enumerate(pots):
                eligible = list(pot.eligible)
                on, where = run, board
                if len(eligible) == 1:  # one player's own chips (uncalled): back once, not per run or board
                    if run or board:
                        continue
                    on = where = None
                    parts: list[tuple[str, int, list[int], str | None]] = [("all", pot.amount, eligible, None)]
                else:
                    amount = pot.amount if run is None else halves(pot.amount, chip)[run]
                    if board is not None:  # the pot (or the run's half) in equal parts, one per board
                        amount = even_parts(amount, len(boards), chip)[board]
                    parts = _split_pot(h, amount, eligible, highs, lows, chip)
                for side, chips_in, winners, by in parts:
                    parts_won.append((i, side, on, winners))
                    if len(winners) == 1:
                        if chips_in:
                            wins.append((winners[0], chips_in, i, side, on, by, where))
                        continue
                    for seat, chips in share(chips_in, winners, h.button, n, chip):
                        if chips:
                            wins.append((seat, chips, i, side, on, by, where))
    if h.runs is not None:
        _use_run(h, 0)
    all_in = False
    for s in contenders:  # (before the chips are pushed) with a player all in every hand is shown
        if not stacks[s]:
            all_in = True
            break
    for win in wins:
        stacks[win[0]] += win[1]
    h._pending = (contenders, pots, parts_won, wins, all_in)


def _settle_plain(h: HandState, contenders: list[int]) -> bool:
    """The usual showdown, settled as :func:`settle` would but in one pass: one pot (everyone still in
    put in the same, no dead money), the best high hand takes it, own cards with the board (five to seven
    cards, standard ranking, no wild card, no spade half), run once. False (nothing done) otherwise."""
    g = h.game
    if (h.runs is not None or g.split != "high" or not g.use.free or g.use.lines or g.use.boards or g.use.shared != "board" or g.spade is not None or g.wild
            or g.ranking != "standard" or _high_strength_of is None):
        return False
    totals, cards, board = h.totals, h.cards, h.board
    put = totals[contenders[0]]
    for s in contenders:
        if totals[s] != put:
            return False
    if max(totals) > put:  # a folded seat put in more: its uncalled chips are in no pot
        return False
    amount = sum(totals)
    if not amount or len(board) + len(cards[contenders[0]]) > 7 or any(h.dead):
        return False
    strength = _high_strength_of
    best = 0
    winners: list[int] = []
    for s in contenders:
        v = strength(cards[s] + board)
        if v > best:
            best = v
            winners = [s]
        elif v == best:
            winners.append(s)
    stacks = h.stacks
    all_in = False
    for s in contenders:
        if not stacks[s]:
            all_in = True
            break
    if len(winners) == 1:
        wins: list[Win] = [(winners[0], amount, 0, "all", None, "high", None)]
    else:
        wins = [(seat, chips, 0, "all", None, "high", None)
                for seat, chips in share(amount, winners, h.button, h.players, h.options.chip) if chips]
    for win in wins:
        stacks[win[0]] += win[1]
    h._pending = (contenders, None, [(0, "all", None, winners)], wins, all_in)  # the pots when first read
    return True


def finish(h: HandState) -> None:
    """Write what :func:`settle` decided into the hand's record: ``h.results`` (the awards in order,
    the shown hands in seat order, the mucked seats, the runs' cards) and the log's entries (each hand
    shown or mucked in showing order, then every win). Done once, when first read."""
    pending = h._pending
    if pending is None:
        return
    h._pending = None
    contenders, pots, parts_won, wins, all_in = pending
    if pots is None:
        pots = side_pots(h.totals, h.folded, h.dead)
    awards: list[dict[str, Any]] = []
    shown: dict[str, list[str]] = {}
    results: dict[str, Any] = {"awards": awards, "shown": shown}
    if len(contenders) == 1:
        s = contenders[0]
        back = uncalled([t - d for t, d in zip(h.totals, h.dead, strict=True)])
        total = sum(h.totals) - (back[1] if back and back[0] != s else 0)
        awards.append({"seat": s, "amount": total, "pot": 0, "side": "all", "hand": None, "cards": None})
        if back is None:
            h.log("win", s, "Seat {} wins {} uncontested", s, total)
        elif back[0] == s:
            h.log("win", s, "Seat {} wins {} uncontested and takes back {} uncalled", s, total - back[1], back[1])
        else:
            h.log("win", s, "Seat {} wins {} uncontested; seat {} takes back {} uncalled", s, total, *back)
        h._results = results
        return
    for seat, chips, i, side, on, by, board in wins:
        awards.append({"seat": seat, "amount": chips, "pot": i, "side": side, "hand": None,
                       "cards": None, "by": by, **({} if on is None else {"run": on + 1}),
                       **({} if board is None else {"board": board + 1})})
    mucked = _mucks(h, contenders, pots, parts_won, all_in)
    for s in _show_order(h, contenders):
        if s in mucked:
            h.log("muck", s, "Seat {} mucks", s)
            continue
        mine = shown[str(s)] = [_STR[c] for c in h.cards[s]]
        h.log("show", s, "Seat {} shows {}", s, " ".join(mine), cards=mine)
    results["shown"] = {str(s): shown[str(s)] for s in contenders if str(s) in shown}  # seat order
    if mucked:
        results["mucked"] = sorted(mucked)
    if h.runs is not None:
        results["runs"] = [{"board": [_STR[c] for c in board],
                            "cards": {str(s): [_STR[c] for c in cards[s]] for s in contenders}}
                           for board, cards in h.runs]
    for seat, chips, i, side, run, _, board in wins:
        pot_name = "the main pot" if i == 0 else f"side pot {i}"
        which = ("" if board is None else f" on board {board + 1}") + ("" if run is None else f" on run {run + 1}")
        h.log("win", seat, "Seat {} wins {} from {}{}{}", seat, chips, pot_name, _HALF.get(side, ""), which)
    h._results = results


_HALF = {"high": " (high)", "low": " (low)", "spade": " (the spade half)"}


def _show_order(h: HandState, contenders: list[int]) -> list[int]:
    """Who shows first: the last to bet or raise in the last betting round, else the first player
    left of the button; then clockwise (Robert's Rules, showdown)."""
    n = h.players
    aggressor = h.betting.aggressor
    first = aggressor if aggressor in contenders else (h.button + 1) % n
    return [s for s in ((first + i) % n for i in range(n)) if s in contenders]


def _mucks(h: HandState, contenders: list[int], pots: list[Any],
           parts_won: list[tuple[int, str, int | None, list[int]]], all_in: bool) -> set[int]:
    """The seats that muck under ``muck-losers``: in showing order, a hand that wins no part of any pot
    and is beaten in every part it contends by a hand already shown. With a player all in every hand is
    shown (and a hand run twice always has one): ``all_in`` says whether one was, before the pots
    were pushed."""
    rule = h.options.showdown or h.game.rules.get("showdown") or "show-all"
    if rule != "muck-losers" or all_in or h.runs is not None:
        return set()
    winners = {s for *_, ws in parts_won for s in ws}
    shown: set[int] = set()
    mucked: set[int] = set()
    for s in _show_order(h, contenders):
        beaten = s not in winners and all(
            shown & set(ws) for i, _, _, ws in parts_won if s in pots[i].eligible)
        if beaten:
            mucked.add(s)
        else:
            shown.add(s)
    return mucked


def _split_pot(h: HandState, amount: int, eligible: list[int], highs: dict[int, int],
               lows: dict[int, int], chip: int = 1) -> list[tuple[str, int, list[int], str | None]]:
    """(side, chips, winners, judged by "high" or "low") for one pot of two or more hands."""
    if h.game.spade is not None:
        return _chicago(h, amount, eligible, highs, lows, chip)
    return _by_split(h, amount, eligible, highs, lows, chip)


def _by_split(h: HandState, amount: int, eligible: list[int], highs: dict[int, int],
              lows: dict[int, int], chip: int = 1) -> list[tuple[str, int, list[int], str | None]]:
    """One pot split by the game's split rule alone."""
    split = h.game.split
    if split == "high":
        return [("all", amount, _best(highs, eligible), "high")]
    if split == "low":  # lowball: the best low takes it all (no qualifier: every hand has a low)
        return [("all", amount, _best(lows, eligible) or _best(highs, eligible), "low")]
    if split == "high-low":
        hi_win = _best(highs, eligible)
        lo_win = _best(lows, eligible)
    else:
        hi_win, lo_win = _declare_winners(h, eligible, highs, lows)
        if not hi_win and not lo_win:
            return [("all", amount, _best(highs, eligible), "high")]
    if not lo_win:
        return [("all", amount, hi_win, "high")]
    if not hi_win:
        return [("all", amount, lo_win, "low")]
    low_half = amount // chip // 2 * chip  # the odd chip to the high half (RULES.md §1.10)
    high_half = amount - low_half
    return [("high", high_half, hi_win, "high"), ("low", low_half, lo_win, "low")]


def _spade_holder(h: HandState, seats: list[int]) -> tuple[int, int]:
    """(seat, card) of the highest (Chicago ``spade="high"``) or lowest spade held face down among
    ``seats``, aces high; (-1, -1) when none of them holds a spade in the hole."""
    best_seat, best_card = -1, -1
    high = h.game.spade == "high"
    for s in seats:
        for c, up in zip(h.cards[s], h.faceup[s], strict=True):
            if up or c & 3 != 3:
                continue
            if best_card < 0 or (c > best_card if high else c < best_card):
                best_seat, best_card = s, c
    return best_seat, best_card


def _chicago(h: HandState, amount: int, eligible: list[int], highs: dict[int, int],
             lows: dict[int, int], chip: int = 1) -> list[tuple[str, int, list[int], str | None]]:
    """Chicago: half of the pot to the best spade in the hole among the pot's players, the other half (with
    the odd chip) split by the game's split rule (the best hand, in High and Low Chicago); with no spade in
    the hole the split rule decides the whole pot, and a player who wins every part takes it as one."""
    holder, _ = _spade_holder(h, eligible)
    if holder < 0:
        return _by_split(h, amount, eligible, highs, lows, chip)
    spade_half = amount // chip // 2 * chip
    rest = _by_split(h, amount - spade_half, eligible, highs, lows, chip)
    if all(winners == [holder] for _, _, winners, _ in rest):
        return [("all", amount, [holder], rest[0][3])]
    named = [(by if side == "all" and by else side, chips, winners, by) for side, chips, winners, by in rest]
    return [*named, ("spade", spade_half, [holder], "spade")]


def _line_value(h: HandState, own: list[Card], line: tuple[int, ...], *, low: bool) -> Any:
    """The best high (or low, None if none qualifies) of the own cards with one line of the cross."""
    g = h.game
    shared = [Card(h.board[i]) for i in line]
    if low:
        return best_low(own, shared, g.usage, rule=g.low, qualifier=g.qualifier)
    return best_high(own, shared, g.usage)


def _layout_strengths(h: HandState, contenders: list[int], low: bool) -> tuple[dict[int, int], dict[int, int]]:
    """A board layout (Iron Cross, Elevator): each hand's best over the layout's lines (rows of ids: own
    cards then one line)."""
    lines = h.game.use.lines
    rows = [h.cards[s] + [h.board[i] for i in line] for s in contenders for line in lines]
    ids = np.array(rows, dtype=np.int64)
    k = len(lines)
    highs = evaluate_many(ids).reshape(len(contenders), k).max(axis=1).tolist()
    lows = evaluate_low_many(ids, h.game.low, h.game.qualifier).reshape(len(contenders), k).max(axis=1).tolist() \
        if low else []
    return dict(zip(contenders, highs, strict=True)), dict(zip(contenders, lows, strict=False))
