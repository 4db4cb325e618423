"""Dealing a hand's cards and forced bets: the automatic steps that need no decision.

The functions work on a :class:`~homegame.rules.hand.Hand` (which runs them as its steps come up):
the hole cards of a ``deal`` step, the community cards of a ``board`` step, a ``roll`` step's card turned
up, and the antes, blinds and straddle posted before the first betting round. Each writes its public log
entry as :meth:`~homegame.rules.hand.Hand.log` would.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from homegame.cards import Card
from homegame.rules import betting
from homegame.rules.events import NO_EXTRA, Event, Shown, new_event
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


def forced_bets(h: Hand) -> None:
    """Post the antes (or a bomb pot's), the blinds and a straddle, as the stakes and options say."""
    st = h.stakes
    n = h.players
    log = h._log.append  # events appended as log() does (nothing to settle yet)
    bomb = h.options.bomb_pot
    if bomb:  # a bomb pot: everyone antes the bomb, no blinds, no first betting round
        for s in range(n):
            paid = betting.post(h, s, bomb, live=False)
            log(new_event(Event, ("ante", s, "Seat {} antes {} for the bomb pot", (s, paid), NO_EXTRA)))
        return
    if st.blinds:
        if len(st.blinds) == 1:  # a single blind: the seat left of the button posts it (the button heads-up)
            h.sb_seat, h.bb_seat = -1, (h.button + (n > 2)) % n
        elif n == 2:
            h.sb_seat, h.bb_seat = h.button, (h.button + 1) % n
        else:
            h.sb_seat, h.bb_seat = (h.button + 1) % n, (h.button + 2) % n
    if st.ante:
        for s in range(n):
            paid = betting.post(h, s, st.ante, live=False)
            log(new_event(Event, ("ante", s, "Seat {} antes {}", (s, paid), NO_EXTRA)))
    if st.bb_ante:  # the big blind antes for the table, before its blind (TDA: the ante first when short);
        # it is the table's antes, so dead money in the main pot, never uncalled (as in PokerKit)
        paid = betting.post(h, h.bb_seat, st.bb_ante, live=False)
        h.dead[h.bb_seat] += paid
        log(new_event(Event, ("ante", h.bb_seat, "Seat {} antes {} for the table", (h.bb_seat, paid), NO_EXTRA)))
    if st.blinds:
        posts = ((h.bb_seat, st.blinds[0], "single"),) if len(st.blinds) == 1 else (
            (h.sb_seat, st.blinds[0], "small"), (h.bb_seat, st.blinds[1], "big"))
        for seat, amount, name in posts:
            if amount:
                paid = betting.post(h, seat, amount, live=True)
                log(new_event(Event, ("blind", seat, "Seat {} posts the {} blind {}", (seat, name, paid), NO_EXTRA)))
        h.blinds_due = True
        if h.options.straddle:
            seat = (h.bb_seat + 1) % n if h.options.straddle == "utg" else h.button
            h.straddle_seat = seat
            paid = betting.post(h, seat, 2 * st.blinds[-1], live=True)
            h.log("straddle", seat, "Seat {} straddles {}", seat, paid)
