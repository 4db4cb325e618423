"""A game written out as a game file: every step literally, every house rule fixed at its value.

``load_game(dump(g)) == g`` for any game (the round trip of tests/test_game_files.py).

>>> from homegame.games import game, load_game
>>> g = game("passem", burn=False)
>>> load_game(dump(g)) == g
True
"""

from __future__ import annotations

import json
from typing import Any

from homegame.rules.spec import Game, Step

_SPLIT = ("split", "low", "qualifier", "swing_ties")


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):  # an inline table
        return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    return json.dumps(str(value), ensure_ascii=False)


def _option(name: str, value: Any) -> list[str]:
    lines = [f"[options.{name}]"]
    if isinstance(value, bool):
        lines += ['type = "flag"', f"default = {_toml(value)}"]
    elif value is None:
        lines += ['type = "whole"', "min = 0", "max = 0", "none = true", 'default = "none"']
    elif isinstance(value, int):
        lines += ['type = "whole"', f"min = {value}", f"max = {value}", f"default = {value}"]
    elif isinstance(value, (list, tuple)):
        lo, hi = (min(value), max(value)) if value else (0, 0)
        lines += ['type = "counts"', f"min = {lo}", f"max = {hi}", f"most = {len(value)}",
                  f"default = {_toml(list(value))}"]
    else:
        lines += ['type = "choice"', f"values = [{_toml(value)}]", f"default = {_toml(value)}"]
    return lines


def _step(s: Step) -> list[str]:
    lines = ["[[steps]]", f"kind = {_toml(s.kind)}", f"label = {_toml(s.label.replace('{', '{{').replace('}', '}}'))}"]
    if s.kind == "deal":
        lines.append(f"faces = {_toml(['up' if f else 'down' for f in s.faces])}")
    elif s.kind in ("board", "draw"):
        lines += [f"count = {s.count}", f"burn = {_toml(s.burn)}"]
    elif s.kind == "pass":
        lines += [f"count = {s.count}", f"direction = {_toml('left' if s.direction > 0 else 'right')}",
                  f"distance = {s.distance}"]
    elif s.kind == "discard":
        lines.append(f"keep = {s.keep}")
    elif s.kind == "bet":
        lines += [f"big = {_toml(s.big)}", f"opener = {_toml(s.opener)}"]
    elif s.kind == "buy":
        lines += [f"rank = {_toml(s.rank)}", f"price = {s.price}"]
    elif s.kind == "strike":
        lines += [f"rank = {_toml(s.rank)}", f"rule = {_toml(s.rule)}"]
    return lines


def dump(game: Game) -> str:
    """The game file of ``game`` with its house rules fixed (each option allows only its value)."""
    q = game.qualifier
    out = ['format = "homegame-game/1"', f"name = {_toml(game.name)}", f"title = {_toml(game.title)}",
           f"players = [{game.min_players}, {game.max_players}]", f"usage = {_toml(game.use.to_toml())}"]
    if game.phh:
        out.append("phh = {" + ", ".join(f"{_toml(k)} = {_toml(v)}" for k, v in game.phh) + "}")
    if game.par != 2.0:
        out.append(f"par = {game.par}")
    if game.wild:
        out.append(f"wild = {_toml(game.wild)}")
    if game.ranks != "23456789TJQKA":
        out.append('deck = "short"')
    out.append("")
    split_done = False
    for name, value in game.rules.items():
        if name in _SPLIT:
            if not split_done:
                out += ["[options.split]", 'type = "split"', f"default = {_toml(game.split)}",
                        f"low = {_toml(game.low)}", f"qualifier = {_toml('none' if q is None else q)}",
                        f"swing_ties = {_toml(game.swing_ties)}", ""]
                split_done = True
            continue
        out += [*_option(name, value), ""]
    for s in game.steps:
        out += [*_step(s), ""]
    return "\n".join(out)
