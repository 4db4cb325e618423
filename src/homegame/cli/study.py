"""``homegame odds``: each player's share of the pot in any game, and what the numbers assume."""

from __future__ import annotations

import re
import time
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from homegame.cli import app
from homegame.cli.options import RULE_HELP, load_game, user_errors
from homegame.cli.render import cards_markup, plain_cards

HOLE_HELP = ('Each player\'s known cards, one argument per player, e.g. "As Ks" "Qh Qd"; "" for a player whose '
             "cards are unknown.")
EXPOSED_HELP = 'Three-Hole: PLAYER=CARDS turned face up (players from 1), e.g. --exposed "1=Ks 9d".'
BOARD_HELP = ("Community cards already turned. Three-Hole: the cards players who folded left face up "
              "(table cards for everyone).")
TRIALS_HELP = "Sample this many outcomes (default: exact when feasible)."


def players_from_one(message: str) -> str:
    """An odds error with its players numbered from 1, as the command line and its table number them.

    >>> players_from_one("player 0 exposes Jc, a card they do not hold")
    'player 1 exposes Jc, a card they do not hold'
    """
    return re.sub(r"\bplayer (\d+)\b", lambda m: f"player {int(m.group(1)) + 1}", message)


def _parse_exposed(items: list[str] | None, players: int) -> dict[int, str] | None:
    """``["1=Kd 9h", ...]`` (player numbers from 1, as listed) to the contract's ``{index: cards}``."""
    if not items:
        return None
    out: dict[int, str] = {}
    for item in items:
        who, sep, held = item.partition("=")
        if not sep or not who.strip().isdigit():
            raise ValueError(f"--exposed {item!r} must be PLAYER=CARDS, e.g. --exposed \"1=Kd 9h\"")
        index = int(who) - 1
        if not 0 <= index < players:
            raise ValueError(f"--exposed names player {who}: players are numbered 1 to {players}")
        out[index] = held
    return out


@app.command()
def odds(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="The game (passem, sameem, pass-the-trash, three-hole, ...).")],
    hole: Annotated[list[str], typer.Argument(help=HOLE_HELP)],
    board: Annotated[str, typer.Option("--board", "-b", help=BOARD_HELP)] = "",
    exposed: Annotated[list[str] | None, typer.Option("--exposed", "-e", help=EXPOSED_HELP)] = None,
    trials: Annotated[int | None, typer.Option("--trials", "-t", help=TRIALS_HELP)] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed the sampling.")] = None,
    rule: Annotated[list[str] | None, typer.Option("--rule", "-r", help=RULE_HELP)] = None,
) -> None:
    """Each player's share of the pot at the showdown: exact when feasible, else sampled with its error."""
    import homegame as hg

    with user_errors(ctx):
        chosen = load_game(game, rule)
        if trials is not None and trials < 1:
            raise ValueError(f"--trials must be 1 or more, not {trials}")
        started = time.perf_counter()
        try:
            result = hg.equity(chosen, list(hole), board=board, exposed=_parse_exposed(exposed, len(hole)),
                               trials=trials, seed=seed)
        except ValueError as exc:
            raise ValueError(players_from_one(str(exc))) from None
        elapsed = time.perf_counter() - started
    outcomes = getattr(result, "outcomes", None)
    if not isinstance(outcomes, int):
        outcomes = trials
    count = f"{outcomes:,} outcome{'' if outcomes == 1 else 's'}" if outcomes else "outcomes"
    how = f"exact over {count}" if result.exact else f"sampled over {count}"
    console = Console(highlight=False)
    console.print(f"[bold]{chosen.title}[/] equity: {how}, {elapsed * 1000:.1f} ms")
    table = Table()
    table.add_column("player", justify="right")
    table.add_column("cards")
    table.add_column("share", justify="right")
    table.add_column("± std. error", justify="right")
    turned = {i: [str(c) for c in hg.cards(cs)] for i, cs in (_parse_exposed(exposed, len(hole)) or {}).items()}
    for i, (held, share) in enumerate(zip(hole, result.shares, strict=True)):
        error = result.stderr[i] if not result.exact else 0.0
        shown = cards_markup([str(c) for c in hg.cards(held)]) if held.strip() else "[dim]?[/]"
        if turned.get(i):
            shown += f" [dim](face up: {plain_cards(turned[i])})[/]"
        percent = f"{share * 100:.4f}%" if result.exact else f"{share * 100:.2f}%"
        table.add_row(str(i + 1), shown, percent, f"{error * 100:.3f}%" if error else "-")
    if board.strip():
        label = "folded players' face-up cards" if chosen.usage_name == "three-hole" else "board"
        console.print(f"{label} {cards_markup([str(c) for c in hg.cards(board)])}")
    console.print(table)
