"""The table as a state machine: no hand waits for nobody, pauses freeze clocks, every wait has a reason.

Each test reproduces a freeze or a silence seen at a real table (issue 8, section 1) and checks
``Table.check_invariants`` after every step.
"""

from __future__ import annotations

import pytest

from homegame.server.commitment import shuffle
from homegame.table import Settings, Table, TableError


def settings(**kw: object) -> Settings:
    base = {"game": "holdem", "bot_delay": 0.5, "between_hands": 1.0, "turn_seconds": 10.0,
            "time_bank": 5.0, "approve_seats": False}
    base.update(kw)
    return Settings(**base)  # type: ignore[arg-type]


def check(table: Table, now: float) -> None:
    invariants = getattr(table, "check_invariants", None)  # so that the test says what froze on old code
    if invariants is not None:
        invariants(now)
    if table.live and not table.paused:
        wake = table.next_wakeup(now)
        assert wake is not None, "a live hand with nothing due: frozen"


def humans(table: Table, *names: str) -> list[int]:
    return [table.sit(n, approved=True).position for n in names]


def run_until(table: Table, now: float, done: object, limit: int = 5000) -> float:
    for _ in range(limit):
        check(table, now)
        if callable(done) and done():
            return now
        if table.ready_to_deal(now):
            table.deal(shuffle().deck, now)
            continue
        wake = table.next_wakeup(now)
        assert wake is not None, f"nothing due and not done: waiting={table.waiting()}"
        now = max(now, wake) + 0.001
        table.advance(now)
    raise AssertionError("did not get there")


@pytest.mark.parametrize("how", ["leave", "remove"])
def test_a_player_to_act_leaves_on_their_turn_the_hand_goes_on(how: str) -> None:
    table = Table(settings(), seed=1)
    humans(table, "Ann", "Bob", "Cy")
    table.deal(shuffle().deck, 0.0)
    check(table, 0.0)
    to_act = table.owing()[0]
    table.remove(to_act)  # leave and remove are the same call at the table
    check(table, 0.1)
    assert table.next_wakeup(0.1) is not None and table.next_wakeup(0.1) <= 0.1  # type: ignore[operator]
    table.advance(0.2)
    check(table, 0.2)
    assert to_act not in table.owing()
    assert table.seats[to_act].status == "leaving" and table.seats[to_act].token_hash == ""


def test_b_passem_two_pass_then_the_third_is_removed() -> None:
    table = Table(settings(game="passem"), seed=2)
    ann, bob, cy = humans(table, "Ann", "Bob", "Cy")
    table.deal(shuffle().deck, 0.0)
    assert sorted(table.owing()) == [ann, bob, cy]
    for pos in (ann, bob):
        hs = table.hand_seat(pos)
        assert hs is not None
        table.act(pos, str(table.hand.default_action(hs)), 0.1)
        check(table, 0.1)
    table.remove(cy)
    check(table, 0.2)
    table.advance(0.3)
    check(table, 0.3)
    assert cy not in table.owing()
    assert table.hand.step is None or table.hand.step.kind != "pass" or table.hand_number > 1


@pytest.mark.parametrize("between", [0.0, 0.005, 0.01])
def test_c_a_deal_time_already_past_is_still_due(between: float) -> None:
    table = Table(settings(between_hands=between, bot_delay=0.0), seed=3)
    table.add_bot("random")
    table.add_bot("random")
    now = run_until(table, 0.0, lambda: table.hand_number >= 1 and not table.live)
    later = now + 1.0  # the owner task comes back late: the deal time is long past
    wake = table.next_wakeup(later)
    assert wake is not None and wake <= later
    assert table.ready_to_deal(later)


