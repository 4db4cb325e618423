"""What the terminal says around the table: the house rules, what each step asks of you, the cards you
were passed or dealt, and the public log with coloured cards.

Everything here reads views (``hand.view(seat)``), so it never tells a seat more than it may know.

>>> rules_line({"split": "declare", "passes": [3, 2, 1], "burn": True, "qualifier": None},
...            {"structure": "fixed-limit", "ante": 1, "blinds": [], "small_bet": 2, "big_bet": 4, "bring_in": 0})
'House rules: split declare · passes 3,2,1 · burn yes · qualifier none. Stakes: fixed-limit, ante 1, bets 2/4.'
>>> log_markup("Seat 1 shows Qh 9c Ts")
'Seat 1 shows [bold red]Q♥[/] [bold green]9♣[/] [bold]T♠[/]'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from homegame.cli.render import card_markup, plain_cards

View = Mapping[str, Any]

_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def stakes_text(stakes: Mapping[str, Any]) -> str:
    """``"fixed-limit, ante 1, bets 2/4"`` from a view's stakes."""
    parts = [str(stakes.get("structure", ""))]
    if stakes.get("ante"):
        parts.append(f"ante {stakes['ante']}")
    if stakes.get("blinds"):
        parts.append("blinds " + "/".join(str(b) for b in stakes["blinds"]))
    if stakes.get("small_bet") or stakes.get("big_bet"):
        parts.append(f"bets {stakes.get('small_bet', 0)}/{stakes.get('big_bet', 0)}")
    if stakes.get("bring_in"):
        parts.append(f"bring-in {stakes['bring_in']}")
    return ", ".join(parts)


def rules_line(rules: Mapping[str, Any], stakes: Mapping[str, Any]) -> str:
    """Every house rule in force and the stakes, on one line, as the table announces them before the deal."""
    split = rules.get("split")
    unused = {"high": {"low", "qualifier", "swing_ties"}, "high-low": {"swing_ties"}}.get(str(split), set())
    chosen = " · ".join(f"{key} {_value_text(value)}" for key, value in rules.items() if key not in unused)
    return f"House rules: {chosen}. Stakes: {stakes_text(stakes)}."


def log_markup(line: str) -> str:
    """A public log line with its cards coloured (``Qh`` becomes a red ``Q♥``)."""
    return _CARD_TOKEN.sub(lambda m: card_markup(m.group(1)), line)


def pass_partners(view: View) -> tuple[int, int] | None:
    """(the seat your passed cards go to, the seat whose cards you receive), counting players still in."""
    from homegame.rules.choices import pass_offset

    you = view.get("seat")
    rules = view.get("rules") or {}
    live = [int(info["seat"]) for info in view["seats"] if not info.get("folded")]
    if you is None or you not in live or len(live) < 2:
        return None
    offset = pass_offset(int(rules.get("pass_distance") or 1), len(live))
    if rules.get("pass_direction", "left") == "right":
        offset = -offset
    here = live.index(you)
    return live[(here + offset) % len(live)], live[(here - offset) % len(live)]


def _count(n: int, word: str = "card") -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def step_hint(view: View) -> str:
    """What the step waiting on you asks, in words, with an example you could type ('' for betting)."""
    options = list(view.get("legal_options") or [])
    kind = (view.get("step") or {}).get("kind")
    cards = list(view.get("cards") or [])
    up = set(view.get("up") or [])
    if not options or kind == "bet":
        return _table_cards_hint(view) if kind == "bet" else ""
    first = options[0]
    if kind == "pass" and first["kind"] == "pass" and first["cards"] is not None:
        n = first["cards"]
        partners = pass_partners(view)
        where = f" to Seat {partners[0]}; you receive {_count(n)} from Seat {partners[1]}" if partners else ""
        return (f"Choose {_count(n)} to pass{where}. Everyone chooses at once. "
                f"Type e.g. pass {plain_cards(cards[:n])}.")
    if kind == "draw":
        n = max((o["cards"] or 0 for o in options if o["kind"] == "discard"), default=0)
        return (f"Your draw: throw away up to {_count(n)} and be dealt as many, or stand pat. The others see "
                f"only how many you draw. Type e.g. discard {plain_cards(cards[:min(2, n)])}, or just discard "
                "to stand pat.")
    if kind == "discard" and first["kind"] == "discard" and first["cards"] is not None:
        n = first["cards"]
        return f"Throw away {_count(n)}, keeping {len(cards) - n}. Type e.g. discard {plain_cards(cards[:n])}."
    if kind == "expose":
        hidden = [c for c in cards if c not in up]
        return (f"Turn one of your face-down cards face up ({plain_cards(hidden)}); the others stay hidden. "
                f"Type e.g. expose {plain_cards(hidden[:1])}.")
    if kind == "arrange":
        return (f"Set the order your {_count(len(cards))} will be turned face up, first card first; the order "
                f"is then locked. Type e.g. arrange {plain_cards(cards)}; name only the first few to keep the "
                "rest in this order, or just arrange to keep it all.")
    if kind == "declare":
        return ("Declare what you play for: high, low or both (both must win both ways). Everyone declares "
                "at once.")
    return ""


def _table_cards_hint(view: View) -> str:
    """Three-Hole: the other seats' face-up cards, which every player may use."""
    if str(view.get("game")) != "three-hole":
        return ""
    table = [c for info in view["seats"] if info["seat"] != view.get("seat") for c in info.get("up") or []]
    if not table:
        return ""
    text = f"Table cards you may use (two of them with your three): {plain_cards(table)}."
    if (view.get("rules") or {}).get("showdown_cards_count"):
        text += " At the showdown the other players' hidden cards count too."
    return text


def card_changes(before: Sequence[str], view: View, gave_to: tuple[int, int] | None = None) -> str:
    """What happened to your cards since you last looked: passed and received, dealt, or thrown away."""
    after = list(view.get("cards") or [])
    gone = [c for c in before if c not in after]
    new = [c for c in after if c not in before]
    if gone and new:
        to, came = (f" to Seat {gave_to[0]}", f" from Seat {gave_to[1]}") if gave_to else ("", "")
        return f"You passed {plain_cards(gone)}{to} and received {plain_cards(new)}{came}."
    if new:
        return f"You are dealt {plain_cards(new)}."
    if gone:
        return f"You threw away {plain_cards(gone)}."
    return ""
