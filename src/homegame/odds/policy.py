"""The choices a played-out hand still needs (:mod:`homegame.odds.playout`), made by one documented policy.

Odds are a share of the pot at the showdown, so the policy keeps every player in and only decides
what changes the cards:

- **betting**: check, else call (nobody folds, nobody raises);
- **buy** (Baseball's face-up four at a price): always buy; **strike** (a face-up three under
  ``match-pot``): always pay and play on (under ``fold`` the engine strikes the player out);
- **draw**: :func:`draw_choice` below (a few lines of standard draw strategy, wild cards kept);
- **discard** in a hold'em-like high game once the flop is out (Irish, Crazy Pineapple): keep the cards
  that make the best hand with the board so far (:func:`best_keep`);
- **pass, other discards, expose, arrange**: the rule bot's rules of thumb, which live here
  (:func:`least_useful_first`, :func:`expose_choice`; :class:`homegame.bots.RuleBot` plays them too): the
  least useful cards go, a card that pairs nobody's upcard is exposed, the worst cards roll first;
- **declare**: ``high`` (the showdown is then valued as cards speak, see the playout module).

>>> from homegame.cards import card_ids, Card
>>> def shown(ids): return " ".join(str(Card(c)) for c in ids)
>>> shown(draw_choice(card_ids("Ah Kh 7h 2h 9c"), 5))                 # a four-flush draws one
'9c'
>>> shown(draw_choice(card_ids("Qs Qd 7h 4c 2d"), 5))                 # a pair draws three
'2d 4c 7h'
>>> shown(draw_choice(card_ids("2c Qd 7h 4c 9s"), 5, wild=0xF))       # deuces wild: the deuce stays
'4c 7h 9s'
>>> shown(draw_choice(card_ids("8s 7d 5c 3h 2d"), 3, low="27"))        # a made eight stands pat
''
>>> shown(draw_choice(card_ids("Kd 7d 5c 5h 2d"), 3, low="27"))        # the pair and the king go
'Kd 5h'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from homegame.cards import Card
from homegame.evaluate import evaluate
from homegame.odds.shape import usefulness
from homegame.rules.draw import most
from homegame.rules.wilds import hand_masks

if TYPE_CHECKING:
    from homegame.rules.hand import Hand

#: Categories at which a high draw stands pat.
PAT = frozenset({"straight", "flush", "full house", "four of a kind", "straight flush", "five of a kind"})
#: The highest card a lowball draw keeps (an eight, ace low under a5, a deuce the lowest under 27).
LOW_KEEP = 8


def _low_rank(card: int, rule: str) -> int:
    """The card's rank for a low hand, 1 (ace under a5/a6) or 2 (deuce) up to 14 (ace under 27)."""
    rank = (card >> 2) + 2
    return 1 if rank == 14 and rule != "27" else rank


def _worst_first(ids: list[int], most: int) -> list[int]:
    """At most ``most`` of these discards, the lowest ranks first (the best ones are kept)."""
    return sorted(ids)[:most]


def draw_choice(held: list[int], most: int, *, low: str | None = None, wild: int = 0) -> list[int]:
    """The cards to discard in a draw of at most ``most`` cards (empty: stand pat).

    High (``low`` None): stand pat on a straight or better; else keep wild cards and every natural card
    that pairs; else a four-flush (wild cards counting); else four cards in a row; else the wild cards
    and the highest natural card. Lowball (``low`` the rule, ``"a5"`` or ``"27"``): keep one card of
    each rank up to an eight and stand pat when that keeps all five. Never more than ``most`` cards go:
    the lowest of those chosen go first.
    """
    if low is not None:
        keep: list[int] = []
        seen: set[int] = set()
        for c in sorted(held, key=lambda c: _low_rank(c, low)):
            r = _low_rank(c, low)
            if r <= LOW_KEEP and r not in seen and not wild >> c & 1:
                seen.add(r)
                keep.append(c)
        keep += [c for c in held if wild >> c & 1]
        return sorted([c for c in held if c not in keep], key=lambda c: -_low_rank(c, low))[:most]
    if len(held) >= 5 and evaluate(held, wild=wild or None).category in PAT:
        return []
    wilds = [c for c in held if wild >> c & 1]
    natural = [c for c in held if not wild >> c & 1]
    counts = Counter(c >> 2 for c in natural)
    paired = [c for c in natural if counts[c >> 2] > 1]
    if paired:
        kept = paired
    else:
        suits = Counter(c & 3 for c in natural)
        suit, many = suits.most_common(1)[0] if suits else (0, 0)
        run = _four_in_a_row({c >> 2 for c in natural})
        if many + len(wilds) >= 4 and many >= 1:
            kept = [c for c in natural if c & 3 == suit]
        elif run is not None:
            kept = [next(c for c in natural if c >> 2 == r) for r in run]
        else:
            kept = [max(natural)] if natural else []
    keep_set = set(kept) | set(wilds)
    return _worst_first([c for c in held if c not in keep_set], most)


