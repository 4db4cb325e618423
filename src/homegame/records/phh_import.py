"""Import a PHH hand history (PokerKit's format) into a homegame hand in the same state.

:func:`from_phh` reads the TOML fields ``variant`` (``NT``, ``NS``, ``FT``, ``PO``, ``FO/8``, ``F7S``,
``F7S/8``, ``FR``), ``antes`` (one from every player, and a big-blind ante: p2's), ``blinds_or_straddles``
(a small and a big blind, or a single blind on p1), ``bring_in``,
``min_bet`` or ``small_bet``/``big_bet`` and ``starting_stacks``, and plays ``actions`` in order:
``d dh p1 AcKd`` (hole cards), ``d db AhKhQh`` (board cards), ``p1 f`` (fold), ``p1 cc`` (check or
call), ``p1 cbr 10`` (complete, bet or raise to 10), ``p1 pb`` (bring in) and ``p1 sm ...`` (show,
which homegame does by itself at the showdown). ``variant = '_homegame'`` is homegame's own extension
for every game and step (:mod:`homegame.rules.phh_extended`). PHH's ``p1`` is the first seat left of the button,
so PHH player ``pK`` becomes seat ``(button + K) % players``; ``button`` is the last seat unless
given (PHH does not record seats). Cards written ``??``
(not known) are dealt from the rest of the deck, shuffled by ``seed``. A ``cc`` from a player
homegame does not ask (PokerKit asks an all-in table's last player to check) changes nothing. A ``f``
when checking is free (PokerStars allows it) checks, and folds the seat once it owes a bet. Amounts are
whole chips (a fraction is refused, never truncated); homegame's own fields ``_homegame_game``,
``_homegame_rules`` and ``_homegame_structure`` name a game PHH has no code for.

A partial history gives a hand still in play, at the same point.

>>> import homegame as hg
>>> h = hg.game("holdem").deal([100, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=7)
>>> h.act(0, "raise 6"); h.act(1, "call")
>>> again = from_phh(h.phh(), button=h.button)
>>> again.history.actions == h.history.actions, again.cards == h.cards, again.to_act
(True, True, (1,))
"""

from __future__ import annotations

import random
import re
import tomllib
from typing import Any, Final

from homegame.cards import Card
from homegame.games import game as make_game
from homegame.records.phh_extended import from_extended
from homegame.rules.hand import Hand
from homegame.rules.phh import forced_bets_from_fields
from homegame.rules.stakes import Stakes

#: PHH variant -> (homegame game, house rules, structure).
VARIANTS: Final[dict[str, tuple[str, dict[str, Any], str]]] = {
    "NT": ("holdem", {}, "no-limit"),
    "FT": ("holdem", {}, "fixed-limit"),
    "NS": ("short-deck", {}, "no-limit"),
    "PO": ("omaha", {}, "pot-limit"),
    "FO/8": ("omaha", {"split": "high-low"}, "fixed-limit"),
    "F7S": ("stud", {}, "fixed-limit"),
    "F7S/8": ("stud-hi-lo", {}, "fixed-limit"),
    "FR": ("razz", {}, "fixed-limit"),
}
_PLAYER: Final = re.compile(r"^p(\d+)$")


class BadHistory(ValueError):
    """Hand-history text homegame cannot import: it says which field or action, and what is allowed."""


def _field(data: dict[str, Any], name: str, n: int | None = None) -> Any:
    if name not in data:
        raise BadHistory(f"PHH field {name!r} is missing")
    value = data[name]
    if n is not None and (not isinstance(value, list) or len(value) != n):
        raise BadHistory(f"PHH field {name!r} must list {n} values, one per player, got {value!r}")
    return value


