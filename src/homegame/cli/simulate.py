"""``homegame simulate``: bots against bots, win rates with their intervals, a chart; Ctrl-C keeps the results."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from homegame.cli import app
from homegame.cli.options import RULE_HELP, STAKES_HELP, check_chips, load_game, parse_stakes, user_errors

if TYPE_CHECKING:
    from homegame.sim.runner import SimResult
    from homegame.sim.stats import WinRate

#: Said for a win rate measured over one hand (as homegame.sim.stats says it; not imported, for a fast --help).
NO_INTERVAL = "n/a: need at least 2 hands"

SIM_BOTS_HELP = "One bot per seat, comma-separated, in seat order (seats numbered from 0): random, rule, equity."


def bar_chart(rows: list[tuple[str, WinRate]], width: int = 40) -> list[str]:
    """Horizontal bars of bb/100 around zero with the 95% interval as whiskers, as rich markup.

    A rate with no interval (one hand) gets its bar and no whiskers, and says why.

    >>> from homegame.sim import WinRate
    >>> lines = bar_chart([("seat 0", WinRate(50.0, 25.0, 9)), ("seat 1", WinRate(-50.0, float("inf"), 1))], 8)
    >>> [line.split("]")[1].split("[")[0] for line in lines]
    ['    ████─', ' ████    ']
    >>> lines[1].endswith("-50.0 (interval n/a: need at least 2 hands)")
    True
    """
    reach = max((abs(r.bb100) + (r.ci95 if r.known else 0.0) for _, r in rows), default=1.0) or 1.0
    half = width // 2
    out = []
    for label, rate in rows:
        value, ci = rate.bb100, rate.ci95 if rate.known else 0.0
        cells = [" "] * (width + 1)
        lo = round(max(-reach, value - ci) / reach * half) + half
        hi = round(min(reach, value + ci) / reach * half) + half
        for i in range(lo, hi + 1):
            cells[i] = "─"
        end = round(value / reach * half) + half
        for i in range(min(half, end), max(half, end) + 1):
            cells[i] = "█"
        cells[half] = "│" if cells[half] == " " else cells[half]
        colour = ("yellow" if not rate.known else "green" if rate.low > 0 else "red" if rate.high < 0
                  else "yellow")
        note = "" if rate.known else f" (interval {NO_INTERVAL})"
        out.append(f"{label:>18} [{colour}]{''.join(cells)}[/] {value:+.1f}{note}")
    return out


def save_chart(result: SimResult, path: Path) -> None:
    """A PNG of each seat's cumulative result and its win rate with the 95% interval (none over one hand)."""
    import numpy as np

    from homegame.charts import pyplot

    plt = pyplot()

    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    hands = np.arange(1, result.hands + 1)
    for seat in result.seats:
        left.plot(hands, np.cumsum(result.payoffs[:, seat.seat]) / result.big_bet, label=seat.label,
                  marker="o" if result.hands < 20 else None)
    left.set_xlabel("hands")
    left.set_ylabel("big bets won")
    left.set_title("Cumulative result")
    left.legend(fontsize="small")
    labels = [s.label for s in result.seats]
    right.barh(labels, [s.rate.bb100 for s in result.seats],
               xerr=[s.rate.ci95 if s.rate.known else 0.0 for s in result.seats],
               color=["tab:olive" if not s.rate.known else "tab:green" if s.rate.low > 0
                      else "tab:red" if s.rate.high < 0 else "tab:olive" for s in result.seats], capsize=4)
    right.invert_yaxis()
    right.axvline(0, color="black", linewidth=0.8)
    known = all(s.rate.known for s in result.seats)
    right.set_xlabel("big bets per 100 hands (95% CI)" if known
                     else f"big bets per 100 hands (interval {NO_INTERVAL})")
    right.set_title("Win rate")
    figure.suptitle(f"{result.game}: {result.hands} hand{'' if result.hands == 1 else 's'}")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def _check(hands: int, workers: int | None, save: Path | None, chart: Path | None) -> None:
    if hands < 1:
        raise ValueError(f"--hands must be 1 or more, not {hands}")
    if workers is not None and workers < 1:
        raise ValueError(f"--workers must be 1 or more, not {workers}")
    if chart is not None and chart.suffix.lower() != ".png":
        raise ValueError(f"--chart must name a .png file, not {chart}")
    if chart is not None:  # before the hands are played, not after
        from homegame.charts import pyplot

        pyplot()
    for flag, path in (("--save", save), ("--chart", chart)):
        if path is not None and not path.resolve().parent.is_dir():
            raise ValueError(f"{flag} {path}: the folder {path.resolve().parent} does not exist")