def _four_in_a_row(ranks: set[int]) -> list[int] | None:
    """Four consecutive ranks (0 = deuce; an ace also counts below the deuce), the highest run first."""
    have = ranks | ({-1} if 12 in ranks else set())
    for top in range(12, 1, -1):
        run = [top - k for k in range(4)]
        if all(r in have for r in run):
            return [r if r >= 0 else 12 for r in run]
    return None


class Policy:
    """Answers every decision of a hand being played out (see the module docstring)."""

    def act(self, h: Hand, seat: int) -> str:
        """The action text for ``seat``, which owes a decision now."""
        options = h.legal_actions(seat)
        if h.in_round:
            if any(o.kind == "check" for o in options):
                return "check"
            return next((o.text for o in options if o.kind == "call"), h.default_action(seat))
        step = h.game.steps[h.step_index]
        kind = step.kind
        if kind in ("buy", "strike"):
            return options[0].text  # ``call N``: buy the card, pay to stay in
        if kind == "declare":
            return "declare high"
        if kind == "draw":
            mask = hand_masks(h, [seat])[seat] if h.game.wild else 0
            low = h.game.low if h.game.split == "low" else None
            out = draw_choice(list(h.cards[seat]), most(h, seat, step), low=low, wild=mask)
            return " ".join(["discard", *(_text(c) for c in out)])
        if (kind == "discard" and h.game.use.free and not h.game.use.lines and h.game.use.shared == "board" and h.game.split == "high"
                and len(h.board) + step.keep >= 5):
            keep = best_keep(list(h.cards[seat]), list(h.board), step.keep)
            return " ".join(["discard", *(_text(c) for c in h.cards[seat] if c not in keep)])
        if kind in ("pass", "discard", "arrange"):  # the rule bot's choice: it reads only the cards and the rules
            order = least_useful_first([_text(c) for c in h.cards[seat]], low=h.game.rules.get("split", "high") != "high")
            for option in options:  # a pass or a discard counts its cards in ``min``
                if option.kind in ("pass", "discard") and option.min:
                    return " ".join([option.kind, *order[:option.min]])
            return "arrange " + " ".join(order)
        if any(o.kind == "expose" for o in options):
            hidden = [_text(c) for c, up in zip(h.cards[seat], h.faceup[seat], strict=True) if not up]
            showing = [_text(c) for s in range(h.players) if s != seat
                       for c, up in zip(h.cards[s], h.faceup[s], strict=True) if up]
            return "expose " + expose_choice(hidden, showing)
        return h.default_action(seat)


def best_keep(held: list[int], board: list[int], keep: int) -> list[int]:
    """The ``keep`` cards that make the best high hand with the board so far (a hold'em-like discard after
    the flop); among equals, the higher cards.

    >>> from homegame.cards import card_ids, Card
    >>> [str(Card(c)) for c in best_keep(card_ids("Kh Kc Qs Js"), card_ids("Ts 9s 2s"), 2)]  # the flush
    ['Js', 'Qs']
    """
    from itertools import combinations

    def worth(cards: tuple[int, ...]) -> tuple[int, ...]:
        return (evaluate([*cards, *board]).strength, *sorted(cards, reverse=True))

    chosen = max(combinations(held, keep), key=worth)
    return sorted(chosen)


def least_useful_first(held: list[str], *, low: bool) -> list[str]:
    """The cards in the order the rule of thumb lets them go: the least useful first (a pass or a discard
    takes the first, an arrangement turns them in this order), ties by card.

    >>> least_useful_first(["As", "7d", "7c", "2h"], low=False)
    ['2h', 'As', '7c', '7d']
    """
    scores = usefulness(held, low=low)
    return sorted(held, key=lambda c: (scores[c], Card(c).id))


def expose_choice(hidden: list[str], others_up: list[str]) -> str:
    """The face-down card to turn up: one that pairs nobody's upcard, the lowest such.

    >>> expose_choice(["Kd", "7c", "2h"], ["2s"])
    '7c'
    """
    showing = {Card(c).rank for c in others_up}
    return min(hidden, key=lambda text: (10 if Card(text).rank in showing else 0, Card(text).rank))


def face_down(view: Mapping[str, Any]) -> list[str]:
    """This seat's own cards that are not face up, in the order held."""
    up = set(view.get("up") or ())
    return [c for c in view["cards"] if c not in up]


def others_up(view: Mapping[str, Any]) -> list[str]:
    """Every face-up card of the other seats, folded seats included."""
    me = view.get("seat")
    return [c for s in view["seats"] if s["seat"] != me for c in s.get("up") or ()]


def _text(card: int) -> str:
    return _NAMES[card]


_NAMES: Final = [str(Card(c)) for c in range(52)]


__all__ = ["Policy", "best_keep", "draw_choice", "expose_choice", "face_down", "least_useful_first", "others_up"]
