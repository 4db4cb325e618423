"""PokerStars hand-history text (hold'em and Omaha, cash or tournament) to PHH, and so to a homegame hand.

:func:`pokerstars_to_phh` reads the header (``Hold'em No Limit``, ``Hold'em Limit``, ``Omaha Pot
Limit``), the button seat, each seat's chips, the antes and blinds posted, ``Dealt to`` and ``shows``
cards, the betting lines (``folds``, ``checks``, ``calls X``, ``bets X``, ``raises X to Y``) and the
``*** FLOP ***``, ``*** TURN ***`` and ``*** RIVER ***`` cards. Amounts with cents (``$0.02``) become
whole chips of one cent. Cards nobody showed are written ``????`` (:func:`from_pokerstars` deals them
from the rest of the deck: the winner of a hand nobody showed down is still the same). Seats are
renumbered from the button's left, as PHH numbers players.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from homegame.rules.hand import Hand
from homegame.rules.phh import _toml
from homegame.rules.phh_import import BadHistory, from_phh

_GAMES: Final = {("Hold'em", "No Limit"): "NT", ("Hold'em", "Limit"): "FT", ("Omaha", "Pot Limit"): "PO"}
_HEADER: Final = re.compile(r"^PokerStars (?:Hand|Game) #\d+:.*?(Hold'em|Omaha) (No Limit|Pot Limit|Limit)"
                            r".*?\(([^)]*)\)")
_BUTTON: Final = re.compile(r"Seat #(\d+) is the button")
_SEAT: Final = re.compile(r"^Seat (\d+): (.+?) \(\$?([\d.,]+) in chips")
_MONEY: Final = r"\$?([\d.,]+)"
_POST: Final = re.compile(rf"^(.+?): posts (small blind|big blind|the ante) {_MONEY}")
_DEALT: Final = re.compile(r"^Dealt to (.+?) \[([^\]]+)\]")
_SHOWS: Final = re.compile(r"^(.+?): shows \[([^\]]+)\]")
_ACTION: Final = re.compile(rf"^(.+?): (folds|checks|calls|bets|raises)(?: {_MONEY})?(?: to {_MONEY})?")
_STREET: Final = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\* .*\[([^\]]+)\]\s*$")


def _amounts(text: str) -> list[Decimal]:
    return [Decimal(m.replace(",", "")) for m in re.findall(r"\$?(\d[\d,]*(?:\.\d+)?)", text)]


def pokerstars_to_phh(text: str) -> str:
    """The PHH text of one PokerStars hand; BadHistory (a ValueError) naming the line it cannot read."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    header = _HEADER.match(lines[0]) if lines else None
    if header is None:
        raise BadHistory("not a PokerStars hand: the first line must be like \"PokerStars Hand #1: Hold'em No "
                         "Limit ($0.01/$0.02 USD) ...\" (hold'em no-limit or limit, Omaha pot-limit)")
    code = _GAMES[header.group(1), header.group(2)]
    stakes = _amounts(header.group(3))
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
    after = sorted(seats, key=lambda s: (s[0] <= button, s[0]))  # from the button's left round to it
    names = [name for _, name, _ in after]
    label = {name: f"p{i + 1}" for i, name in enumerate(names)}
    # cents when any amount from the seats on has them (a tournament's "$1+$0.10" buy-in does not count)
    scale = 100 if any(re.search(r"\d\.\d", line) for line in lines[1:]) or any(
        a != a.to_integral_value() for a in stakes) else 1

    def chips(value: Decimal) -> int:
        return int(value * scale)

    n = len(names)
    antes = [0] * n
    blinds = [0] * n
    hole: dict[str, str] = {}
    for line in lines[body:]:
        for pattern in (_DEALT, _SHOWS):
            m = pattern.match(line)
            if m and m.group(1) in label:
                hole[m.group(1)] = m.group(2).replace(" ", "")
    actions: list[str] = []
    dealt = False
    for line in lines[body:]:
        post = _POST.match(line)
        if post and post.group(1) in label:
            i = names.index(post.group(1))
            if post.group(2) == "the ante":
                antes[i] = chips(Decimal(post.group(3).replace(",", "")))
            else:
                blinds[i] = chips(Decimal(post.group(3).replace(",", "")))
            continue
        if line.startswith("*** HOLE CARDS ***"):
            dealt = True
            size = 4 if code == "PO" else 2
            actions += [f"d dh {label[name]} {hole.get(name, '??' * size)}" for name in names]
            continue
        if line.startswith("*** SUMMARY ***"):
            break
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
            elif verb in ("checks", "calls"):
                actions.append(f"{who} cc")
            else:
                amount = act.group(4) if verb == "raises" else act.group(3)
                if amount is None:
                    raise BadHistory(f"line {line!r}: a bet or raise needs its amount")
                actions.append(f"{who} cbr {chips(Decimal(amount.replace(',', '')))}")
    if not dealt:
        raise BadHistory("no \"*** HOLE CARDS ***\" line: the hand has no deal")
    if n > 2 and (blinds[0] == 0 or blinds[1] == 0 or any(blinds[2:])):
        raise BadHistory("the small and big blinds must be posted by the two players left of the button "
                         "(homegame has no dead or extra blinds)")
    if n == 2:  # heads-up the button posts the small blind; PHH lists the blinds as p1, p2
        blinds = sorted(blinds)
    fields: dict[str, object] = {"variant": code, "antes": antes, "blinds_or_straddles": blinds}
    if code == "FT":  # a limit game's header gives the small and big bets
        if len(stakes) < 2:
            raise BadHistory(f"header stakes {header.group(3)!r}: a limit game names its small/big bets")
        fields["small_bet"], fields["big_bet"] = chips(stakes[0]), chips(stakes[1])
    else:
        fields["min_bet"] = max(blinds)
    fields["starting_stacks"] = [chips(c) for _, _, c in after]
    out = [f"{k} = {_toml(v)}" for k, v in fields.items()]
    out.append("actions = [\n" + "".join(f"  {_toml(a)},\n" for a in actions) + "]")
    return "\n".join(out) + "\n"


def from_pokerstars(text: str, *, seed: int | None = 0) -> Hand:
    """The homegame hand a PokerStars hand history records (see :func:`pokerstars_to_phh`).

    Seat 0 is the first player left of the button; the button is the last seat.
    """
    return from_phh(pokerstars_to_phh(text), seed=seed)
