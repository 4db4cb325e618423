"""The showdown: every pot settled separately by the game's split rule (RULES.md §1.9-1.10, §2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homegame.cards import Card
from homegame.rules.pots import share, side_pots

if TYPE_CHECKING:
    from homegame.rules.hand import Hand


def _shared(h: Hand, s: int, contenders: list[int]) -> list[Card]:
    """The cards outside the seat's own hand that it may use."""
    g = h.game
    if g.usage_name == "three-hole":
        out = [Card(c) for o in range(h.players) if o != s
               for c, up in zip(h.cards[o], h.faceup[o], strict=True) if up]
        if g.showdown_cards_count:
            out += [Card(c) for o in contenders if o != s
                    for c, up in zip(h.cards[o], h.faceup[o], strict=True) if not up]
        return out
    if g.usage_name == "own":
        return []
    return [Card(c) for c in h.board]


def _values(h: Hand, contenders: list[int], low: bool) -> tuple[dict[int, Any], dict[int, Any]]:
    from homegame.evaluate.usage import best_high, best_low

    g = h.game
    usage = g.usage
    highs: dict[int, Any] = {}
    lows: dict[int, Any] = {}
    for s in contenders:
        own = [Card(c) for c in h.cards[s]]
        shared = _shared(h, s, contenders)
        highs[s] = best_high(own, shared, usage)
        if low:
            lows[s] = best_low(own, shared, usage, rule=g.low, qualifier=g.qualifier)
    return highs, lows


def _best(values: dict[int, Any], seats: list[int]) -> list[int]:
    """The seats holding the best value (None values never win)."""
    live = [s for s in seats if values.get(s) is not None]
    if not live:
        return []
    top = max(values[s] for s in live)
    return [s for s in live if values[s] == top]


def _declare_winners(h: Hand, eligible: list[int], highs: dict[int, Any],
                     lows: dict[int, Any]) -> tuple[list[int], list[int]]:
    """High and low winners of one pot under declarations, removing failed swings until stable."""
    swing_ties = h.game.swing_ties
    seats = list(eligible)
    while True:
        hi_side = [s for s in seats if h.declared[s] in ("high", "both")]
        lo_side = [s for s in seats if h.declared[s] in ("low", "both") and lows.get(s) is not None]
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


def settle(h: Hand) -> None:
    """Award every pot; fill ``h.results``."""
    n = h.players
    contenders = [s for s in range(n) if not h.folded[s]]
    pots = side_pots(h.totals, h.folded)
    awards: list[dict[str, Any]] = []
    shown: dict[str, list[str]] = {}
    won = [0] * n
    if len(contenders) == 1:
        s = contenders[0]
        total = sum(p.amount for p in pots)
        won[s] = total
        awards.append({"seat": s, "amount": total, "pot": 0, "side": "all", "hand": None, "cards": None})
        h.log("win", s, f"Seat {s} wins {total} uncontested")
    else:
        split = h.game.split
        highs, lows = _values(h, contenders, split != "high")
        for s in contenders:
            shown[str(s)] = [str(Card(c)) for c in h.cards[s]]
            h.log("show", s, f"Seat {s} shows {' '.join(shown[str(s)])}: {highs[s]}", cards=shown[str(s)])
        for i, pot in enumerate(pots):
            eligible = list(pot.eligible)
            if len(eligible) == 1:
                parts = [("all", pot.amount, eligible)]
            else:
                parts = _split_pot(h, pot.amount, eligible, highs, lows)
            for side, amount, winners in parts:
                vals = lows if side == "low" else highs
                for seat, chips in share(amount, winners, h.button, n):
                    if not chips:
                        continue
                    won[seat] += chips
                    v = vals.get(seat)
                    awards.append({"seat": seat, "amount": chips, "pot": i, "side": side,
                                   "hand": str(v) if v is not None else None,
                                   "cards": [str(c) for c in v.cards] if v is not None else None})
                    pot_name = "the main pot" if i == 0 else f"side pot {i}"
                    how = f" with {v}" if v is not None and len(eligible) > 1 else ""
                    half = {"high": " (high)", "low": " (low)"}.get(side, "")
                    h.log("win", seat, f"Seat {seat} wins {chips} from {pot_name}{half}{how}")
    for s in range(n):
        h.stacks[s] += won[s]
    h.results = {"awards": awards, "shown": shown}


def _split_pot(h: Hand, amount: int, eligible: list[int], highs: dict[int, Any],
               lows: dict[int, Any]) -> list[tuple[str, int, list[int]]]:
    split = h.game.split
    if split == "high":
        return [("all", amount, _best(highs, eligible))]
    if split == "high-low":
        hi_win = _best(highs, eligible)
        lo_win = _best(lows, eligible)
    else:
        hi_win, lo_win = _declare_winners(h, eligible, highs, lows)
        if not hi_win and not lo_win:
            return [("all", amount, _best(highs, eligible))]
    if not lo_win:
        return [("all", amount, hi_win)]
    if not hi_win:
        return [("all", amount, lo_win)]
    high_half = amount - amount // 2
    return [("high", high_half, hi_win), ("low", amount // 2, lo_win)]
