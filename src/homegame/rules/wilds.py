"""Wild cards in a game (docs/games/wild-cards.md): which cards are wild for each player at the showdown.

A game's ``wild`` is text: ranks or cards that are always wild (``"2"``; one-eyed jacks ``"Jh Js"``) and
any of three rules that make more cards wild:

- ``lowest``: each player's lowest rank (aces high) is wild for that player: every card of it they hold
  (Kings and Little Ones, ``"K lowest"``);
- ``lowest-hole``: the lowest rank among a player's face-down cards is wild for that player, every card
  of it they hold;
- ``follow-queen``: the rank of the next card dealt face up after a face-up queen is wild for everyone;
  a later face-up queen replaces it with the card after that one, and when a queen is the last card dealt
  face up no rank follows (Follow the Queen, ``"Q follow-queen"``: queens always wild).

Cards already wild do not count when finding a player's lowest rank.

>>> spec = parse_wild("K lowest")
>>> spec.lowest, spec.mask == 0xF << 44
(True, True)
>>> from homegame.cards import card_ids
>>> str_mask(seat_mask(spec, card_ids("Kd 5c 5h 9s Ts Ac 2d")[:6], []))  # the fives are the lowest
'5c 5d 5h 5s Kc Kd Kh Ks'
>>> follow_rank(card_ids("Qh 7c 3d Qs 9h 2c"))  # the nine follows the last queen
7
>>> follow_rank(card_ids("7c Qd")) is None  # a queen was the last card up: no rank follows
True
>>> parse_wild("Q follow-king")
Traceback (most recent call last):
...
homegame.evaluate.wild.BadWild: 'follow-king' is not a wild card: ...
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from homegame.cards import RANKS, Card
from homegame.evaluate.wild import wild_mask

if TYPE_CHECKING:
    from homegame.rules.state import HandState

RULES: Final = ("lowest", "lowest-hole", "follow-queen")
_QUEEN: Final = RANKS.index("Q")


@dataclass(frozen=True)
class WildSpec:
    """A game's wild cards: ``mask`` (always wild, bit = card id) and the rules in force."""

    mask: int
    lowest: bool = False
    lowest_hole: bool = False
    follow_queen: bool = False

    @property
    def per_seat(self) -> bool:
        """Whether the wild cards differ from player to player."""
        return self.lowest or self.lowest_hole


@lru_cache(maxsize=64)
def parse_wild(text: str) -> WildSpec:
    """The wild cards ``text`` declares; :class:`~homegame.evaluate.wild.BadWild` names a bad token."""
    words = text.replace(",", " ").split()
    rules = {w.lower() for w in words if w.lower() in RULES}
    fixed = [w for w in words if w.lower() not in RULES]
    mask = wild_mask(" ".join(fixed)) if fixed else 0
    return WildSpec(mask, "lowest" in rules, "lowest-hole" in rules, "follow-queen" in rules)


def describe_wild(text: str) -> str:
    """The wild cards in words.

    >>> describe_wild("Q follow-queen"), describe_wild("3 9"), describe_wild("K lowest")
    ('Q; the rank dealt face up after the last face-up queen', '3 9', "K; each player's lowest rank")
    """
    spec = parse_wild(text)
    words = [w for w in text.replace(",", " ").split() if w.lower() not in RULES]
    if spec.lowest:
        words.append("; each player's lowest rank")
    if spec.lowest_hole:
        words.append("; each player's lowest face-down rank")
    if spec.follow_queen:
        words.append("; the rank dealt face up after the last face-up queen")
    return " ".join(words).replace(" ;", ";").lstrip("; ")


def str_mask(mask: int) -> str:
    """The cards of a mask, in id order (for messages and tests)."""
    return " ".join(str(Card(i)) for i in range(52) if mask >> i & 1)


def follow_rank(up_cards: Iterable[int]) -> int | None:
    """Follow the Queen: the rank (0 = deuce) of the card dealt face up after the last face-up queen, given
    every face-up card in the order dealt; None when no queen came up or a queen was the last card up."""
    follow: int | None = None
    after_queen = False
    for c in up_cards:
        rank = c >> 2
        if rank == _QUEEN:
            after_queen, follow = True, None
        elif after_queen:
            follow, after_queen = rank, False
    return follow


def _lowest(cards: Sequence[int], mask: int) -> int:
    naturals = [c >> 2 for c in cards if not mask >> c & 1]
    return 0xF << (4 * min(naturals)) if naturals else 0


def seat_mask(spec: WildSpec, cards: Sequence[int], down: Sequence[int], follow: int | None = None) -> int:
    """The cards wild for a player holding ``cards`` (``down``: those face down), when ``follow`` is the
    rank Follow the Queen names (None: none)."""
    mask = spec.mask
    if spec.follow_queen and follow is not None:
        mask |= 0xF << (4 * follow)
    extra = 0
    if spec.lowest:
        extra |= _lowest(cards, mask)
    if spec.lowest_hole:
        extra |= _lowest(down, mask)
    return mask | extra


def up_order(h: HandState) -> list[int]:
    """Every card dealt face up in the hand, in the order dealt (from the public log: each deal gives
    its cards round by round, clockwise)."""
    out: list[int] = []
    group: list[tuple[int, list[int]]] = []

    def flush() -> None:
        most = max((len(cs) for _, cs in group), default=0)
        out.extend(cs[k] for k in range(most) for _, cs in group if k < len(cs))
        group.clear()

    for event in h.event_records:
        seat = event.seat
        if event.kind != "deal" or seat is None:
            flush()
            continue
        if any(s == seat for s, _ in group):
            flush()
        group.append((seat, list(event.cards)))
    flush()
    return out


def hand_follow(h: HandState) -> int | None:
    """The rank Follow the Queen names so far in this hand (None: none, or the game has no such rule)."""
    if not h.game.wild or not parse_wild(h.game.wild).follow_queen:
        return None
    return follow_rank(up_order(h))


def hand_masks(h: HandState, seats: Iterable[int]) -> dict[int, int]:
    """Each seat's wild cards at this point of the hand (the game must declare ``wild``)."""
    spec = parse_wild(h.game.wild)
    follow = follow_rank(up_order(h)) if spec.follow_queen else None
    out = {}
    for s in seats:
        held = h.cards[s]
        down = [c for c, up in zip(held, h.faceup[s], strict=True) if not up]
        out[s] = seat_mask(spec, held, down, follow)
    return out


def public_mask(h: HandState) -> int:
    """The cards wild for everyone now (a player's own lowest rank is not included)."""
    mask = parse_wild(h.game.wild).mask
    follow = hand_follow(h)
    if follow is not None:
        mask |= 0xF << (4 * follow)
    return mask


def public_wild(h: HandState) -> list[str]:
    """The ranks and cards wild for everyone now, in words (a player's own lowest rank is not included)."""
    mask = public_mask(h)
    out = []
    for rank in range(13):
        group = mask >> (4 * rank) & 0xF
        if group == 0xF:
            out.append(RANKS[rank])
        else:
            out.extend(str(Card(4 * rank + s)) for s in range(4) if group >> s & 1)
    return out


__all__ = ["RULES", "WildSpec", "describe_wild", "follow_rank", "hand_follow", "hand_masks", "parse_wild",
           "public_mask", "public_wild", "seat_mask", "str_mask", "up_order"]
