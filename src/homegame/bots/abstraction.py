"""The action abstraction and the card-text helpers a bot needs to play a solved policy.

One fixed integer action space per game (:class:`ActionSpace`), and its translation to and from
``hand.act`` texts; :func:`strip_suits` for research decks (at most four ranks, where suits decide
nothing). :mod:`homegame.rl.actions` and :mod:`homegame.rl.encode` re-export them (``rl`` sits above
``bots``; this module imports only ``rules`` and :mod:`homegame.bots.base`, whose records of the legal
actions it reads).

Ids, for a game whose seats hold at most ``M`` cards:

- ``0`` fold, ``1`` check or call;
- ``2 .. 2 + len(bets)``: bet or raise; id ``2 + i`` raises to ``fraction_i`` of the pot after a call
  (``bets`` is the abstraction parameter, pot fractions, default ``(0.5, 1.0)``), the last one the most
  allowed (all in, or the pot-limit maximum); each is clamped into the legal range, and an id whose
  amount an earlier id already gives is not offered. Fixed-limit has one size: only id ``2`` is offered;
- ``C + mask`` (``C = 3 + len(bets)``, ``mask < 2**M``): a card choice, the bit ``i`` set for the
  seat's ``i``-th card (``view["cards"]`` order): a pass, a discard (down to ``keep`` or a draw, ``0``
  stands pat) or an exposure (one face-down card);
- ``A + k`` (``A = C + 2**M``; only games with an arrangement): the ``k``-th permutation of the seat's
  cards (lexicographic, ``itertools.permutations``), the first to roll first;
- ``D + 0/1/2`` (``D`` = after those): declare high, low, both.

>>> import homegame as hg
>>> space = ActionSpace(hg.game("three-hole"))
>>> space.size, space.card_base, space.declare_base
(16, 5, 13)
>>> view = {"cards": ["As", "7d", "7c"], "up": [], "legal": ["fold", "call 2", "raise 4..100"],
...         "seat": 0, "pot": 6, "seats": [{"bet": 2}, {"bet": 4}]}
>>> space.legal(view)
{0: 'fold', 1: 'call', 2: 'raise 8', 3: 'raise 12', 4: 'raise 100'}
>>> space.legal({"cards": ["As", "7d", "7c"], "up": ["7d"], "legal": ["expose"], "seats": []})
{6: 'expose As', 9: 'expose 7c'}
"""

from __future__ import annotations

import itertools
import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from homegame.bots.base import legal_records
from homegame.rules.spec import Game

View = Mapping[str, Any]

_SUIT = re.compile(r"\b([2-9TJQKA])[cdhs]\b")
_RANKS = "23456789TJQKA"


def strip_suits(text: str) -> str:
    """``text`` with every card written as its rank alone.

    >>> strip_suits("Seat 0 exposes Kd; cards As 7d")
    'Seat 0 exposes K; cards A 7'
    """
    return _SUIT.sub(r"\1", text)


def max_cards(game: Game) -> int:
    """The most cards a seat of ``game`` can hold at once (7 for seven-card stud and Pass The Trash; at
    least 1), as the game counts them from its steps (:meth:`~homegame.rules.spec.Game.most_held`)."""
    return max(game.most_held(), 1)


