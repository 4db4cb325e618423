"""A table across many hands: button, seats, dealer's choice, clocks, sitting out, persistence."""

from __future__ import annotations

import random

import pytest

import homegame as hg
from homegame.server.commitment import shuffle
from homegame.table import DEALERS_CHOICE, SEED_GAMES, Settings, Table, TableError


def settings(**kw: object) -> Settings:
    base = {"game": "passem", "bot_delay": 0.0, "between_hands": 0.0, "turn_seconds": 10.0,
            "time_bank": 5.0, "approve_seats": True}
    base.update(kw)
    return Settings(**base)  # type: ignore[arg-type]


def run(table: Table, now: float, hands: int, limit: int = 20000) -> float:
    """Advance the table's clock until ``hands`` more hands have been dealt and finished."""
    target = table.hand_number + hands
    for _ in range(limit):
        table.advance(now)
        if table.ready_to_deal(now):
            if table.hand_number >= target:
                return now
            table.deal(shuffle().deck, now)
            continue
        if table.hand_number >= target and not table.live:
            return now
        wake = table.next_wakeup(now)
        if wake is None:
            return now
        now = max(now, wake) + 0.001
    raise AssertionError("the table did not finish its hands")


def chips(table: Table) -> int:
    return sum(s.stack for s in table.seats.values() if s.status != "pending")


def test_bots_play_many_hands_and_chips_are_conserved() -> None:
    table = Table(settings(game=DEALERS_CHOICE), seed=3)
    for kind in ("rule", "random", "rule", "random", "rule"):
        table.add_bot(kind)
    run(table, 0.0, 25)
    assert table.hand_number >= 10
    bought = sum(e.amount for e in table.ledger.entries if e.kind == "buy-in")  # bots that go broke rebuy
    cashed = sum(e.amount for e in table.ledger.entries if e.kind == "cash-out")
    assert chips(table) == bought - cashed
    assert sum(table.ledger.nets(table.stacks_by_name()).values()) == 0


def test_button_moves_to_the_next_dealt_seat() -> None:
    table = Table(settings(), seed=1)
    for _ in range(3):
        table.add_bot("random")
    buttons = []
    now = 0.0
    for _ in range(6):
        now = run(table, now, 1)
        buttons.append(table.button)
    # each hand moves the button one seat clockwise among the players dealt in
    dealt = table.start.dealt if table.start else []
    for a, b in zip(buttons, buttons[1:], strict=False):
        if a in dealt and b in dealt and len(dealt) == 3:
            assert b == dealt[(dealt.index(a) + 1) % 3]


def test_pending_players_wait_for_the_host() -> None:
    table = Table(settings())
    ann = table.sit("Ann")
    assert ann.status == "pending" and ann.stack == 0
    assert table.eligible() == []
    table.approve(ann.position)
    assert ann.status == "active" and ann.stack == 200
    assert table.ledger.nets({"Ann": 200}) == {"Ann": 0}
    with pytest.raises(TableError, match="already approved"):
        table.approve(ann.position)
    with pytest.raises(TableError, match="taken"):
        table.sit("ann")
    with pytest.raises(TableError, match="1 to 24 characters"):
        table.sit("x" * 30)


def test_human_timeout_plays_the_default_and_sits_out() -> None:
    table = Table(settings(), seed=2)
    ann = table.sit("Ann", approved=True)
    table.add_bot("random")
    now = 0.0
    table.deal(shuffle().deck, now)
    # Pass'Em starts with the simultaneous pass: Ann owes it until her clock runs out
    assert ann.position in table.owing() or not table.live
    while table.live and ann.position not in table.owing():
        now = (table.next_wakeup(now) or now) + 0.001
        table.advance(now)
    assert ann.position in table.deadlines
    deadline = table.deadlines[ann.position]
    assert deadline == pytest.approx(now + 10.0 + 5.0, abs=1.0)
    table.advance(deadline + 0.01)
    assert ann.sitting_out and ann.bank == 0.0
    assert ann.position in table.timed_out


def test_removing_a_player_mid_hand_folds_them_and_cashes_out_after() -> None:
    table = Table(settings(game="holdem"), seed=4)
    ann = table.sit("Ann", approved=True)
    bob = table.sit("Bob", approved=True)
    table.sit("Cy", approved=True)
    table.deal(shuffle().deck, 0.0)
    table.remove(bob.position)
    assert table.seats[bob.position].status == "leaving"
    now = 0.0
    while table.live:
        owing = table.owing()
        if ann.position in owing or 2 in owing:
            pos = owing[0]
            hs = table.hand_seat(pos)
            assert hs is not None
            table.act(pos, table.hand.default_action(hs), now)
        now += 0.5
        table.advance(now)
    assert bob.position not in table.seats
    total = sum(s.stack for s in table.seats.values())
    cashed = sum(e.amount for e in table.ledger.entries if e.kind == "cash-out")
    assert total + cashed == 600


