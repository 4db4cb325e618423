"""PokerStars hand-history text (hold'em, Omaha, 5 Card Omaha, 6+ Hold'em; cash or tournament) to PHH, and
so to a homegame hand.

:func:`pokerstars_to_phh` reads the header (``Hold'em No Limit``, ``Hold'em Limit``, ``Hold'em Pot Limit``,
``Omaha Pot Limit``, ``Omaha Hi/Lo Limit``, ``5 Card Omaha Pot Limit``, ``6+ Hold'em No Limit``; stakes in
dollars, euros or pounds), the button seat, each seat's chips, the antes and blinds posted, ``Dealt to``,
``shows`` and ``mucked`` cards, the betting lines (``folds``, ``checks``, ``calls X``, ``bets X``, ``raises X
to Y``) and the ``*** FLOP ***``, ``*** TURN ***`` and ``*** RIVER ***`` cards. Amounts with cents
(``$0.02``) become whole chips of one cent. Cards nobody showed are written ``????``; :func:`from_pokerstars`
deals them from the rest of the deck so that the pots go to the players the text says ``collected`` them
(a player who mucks at the showdown never wins it). Seats are renumbered from the button's left, as PHH
numbers players. Games PHH has no code for carry homegame's own ``_homegame_game`` field (PHH's
user-defined fields start with an underscore); ``6 Card Omaha`` is refused (the catalogue has no
six-card Omaha), as are blinds homegame does not play (a dead small blind, a second big blind) and a hand
settled by PokerStars' All-in Cash Out (its pot is never awarded).
"""

from __future__ import annotations

import random
import re
from decimal import Decimal
from typing import Final

from homegame.records.phh_import import BadHistory, from_phh
from homegame.rules.hand import Hand
from homegame.rules.phh import _toml

#: (game, structure) in the header -> (PHH variant, homegame's own fields for a game PHH has no code for).
_GAMES: Final[dict[tuple[str, str], tuple[str, dict[str, object]]]] = {
    ("Hold'em", "No Limit"): ("NT", {}),
    ("Hold'em", "Limit"): ("FT", {}),
    # PHH has no pot-limit hold'em; its pot-limit bets are no-limit bets too, so PokerKit replays it as NT
    ("Hold'em", "Pot Limit"): ("NT", {"_homegame_game": "holdem", "_homegame_structure": "pot-limit"}),
    ("Omaha", "Pot Limit"): ("PO", {}),
    ("Omaha Hi/Lo", "Limit"): ("FO/8", {}),
    ("5 Card Omaha", "Pot Limit"): ("PO", {"_homegame_game": "big-o", "_homegame_rules": {"split": "high"}}),
    # PokerStars ranks three of a kind above a straight in 6+ Hold'em (PokerKit's NS does not)
    ("6+ Hold'em", "No Limit"): ("NS", {"_homegame_game": "short-deck",
                                       "_homegame_rules": {"trips_beat_straight": True}}),
}
_NAMES: Final = r"6\+ Hold'em|Hold'em|5 Card Omaha|6 Card Omaha|Omaha Hi/Lo|Omaha"
_HEADER: Final = re.compile(rf"^PokerStars (?:Zoom )?(?:Hand|Game) #\d+:.*?({_NAMES}) (No Limit|Pot Limit|Limit)"
                            r".*?\(([^)]*)\)")
_BUTTON: Final = re.compile(r"Seat #(\d+) is the button")
_CURRENCY: Final = "[$\u20ac\u00a3]?"  # dollars, euros, pounds
_SEAT: Final = re.compile(rf"^Seat (\d+): (.+?) \({_CURRENCY}([\d.,]+) in chips")
_MONEY: Final = rf"{_CURRENCY}([\d.,]+)"
_POST: Final = re.compile(rf"^(.+?): posts (small blind|big blind|the ante|small & big blinds|button blind) "
                          rf"{_MONEY}")
_DEALT: Final = re.compile(r"^Dealt to (.+?) \[([^\]]+)\]")
_SHOWS: Final = re.compile(r"^(.+?): shows \[([^\]]+)\]")
_MUCKED: Final = re.compile(r"^Seat \d+: (.+?)(?: \((?:button|small blind|big blind)\))* mucked \[([^\]]+)\]")
_COLLECTED: Final = re.compile(rf"^(.+?) collected {_MONEY} from (?:side |main )?pot")
_HOLE: Final = {"PO": 4, "FO/8": 4}
_ACTION: Final = re.compile(rf"^(.+?): (folds|checks|calls|bets|raises)(?: {_MONEY})?(?: to {_MONEY})?")
_STREET: Final = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\* .*\[([^\]]+)\]\s*$")
_RETURNED: Final = re.compile(rf"^Uncalled bet \({_MONEY}\) returned to (.+)$")
_CASHED_OUT: Final = re.compile(r"^(.+?) cashed out the hand for ")