def test_d_heads_up_one_sits_out_everyone_is_told_why() -> None:
    table = Table(settings(), seed=4)
    ann, bob = humans(table, "Ann", "Bob")
    table.set_sitting_out(ann, True)
    check(table, 0.0)
    waiting = table.public(0.0)["waiting"]
    assert waiting["code"] == "players"
    assert "second player" in waiting["message"] and "Ann (seat 1) sits out" in waiting["message"]
    assert any("Ann" in n and "sits out" in n for n in table.notices)
    table.set_sitting_out(ann, False)
    assert table.public(0.0)["waiting"] is None and table.ready_to_deal(0.0)
    assert bob in table.eligible()


def test_d_reasons_name_pending_and_broke_players() -> None:
    table = Table(settings(approve_seats=True), seed=4)
    table.sit("Ann", approved=True)
    table.sit("Bob")
    message = table.waiting()["message"]  # type: ignore[index]
    assert "Bob (seat 2) waits for the host's approval" in message
    table.approve(1)
    table.adjust_stack(1, 0)
    assert "Bob (seat 2) has no chips" in table.waiting()["message"]  # type: ignore[index]
    table.set_paused(True, 0.0)
    assert table.waiting()["code"] == "paused"  # type: ignore[index]


def test_e_a_pause_freezes_the_turn_clock_and_resume_gives_back_the_rest() -> None:
    table = Table(settings(), seed=5)
    humans(table, "Ann", "Bob")
    table.deal(shuffle().deck, 0.0)
    pos = table.owing()[0]
    deadline = table.deadlines[pos]
    table.set_paused(True, 4.0)
    check(table, 4.0)
    assert table.next_wakeup(4.0) is None
    table.advance(1000.0)  # long past the old deadline
    check(table, 1000.0)
    assert table.owing() == [pos] and not table.timed_out
    assert table.public(1000.0)["seats"][pos]["clock_left"] == pytest.approx(deadline - 4.0)
    with pytest.raises(TableError, match="paused"):
        table.act(pos, "fold", 1000.0)
    table.set_paused(False, 1000.0)
    check(table, 1000.0)
    assert table.deadlines[pos] == pytest.approx(1000.0 + deadline - 4.0)
    table.advance(1000.0 + deadline - 4.0 - 0.1)
    assert not table.timed_out
    table.advance(1000.0 + deadline - 4.0 + 0.1)
    assert table.timed_out == [pos]


def test_pause_between_hands_stops_the_deal_clock() -> None:
    table = Table(settings(between_hands=5.0), seed=6)
    humans(table, "Ann", "Bob")
    table.next_hand_at = 5.0
    table.set_paused(True, 1.0)
    assert table.next_wakeup(1.0) is None and not table.ready_to_deal(10.0)
    table.set_paused(False, 11.0)
    assert table.next_hand_at == pytest.approx(15.0)


def test_timeout_notice_says_the_sit_out_and_the_hand_line_says_what_was_played() -> None:
    table = Table(settings(), seed=7)
    humans(table, "Ann", "Bob")
    table.deal(shuffle().deck, 0.0)
    pos = table.owing()[0]
    name = table.seats[pos].name
    table.advance(table.deadlines[pos] + 0.01)
    assert table.notices[-1] == f"{name} (seat {pos + 1}) sits out from the next hand: the time ran out"
    assert table.timeouts == [{"position": pos, "hand_seat": table.start.dealt.index(pos), "seq": 0}]  # type: ignore[union-attr]


def test_a_bot_rebuys_at_most_bot_rebuys_times_then_leaves() -> None:
    table = Table(settings(bot_rebuys=1, bot_delay=0.0, between_hands=0.0, buy_in=2), seed=8)
    short = table.add_bot("random")
    for _ in range(2):
        deep = table.add_bot("random")
        table.adjust_stack(deep.position, 1000)
    run_until(table, 0.0, lambda: short.position not in table.seats, limit=20000)
    rebuys = [n for n in table.notices if n.startswith(f"{short.name} buys in again")]
    assert rebuys == [f"{short.name} buys in again for 2 (rebuy 1 of 1)"]
    assert any(n.startswith(f"{short.name} (seat 1) is out of chips after 1 rebuys and leaves") for n in table.notices)
    bought = sum(e.amount for e in table.ledger.entries if e.name == short.name and e.kind == "buy-in")
    assert bought == 4
    assert sum(table.ledger.nets(table.stacks_by_name()).values()) == 0


