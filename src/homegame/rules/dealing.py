"""Dealing a hand's cards: the automatic steps that need no decision.

The functions work on a :class:`~homegame.rules.hand.Hand` (which runs them as its steps come up):
the hole cards of a ``deal`` step, the community cards of a ``board`` step and a ``roll`` step's card
turned up (the forced bets are :mod:`homegame.rules.betting.forced`'s). Each writes its public log
entry as :meth:`~homegame.rules.hand.Hand.log` would.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from homegame.cards import Card
from homegame.rules.events import Event, Shown, new_event
from homegame.rules.steps import Automatic

if TYPE_CHECKING:
    from homegame.rules.hand import Hand
    from homegame.rules.spec import Step

_STR = [str(Card(i)) for i in range(52)]


def deal(h: Hand, step: Step) -> None:
    """One card at a time clockwise from the button's left, to every player still in."""
    n, folded = h.players, h.folded
    live = [s for s in h.rows[(h.button + 1) % n] if not folded[s]]
    presets, dealt, cards, faceup = h._hole_preset, h._dealt, h.cards, h.faceup
    if not presets:  # nothing preset: the cards come off the deck in dealing order
        m = len(live)
        drawn = h._deck.draw_many(len(step.faces) * m)
        faces = list(step.faces)
        for i, s in enumerate(live):
            cards[s] += drawn[i::m]
            faceup[s] += faces
    else:
        draw = h._draw
        for up in step.faces:
            for s in live:
                k = dealt[s]
                preset = presets.get(s)
                cards[s].append(preset[k] if preset is not None and k < len(preset) else draw())
                dealt[s] = k + 1
                faceup[s].append(up)
    if any(step.faces):
        m = len(step.faces)
        for s in live:
            shown = [_STR[c] for c, f in zip(cards[s][-m:], step.faces, strict=True) if f]
            h.log("deal", s, f"Seat {s} is dealt {' '.join(shown)} face up", cards=shown)


def turn_board(h: Hand, step: Step) -> None:
    """Turn the step's community cards (burning one first if it says so)."""
    start = len(h.board)
    preset = h._board_preset[start:start + step.count] if h._board_preset else None
    if preset:
        if step.burn:
            h.burned.append(h._draw())
        turned = preset + h._deck.draw_many(step.count - len(preset))
    elif step.burn:  # the burn and the cards in one go (as many draws, in order)
        turned = h._deck.draw_many(step.count + 1)
        h.burned.append(turned.pop(0))
    else:
        turned = h._deck.draw_many(step.count)
    h.board += turned
    shown = Shown(turned)
    h._log.append(new_event(Event, ("board", None, "{}: {}", (step.label, shown), {"cards": shown})))  # as log() does


def roll(h: Hand) -> None:
    """Every player still in turns up its first face-down card (a roll step)."""
    for s in range(h.players):
        if h.folded[s]:
            continue
        ups = h.faceup[s]
        for i, f in enumerate(ups):
            if not f:
                ups[i] = True
                c = _STR[h.cards[s][i]]
                h.log("roll", s, f"Seat {s} rolls {c}", cards=[c])
                break


class Deal(Automatic):
    """``deal``: :func:`deal`."""

    deals: bool = True
    fields: Mapping[str, tuple[str, Any]] = {"faces": ("faces", "required")}
    label: str = "Deal"

    def start(self, h: Hand, step: Step) -> bool:
        deal(h, step)
        return False

    def describe(self, step: Step) -> str:
        down = sum(1 for f in step.faces if not f)
        up = len(step.faces) - down
        parts = [f"{down} down" if down else "", f"{up} up" if up else ""]
        return f"{step.label}: deal {' and '.join(p for p in parts if p)} to each player"


class Board(Automatic):
    """``board``: :func:`turn_board`."""

    deals: bool = True
    fields: Mapping[str, tuple[str, Any]] = {"count": ("int 1 5", "required"), "burn": ("bool", True)}
    label: str = "Board"

    def start(self, h: Hand, step: Step) -> bool:
        turn_board(h, step)
        return False

    def describe(self, step: Step) -> str:
        return f"{step.label}: {'burn one, ' if step.burn else ''}turn {step.count} community card" + (
            "s" if step.count > 1 else "")


class Roll(Automatic):
    """``roll``: :func:`roll`."""

    label: str = "Roll"

    def start(self, h: Hand, step: Step) -> bool:
        roll(h)
        return False

    def describe(self, step: Step) -> str:
        return f"{step.label}: everyone turns their next card face up"
