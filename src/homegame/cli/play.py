"""``homegame play``: the terminal game against bots."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from homegame.cli import app
from homegame.cli.options import RULE_HELP, STAKES_HELP, check_chips, load_game, parse_stakes, user_errors
from homegame.cli.prompts import card_changes, log_markup, pass_partners, rules_line, step_hint
from homegame.cli.render import plain_cards, render_view, showdown_words
from homegame.cli.warm import compiling_once
from homegame.rules.view_types import LegalOption, View

YOU = 0

GAME_HELP = ("The game: passem, sameem, pass-the-trash, three-hole, holdem, omaha, stud or any catalogue game "
             "(homegame games lists them; aliases such as trash or 3-hole work too). Or --game-file FILE.")
BOTS_HELP = "Bots for the other seats, comma-separated, repeated round the table: random, rule, equity."

HELP_TEXT = """Type one of the actions on the Legal line; where it asks for cards, name them:
  fold · check · call · bet 20 · raise 40 (the total of your bet this round)
  pass 7c (Pass'Em) · pass 2c 3d 9h (Pass The Trash) · discard 4s · expose Kd · arrange 2c 3d ... As
  declare high | declare low | declare both (or just high, low, both)
Shortcuts: c = check or call, f = fold, allin (or pot, max) = the most you may bet or raise now;
"raise to 40" works as "raise 40"; arrange = keep the current order, arrange Ts 8c = those first and
the rest as they are. Cards may be typed as As, 10s or A♠.
Other commands: odds (your chances against the players still in), view (draw the table again), help,
quit."""


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def _expand(text: str, view: View) -> str:
    """The player's shortcuts turned into the engine's action text."""
    words = text.split()
    if text in ("c", "k"):
        return "check" if any(o["kind"] == "check" for o in _options(view)) else "call"
    if text == "f":
        return "fold"
    if text.replace("-", "").replace(" ", "") in ("allin", "shove", "max", "pot"):
        return _all_in(view)
    if len(words) == 3 and words[0] in ("bet", "raise") and words[1] == "to":
        return f"{words[0]} {words[2]}"
    if text in ("high", "low", "both"):
        return f"declare {text}"
    if words == ["arrange"]:
        return "arrange " + " ".join(view["cards"])
    if words[:1] == ["arrange"]:
        return _arrange_rest(words[1:], view) or text
    return text


def _arrange_rest(named: list[str], view: View) -> str | None:
    """``arrange Ts 8c`` puts those cards first and keeps the rest in their order (None if a name is bad)."""
    from homegame.cards import Card

    held = list(view.get("cards") or [])
    try:
        first = [str(Card(w)) for w in named]
    except ValueError:
        return None
    if len(set(first)) != len(first) or not set(first) <= set(held) or len(first) >= len(held):
        return None
    return "arrange " + " ".join(first + [c for c in held if c not in first])


def _all_in(view: View) -> str:
    """The largest bet or raise allowed now (a call when no raise is left)."""
    options = _options(view)
    for option in options:
        if option["kind"] in ("bet", "raise"):
            return f"{option['kind']} {option['max']}"
    return next((option["text"] for option in options if option["kind"] == "call"), "all in")


def _options(view: View) -> list[LegalOption]:
    """The view's legal actions as records (``view["legal_options"]``, or parsed from its ``legal``
    strings when a view has only those: one written by hand, or an older server's)."""
    from homegame.bots.base import legal_records

    return legal_records(view)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _prompt_lines(view: View) -> list[str]:
    up = view.get("up") or []
    own = f"Your cards: {plain_cards(view['cards'])}" + (f" (face up: {plain_cards(up)})" if up else "")
    return [own, "Legal: " + " | ".join(legal_words(option) for option in _options(view))]


def legal_words(option: LegalOption) -> str:
    """A legal action as the player reads it: ``pass 1`` is ``pass 1 card`` (the card is what you type).

    >>> def record(kind, cards=None, text=""): return {"kind": kind, "cards": cards, "text": text or kind}
    >>> [legal_words(record(*a)) for a in (("pass", 3), ("discard", 1), ("expose", 1), ("arrange", 6),
    ...                                     ("raise", None, "raise 4..100"))]
    ['pass 3 cards', 'discard 1 card', 'expose 1 card', 'arrange 6 cards', 'raise 4..100']
    """
    if option["cards"] is None:
        return option["text"]
    return f"{option['kind']} {_plural(option['cards'], 'card')}"


def face_up_choices(view: View) -> list[list[str]]:
    """Three-Hole: each set of the seat's face-down cards it could still turn up by the showdown (none once
    two are up, or when every card counts anyway), as the cards to add to those already up."""
    from itertools import combinations

    rules = view.get("rules") or {}
    if view.get("game") != "three-hole" or rules.get("showdown_cards_count"):
        return []
    up = list(view.get("up") or ())
    down = [c for c in view["cards"] if c not in up]
    need = 2 - len(up)
    if need <= 0 or len(down) < need:
        return []
    return [list(chosen) for chosen in combinations(down, need)]


def chances(view: View) -> str:
    """The player's share of the pot from what they can see, and what calling costs, in words.

    In Three-Hole, where the cards still to be turned up change everyone's odds, the share is given for
    each choice of the player's face-up cards at the showdown, and says which.
    """
    from homegame.bots.base import opponents, read_legal
    from homegame.bots.estimate import share

    others = len(opponents(view))
    if not others:
        return "Nobody else is left in the hand."
    if not view["cards"]:
        return "No cards yet."
    against = f"against {others} player{'s' if others > 1 else ''} still in, from what you can see"
    choices = face_up_choices(view)
    try:
        if choices:
            up = list(view.get("up") or ())
            parts = []
            for extra in choices:
                order = up + extra + [c for c in view["cards"] if c not in up and c not in extra]
                mine = share({**view, "cards": order}, trials=4000, seed=0)
                parts.append(f"{plain_cards(up + extra)} face up: about {mine * 100:.0f}%")
            text = (f"Your share of the pot, {against}, by the two cards you have face up at the showdown "
                    f"(the others' unturned cards unknown): {'; '.join(parts)}.")
        else:
            mine = share(view, trials=4000, seed=0)
            text = f"Your share of the pot: about {mine * 100:.0f}%, {against}."
    except ValueError as exc:
        return f"No estimate here: {exc}"
    if (view.get("rules") or {}).get("split") == "declare":
        text += " (Declare game: your chance of winning the side you are likelier to win.)"
    options = read_legal(view)
    pot = int(view.get("pot") or 0)
    if options.call:
        text += (f" Calling {options.call} into {pot} needs {options.call / (pot + options.call) * 100:.0f}% "
                 "to break even.")
    return text


class TerminalGame:
    """One player at seat 0 against bots, hand after hand, stacks carried (a busted seat buys in again)."""

    def __init__(self, game: Any, stakes: Any, bots: list[Any], stack: int, seed: int | None,
                 console: Console) -> None:
        self.game, self.stakes, self.bots, self.stack, self.seed = game, stakes, bots, stack, seed
        self.console = console
        self.stacks = [stack] * (len(bots) + 1)
        self.net = 0
        self.played = 0
        self.save: Path | None = None
        self._held: list[str] | None = None  # your cards when you last looked (to say what changed)
        self._partners: tuple[int, int] | None = None  # (passed to, received from) at the last pass step

    def play_hand(self) -> bool:
        """Play one hand; ``False`` if the player quit during it."""
        seats = len(self.stacks)
        button = self.played % seats
        hand = self.game.deal(stacks=self.stacks, stakes=self.stakes, button=button,
                              seed=None if self.seed is None else self.seed + self.played)
        self.console.rule(f"Hand {self.played + 1} · {self.game.title} · button at seat {button}")
        shown = 0
        self._held, self._partners = None, None
        while not hand.over:
            others = [s for s in hand.to_act if s != YOU]
            if others:
                seat = others[0]
                hand.act(seat, self.bots[seat - 1].act(hand.view(seat)))
                continue
            view = hand.view(YOU)
            shown = self._log(view, shown)
            if not self._ask(hand, view):
                return False
        view = hand.view(YOU)
        self._log(view, shown)
        self._say_card_changes(view)
        self.console.print(render_view(view))
        for line in showdown_words(view):
            self.console.print(line)
        for seat, payoff in enumerate(hand.payoffs):
            self.stacks[seat] += payoff
            if self.stacks[seat] <= 0:
                self.console.print(f"{'You buy' if seat == YOU else f'Seat {seat} buys'} in again for {self.stack}.")
                self.stacks[seat] = self.stack
        self.net += hand.payoffs[YOU]
        self.played += 1
        if self.save is not None:
            with self.save.open("a", encoding="utf-8") as out:
                out.write(hand.history.to_json().replace("\n", " ") + "\n")
        return True

    def _log(self, view: View, shown: int) -> int:
        log = view.get("log") or []
        for line in log[shown:]:
            text = log_markup(line)
            self.console.print(f"[dim]·[/] [bold]{text}[/]" if line.startswith(f"Seat {YOU} ") else f"[dim]·[/] {text}")
        return len(log)

    def _say_card_changes(self, view: View) -> None:
        """Tell the player what they were passed, dealt or gave away since they last looked."""
        if self._held is not None and view.get("seat") == YOU:
            change = card_changes(self._held, view, self._partners)
            if change:
                self.console.print(f"[cyan]{log_markup(change)}[/]", soft_wrap=False)
        self._held = list(view.get("cards") or [])
        self._partners = pass_partners(view) if (view.get("step") or {}).get("kind") == "pass" else None

    def _ask(self, hand: Any, view: View) -> bool:
        self._say_card_changes(view)
        self.console.print(render_view(view))
        hint = step_hint(view)
        if hint:
            self.console.print(f"[cyan]{hint}[/]", soft_wrap=False)
        while True:
            for line in _prompt_lines(view):
                self.console.print(line)
            try:
                text = input("> ").strip()
            except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C: leave the table
                self.console.print()
                return False
            lowered = text.lower()
            if lowered in ("q", "quit", "exit"):
                return False
            if not lowered:
                self.console.print("[dim]Type one of the legal actions above, or help.[/]")
                continue
            if lowered in ("help", "?", "h"):
                self.console.print(HELP_TEXT)
                continue
            if lowered in ("v", "view"):
                self.console.print(render_view(view))
                if hint:
                    self.console.print(f"[cyan]{hint}[/]", soft_wrap=False)
                continue
            if lowered in ("o", "odds"):
                self.console.print(escape(chances(view)), soft_wrap=False)
                continue
            action = _expand(" ".join(lowered.split()), view)
            words = action.split()
            if words[0] in ("pass", "discard", "expose") and any(w.isdigit() for w in words[1:]):
                example = step_hint(view).partition("Type e.g. ")[2] or "pass 7c"
                self.console.print(f"[red]Not allowed:[/] name the cards themselves, not how many: {example}",
                                   soft_wrap=False)
                continue
            verbs = {option["kind"] for option in _options(view)}
            if verbs and words[0] not in verbs:
                typed = f"{text!r} ({action})" if action != " ".join(lowered.split()) else repr(text)
                example = step_hint(view).partition("Type e.g. ")[2]
                self.console.print(f"[red]Not allowed:[/] {escape(typed)} is not a move now; legal now: "
                                   f"{escape(' | '.join(view.get('legal') or []))}"
                                   + (f". Type e.g. {escape(example)}" if example else ""), soft_wrap=False)
                continue
            try:
                hand.act(YOU, action)
            except ValueError as exc:
                self.console.print(f"[red]Not allowed:[/] {escape(str(exc))}", soft_wrap=False)
                continue
            return True


@app.command()
def play(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(help=GAME_HELP, show_default=False)] = None,
    seats: Annotated[int, typer.Option("--seats", "-n", help="Players at the table, you included.")] = 4,
    bots: Annotated[str, typer.Option("--bots", help=BOTS_HELP)] = "equity,rule",
    rule: Annotated[list[str] | None, typer.Option("--rule", "-r", help=RULE_HELP)] = None,
    stakes: Annotated[str | None, typer.Option("--stakes", help=STAKES_HELP)] = None,
    stack: Annotated[int | None, typer.Option("--stack", help="Starting chips per seat (default 50 big bets).")] = None,
    hands: Annotated[int, typer.Option("--hands", help="Hands to play; 0 asks after each hand.")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed the shuffles, for the same deals again.")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Add each finished hand's history to this JSON-lines "
                                              "file (homegame replay FILE --hand N).")] = None,
    game_file: Annotated[str | None, typer.Option("--game-file", help="Play the game a game file declares "
                                                  "(TOML, docs/games/game-files.md) instead of a named game.")] = None,
) -> None:
    """Play GAME in the terminal against bots: you are seat 0, actions are typed (call, raise 40, pass 7c)."""
    from homegame.bots import make_bot
    from homegame.sim import big_bet_of, default_stakes

    with user_errors(ctx):
        chosen = load_game(game, rule, game_file)
        table_stakes = parse_stakes(stakes) if stakes else default_stakes(chosen)
        if not chosen.min_players <= seats <= chosen.max_players:
            raise ValueError(f"{chosen.title} takes {chosen.min_players} to {chosen.max_players} players, "
                             f"not --seats {seats}")
        kinds = [k for k in bots.split(",") if k.strip()]
        if not kinds:
            raise ValueError("--bots needs at least one bot name: random, rule, equity")
        players = [make_bot(kinds[i % len(kinds)], seed=None if seed is None else seed + i)
                   for i in range(seats - 1)]
        chips = stack if stack is not None else 50 * big_bet_of(table_stakes)
        if chips <= 0:
            raise ValueError(f"--stack must be 1 chip or more, not {chips}")
        check_chips("--stack", chips)
        if hands < 0:
            raise ValueError(f"--hands must be 0 (ask after each hand) or more, not {hands}")
        if save is not None and not save.resolve().parent.is_dir():
            raise ValueError(f"--save {save}: the folder {save.resolve().parent} does not exist")
    console = _console()
    with compiling_once("play"):  # the bots' first decisions and the first showdown evaluate hands
        from homegame.server.app import warm_up

        warm_up()
    session = TerminalGame(chosen, table_stakes, players, chips, seed, console)
    session.save = save
    names = ", ".join(f"seat {i + 1} {b.name}" for i, b in enumerate(players))
    console.print(f"[bold]{chosen.title}[/] · you are seat 0 · {names}. Type help for the commands.")
    console.print(rules_line(chosen.rules, table_stakes.to_dict()), soft_wrap=False)
    try:
        while session.play_hand():
            if hands and session.played >= hands:
                break
            if not hands:
                again = input("Another hand? [Y/n] ").strip().lower()
                if again in ("n", "no", "q", "quit"):
                    break
    except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C between hands or while the bots think
        console.print()
    word = "up" if session.net > 0 else "down" if session.net < 0 else "even"
    amount = f" {_plural(abs(session.net), 'chip')}" if session.net else ""
    console.print(f"{_plural(session.played, 'hand')} played; you are {word}{amount}.")
    if save is not None and session.played:
        console.print(f"Hands added to {save} (homegame replay {save} --hand N).")
