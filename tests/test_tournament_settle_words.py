"""Issue 20: the end of a tournament night is settled between people in tournament words. What each
person paid in (buy-in, rebuys, add-on) against what they won (their place's prize, bounties), who
pays whom, and the bots apart: a bot's prize is its place, never a debt. (The clock said it as a cash
game's settle-up: "Ann lost 20 to the bots: nobody pays that".)
"""

from __future__ import annotations

from homegame.tournament.config import Config, Level
from homegame.tournament.core import Tournament
from homegame.tournament.live import record_bust

#: What a cash table's settle-up says of bots, which a tournament's must never say.
CASH_WORDS = ("from the bots", "to the bots", "never paid, never paying", "broke even")


def night(order_out: list[str]) -> Tournament:
    """Ann and Ben (people) and two bots, buy-in 20, Ann rebuys once; 70/30 of the pool; the players go
    out one by one in ``order_out`` (real cards: the host records the busts)."""
    t = Tournament(Config(buy_in=20, starting_stack=1000, levels=[Level(10, 20, minutes=20)], rebuy_level=1,
                          payouts=[70, 30]), seed=3)
    for name, kind in (("Ann", "human"), ("Ben", "human"), ("Bot 1", "bot"), ("Bot 2", "bot")):
        t.register(name, kind=kind)
    t.start(0.0)
    t.rebuy(t.by_name("Ann").id, 1.0)
    for name in order_out:
        record_bust(t, [name])
    assert t.finished
    return t


def test_people_who_won_prizes_are_paid_by_people_and_never_from_a_bots_buy_in() -> None:
    settle = night(["Bot 2", "Ben", "Bot 1"]).results()["settle_up"]  # Ann 1st (70), Bot 1 2nd (30)
    assert settle["accounts"] == [
        "Ann finished 1st: paid 40 (buy-in 20, 1 rebuy 20), won 70 (1st place's prize): up 30",
        "Ben finished 3rd: paid 20 (buy-in 20), won nothing: down 20"]
    assert settle["lines"] == [
        "Ben pays Ann 20",
        "Ann's winnings count 10 of the bots' buy-ins, which nobody paid in: nobody pays Ann that 10",
        "The bots' places (a bot is never paid and never pays): Bot 1 2nd (a prize of 30, paid to nobody), Bot 2 4th"]
    assert not [line for line in settle["lines"] if any(w in line for w in CASH_WORDS)]


def test_a_prize_a_bot_won_is_its_place_and_nobody_owes_it() -> None:
    settle = night(["Bot 2", "Ben", "Ann"]).results()["settle_up"]  # Bot 1 1st (70), Ann 2nd (30)
    assert settle["accounts"] == [
        "Ann finished 2nd: paid 40 (buy-in 20, 1 rebuy 20), won 30 (2nd place's prize): down 10",
        "Ben finished 3rd: paid 20 (buy-in 20), won nothing: down 20"]
    assert settle["lines"] == [
        "Nobody owes anybody",
        "10 of what Ann paid in went to the bots' prizes, which nobody collects: Ann keeps that 10",
        "20 of what Ben paid in went to the bots' prizes, which nobody collects: Ben keeps that 20",
        "The bots' places (a bot is never paid and never pays): Bot 1 1st (a prize of 70, paid to nobody), Bot 2 4th"]
    assert settle["nets"] == {"Ann": -10, "Ben": -20}  # the money is the ledger's, unchanged


def test_bounties_and_an_add_on_are_named_in_a_persons_account() -> None:
    t = Tournament(Config(buy_in=30, bounty=10, starting_stack=1000, add_on_price=15,
                          levels=[Level(10, 20, minutes=20), Level(10, 20, minutes=5, is_break=True), Level(20, 40)],
                          rebuy_level=1, payouts=[100]), seed=1)
    for name in ("Ann", "Ben", "Cy"):
        t.register(name)
    t.start(0.0)
    t.add_on(t.by_name("Ann").id, 20 * 60 + 1.0)
    record_bust(t, ["Ben"], {"Ben": "Ann"})
    record_bust(t, ["Cy"], {"Cy": "Ann"})
    settle = t.results()["settle_up"]
    # the pool: 3 x 20 and the add-on, 75, to Ann; bounties: Ben's, Cy's and her own back
    assert settle["accounts"][0] == "Ann finished 1st: paid 45 (buy-in 30, add-on 15), won 105 (1st place's prize 75, bounties 30): up 60"
    assert settle["lines"] == ["Ben pays Ann 30", "Cy pays Ann 30"]