def _chips(name: str, value: object) -> int:
    """A whole number of chips, 0 or more; BadHistory for anything else (a fraction is never truncated)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value) or value < 0:
        raise BadHistory(f"PHH field {name!r}: {value!r} is not a whole number of chips (0 or more); homegame "
                         "plays whole chips, so write the amounts in the smallest unit (cents as 1)")
    return int(value)


def _chip_list(data: dict[str, Any], name: str, n: int) -> list[int]:
    return [_chips(name, v) for v in _field(data, name, n)]


def _stakes(data: dict[str, Any], structure: str, n: int, stud: bool) -> Stakes:
    antes = _chip_list(data, "antes", n) if "antes" in data else [0] * n
    blinds = [] if stud else _chip_list(data, "blinds_or_straddles", n)
    try:
        kw = forced_bets_from_fields(antes, blinds)
    except ValueError as exc:
        raise BadHistory(str(exc)) from None
    if stud:
        kw["bring_in"] = _chips("bring_in", _field(data, "bring_in"))
    if structure == "fixed-limit":
        kw["small_bet"] = _chips("small_bet", _field(data, "small_bet"))
        kw["big_bet"] = _chips("big_bet", _field(data, "big_bet"))
    elif not kw["blinds"]:
        kw["small_bet"] = _chips("min_bet", _field(data, "min_bet"))
    try:
        return Stakes(structure, **kw)
    except ValueError as exc:
        raise BadHistory(f"PHH stakes: {exc}") from None


def _split_cards(text: str) -> list[str]:
    if len(text) % 2:
        raise BadHistory(f"{text!r} is not cards: write each card as rank and suit, e.g. AcKd, or ?? for unknown")
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def _seat(token: str, n: int) -> int:
    m = _PLAYER.match(token)
    if m is None or not 1 <= int(m.group(1)) <= n:
        raise BadHistory(f"{token!r} is not a player: players are p1 to p{n}")
    return int(m.group(1)) - 1


def from_phh(text: str, *, button: int | None = None, seed: int | None = 0) -> Hand:
    """The hand a PHH text records (see the module docstring); BadHistory (a ValueError) when it cannot."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadHistory(f"PHH text is not TOML: {exc}") from None
    code = _field(data, "variant")
    if code == "_homegame":  # homegame's extended PHH (records/phh_extended.py): any game, every step
        return from_extended(data, BadHistory)
    name, rules, structure = _variant(data, code)
    stacks = _chip_list(data, "starting_stacks", len(_field(data, "starting_stacks")))
    n = len(stacks)
    stakes = _stakes(data, structure, n, name in ("stud", "stud-hi-lo", "razz"))
    button = n - 1 if button is None else button
    if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < n:
        raise BadHistory(f"button must be a seat from 0 to {n - 1}, not {button!r}")
    seat_of = [(button + 1 + i) % n for i in range(n)]  # PHH index -> seat
    actions = _field(data, "actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise BadHistory("PHH field 'actions' must be a list of strings")
    hole: dict[int, list[str]] = {s: [] for s in range(n)}
    board: list[str] = []
    for line in actions:
        parts = line.split()
        if parts[:2] == ["d", "dh"] and len(parts) == 4:
            hole[seat_of[_seat(parts[2], n)]] += _split_cards(parts[3])
        elif parts[:2] == ["d", "db"] and len(parts) == 3:
            board += _split_cards(parts[2])
    known = [c for c in [*board, *(c for h in hole.values() for c in h)] if c != "??"]
    try:
        ids = [Card(c).id for c in known]
    except ValueError as exc:
        raise BadHistory(f"PHH cards: {exc}") from None
    if len(set(ids)) != len(ids):
        raise BadHistory("a card is dealt twice in the PHH actions")
    try:
        chosen = make_game(name, **rules)
    except ValueError as exc:
        raise BadHistory(f"PHH game: {exc}") from None
    rest = [c for c in chosen.cards if c not in set(ids)]  # a short deck's unknown cards are from its 36
    random.Random(seed).shuffle(rest)
    fill = iter(rest)

    def ids_of(items: list[str]) -> list[int]:
        return [next(fill) if c == "??" else Card(c).id for c in items]

    by_seat = [0] * n
    for i, seat in enumerate(seat_of):
        by_seat[seat] = stacks[i]
    hand = chosen.deal(by_seat, stakes=stakes, button=button,
                                         hole={s: ids_of(h) for s, h in hole.items() if h},
                                         board=ids_of(board) if board else None)
    gone: set[int] = set()  # seats that folded when they could check (homegame folds them when they owe)
    for line in actions:
        parts = line.split()
        if not parts or parts[0] == "d":
            continue
        _fold_the_gone(hand, gone)
        _act(hand, seat_of[_seat(parts[0], n)], parts[1:], line, gone)
    _fold_the_gone(hand, gone)
    return hand


def _variant(data: dict[str, Any], code: object) -> tuple[str, dict[str, Any], str]:
    """(game, house rules, structure) for the PHH variant, or homegame's own ``_homegame_game``,
    ``_homegame_rules`` and ``_homegame_structure`` fields (PHH's user-defined fields) when given."""
    if not isinstance(code, str) or code not in VARIANTS:
        raise BadHistory(f"PHH variant {code!r} is not one homegame plays: {', '.join(VARIANTS)}")
    name, rules, structure = VARIANTS[code]
    own_game, own_rules = data.get("_homegame_game", name), data.get("_homegame_rules", rules)
    own_structure = data.get("_homegame_structure", structure)
    if not isinstance(own_game, str) or not isinstance(own_rules, dict) or own_structure not in (
            "no-limit", "pot-limit", "fixed-limit"):
        raise BadHistory("PHH fields _homegame_game (a game name), _homegame_rules (a table of house rules) and "
                         "_homegame_structure (no-limit, pot-limit or fixed-limit) are homegame's own")
    return own_game, own_rules, own_structure


def _fold_the_gone(hand: Hand, gone: set[int]) -> None:
    """A seat that folded when checking was free checks when homegame asks it, and folds once it owes."""
    while not hand.over and hand.to_act and hand.to_act[0] in gone:
        seat = hand.to_act[0]
        hand.act(seat, "fold" if "fold" in hand.legal(seat) else "check")


def _act(hand: Hand, seat: int, parts: list[str], line: str, gone: set[int]) -> None:
    verb = parts[0] if parts else ""
    if verb == "sm":
        return  # showing: homegame shows at the showdown by itself
    if verb == "f" and seat in gone:
        return
    if hand.over or seat not in hand.to_act:
        if verb == "cc":
            return  # PokerKit asks a player homegame does not: nothing to decide
        raise BadHistory(f"PHH action {line!r}: it is not that player's turn in homegame"
                         + (" (the hand is over)" if hand.over else ""))
    legal = hand.legal(seat)
    if verb == "f" and "fold" not in legal and "check" in legal:  # PokerStars lets a player fold for free
        gone.add(seat)
        action = "check"
    elif verb == "f":
        action = "fold"
    elif verb == "cc":
        action = next((a for a in legal if a == "check"), None) or next(
            (a.split()[0] for a in legal if a.startswith("call")), "")
    elif verb == "pb":
        action = "call" if any(a.startswith("call") for a in legal) else ""
    elif verb == "cbr" and len(parts) == 2 and parts[1].isdigit():
        kind = next((a.split()[0] for a in legal if a.split()[0] in ("bet", "raise")), "")
        action = f"{kind} {parts[1]}" if kind else ""
    else:
        raise BadHistory(f"PHH action {line!r}: homegame imports f, cc, cbr AMOUNT, pb and sm")
    if not action:
        raise BadHistory(f"PHH action {line!r} is not legal in homegame here: the player may {', '.join(legal)}")
    try:
        hand.act(seat, action)
    except ValueError as exc:
        raise BadHistory(f"PHH action {line!r}: {exc}") from None
