"""``homegame odds``: each player's share of the pot in any game, and what the numbers assume.

In hold'em and Omaha a player's cards may be a range (``homegame odds holdem "AKs" "QQ+"``): see
:mod:`homegame.odds.ranges`.
"""

from __future__ import annotations

import re
import time
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from homegame.cli import app
from homegame.cli.odds_model import (
    check_three_hole,
    model_notes,
    parse_exposed,
    played_notes,
    played_words,
    plays_out,
    showdown_cards,
)
from homegame.cli.options import RULE_HELP, load_game, user_errors
from homegame.cli.render import cards_markup
from homegame.cli.warm import compiling_once
from homegame.odds.playout import card_slots

HOLE_HELP = ('Each player\'s known cards, one argument per player, e.g. "As Ks" "Qh Qd"; "" for a player whose '
             "cards are unknown. Players are numbered from 1 in this order, in options, errors and the table. "
             'Hold\'em and Omaha also take ranges: "AKs, QQ+", "A5s-A2s", "AK:0.5", "random" (docs/odds.md).')
EXPOSED_HELP = ('Three-Hole: PLAYER=CARDS turned face up (players numbered from 1), e.g. --exposed "1=Ks 9d"; '
                "repeat for each player. Only these cards are face up; a listed card not named here is the "
                "player's face-down card (allowed once both face-up cards are named).")
BOARD_HELP = ("Community cards already turned. Three-Hole: the cards players who folded left face up "
              "(table cards for everyone).")
#: The most outcomes ``--trials`` samples (a few seconds' work; Ctrl-C stops it sooner).
MAX_TRIALS = 10_000_000
TRIALS_HELP = f"Sample this many outcomes, up to {MAX_TRIALS:,} (default: exact when feasible)."
PLAY_HELP = ("Play out the rest of the hand through the engine even where exact kernels exist (Pass'Em's pass, "
             "Pass The Trash's passes and rolls, Three-Hole's exposures): the cards given are those dealt so "
             "far. Games without kernels are always played out (docs/odds.md).")


def players_from_one(message: str) -> str:
    """A library error (players counted from 0) with its players numbered from 1, as the command line does.

    Only for the library's own messages: the command line's messages already count from 1.

    >>> players_from_one("player 0 holds 4 cards, but a player holds at most 3 in three-hole")
    'player 1 holds 4 cards, but a player holds at most 3 in three-hole'
    """
    return re.sub(r"\bplayer (\d+)\b", lambda m: f"player {int(m.group(1)) + 1}", message)