def _amounts(text: str) -> list[Decimal]:
    return [Decimal(m.replace(",", "")) for m in re.findall(r"(\d[\d,]*(?:\.\d+)?)", text)]


def _scale(lines: list[str]) -> int:
    """100 (chips of one cent) when any amount from the seats on, or the header's stakes, has cents (a
    tournament's "$1+$0.10" buy-in does not count), else 1."""
    header = _HEADER.match(lines[0])
    stakes = _amounts(header.group(3)) if header else []
    cents = any(re.search(r"\d\.\d", line) for line in lines[1:]) or any(
        a != a.to_integral_value() for a in stakes)
    return 100 if cents else 1


def _header(lines: list[str]) -> tuple[re.Match[str], str, dict[str, object]]:
    header = _HEADER.match(lines[0]) if lines else None
    if header is None:
        raise BadHistory("not a PokerStars hand: the first line must be like \"PokerStars Hand #1: Hold'em No "
                         "Limit ($0.01/$0.02 USD) ...\" (hold'em, Omaha, Omaha Hi/Lo, 5 Card Omaha, 6+ Hold'em)")
    found = _GAMES.get((header.group(1), header.group(2)))
    if found is None:
        known = ", ".join(f"{g} {s}" for g, s in _GAMES)
        raise BadHistory(f"{header.group(1)} {header.group(2)} is not a game homegame imports from PokerStars "
                         f"(its catalogue has no such game or structure); it imports: {known}")
    return header, found[0], found[1]


def _players(lines: list[str]) -> tuple[list[tuple[int, str, Decimal]], int]:
    """The seat lines from the button's left round to the button, and the index of the first line after them."""
    button_match = next((m for m in map(_BUTTON.search, lines[:3]) if m), None)
    if button_match is None:
        raise BadHistory("no \"Seat #N is the button\" line near the top")
    seats: list[tuple[int, str, Decimal]] = []
    body = 0
    for i, line in enumerate(lines[1:], 1):
        m = _SEAT.match(line)
        if m:
            seats.append((int(m.group(1)), m.group(2), Decimal(m.group(3).replace(",", ""))))
        elif seats:
            body = i
            break
    if len(seats) < 2:
        raise BadHistory("a hand needs at least two \"Seat N: name (chips in chips)\" lines")
    button = int(button_match.group(1))
    return sorted(seats, key=lambda s: (s[0] <= button, s[0])), body


def pokerstars_to_phh(text: str) -> str:
    """The PHH text of one PokerStars hand; BadHistory (a ValueError) naming the line it cannot read."""
    lines = _lines(text)
    header, code, own = _header(lines)
    stakes = _amounts(header.group(3))
    after, body = _players(lines)  # from the button's left round to it
    names = [name for _, name, _ in after]
    label = {name: f"p{i + 1}" for i, name in enumerate(names)}
    scale = _scale(lines)

    def chips(value: Decimal) -> int:
        return int(value * scale)

    n = len(names)
    antes = [0] * n
    blinds = [0] * n
    hole: dict[str, str] = {}
    for line in lines[body:]:
        for pattern in (_DEALT, _SHOWS, _MUCKED):
            m = pattern.match(line)
            if m and m.group(1) in label:
                hole[m.group(1)] = m.group(2).replace(" ", "")
    actions: list[str] = []
    dealt = False
    for line in lines[body:]:
        post = _POST.match(line)
        if post and post.group(1) in label:
            i = names.index(post.group(1))
            if post.group(2) in ("small & big blinds", "button blind"):
                raise BadHistory(f"line {line!r}: homegame plays a small and a big blind left of the button, "
                                 "no dead blinds or button blind")
            if post.group(2) == "the ante":
                antes[i] = chips(Decimal(post.group(3).replace(",", "")))
            else:
                blinds[i] = chips(Decimal(post.group(3).replace(",", "")))
            continue
        if line.startswith("*** HOLE CARDS ***"):
            dealt = True
            size = 5 if own.get("_homegame_game") == "big-o" else _HOLE.get(code, 2)
            actions += [f"d dh {label[name]} {hole.get(name, '??' * size)}" for name in names]
            continue
        if line.startswith("*** SUMMARY ***"):
            break
        if _CASHED_OUT.match(line):
            raise BadHistory(f"line {line!r}: PokerStars' All-in Cash Out paid this player an equity share and "
                             "left the pot unawarded; homegame plays every pot to its showdown")
        shows = _SHOWS.match(line)
        if shows and shows.group(1) in label and dealt:
            actions.append(f"{label[shows.group(1)]} sm {shows.group(2).replace(' ', '')}")
            continue
        street = _STREET.match(line)
        if street:
            actions.append(f"d db {street.group(2).replace(' ', '')}")
            continue
        act = _ACTION.match(line)
        if act and act.group(1) in label and dealt:
            who, verb = label[act.group(1)], act.group(2)
            if verb in ("folds",):
                actions.append(f"{who} f")
            elif verb == "checks" or verb == "calls":
                actions.append(f"{who} cc")
            else:
                amount = act.group(4) if verb == "raises" else act.group(3)
                if amount is None:
                    raise BadHistory(f"line {line!r}: a bet or raise needs its amount")
                actions.append(f"{who} cbr {chips(Decimal(amount.replace(',', '')))}")
    if not dealt:
        raise BadHistory("no \"*** HOLE CARDS ***\" line: the hand has no deal")
    if n > 2 and (blinds[1] == 0 or any(blinds[2:])):
        raise BadHistory(f"blinds posted {blinds} (from the button's left): the big blind must be posted by "
                         "the second player left of the button, the small blind (if any) by the first "
                         "(homegame has no dead, missing big or extra blinds)")
    if n == 2:  # heads-up the button posts the small blind; PHH lists the blinds as p1, p2
        blinds = sorted(blinds)
    fields: dict[str, object] = {"variant": code, **own, "antes": antes, "blinds_or_straddles": blinds}
    if code.startswith("F"):  # a limit game's header gives the small and big bets
        if len(stakes) < 2:
            raise BadHistory(f"header stakes {header.group(3)!r}: a limit game names its small/big bets")
        fields["small_bet"], fields["big_bet"] = chips(stakes[0]), chips(stakes[1])
    else:
        fields["min_bet"] = max(blinds)
    fields["starting_stacks"] = [chips(c) for _, _, c in after]
    out = [f"{k} = {_toml(v)}" for k, v in fields.items()]
    out.append("actions = [\n" + "".join(f"  {_toml(a)},\n" for a in actions) + "]")
    return "\n".join(out) + "\n"


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.strip().splitlines() if line.strip()]