def test_configure_time_bank_reaches_seated_players() -> None:
    table = Table(settings(time_bank=60.0))
    humans(table, "Ann", "Bob")
    table.configure(time_bank=0.0)
    assert [s.bank for s in table.seats.values()] == [0.0, 0.0]
    table.configure(time_bank=30.0)
    assert [s.bank for s in table.seats.values()] == [30.0, 30.0]


@pytest.mark.parametrize("name", ["Ann\u200b", "\u202eAnn", "A\x00nn", "  ANN ", "\uff21nn", "Ann\u2060"])
def test_names_that_look_like_another_are_refused(name: str) -> None:
    table = Table(settings())
    table.sit("Ann")
    with pytest.raises(TableError, match="taken"):
        table.sit(name)


def test_invisible_only_names_are_refused() -> None:
    table = Table(settings())
    with pytest.raises(TableError, match="invisible"):
        table.sit("\u200b\u202e")
    assert table.sit("Zo\u00eb \u202eLee").name == "Zoë Lee"


def test_messages_count_seats_from_one() -> None:
    table = Table(settings(approve_seats=True))
    table.sit("Ann", approved=True)
    with pytest.raises(TableError, match="no one sits in seat 5; occupied seats: 1"):
        table.approve(4)
    with pytest.raises(TableError, match=r"Ann \(seat 1\) is already approved"):
        table.approve(0)
    assert "Ann sits in seat 1" in table.notices


def test_out_of_turn_names_whom_the_table_waits_for() -> None:
    table = Table(settings(), seed=9)
    humans(table, "Ann", "Bob", "Cy")
    table.deal(shuffle().deck, 0.0)
    to_act = table.owing()[0]
    other = next(p for p in table.start.dealt if p != to_act)  # type: ignore[union-attr]
    with pytest.raises(ValueError, match=rf"the table waits for {table.seats[to_act].name} \(seat {to_act + 1}\)"):
        table.act(other, "call", 0.0)


def test_refusals_from_the_engine_count_table_seats_from_one() -> None:
    table = Table(settings(game="passem"), seed=10)
    table.add_bot("random")
    table.sit("Ann", approved=True)  # table seat 2, hand seat 1
    table.deal(shuffle().deck, 0.0)
    with pytest.raises(ValueError) as info:
        table.act(1, "pass " + next(c for c in ("2c", "3c", "4c", "5c") if c not in table.view(1)["cards"]), 0.0)  # type: ignore[index]
    # Ann is table seat 2 (hand seat 1): whatever the engine says about her says seat 2
    assert "seat 1" not in str(info.value) and "seat 2" in str(info.value)


def test_decision_ids_survive_a_restart_and_change_only_for_the_seat_that_acted() -> None:
    table = Table(settings(game="passem"), seed=11)
    ann, bob, cy = humans(table, "Ann", "Bob", "Cy")
    sh = shuffle()
    table.deal(sh.deck, 0.0)
    before = {p: table.decision(p) for p in (ann, bob, cy)}
    assert None not in before.values() and len(set(before.values())) == 1  # one simultaneous step
    hs = table.hand_seat(ann)
    assert hs is not None
    table.act(ann, str(table.hand.default_action(hs)), 1.0, decision=before[ann])
    assert table.decision(ann) is None and table.decision(bob) == before[bob]
    again = Table.from_dict(table.to_dict())
    assert table.start is not None
    again.resume(table.start, sh.deck, list(table.actions), 2.0)
    assert {p: again.decision(p) for p in (ann, bob, cy)} == {p: table.decision(p) for p in (ann, bob, cy)}
    with pytest.raises(TableError, match="moved on"):
        again.act(bob, "fold", 2.0, decision=before[bob] + 1)  # type: ignore[operator]
