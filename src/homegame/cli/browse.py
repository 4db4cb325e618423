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
from homegame.cli.handfile import HandFileError, StoredHand, choose, read_hands
from homegame.cli.options import RULE_HELP, allowed_text, load_game, user_errors
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
            rules.add_row(f"--rule {option}=", _default_text(default), allowed_text(str(allowed)))
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


#: How many hands the listing of a many-hand file describes before it only counts the rest.
LISTED = 20


def hand_summary(stored: StoredHand) -> str:
    """One line for a hand in a file's listing: game, players, where it was played, who won."""
    import homegame as hg

    history = stored.history
    try:
        title = hg.game(str(history.get("game"))).title
    except (ValueError, TypeError):
        title = str(history.get("game"))
    players = len(history.get("stacks") or [])
    parts = [title, f"{players} players"]
    if stored.origin:
        parts.append(stored.origin)
    try:
        payoffs = list(hg.replay(history).payoffs)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        parts.append(f"does not replay ({exc})")
        return " · ".join(parts)
    nets = [f"{_seat_name(stored, s)} {p:+d}" for s, p in enumerate(payoffs) if p]
    parts.append("net " + ", ".join(nets) if nets else "no chips changed hands")
    return " · ".join(parts)


def _seat_name(stored: StoredHand, seat: int) -> str:
    name = stored.names.get(seat)
    return f"seat {seat} ({name})" if name else f"seat {seat}"


def _list_hands(console: Console, file: Path, hands: list[StoredHand]) -> None:
    console.print(f"{file} holds {len(hands):,} hands; replay one with --hand N (1 to {len(hands):,}):")
    for number, stored in enumerate(hands[:LISTED], 1):
        console.print(f"{number:>4}  {hand_summary(stored)}", markup=False)
    if len(hands) > LISTED:
        console.print(f"      ... and {len(hands) - LISTED:,} more (hands {LISTED + 1} to {len(hands):,}).")


@app.command()
def replay(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="A hand file: an engine history (JSON), the table page's hand "
                                         "download, or a JSON-lines file from play --save or simulate --save.")],
    hand: Annotated[int | None, typer.Option("--hand", help="Which hand of a file of several, counting from 1 "
                                             "(without it, the file's hands are listed).")] = None,
    seat: Annotated[int | None, typer.Option("--seat", help="Show the table as this seat saw it (seats "
                                             "numbered from 0, as in the log).")] = None,
    reveal: Annotated[bool, typer.Option("--reveal/--no-reveal", help="List every seat's final cards.")] = True,
) -> None:
    """Replay a saved hand: its log, the table at the end, the showdown in words."""
    import homegame as hg

    console = _console()
    with user_errors(ctx):
        if file.is_dir():
            raise HandFileError(f"{file} is a folder: give replay a hand file, such as hand-2.json")
        hands = read_hands(file)
        if hand is None and len(hands) > 1:
            _list_hands(console, file, hands)
            return
        stored = choose(hands, hand, str(file))
        try:
            record = hg.replay(stored.history)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
            detail = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
            raise HandFileError(f"{stored.where} does not replay: {detail}") from None
        if seat is not None and not 0 <= seat < record.players:
            raise ValueError(f"--seat must be 0 to {record.players - 1}, not {seat}")
    view = record.view(seat)
    where = f" · {stored.origin}" if stored.origin else ""
    console.rule(f"{view.get('title', '')} · {record.players} players · button at seat {record.button}{where}")
    if stored.names:
        console.print("Players: " + ", ".join(_seat_name(stored, s) for s in range(record.players)), markup=False)
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
