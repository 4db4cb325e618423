"""Play-test findings on seats: who is out of chips, who is told so, who is connected."""

from __future__ import annotations

from homegame.server.commitment import shuffle
from homegame.table import Settings, Table


def three(game: str = "sameem", **kw: object) -> Table:
    """Ann, Bob and Dave approved at a table, nothing dealt yet."""
    table = Table(Settings(game=game, between_hands=0.0, bot_delay=0.0, **kw), seed=1)  # type: ignore[arg-type]
    for name in ("Ann", "Bob", "Dave"):
        table.approve(table.sit(name).position)
    return table


def seat_state(table: Table, name: str) -> dict[str, object]:
    return next(s for s in table.public(0.0)["seats"] if s["name"] == name)


def test_players_all_in_mid_hand_are_not_out_of_chips() -> None:
    table = three()
    table.deal(shuffle().deck, 0.0)
    ann, bob, dave = 0, 1, 2
    assert table.owing() == [ann]
    table.act(ann, "raise 200", 0.0)
    table.act(bob, "call", 0.0)
    assert table.live and table.owing() == [dave]
    for name in ("Ann", "Bob"):  # all in, the public stack reads 0, but they are still in the hand
        state = seat_state(table, name)
        assert state["stack"] == 0
        assert state["out_of_chips"] is False
    assert not table.out_of_chips(ann) and not table.out_of_chips(bob)
    table.act(dave, "fold", 0.0)
    assert not table.live
    losers = [p for p in (ann, bob) if table.seats[p].stack == 0]
    assert len(losers) == 1 or table.seats[ann].stack == table.seats[bob].stack
    for pos in (ann, bob):  # once the hand is over, out of chips exactly when it won nothing
        assert table.out_of_chips(pos) == (table.seats[pos].stack == 0)
        assert seat_state(table, table.seats[pos].name)["out_of_chips"] == (table.seats[pos].stack == 0)
    assert seat_state(table, "Dave")["out_of_chips"] is False
