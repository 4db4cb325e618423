"""Drawing a seat's view in the terminal with rich: coloured cards, the table, the showdown in words.

Everything here reads a view (``hand.view(seat)``), so the terminal shows exactly what that seat may
know.

>>> card_markup("Ah")
'[bold red]A♥[/]'
>>> plain_cards(["Td", "2c"])
'T♦ 2♣'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from homegame.cards import Card
from homegame.cli.hands import borrowed_cards, lower_first, shown_hands

View = Mapping[str, Any]

#: A four-colour deck: spades plain, hearts red, diamonds blue, clubs green.
SUIT_STYLES = {"s": "bold", "h": "bold red", "d": "bold blue", "c": "bold green"}
FACE_DOWN = "[dim]▒▒[/]"


def card_markup(text: str) -> str:
    """One card as rich markup, with its suit symbol and colour."""
    card = Card(text)
    return f"[{SUIT_STYLES[str(card)[1]]}]{card.symbol}[/]"


def cards_markup(items: Sequence[str]) -> str:
    """Several cards as rich markup, space-separated (``-`` for none)."""
    return " ".join(card_markup(c) for c in items) if items else "[dim]-[/]"


def plain_cards(items: Sequence[str]) -> str:
    """Cards with suit symbols and no markup."""
    return " ".join(Card(c).symbol for c in items)


def seat_name(seat: int, you: int | None) -> str:
    """``"Seat 2"``, or ``"You"`` for the player's own seat."""
    return "You" if seat == you else f"Seat {seat}"


def seat_row_cards(info: Mapping[str, Any], view: View) -> str:
    """A seat's cards as this view shows them: own cards in full, others' face-up cards and backs."""
    if info["seat"] == view.get("seat") and view["cards"]:
        up = set(view.get("up") or ())
        return " ".join(card_markup(c) if c not in up else f"[reverse]{card_markup(c)}[/reverse]"
                        for c in view["cards"])
    if info.get("shown"):
        return cards_markup(info["shown"])
    parts = [card_markup(c) for c in info.get("up") or ()]
    if not info.get("folded"):  # a folded hand's face-down cards are mucked: only its face-up cards stay
        parts += [FACE_DOWN] * int(info.get("down") or 0)
    return " ".join(parts) if parts else "[dim]-[/]"


def render_view(view: View) -> RenderableType:
    """The whole table as one panel: board, seats, pot and (for the seat to act) the legal actions."""
    you = view.get("seat")
    table = Table(box=None, pad_edge=False, show_header=True, header_style="dim")
    for column in ("", "seat", "cards", "stack", "bet", "in pot", ""):
        table.add_column(column)
    to_act = set(view.get("to_act") or ())
    for info in view["seats"]:
        seat = info["seat"]
        notes = []
        if info.get("folded"):
            notes.append("[dim]folded[/]")
        if info.get("all_in"):
            notes.append("[magenta]all-in[/]")
        if info.get("declared"):
            notes.append(f"declared {info['declared']}")
        if info.get("ready"):
            notes.append("[green]ready[/]")
        table.add_row(
            "[yellow]D[/]" if seat == view.get("button") else "",
            f"[bold]{seat_name(seat, you)}[/]" if seat == you else seat_name(seat, you),
            seat_row_cards(info, view),
            str(info.get("stack", "")),
            str(info.get("bet") or "") or "[dim]-[/]",
            str(info.get("in_pot", "")),
            ("[bold cyan]◀ to act[/] " if seat in to_act and not view.get("over") else "") + " ".join(notes),
        )
    step = view.get("step") or {}
    head = Text.from_markup(
        f"[bold]{view.get('title', view.get('game'))}[/] · {step.get('label', '')}   "
        f"pot [bold yellow]{view.get('pot', 0)}[/]"
    )
    parts: list[RenderableType] = [head]
    if view.get("board") or _has_board(view):
        if view.get("boards"):  # several boards: one line each
            parts += [Text.from_markup(f"board {k + 1}  {cards_markup(cards)}") for k, cards in enumerate(view["boards"])]
        else:
            parts.append(Text.from_markup(f"board  {cards_markup(view.get('board') or [])}"))
    parts.append(table)
    pots = view.get("pots") or []
    if len(pots) > 1:
        parts.append(Text.from_markup("pots   " + " · ".join(
            f"{'main' if i == 0 else f'side {i}'} {p['amount']} "
            f"({', '.join(seat_name(int(s), you) for s in p['eligible'])})" for i, p in enumerate(pots))))
    return Panel(Group(*parts), expand=False)