def _check_bots(chosen: Any, names: list[str]) -> None:
    """Refuse unknown bots or a seat count the game does not take, before anything is drawn or played."""
    from homegame.bots.registry import bot_names

    unknown = [n for n in names if n.lower() not in bot_names()]
    if unknown:
        raise ValueError(f"--bots: no bot named {unknown[0]!r}; choose from {', '.join(bot_names())}")
    if not chosen.min_players <= len(names) <= chosen.max_players:
        raise ValueError(f"--bots names {len(names)} bot{'' if len(names) == 1 else 's'}, one per seat, but "
                         f"{chosen.title} takes {chosen.min_players} to {chosen.max_players} players: e.g. "
                         f"--bots {','.join(['rule'] * max(chosen.min_players, 2))}")


@app.command()
def simulate(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(help="The game to simulate (homegame games lists them; or "
                                               "--game-file FILE).", show_default=False)] = None,
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
    """Play many hands between bots; win rates in big bets per 100 hands with 95% confidence intervals.

    Ctrl-C stops the run and reports (and saves, with --save) the hands finished so far, then exits 130.
    """
    from homegame.sim import SimulationInterrupted, default_stakes
    from homegame.sim import simulate as run

    with user_errors(ctx):
        chosen = load_game(game, rule, game_file)
        table_stakes = parse_stakes(stakes) if stakes else default_stakes(chosen)
        names = [b.strip() for b in bots.split(",") if b.strip()]
        _check(hands, workers, save, chart)
        if stack is not None:
            check_chips("--stack", stack)
        _check_bots(chosen, names)
        console = Console(highlight=False)
        started = time.perf_counter()
        stopped: SimulationInterrupted | None = None
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
            except SimulationInterrupted as exc:
                stopped, result = exc, exc.partial
            except KeyboardInterrupt:  # before the run had anything to give back
                console.print("Stopped by Ctrl-C before any hand finished: nothing to report.")
                raise typer.Exit(130) from None
        elapsed = time.perf_counter() - started
    if stopped is not None:
        console.print(f"Stopped by Ctrl-C after {result.hands:,} of {hands:,} hands (hands still in play "
                      "when it came are not counted); the results so far:")
        if result.hands == 0:
            console.print("No hand had finished: nothing to report.")
            raise typer.Exit(130)
    _report(console, chosen.title, result, elapsed)
    if save is not None:
        console.print(f"{result.hands:,} histories saved to {save} (homegame replay {save} --hand N).")
    if chart is not None:
        with user_errors(ctx):
            save_chart(result, chart)
        console.print(f"Chart saved to {chart}.")
    if stopped is not None:
        raise typer.Exit(130)


def _report(console: Console, title: str, result: SimResult, elapsed: float) -> None:
    """The run's table of seats, the pooled rates of a bot in several seats, and the bar chart."""
    plural = "" if result.hands == 1 else "s"
    console.print(f"[bold]{title}[/]: {result.hands:,} hand{plural} in {elapsed:.1f} s; win rates in big bets "
                  f"per 100 hands (1 big bet = {result.big_bet} chips)")
    table = Table()
    for column in ("seat", "bot", "chips", "bb/100", "95% CI"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for seat in result.seats:
        table.add_row(str(seat.seat), seat.bot, f"{seat.chips:+d}", f"{seat.rate.bb100:+.1f}", seat.rate.interval)
    console.print(table)
    pooled = result.by_bot()
    if len(pooled) < len(result.seats):
        for name, rate in pooled.items():
            console.print(f"{name} (all its seats): {rate}")
    console.print("[dim]bb/100, whiskers the 95% interval[/]")
    for line in bar_chart([(s.label, s.rate) for s in result.seats]):
        console.print(line)