@app.command()
def odds(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(help="The game (passem, sameem, pass-the-trash, three-hole, ...).",
                                               show_default=False)] = None,
    hole: Annotated[list[str] | None, typer.Argument(help=HOLE_HELP, show_default=False)] = None,
    board: Annotated[str, typer.Option("--board", "-b", help=BOARD_HELP)] = "",
    exposed: Annotated[list[str] | None, typer.Option("--exposed", "-e", help=EXPOSED_HELP)] = None,
    trials: Annotated[int | None, typer.Option("--trials", "-t", help=TRIALS_HELP)] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed the sampling.")] = None,
    rule: Annotated[list[str] | None, typer.Option("--rule", "-r", help=RULE_HELP)] = None,
    play_out: Annotated[bool, typer.Option("--play-out", help=PLAY_HELP)] = False,
    game_file: Annotated[str | None, typer.Option("--game-file", help="The odds of the game a game file declares "
                                                  "(TOML, docs/games/game-files.md) instead of a named game.")] = None,
) -> None:
    """Each player's share of the pot at the showdown: exact when feasible, else sampled with its error."""
    import homegame as hg

    with user_errors(ctx):
        if game_file is not None and game is not None:  # with a game file, every argument is a player's cards
            hole, game = [game, *(hole or [])], None
        chosen = load_game(game, rule, game_file)
        hole = list(hole or [])
        if len(hole) < 2:
            raise ValueError(f"give each player's cards, at least two players ({len(hole)} given): e.g. "
                             f"homegame odds {chosen.name} \"As Ks\" \"\" (\"\" for a player whose cards are unknown)")
        if trials is not None and not 1 <= trials <= MAX_TRIALS:
            raise ValueError(f"--trials must be from 1 to {MAX_TRIALS:,}, not {trials:,} (a sample of a "
                             f"million outcomes has a standard error under 0.05%)")
        ranged = uses_ranges(hole)
        if ranged and chosen.name not in ("holdem", "omaha"):
            raise ValueError(f"{ranged!r} is not cards; range notation (AKs, QQ+, ...) is for holdem and "
                             f"omaha, and {chosen.name} takes cards such as \"As Ks\"")
        if ranged and play_out:
            raise ValueError("--play-out takes cards, not ranges: a played-out hand is dealt from known cards "
                             "and unknown ones ('?' or left out)")
        played = play_out or plays_out(chosen)
        if not played and not ranged:  # to the kernels a card not known ('?') is a card not listed
            hole = [" ".join(held.replace("?", " ").split()) for held in hole]
        turned = {} if ranged else parse_exposed(exposed, hole)
        if played and turned:
            raise ValueError("--exposed is for Three-Hole's exact odds; a played-out hand exposes cards as the "
                             "odds policy does (leave out --play-out to name them)")
        if not ranged and not played:
            check_three_hole(chosen, hole, turned)
        started = time.perf_counter()
        try:
            with compiling_once("odds"):
                if ranged:
                    result = hg.range_equity(chosen, list(hole), board=board, trials=trials, seed=seed)
                else:
                    result = hg.equity(chosen, list(hole), board=board, exposed=turned or None, trials=trials,
                                       seed=seed, play_out=play_out)
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
    table.add_column("at the showdown")
    table.add_column("share", justify="right")
    table.add_column("± std. error", justify="right")
    assumed = (range_words(chosen, hole) if ranged else played_words(chosen, hole) if played
               else showdown_cards(chosen, hole, turned))
    for i, (held, share) in enumerate(zip(hole, result.shares, strict=True)):
        error = result.stderr[i] if not result.exact else 0.0
        if ranged:
            shown = held.strip() or "[dim]?[/]"
        elif "?" in held:
            shown = " ".join("[dim]?[/]" if c < 0 else cards_markup([str(hg.Card(c))]) for c in card_slots(held))
        else:
            shown = cards_markup([str(c) for c in hg.cards(held)]) if held.strip() else "[dim]?[/]"
        percent = f"{share * 100:.4f}%" if result.exact else f"{share * 100:.2f}%"
        table.add_row(str(i + 1), shown, assumed[i], percent, f"{error * 100:.3f}%" if error else "-")
    if board.strip():
        label = "folded players' face-up cards" if chosen.use.shared == "face-up" else "board"
        console.print(f"{label} {cards_markup([str(c) for c in hg.cards(board)])}")
    console.print(table)
    swept = played and not play_out and result.exact  # a game the engine plays out, here enumerated exactly
    notes = (["Every deal of the unknown cards was enumerated, each hand ranked by the game's own rules."] if swept
             else played_notes(chosen) if played else model_notes(chosen, [] if ranged else hole))
    for note in notes:
        console.print(f"[dim]{note}[/]")
    if ranged:
        console.print("[dim]Each range's hands count by their weights, deals that would share a card left out.[/]")


def uses_ranges(hole: list[str]) -> str:
    """The first argument that is not plain cards (so range notation), or "" when all are cards (``?``:
    an unknown card, for a played-out hand).

    >>> uses_ranges(["As Ks", ""]), uses_ranges(["AKs", "Qh Qd"]), uses_ranges(["? ? Kd", ""])
    ('', 'AKs', '')
    """
    import homegame as hg

    for held in hole:
        try:
            card_slots(held) if "?" in held else hg.cards(held)
        except ValueError:
            _name_the_bad_card(held)
            return held
    return ""


def _name_the_bad_card(held: str) -> None:
    """Cards written apart ("As Kx": no range is written so) that are not all cards: ValueError naming the
    first that is not one, rather than reading the argument as a range.

    >>> _name_the_bad_card("As Kx")
    Traceback (most recent call last):
    ...
    ValueError: 'As Kx': 'Kx' is not a card: write a rank (2-9, T or 10, J, Q, K, A) then a suit (c d h s or ♣ ♦ ♥ ♠)
    """
    import homegame as hg

    words = held.split()
    if "," in held or len(words) < 2 or not all(len(w) == 2 for w in words):
        return
    for word in words:
        if word != "?":
            try:
                hg.Card(word)
            except ValueError as exc:
                raise ValueError(f"{held!r}: {exc}") from None


def range_words(game: object, hole: list[str]) -> list[str]:
    """How many hands each player's range holds, in words."""
    import homegame as hg

    out = []
    for held in hole:
        if not held.strip():
            out.append("any hand")
            continue
        count = len(hg.parse_range(held, game=str(getattr(game, "name", ""))))
        out.append(f"{count:,} hand{'' if count == 1 else 's'}")
    return out
