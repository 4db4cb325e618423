"""``homegame odds`` and ``homegame simulate``: equities for any game and bot-against-bot simulations."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from homegame.cli import app
from homegame.cli.options import RULE_HELP, STAKES_HELP, load_game, parse_stakes, user_errors
from homegame.cli.render import cards_markup, plain_cards

HOLE_HELP = ('Each player\'s known cards, one argument per player, e.g. "As Ks" "Qh Qd"; "" for a player whose '
             "cards are unknown.")
EXPOSED_HELP = 'Three-Hole: PLAYER=CARDS turned face up (players from 1), e.g. --exposed "1=Ks 9d".'
BOARD_HELP = ("Community cards already turned. Three-Hole: the cards players who folded left face up "
              "(table cards for everyone).")
TRIALS_HELP = "Sample this many outcomes (default: exact when feasible)."
SIM_BOTS_HELP = "One bot per seat, comma-separated, in seat order: random, rule, equity."


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


def _bar_chart(rows: list[tuple[str, float, float]], width: int = 40) -> list[str]:
    """Horizontal bars of bb/100 around zero with the 95% interval as whiskers, as rich markup."""
    reach = max((abs(v) + ci for _, v, ci in rows), default=1.0) or 1.0
    half = width // 2
    out = []
    for label, value, ci in rows:
        cells = [" "] * (width + 1)
        lo = round(max(-reach, value - ci) / reach * half) + half
        hi = round(min(reach, value + ci) / reach * half) + half
        for i in range(lo, hi + 1):
            cells[i] = "─"
        end = round(value / reach * half) + half
        for i in range(min(half, end), max(half, end) + 1):
            cells[i] = "█"
        cells[half] = "│" if cells[half] == " " else cells[half]
        colour = "green" if value - ci > 0 else "red" if value + ci < 0 else "yellow"
        out.append(f"{label:>18} [{colour}]{''.join(cells)}[/] {value:+.1f}")
    return out


def _save_chart(result: Any, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    hands = np.arange(1, result.hands + 1)
    for seat in result.seats:
        left.plot(hands, np.cumsum(result.payoffs[:, seat.seat]) / result.big_bet, label=seat.label)
    left.set_xlabel("hands")
    left.set_ylabel("big bets won")
    left.set_title("Cumulative result")
    left.legend(fontsize="small")
    labels = [s.label for s in result.seats]
    right.barh(labels, [s.rate.bb100 for s in result.seats], xerr=[s.rate.ci95 for s in result.seats],
               color=["tab:green" if s.rate.low > 0 else "tab:red" if s.rate.high < 0 else "tab:olive"
                      for s in result.seats], capsize=4)
    right.invert_yaxis()
    right.axvline(0, color="black", linewidth=0.8)
    right.set_xlabel("big bets per 100 hands (95% CI)")
    right.set_title("Win rate")
    figure.suptitle(f"{result.game}: {result.hands} hands")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


@app.command()
def simulate(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(help="The game to simulate (or --game-file FILE).")] = None,
    bots: Annotated[str, typer.Option("--bots", help=SIM_BOTS_HELP)] = "equity,random",
    hands: Annotated[int, typer.Option("--hands", help="How many hands to play.")] = 1000,
    rule: Annotated[list[str] | None, typer.Option("--rule", "-r", help=RULE_HELP)] = None,
    stakes: Annotated[str | None, typer.Option("--stakes", help=STAKES_HELP)] = None,
    stack: Annotated[int | None, typer.Option("--stack", help="Starting chips per seat (default 100 big bets).")] = None,
    carry: Annotated[bool, typer.Option("--carry/--reset", help="Carry stacks from hand to hand, or reset them.")] = False,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed everything, for the same run again.")] = None,
    workers: Annotated[int | None, typer.Option("--workers", help="Processes to use (default: every core).")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Write every hand's history to this JSON-lines file.")] = None,
    chart: Annotated[Path | None, typer.Option("--chart", help="Save a PNG chart (cumulative result, win rates).")] = None,
    game_file: Annotated[str | None, typer.Option("--game-file", help="Simulate the game a game file declares "
                                                  "(docs/games/game-files.md).")] = None,
) -> None:
    """Play many hands between bots; win rates in big bets per 100 hands with 95% confidence intervals."""
    from homegame.sim import default_stakes
    from homegame.sim import simulate as run

    with user_errors(ctx):
        chosen = load_game(game, rule, game_file)
        table_stakes = parse_stakes(stakes) if stakes else default_stakes(chosen)
        names = [b.strip() for b in bots.split(",") if b.strip()]
        if hands < 1:
            raise ValueError(f"--hands must be 1 or more, not {hands}")
        if workers is not None and workers < 1:
            raise ValueError(f"--workers must be 1 or more, not {workers}")
        if chart is not None and chart.suffix.lower() != ".png":
            raise ValueError(f"--chart must name a .png file, not {chart}")
        for flag, path in (("--save", save), ("--chart", chart)):
            if path is not None and not path.resolve().parent.is_dir():
                raise ValueError(f"{flag} {path}: the folder {path.resolve().parent} does not exist")
        console = Console(highlight=False)
        started = time.perf_counter()
        # No refresh thread: with no thread running, the simulation's workers are plain forks (fast, and
        # nothing for multiprocessing's resource tracker to clean up after Ctrl-C); redrawn per chunk.
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, transient=False, auto_refresh=False) as progress:
            task = progress.add_task(f"{chosen.title}", total=hands)

            def advance(done: int) -> None:
                progress.advance(task, done)
                progress.refresh()

            try:
                result = run(chosen, names, hands, stakes=table_stakes, stack=stack, carry=carry, seed=seed,
                             workers=workers, history=save, progress=advance)
            except KeyboardInterrupt:
                result = None
        if result is None:
            console.print("Stopped: no results for an interrupted run.")
            raise typer.Exit(130)
        elapsed = time.perf_counter() - started
    console.print(f"[bold]{chosen.title}[/]: {hands} hands in {elapsed:.1f} s; win rates in big bets per 100 "
                  f"hands (1 big bet = {result.big_bet} chips)")
    table = Table()
    for column in ("seat", "bot", "chips", "bb/100", "95% CI"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for seat in result.seats:
        rate = seat.rate
        table.add_row(str(seat.seat), seat.bot, f"{seat.chips:+d}", f"{rate.bb100:+.1f}",
                      f"{rate.low:+.1f} .. {rate.high:+.1f}")
    console.print(table)
    pooled = result.by_bot()
    if len(pooled) < len(result.seats):
        for name, rate in pooled.items():
            console.print(f"{name} (all its seats): {rate}")
    console.print("[dim]bb/100, whiskers the 95% interval[/]")
    for line in _bar_chart([(s.label, s.rate.bb100, s.rate.ci95) for s in result.seats]):
        console.print(line)
    if save is not None:
        console.print(f"Histories saved to {save} (homegame replay {save} --hand N).")
    if chart is not None:
        with user_errors(ctx):
            _save_chart(result, chart)
        console.print(f"Chart saved to {chart}.")
