"""``homegame games`` and ``homegame replay``: the games' steps and house rules, and saved hands replayed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from homegame.cli import app
from homegame.cli.options import RULE_HELP, load_game, user_errors
from homegame.cli.prompts import log_markup, rules_line
from homegame.cli.render import plain_cards, render_view, showdown_words


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


@app.command()
def games(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Argument(help="One game to describe (default: every game).")] = None,
    rule: Annotated[list[str] | None, typer.Option("--rule", "-r", help=RULE_HELP + " Shows the steps as "
                                                   "those rules make them (one game only).")] = None,
    file: Annotated[str | None, typer.Option("--file", "-f", help="Check a game file (TOML, "
                                             "docs/games/game-files.md) and describe the game it declares.")] = None,
) -> None:
    """List each game: its players, its steps in order, and its house rules with their defaults."""
    import homegame as hg
    from homegame.games import OPTIONS

    options = OPTIONS
    with user_errors(ctx):
        if file is not None:
            from homegame.games.compose import options_of
            from homegame.games.gamefile import parse

            chosen = load_game(None, rule, file)
            assert chosen.source is not None
            options = {chosen.name: {k: (o.allowed, o.default) for k, o in
                                     options_of(parse(chosen.source)).items()}}
            names = [chosen.name]
            chosen_games = {chosen.name: chosen}
        else:
            if rule and not name:
                raise ValueError("--rule needs a game name: homegame games trash --rule passes=3,2,1")
            names = [hg.game(name).name] if name else list(hg.game_names())
            chosen_games = {n: load_game(n, rule) for n in names}

    console = _console()
    for engine_name in names:
        chosen = chosen_games[engine_name]
        steps = "\n".join(f"{i}. {line}" for i, line in enumerate(chosen.describe(), 1))
        rules = Table("house rule", "default", "allowed", box=None, header_style="dim")
        for option, (allowed, default) in options.get(engine_name, {}).items():
            rules.add_row(f"--rule {option}=", _default_text(default), str(allowed))
        body = Table.grid(padding=(0, 1))
        body.add_row(f"[dim]engine name[/] {engine_name} · [dim]players[/] "
                     f"{chosen.min_players} to {chosen.max_players}")
        body.add_row(steps)
        if rule:
            body.add_row(f"[dim]chosen[/] {', '.join(f'{k}={_default_text(v)}' for k, v in chosen.rules.items())}")
        body.add_row(rules)
        console.print(Panel(body, title=f"[bold]{chosen.title}[/]", expand=False))
    if file is not None:
        console.print(f"{file}: a valid game file")


def _default_text(value: Any) -> str:
    """A house rule's value as it is typed after ``--rule key=``: ``4,3,2,1``, ``true``, ``none``."""
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    if isinstance(value, str):
        return value
    return "none" if value is None else json.dumps(value)


def _history_text(path: Path, number: int) -> str:
    text = path.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1:
        try:
            json.loads(lines[0])
        except ValueError:
            return text
        if not 1 <= number <= len(lines):
            raise ValueError(f"{path} holds {len(lines)} hands: --hand must be 1 to {len(lines)}, not {number}")
        return lines[number - 1]
    if number != 1:
        raise ValueError(f"{path} holds one hand: --hand must be 1, not {number}")
    return text


@app.command()
def replay(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="A hand history (JSON), or a JSON-lines file from simulate --save.")],
    hand: Annotated[int, typer.Option("--hand", help="Which hand of a JSON-lines file, counting from 1.")] = 1,
    seat: Annotated[int | None, typer.Option("--seat", help="Show the table as this seat saw it.")] = None,
    reveal: Annotated[bool, typer.Option("--reveal/--no-reveal", help="List every seat's final cards.")] = True,
) -> None:
    """Replay a saved hand: its log, the table at the end, the showdown in words."""
    import homegame as hg

    with user_errors(ctx):
        try:
            record = hg.replay(_history_text(file, hand))
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(f"{file} is not a homegame hand history ({type(exc).__name__}: {exc})") from None
        if seat is not None and not 0 <= seat < record.players:
            raise ValueError(f"--seat must be 0 to {record.players - 1}, not {seat}")
    console = _console()
    view = record.view(seat)
    console.rule(f"{view.get('title', '')} · {record.players} players · button at seat {record.button}")
    console.print(rules_line(view.get("rules") or {}, view.get("stakes") or {}), soft_wrap=False)
    if reveal:
        for line in dealt_and_chosen(record):
            console.print(f"[cyan]{log_markup(line)}[/]")
    for line in view.get("log") or []:
        console.print(f"[dim]·[/] {log_markup(line)}")
    console.print(render_view(view))
    for line in showdown_words(view):
        console.print(line)
    if reveal:
        for info in record.view(None)["seats"]:
            if not info.get("shown"):
                s = int(info["seat"])
                console.print(f"Seat {s} held {plain_cards(record.view(s)['cards'])} at the end (not shown).")


#: The steps whose choices stay face down while they are made (the log shows only that they happened).
PRIVATE_VERBS = ("pass", "discard", "expose", "arrange", "declare")


def dealt_and_chosen(record: Any) -> list[str]:
    """Everything the public log hides, for a replay with --reveal: each seat's first cards and its
    face-down choices (which cards it passed, discarded, exposed, the order it arranged, its declaration)."""
    import homegame as hg

    data = json.loads(record.history.to_json())
    actions = data.get("actions") or []
    data["actions"] = []
    start = hg.replay(data)
    lines = [f"Seat {s} is dealt {' '.join(start.view(s)['cards'])}" for s in range(start.players)]
    for seat, text in actions:
        if str(text).split()[0] in PRIVATE_VERBS:
            lines.append(f"Seat {seat} chooses: {text}")
    return lines
