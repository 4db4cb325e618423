"""The forced bets before the first betting round: antes (or a bomb pot's), the blinds and a straddle,
as the stakes and the hand's options say; posted when the hand is dealt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homegame.rules.betting.moves import post
from homegame.rules.events import NO_EXTRA, Event, new_event

if TYPE_CHECKING:
    from homegame.rules.state import HandState


def forced_bets(h: HandState) -> None:
    """Post the antes (or a bomb pot's), the blinds and a straddle, as the stakes and options say."""
    st = h.stakes
    n = h.players
    b = h.betting
    log = h._log.append  # events appended as Hand.log() does (nothing to settle yet)
    bomb = h.options.bomb_pot
    if bomb:  # a bomb pot: everyone antes the bomb, no blinds, no first betting round
        for s in range(n):
            paid = post(h, s, bomb, live=False)
            log(new_event(Event, ("ante", s, "Seat {} antes {} for the bomb pot", (s, paid), NO_EXTRA)))
        return
    if st.blinds:
        if len(st.blinds) == 1:  # a single blind: the seat left of the button posts it (the button heads-up)
            b.sb_seat, b.bb_seat = -1, (h.button + (n > 2)) % n
        elif n == 2:
            b.sb_seat, b.bb_seat = h.button, (h.button + 1) % n
        else:
            b.sb_seat, b.bb_seat = (h.button + 1) % n, (h.button + 2) % n
    if st.ante:
        for s in range(n):
            paid = post(h, s, st.ante, live=False)
            log(new_event(Event, ("ante", s, "Seat {} antes {}", (s, paid), NO_EXTRA)))
    if st.bb_ante:  # the big blind antes for the table, before its blind (TDA: the ante first when short);
        # it is the table's antes, so dead money in the main pot, never uncalled (as in PokerKit)
        paid = post(h, b.bb_seat, st.bb_ante, live=False)
        h.dead[b.bb_seat] += paid
        log(new_event(Event, ("ante", b.bb_seat, "Seat {} antes {} for the table", (b.bb_seat, paid), NO_EXTRA)))
    if st.blinds:
        posts = ((b.bb_seat, st.blinds[0], "single"),) if len(st.blinds) == 1 else (
            (b.sb_seat, st.blinds[0], "small"), (b.bb_seat, st.blinds[1], "big"))
        for seat, amount, name in posts:
            if amount:
                paid = post(h, seat, amount, live=True)
                log(new_event(Event, ("blind", seat, "Seat {} posts the {} blind {}", (seat, name, paid), NO_EXTRA)))
        b.blinds_due = True
        if h.options.straddle:
            seat = (b.bb_seat + 1) % n if h.options.straddle == "utg" else h.button
            b.straddle_seat = seat
            paid = post(h, seat, 2 * st.blinds[-1], live=True)
            h.log("straddle", seat, "Seat {} straddles {}", seat, paid)