def _has_board(view: View) -> bool:
    return str(view.get("game")) in ("passem", "sameem", "holdem", "omaha")


def _why(award: Mapping[str, Any], awards: Sequence[Mapping[str, Any]], described: Mapping[int, str],
         you: int | None) -> str:
    """Why this award: a tie that splits, or the same hand as a loser's beaten on the side cards."""
    def part(a: Mapping[str, Any]) -> tuple[Any, ...]:  # one part of one pot: its side, run and board
        return a.get("pot", 0), a.get("side", "all"), a.get("run"), a.get("board")

    key = part(award)
    winners = [int(a["seat"]) for a in awards if part(a) == key]
    if len(winners) > 1:
        others = ["you" if s == you else f"Seat {s}" for s in winners if s != int(award["seat"])]
        return f", a tie with {' and '.join(others)}: split"
    hand = lower_first(str(award["hand"]))
    level = ["you" if s == you else f"Seat {s}" for s, words in described.items()
             if s not in winners and award.get("side", "all") != "low" and words.startswith(hand + " (")]
    if level:
        return f"; {' and '.join(level)} also had {hand}, beaten on the side cards (kickers)"
    return ""


def showdown_words(view: View) -> list[str]:
    """The end of the hand in words: who showed what, declared what, and won what with which hand."""
    results = view.get("results") or {}
    you = view.get("seat")
    lines: list[str] = []
    shown: Mapping[str, Sequence[str]] = results.get("shown") or {}
    described = shown_hands(view) if shown else {}
    for seat_text, held in sorted(shown.items(), key=lambda kv: int(kv[0])):
        seat = int(seat_text)
        words = f": {described[seat]}" if seat in described else ""
        lines.append(f"{seat_name(seat, you)} {'show' if seat == you else 'shows'} {plain_cards(held)}{words}.")
    declared = [f"{seat_name(info['seat'], you)} {info['declared']}" for info in view["seats"]
                if info.get("declared") and not info.get("folded")]
    if declared:
        lines.append(f"Declared: {', '.join(declared)}.")
    awards = results.get("awards") or []
    many_pots = len({a.get("pot", 0) for a in awards}) > 1
    for award in awards:
        who = seat_name(int(award["seat"]), you)
        verb = "win" if award["seat"] == you else "wins"
        pot = award.get("pot", 0)
        where = ("the main pot" if pot == 0 else f"side pot {pot}") if many_pots else "the pot"
        side = award.get("side", "all")
        share = {"high": f"the high half of {where}", "low": f"the low half of {where}"}.get(side, where)
        if award.get("board"):
            share += f" on board {award['board']}"
        if award.get("run"):
            share += f" on run {award['run']}"
        text = f"{who} {verb} {award['amount']} from {share}"
        if award.get("hand"):
            text += f" with {lower_first(award['hand'])}"
            if award.get("cards"):
                borrowed = borrowed_cards(view, int(award["seat"]), award["cards"])
                text += f" ({plain_cards(award['cards'])}{f', using {borrowed}' if borrowed else ''})"
            text += _why(award, awards, described, you)
        elif not shown:
            text += ": everyone else folded"
        lines.append(text + ".")
    payoffs = results.get("payoffs")
    if payoffs is not None and you is not None:
        net = int(payoffs[you])
        amount = f" {abs(net)} chip{'' if abs(net) == 1 else 's'}" if net else ""
        lines.append(f"You {'won' if net > 0 else 'lost' if net < 0 else 'broke even'}{amount} this hand.")
    return lines