def collected(text: str) -> dict[int, int]:
    """The chips each seat (0 the first left of the button) ``collected`` from the pots, as the text says.

    Amounts are in the chips :func:`pokerstars_to_phh` writes (cents when the hand has any)."""
    return _per_seat(text, _COLLECTED, money=2, who=1)


def returned(text: str) -> dict[int, int]:
    """The uncalled chips each seat took back (``Uncalled bet ($X) returned to NAME``), as the text says."""
    return _per_seat(text, _RETURNED, money=1, who=2)


def _per_seat(text: str, pattern: re.Pattern[str], *, money: int, who: int) -> dict[int, int]:
    lines = _lines(text)
    after, _ = _players(lines)
    names = [name for _, name, _ in after]
    scale = _scale(lines)
    out: dict[int, int] = {}
    for line in lines:
        m = pattern.match(line)
        if m and m.group(who) in names:
            seat = names.index(m.group(who))
            out[seat] = out.get(seat, 0) + int(Decimal(m.group(money).replace(",", "")) * scale)
    return out


def _agrees(hand: Hand, pots: dict[int, int], back: dict[int, int]) -> bool:
    """Whether the hand's pots went to the seats that collected them (and the same amounts when no rake);
    ``back`` is the uncalled chips the text returned, which are no pot's."""
    won: dict[int, int] = {}
    for award in (hand.results or {}).get("awards", []):
        won[award["seat"]] = won.get(award["seat"], 0) + award["amount"]
    for seat, chips in back.items():
        won[seat] = won.get(seat, 0) - chips
    won = {seat: chips for seat, chips in won.items() if chips}
    if set(won) != {s for s, a in pots.items() if a}:
        return False
    return sum(won.values()) != sum(pots.values()) or won == {s: a for s, a in pots.items() if a}


def from_pokerstars(text: str, *, seed: int | None = 0, tries: int = 500) -> Hand:
    """The homegame hand a PokerStars hand history records (see :func:`pokerstars_to_phh`).

    Seat 0 is the first player left of the button; the button is the last seat. Cards nobody showed are
    dealt (from ``seed``, then up to ``tries`` other deals) so that the pots go to the seats the text says
    collected them; BadHistory when no deal does.
    """
    phh = pokerstars_to_phh(text)
    hand = from_phh(phh, seed=seed)
    pots, back = collected(text), returned(text)
    if not pots or "??" not in phh or _agrees(hand, pots, back):
        return hand
    rng = random.Random(seed)
    for _ in range(tries):
        hand = from_phh(phh, seed=rng.randrange(2**32))
        if _agrees(hand, pots, back):
            return hand
    raise BadHistory(f"no deal of the cards nobody showed gives the pots to the players the text says collected "
                     f"them ({tries} deals tried)")
