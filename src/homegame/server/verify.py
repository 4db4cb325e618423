"""Checks finished hands' provable shuffles against the seed chain (``docs/fairness.md``).

A hand file is what ``GET /api/tables/TABLE/hands/N.json`` returns: the commitment, the seed and deck
revealed after the hand, ``start.shuffle`` (scheme, chain, head, index, contributions), how the hand
started, and its actions. :func:`verify_table` checks a table's hands together (the links between
them) and, when given, against what a player's page recorded during the game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import homegame as hg
from homegame.table import make_game, make_stakes
from homegame.table.fairness import SCHEME, derive_deck, is_hex32, sha256_hex
from homegame.table.house import agree_at

#: What ``homegame verify`` says about a file of hands played locally.
NO_COMMITMENT = ("this file has no shuffle commitment (a hand played locally with `homegame play` or "
                 "`homegame simulate`, shuffled on this computer): there is nothing to verify; "
                 "`homegame replay FILE` shows it")


class NotAHandFile(ValueError):
    """A file that holds no server hand to verify (``str(exc)`` says why)."""


@dataclass
class Verdict:
    """What :func:`verify_hand` found: ``ok`` and one line per check."""

    ok: bool = True
    checks: list[tuple[str, bool]] = field(default_factory=list)

    def add(self, what: str, passed: bool) -> None:
        """Record one check."""
        self.checks.append((what, passed))
        self.ok = self.ok and passed


def _walk(seed: str, times: int) -> str:
    for _ in range(times):
        seed = sha256_hex(seed)
    return seed


def verify_hand(data: dict[str, Any], anchor: tuple[int, str] | None = None) -> Verdict:
    """Check a hand file: its seed is the chain's link for this hand (``SHA-256(seed)`` is the
    commitment, and hashing it ``index`` times gives the head, or ``index - j`` times the seed
    ``anchor = (j, s_j)`` of an earlier hand), the deck is the one the seed and the contributions
    give, the hand was dealt from it, and replaying the actions gives the recorded payoffs."""
    v = Verdict()
    deck = [str(c) for c in data.get("deck") or []]
    seed = str(data.get("salt") or "")
    commitment = str(data.get("commitment") or "")
    record = (data.get("start") or {}).get("shuffle") or {}
    v.add("the deck is 52 different cards", len(deck) == 52 and len(set(deck)) == 52)
    if record.get("scheme") != SCHEME:
        v.add("the hand's seed belongs to a chain published when the table opened (this hand has no chain "
              "record: its commitment could have been made after the fact)", False)
    else:
        index = int(record.get("index") or 0)
        head = str(record.get("head") or "")
        contributions = [str(c.get("value")) for c in record.get("contributions") or []]
        v.add("the revealed seed is 32 bytes of hex", is_hex32(seed))
        good_seed = is_hex32(seed) and is_hex32(commitment)
        v.add("SHA-256 of the revealed seed equals the published commitment",
              good_seed and sha256_hex(seed) == commitment == record.get("commitment"))
        if anchor is not None and 0 <= anchor[0] < index:
            j, link = anchor
            v.add(f"hashing the seed {index - j} times gives the seed of chain index {j}",
                  good_seed and _walk(seed, index - j) == link)
        else:
            v.add(f"hashing the seed {index} times gives the chain head {head[:16]}…",
                  good_seed and index >= 1 and is_hex32(head) and _walk(seed, index) == head)
        try:
            derived = derive_deck(seed, contributions)
        except ValueError:
            derived = []
        v.add(f"the deck is the one derived from the seed and the {len(contributions)} players' contribution(s)",
              derived == deck)
    history = data.get("history") or {}
    used = history.get("deck", "")
    used_cards = used.split() if isinstance(used, str) else [str(c) for c in used]
    v.add("the hand was dealt from the committed deck", used_cards == deck[:len(used_cards)] and bool(used_cards))
    start = data.get("start") or {}
    v.add("the hand's start seats as many players as it has stacks, names and holders",
          len(start.get("dealt") or []) == len(start.get("stacks") or [])
          and all(len(start.get(k) or start["stacks"]) == len(start["stacks"]) for k in ("names", "holders")))
    v.add("the hand's number is its start's", data.get("number", start.get("number")) == start.get("number"))
    try:
        game = make_game(start["game"], start["rules"], start.get("file"))  # an uploaded game: its file
        hand = game.deal(start["stacks"], stakes=make_stakes(start["stakes"], one_blind=True), button=start["button"], deck=deck,
                         options=start.get("options"))
        agreed = [list(a) for a in (history.get("agreements") or [])]
        agree_at(hand, agreed, 0)
        for count, (seat, action) in enumerate(data["actions"], start=1):
            hand.act(seat, action)
            agree_at(hand, agreed, count)
        replayed = [int(x) for x in hand.payoffs]
        v.add("replaying the actions on the committed deck gives the recorded payoffs",
              replayed == list(data.get("payoffs") or []))
        # the start and the history must tell the same hand: played from the start, the actions give the
        # recorded history (shows by choice after the hand aside: the replay does not make them)
        mine = json.loads(hand.history.to_json())
        differ = sorted(k for k in set(mine) | set(history) if k != "shows" and mine.get(k) != history.get(k))
        v.add("the hand's start and actions give its recorded history" +
              (f" (they differ in: {', '.join(differ)})" if differ else ""), not differ)
        again = hg.replay(json.dumps(history))
        v.add("the engine's own history replays to the same payoffs", list(again.payoffs) == replayed)
    except Exception as exc:  # noqa: BLE001 - whatever a forged file makes the engine do, it does not verify
        v.add(f"the hand replays ({type(exc).__name__}: {str(exc)[:200]})", False)
    return v


#: What a hand file's fields must be (a file that is not so is unreadable, not "not verified").
_SHAPE: dict[str, tuple[type, ...]] = {"start": (dict,), "actions": (list,), "history": (dict,), "deck": (list, str),
                                       "payoffs": (list,), "salt": (str,), "commitment": (str,), "number": (int,)}
_START_SHAPE: dict[str, tuple[type, ...]] = {"game": (str,), "rules": (dict,), "stakes": (dict,), "stacks": (list,),
                                             "button": (int,), "dealt": (list,), "shuffle": (dict,),
                                             "names": (list,), "holders": (list,)}
_SHUFFLE_SHAPE: dict[str, tuple[type, ...]] = {"scheme": (str,), "chain": (int,), "index": (int,), "head": (str,),
                                               "commitment": (str,), "contributions": (list,)}


def shape_problem(data: Any) -> str | None:
    """Why ``data`` is not a hand file :func:`verify_hand` can read (a field missing or of the wrong
    type), or ``None``.

    >>> shape_problem({"start": {}, "actions": [], "history": [1, 2]})
    'history must be an object, not a list'
    >>> shape_problem({"start": {"game": "holdem", "stacks": [100, "x"]}, "actions": [[0, "fold"]], "history": {}})
    'start.stacks must be a list of whole numbers'
    """
    if not isinstance(data, dict):
        return f"a hand file is a JSON object, not {type(data).__name__}"
    start = data.get("start")
    shuffle = start.get("shuffle") or {} if isinstance(start, dict) else {}
    for where, fields, value in (("", _SHAPE, data), ("start.", _START_SHAPE, start),
                                 ("start.shuffle.", _SHUFFLE_SHAPE, shuffle)):
        if not isinstance(value, dict):
            return f"{where.rstrip('.') or 'the hand'} must be an object"
        for key, kinds in fields.items():
            if key in value and value[key] is not None and (not isinstance(value[key], kinds)
                                                            or isinstance(value[key], bool)):
                names = " or ".join({"dict": "an object", "list": "a list", "str": "text", "int": "a whole number"}
                                    [k.__name__] for k in kinds)
                return f"{where}{key} must be {names}, not {_json_type(value[key])}"
    for key in ("start", "actions"):
        if key not in data:
            return f"a hand file needs {key}"
    if not all(isinstance(c, dict) for c in shuffle.get("contributions") or []):
        return "start.shuffle.contributions must be a list of objects"
    stated: dict[str, Any] = data["start"]
    for key in ("stacks", "dealt"):
        if not all(type(x) is int for x in stated.get(key) or []):
            return f"start.{key} must be a list of whole numbers"
    if not all(isinstance(a, list) and len(a) == 2 and type(a[0]) is int and isinstance(a[1], str)
               for a in data["actions"]):
        return "actions must be a list of [seat, action] pairs"
    if not all(type(x) is int for x in data.get("payoffs") or []):
        return "payoffs must be a list of whole numbers"
    return None


def _json_type(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", int: "a number", float: "a number", bool: "true or false",
            type(None): "null"}.get(type(value), type(value).__name__)


def _recorded_checks(v: Verdict, number: int, data: dict[str, Any], recorded: dict[str, Any]) -> None:
    record = (data.get("start") or {}).get("shuffle") or {}
    mine = (recorded.get("hands") or {}).get(str(number))
    head = (recorded.get("heads") or {}).get(str(record.get("chain")))
    if head is not None:
        v.add(f"the chain head is the one the player's page recorded ({str(head)[:16]}…)", head == record.get("head"))
    if not isinstance(mine, dict):
        return
    if mine.get("commitment"):
        v.add("the commitment is the one the player's page saw during the hand",
              mine["commitment"] == data.get("commitment"))
    values = [c.get("value") for c in record.get("contributions") or []]
    if mine.get("mine") and mine.get("acked"):
        v.add("the player's own contribution was used", mine["mine"] in values)


def verify_table(hands: list[dict[str, Any]], recorded: dict[str, Any] | None = None) -> list[tuple[int, Verdict]]:
    """Check every hand and the links between them (one head per chain, consecutive indexes, each
    seed hashing to the previous hand's), and against a page's ``recorded`` commitments."""
    out: list[tuple[int, Verdict]] = []
    heads: dict[int, str] = {}
    offsets: dict[int, int] = {}
    anchors: dict[int, tuple[int, str]] = {}

    def key(d: dict[str, Any]) -> tuple[int, int]:
        r = (d.get("start") or {}).get("shuffle") or {}
        return int(r.get("chain") or 0), int(r.get("index") or 0)

    for data in sorted(hands, key=key):
        number = int(data.get("number") or (data.get("start") or {}).get("number") or 0)
        record = (data.get("start") or {}).get("shuffle") or {}
        chain = int(record.get("chain") or 0)
        v = verify_hand(data, anchors.get(chain))
        if record.get("scheme") == SCHEME:
            head, index = str(record.get("head")), int(record.get("index") or 0)
            v.add(f"the hand names chain {chain}'s head as the other hands do", heads.setdefault(chain, head) == head)
            v.add(f"hand {number} sits at chain index {index} as the other hands' numbering says",
                  offsets.setdefault(chain, number - index) == number - index)
            if v.ok:
                anchors[chain] = (index, str(data.get("salt")))
        if recorded is not None:
            _recorded_checks(v, number, data, recorded)
        out.append((number, v))
    return sorted(out, key=lambda x: x[0])


def _is_hand(data: Any) -> bool:
    return isinstance(data, dict) and (data.get("format") == "homegame-hand" or "commitment" in data)


def _hands_in(value: Any, where: str) -> list[dict[str, Any]]:
    items = value if isinstance(value, list) else [value]
    hands = [x for x in items if _is_hand(x)]
    if not hands:
        if items and all(isinstance(x, dict) and ("actions" in x or "deck" in x) for x in items):
            raise NotAHandFile(NO_COMMITMENT.replace("FILE", where))
        raise NotAHandFile(f"{where} holds no hand file (the JSON a table's 'hand JSON' link downloads)")
    for n, hand in enumerate(hands, start=1):
        problem = shape_problem(hand)
        if problem is not None:
            raise ValueError(f"{where}: " + (f"hand {n}: " if len(hands) > 1 else "") + problem)
    return hands


def hands_in(value: Any, where: str) -> list[dict[str, Any]]:
    """The hand files in a JSON value read from ``where`` (one hand or a list of them), each checked
    by :func:`shape_problem`: :class:`NotAHandFile` if it holds none, ``ValueError`` saying which field
    is wrong if one is ill-typed."""
    return _hands_in(value, where)


def load_hands(path: Path) -> list[dict[str, Any]]:
    """The hand files in ``path``: one hand, a JSON list, JSON lines, or a folder of them. Raises
    :class:`NotAHandFile` for files with no server hand (a locally played ``.jsonl``), ``OSError``
    or ``ValueError`` (with the line) for unreadable ones."""
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix in (".json", ".jsonl"))
        if not files:
            raise NotAHandFile(f"the folder {path} has no .json or .jsonl files")
        return [h for f in files for h in load_hands(f)]
    text = path.read_text(encoding="utf-8")
    try:
        return _hands_in(json.loads(text), str(path))
    except json.JSONDecodeError as whole:
        values = []
        for n, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    values.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{path}: neither one JSON value ({whole.msg}) nor JSON lines "
                                     f"(line {n}: {exc.msg})") from None
        return _hands_in(values, str(path))


__all__ = ["NO_COMMITMENT", "NotAHandFile", "Verdict", "hands_in", "load_hands", "shape_problem", "verify_hand",
           "verify_table"]