class ActionSpace:
    """The integer actions of ``game`` (see the module's notes); ``bets`` the pot fractions offered."""

    def __init__(self, game: Game, bets: Sequence[float] = (0.5, 1.0)) -> None:
        if any(not 0 < f <= 100 for f in bets):
            raise ValueError(f"bet sizes are pot fractions above 0 (at most 100), not {list(bets)}")
        self.game = game
        self.bets = tuple(float(f) for f in bets)
        self.cards = max_cards(game)
        self.card_base = 3 + len(self.bets)
        kinds = {s.kind for s in game.steps}
        self.arrange_base = self.card_base + 2 ** self.cards
        self.perms = math.factorial(self.cards) if "arrange" in kinds else 0
        self.declare_base = self.arrange_base + self.perms
        self.size = self.declare_base + 3

    def legal(self, view: View) -> dict[int, str]:
        """The legal actions of the seat whose view this is: id -> the text ``hand.act`` takes."""
        out: dict[int, str] = {}
        cards: list[str] = list(view.get("cards", []))
        for record in legal_records(view):  # the view's records (strings only in a view written by hand)
            verb = record["kind"]
            if verb == "fold":
                out[0] = "fold"
            elif verb in ("check", "call"):
                out[1] = verb
            elif verb in ("bet", "raise"):
                self._sizes(view, verb, record["min"], record["max"], out)
            elif verb in ("pass", "discard", "expose"):
                self._choices(view, verb, record["cards"] or 0, cards, out)
            elif verb == "arrange":
                for k, perm in enumerate(itertools.permutations(range(len(cards)))):
                    out[self.arrange_base + k] = "arrange " + " ".join(cards[i] for i in perm)
            elif verb == "declare" and record["choice"]:
                out[self.declare_base + ("high", "low", "both").index(record["choice"])] = record["text"]
        return dict(sorted(out.items()))

    def _sizes(self, view: View, verb: str, low: int, high: int, out: dict[int, str]) -> None:
        if low == high:
            out[2] = f"{verb} {low}"
            return
        bets = [int(s.get("bet", 0)) for s in view.get("seats", [])]
        seat = view.get("seat")
        mine = bets[seat] if isinstance(seat, int) and seat < len(bets) else 0
        top = max(bets, default=0)
        after_call = int(view.get("pot", 0)) + top - mine
        given: set[int] = set()
        amounts = [top + round(f * after_call) for f in self.bets] + [high]
        for i, amount in enumerate(amounts):
            amount = min(max(amount, low), high)
            if amount not in given:
                given.add(amount)
                out[2 + i] = f"{verb} {amount}"

    def _choices(self, view: View, verb: str, count: int, cards: list[str], out: dict[int, str]) -> None:
        if verb == "expose":
            up = set(view.get("up", []))
            for i, card in enumerate(cards):
                if card not in up:
                    out[self.card_base + (1 << i)] = f"expose {card}"
            return
        for combo in itertools.combinations(range(len(cards)), count):
            mask = sum(1 << i for i in combo)
            out[self.card_base + mask] = " ".join([verb, *(cards[i] for i in combo)])

    def describe(self, action: int) -> str:
        """An id in words, without a view (for logs and ``action_to_string``)."""
        if action == 0:
            return "fold"
        if action == 1:
            return "check/call"
        if action < self.card_base:
            i = action - 2
            return "bet max" if i == len(self.bets) else f"bet {self.bets[i]:g} pot"
        if action < self.arrange_base:
            mask = action - self.card_base
            return "cards " + ",".join(str(i) for i in range(self.cards) if mask >> i & 1)
        if action < self.declare_base:
            return f"arrangement {action - self.arrange_base}"
        return "declare " + ("high", "low", "both")[action - self.declare_base]


#: the version of :func:`projection`; a policy file names the projection its keys were made with
PROJECTION = "projection/1"
#: public log entries the projection keeps: a seat's betting action, an exposure, a roll, a declaration, a draw
#: (every other entry is left out: antes, passes of hidden cards, showdowns, and "has chosen" / "has
#: arranged", whose order in a simultaneous step is only who was quicker)
_SEAT_EVENT = re.compile(r"^Seat (\d+) (checks|calls|bets|raises|folds|completes|brings in|exposes|rolls"
                         r"|declares|draws|stands pat|discards)\b ?(.*)$")
#: a seat's committed choice in a simultaneous step ("Seat 2 has chosen to pass 1 card") or an arrangement
_CHOSEN = re.compile(r"^Seat \d+ has (chosen|arranged)\b")
_BETTING = ("checks", "calls", "bets", "raises", "folds", "completes", "brings in")
_BOARD_EVENT = re.compile(r"^[^:]+: ((?:[2-9TJQKA][cdhs] ?)+)$")
_PRIVATE = ("pass", "discard", "draw", "arrange")


def _ranks(cards: Sequence[str]) -> list[str]:
    return sorted((c[0] for c in cards), key=_RANKS.index)


def _in_position_order(reveals: list[tuple[int, str]]) -> list[str]:
    return [text for _, text in sorted(reveals, key=lambda r: r[0])]