def test_adjust_stack_books_the_difference() -> None:
    table = Table(settings())
    ann = table.sit("Ann", approved=True)
    table.adjust_stack(ann.position, 500)
    table.adjust_stack(ann.position, 100)
    assert table.ledger.nets({"Ann": 100}) == {"Ann": 0}
    kinds = [(e.kind, e.amount) for e in table.ledger.entries]
    assert kinds == [("buy-in", 200), ("buy-in", 300), ("cash-out", 400)]
    with pytest.raises(TableError, match="zero or more"):
        table.adjust_stack(ann.position, -1)


def test_dealers_choice_bot_dealer_picks_a_seed_game() -> None:
    table = Table(settings(game=DEALERS_CHOICE), seed=9)
    table.add_bot("rule")
    table.add_bot("rule")
    now = run(table, 0.0, 3)
    assert table.start is not None and table.start.game in SEED_GAMES
    assert any("deals" in n for n in table.notices)
    assert now >= 0


def test_dealers_choice_human_dealer_must_choose() -> None:
    table = Table(settings(game=DEALERS_CHOICE), seed=1)
    ann = table.sit("Ann", approved=True)
    table.add_bot("random")
    table.advance(0.0)
    assert table.chooser is not None
    chooser = table.chooser
    other = 1 - chooser
    with pytest.raises(TableError, match="chooses the game"):
        table.choose(other, "passem")
    if chooser == ann.position:
        with pytest.raises(TableError, match="bad game"):
            table.choose(chooser, "pass-the-trash", {"keep": 99})
        table.choose(chooser, "pass-the-trash", {"passes": [3, 2, 1], "keep": 6, "declare_after": 4})
        assert table.ready_to_deal(0.0)
        start = table.deal(shuffle().deck, 0.0)
        assert start.game == "pass-the-trash" and start.rules["keep"] == 6


def test_a_paused_dealer_cannot_choose_until_the_host_resumes() -> None:
    """Issue 17 play-test: the host paused while Ann chose the game, and her choice still went through. A
    pause stops every action, the dealer's choice too: refused in words, nothing changed; resumed, it counts."""
    table = Table(settings(game=DEALERS_CHOICE), seed=1)
    ann = table.sit("Ann", approved=True)
    table.add_bot("random")
    table.advance(0.0)
    assert table.chooser == ann.position  # the first button is Ann's
    table.set_paused(True, 1.0)
    revision = table.revision
    with pytest.raises(TableError, match="paused"):
        table.choose(ann.position, "passem")
    assert (table.chooser, table.choice, table.revision) == (ann.position, None, revision)
    assert (table.waiting() or {}).get("code") == "paused"
    table.set_paused(False, 5.0)
    table.choose(ann.position, "passem")
    assert (table.next_game() or ("",))[0] == "passem"


def test_set_game_and_stakes_validate() -> None:
    table = Table(settings())
    with pytest.raises(TableError, match="bad game"):
        table.set_game("go-fish")
    with pytest.raises(TableError, match="bad stakes"):
        table.set_stakes({"structure": "fixed-limit"})
    table.set_game("3-hole", {"showdown_cards_count": True})
    assert table.settings.game == "three-hole"
    table.set_stakes({"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4}, buy_in=100)
    assert table.settings.buy_in == 100


def test_round_trip_and_exact_resume_mid_hand() -> None:
    table = Table(settings(game="pass-the-trash"), seed=5)
    for _ in range(3):
        table.add_bot("random")
    sh = shuffle()
    table.deal(sh.deck, 0.0)
    rng = random.Random(1)
    now = 0.0
    for _ in range(rng.randint(3, 12)):
        now += 0.01
        table.advance(now)
        if not table.live:
            break
    saved = table.to_dict()
    assert table.start is not None
    again = Table.from_dict(saved)
    again.resume(table.start, sh.deck, list(table.actions), now)
    for seat in range(3):
        assert again.view(seat) == table.view(seat)
    assert again.view(None) == table.view(None)


def test_public_state_has_no_cards() -> None:
    table = Table(settings(game="sameem"), seed=6)
    for _ in range(3):
        table.add_bot("random")
    table.deal(shuffle().deck, 0.0)
    text = repr(table.public(0.0))
    cards = {str(c) for c in hg.cards(" ".join(table.hand.history.deck.split()))} if isinstance(
        table.hand.history.deck, str) else set()
    for card in cards:
        assert f"'{card}'" not in text
