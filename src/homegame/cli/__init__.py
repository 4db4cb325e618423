"""The ``homegame`` command line: play, odds, simulate, replay, games, serve, bot, verify.

Each group of commands lives in its own module and registers itself on :data:`app`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Annotated, Any

import typer
import typer.core


def _flag_type_hidden(display: Callable[[typer.core.TyperOption, Any], str | None]) -> Any:
    """Typer's help names each option's type (``<int>``); a plain flag takes no value, so it shows none."""

    def shown(self: typer.core.TyperOption, ctx: Any) -> str | None:
        return None if self.is_flag else display(self, ctx)

    return shown


typer.core.TyperOption.display_type_rich = _flag_type_hidden(typer.core.TyperOption.display_type_rich)  # type: ignore[method-assign]

app = typer.Typer(
    name="homegame",
    help="Dealer's-choice home poker: play, study and host Pass'Em, Same'Em, Pass The Trash and Three-Hole.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

def _show_version(value: bool) -> None:
    if value:
        from homegame import __version__

        typer.echo(f"homegame {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", "-V", help="Print homegame's version and exit.",
                                          callback=_show_version, is_eager=True)] = False,
) -> None:
    """Dealer's-choice home poker: play, study and host Pass'Em, Same'Em, Pass The Trash and Three-Hole."""


#: Modules that add commands to :data:`app` when imported (each one optional while it is being built).
COMMAND_MODULES = (
    "homegame.cli.play",
    "homegame.cli.browse",
    "homegame.cli.study",
    "homegame.cli.simulate",
    "homegame.cli.serve",
    "homegame.cli.warm",
)


def _load_commands() -> None:
    for name in COMMAND_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise


def main() -> None:
    """Entry point of the ``homegame`` script."""
    _load_commands()
    app()