def projection(view: View, own: Sequence[str]) -> dict[str, Any]:
    """The part of a seat's view a solved policy is keyed on, on a research deck (suits decide nothing).

    Seats are named by position, the button ``0`` and on round the table in seat order; cards by rank.

    - ``pos``: the seat's position;
    - ``down``, ``up``: its face-down and face-up cards, each sorted by rank (their order says nothing);
    - ``shown``: each position's face-up cards, sorted by rank;
    - ``board``: the community cards in order;
    - ``public``: the public events in order, from ``view["log"]``: each position's betting action
      (``"1 bets 1"``), exposure, roll, declaration or draw (the reveals of one simultaneous step in
      position order), and each community card dealt (``"board Q"``);
    - ``own``: the seat's own hidden choices in order (passes, discards, draws, arrangements), cards by rank.

    Nothing else of the view (its other fields, or any field added later) changes the key.

    >>> view = {"seat": 1, "button": 1, "cards": ["Kd", "Ah", "Kc"], "up": ["Ah"], "board": [],
    ...         "seats": [{"seat": 0, "up": []}, {"seat": 1, "up": ["Ah"]}],
    ...         "log": ["Seat 0 antes 1", "Seat 1 antes 1", "Seat 0 bets 1", "Seat 1 exposes Ah"]}
    >>> projection(view, ["expose Ah"])
    {'pos': 0, 'down': ['K', 'K'], 'up': ['A'], 'shown': [['A'], []], 'board': [], 'public': ['1 bets 1', '0 exposes A'], 'own': []}
    """
    seats = [int(s["seat"]) for s in view.get("seats", [])]
    players = max(len(seats), 1)
    button = int(view.get("button") or 0)
    first = seats.index(button) if button in seats else 0
    order = {s: (i - first) % players for i, s in enumerate(seats)}
    up = list(view.get("up", []))
    down = list(view.get("cards", []))
    for card in up:
        if card in down:
            down.remove(card)
    shown: list[list[str]] = [[] for _ in range(players)]
    for s in view.get("seats", []):
        shown[order[int(s["seat"])]] = _ranks(s.get("up", []))
    public: list[str] = []
    reveals: list[tuple[int, str]] = []  # a simultaneous step's reveals, put in position order
    for entry in view.get("log", []):
        seat_event = _SEAT_EVENT.match(entry)
        board_event = _BOARD_EVENT.match(entry)
        if _CHOSEN.match(entry):  # a new simultaneous step: the last one's reveals are complete
            public.extend(_in_position_order(reveals))
            reveals = []
            continue
        if seat_event is not None and int(seat_event.group(1)) in order:
            words = strip_suits(f"{seat_event.group(2)} {seat_event.group(3)}".split(" and is all in")[0]).strip()
            pos = order[int(seat_event.group(1))]
            if seat_event.group(2) not in _BETTING:
                reveals.append((pos, f"{pos} {words}"))
                continue
            event = f"{pos} {words}"
        elif board_event is not None:
            event = "board " + strip_suits(board_event.group(1)).strip()
        else:
            continue
        public.extend(_in_position_order(reveals))
        reveals = []
        public.append(event)
    public.extend(_in_position_order(reveals))
    mine = [strip_suits(a) for a in own if a.split(" ", 1)[0] in _PRIVATE]
    return {"pos": order.get(int(view.get("seat") or 0), 0), "down": _ranks(down), "up": _ranks(up),
            "shown": shown, "board": [c[0] for c in view.get("board", [])], "public": public, "own": mine}


def projection_key(view: View, own: Sequence[str]) -> str:
    """:func:`projection` as canonical JSON text (what a solved policy's digests are taken of)."""
    return json.dumps(projection(view, own), sort_keys=True, separators=(",", ":"))


def bet_fractions(text: str) -> list[float]:
    """The ``bets`` parameter of a solved setting: pot fractions separated by ``;`` (which OpenSpiel's
    game strings keep whole) or ``,``.

    >>> bet_fractions("0.5;1"), bet_fractions("0.5,1,2")
    ([0.5, 1.0], [0.5, 1.0, 2.0])
    """
    return [float(x) for x in re.split(r"[;,]", text) if x.strip()]


def house_rules(text: str) -> dict[str, Any]:
    """The ``rules`` parameter of a solved setting: JSON, its items separated by ``,`` or by ``;`` (the
    form :func:`rules_text` writes, which OpenSpiel's game strings keep whole; no option value holds
    either character).

    >>> house_rules('{"passes":[3;2;1];"split":"high"}') == house_rules('{"passes": [3, 2, 1], "split": "high"}')
    True
    """
    rules = json.loads(text.replace(";", ","))
    if not isinstance(rules, dict):
        raise ValueError(f"rules must be a JSON object of house rules, not {text!r}")
    return rules


def rules_text(rules: Mapping[str, Any]) -> str:
    """House rules as the ``rules`` parameter: sorted JSON with ``;`` between items, no comma.

    >>> rules_text({"split": "high", "passes": [3, 2, 1]})
    '{"passes":[3;2;1];"split":"high"}'
    """
    return json.dumps(dict(rules), sort_keys=True, separators=(";", ":"))
