"""The tournament conformance test (issue 20): random tournaments of 2 to 60 entries with bots and
people, rebuys, add-ons, late registration, players away (sit-outs, disconnects, time-outs), host
actions (pause, resume, add time, levels forward and back) and deal proposals, driven by a fake clock.
After every step:

- chips are conserved over all tables and every move (chips at the tables == chips given out);
- every player still in sits at exactly one table, and every seat is a player still in;
- a table that deals a hand has at most one player more than the shortest table (TDA balancing);
- it finishes only by a deal every player still in accepted, or when one player holds every chip
  (issue 20's play-test: never while a hand between two players with chips is being played);

and at the end every entry has exactly one place, the places are 1..N with shared places together,
and prizes plus bounties equal what was paid in (there is no rake).

``TOURNEY_SEED`` replays one run; ``TOURNEY_RUNS`` sets how many.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter
from typing import Any

import pytest

from homegame.table import DEALERS_CHOICE, simple_action
from homegame.tournament.config import HORSE, Config, TournamentError, schedule
from homegame.tournament.core import Tournament
from homegame.tournament.stored import dump, dumps, load

RUNS = int(os.environ.get("TOURNEY_RUNS", "20"))
SEEDS = [int(os.environ["TOURNEY_SEED"])] if "TOURNEY_SEED" in os.environ else list(range(RUNS))


def config(rng: random.Random) -> Config:
    game = rng.choice(["holdem", "passem", "stud", DEALERS_CHOICE, list(HORSE), ["holdem", "razz"]])
    rebuy = rng.choice([0, 0, 2])
    return Config(
        buy_in=rng.choice([10, 20, 25]), bounty=rng.choice([0, 0, 5]),
        levels=schedule(10, 30, rng.choice([0.5, 1.0]), break_every=3), game=game,
        rotate_by=rng.choice(["level", "orbit"]), table_size=rng.choice([6, 9, 10]),
        late_registration_level=rng.choice([0, 1, 2]), rebuy_level=rebuy, rebuy_price=rng.choice([0, 15]),
        max_rebuys=rng.choice([1, 3]), add_on_price=rng.choice([0, 10]), add_on_chips=rng.choice([0, 300]),
        chip_race=rng.random() < 0.4, starting_stack=rng.choice([200, 500, 1003]),
        turn_seconds=5.0, bot_delay=rng.choice([0.0, 0.5]), between_hands=rng.choice([0.0, 1.0]),
    )


class Run:
    def __init__(self, seed: int) -> None:
        self.rng = rng = random.Random(seed)
        self.t = Tournament(config(rng), seed=seed)
        self.now = 0.0
        self.people: list[int] = []
        self.in_play = 0  # the chips in play just before the last advance
        self.dealt: dict[int, int] = {}
        self.round_hands: dict[tuple[int, int], int] = {}
        self.big_blinds: dict[int, tuple[int, str]] = {}  # each table's last big blind seen: (hand, name)
        self.t.hand_ends = self.hand_ended
        self.shown_ends = 0
        for i in range(rng.randint(2, 60)):
            self.enter(i)

    def hand_ended(self, tid: int, table: Any) -> None:
        """The server's look at each hand as it ends: over, not yet read, its people still seated."""
        assert not table.live and table.start is not None and table.hand_number > self.t.synced[tid]
        people = [n for n in table.start.names if self.t.by_name(n).kind == "human"]
        assert all(self.t.seat_of(n) == (tid, table.start.dealt[table.start.names.index(n)]) for n in people)
        self.shown_ends += 1

    def enter(self, i: int) -> None:
        person = self.rng.random() < 0.15
        entry = self.t.register(f"P{i}" if person else f"Bot {i}", kind="human" if person else "bot",
                                bot="random", now=self.now, auto_rebuy=self.rng.random() < 0.5)
        if person:
            self.people.append(entry)

    def step(self) -> None:
        rng, t = self.rng, self.t
        roll = rng.random()
        try:
            if roll < 0.02:
                t.set_paused(True, self.now)
            elif roll < 0.06:
                t.set_paused(False, self.now)
            elif roll < 0.07:
                t.add_time(rng.choice([-30, 60]), self.now)
            elif roll < 0.08:
                t.change_level(rng.choice([-1, 1]), self.now)
            elif roll < 0.10 and t.registration_open():
                self.enter(len(t.entries) + 1000)
            elif roll < 0.14 and self.people:
                t.set_away(rng.choice(self.people), rng.random() < 0.5)
            elif roll < 0.20:
                for e in t.playing():
                    if rng.random() < 0.5 and t.add_on_open() and not e.add_on:
                        t.add_on(e.id, self.now)
            elif roll < 0.22 and self.people:  # a phone drops: the table sits the player out
                where = t.seat_of(t.entry(rng.choice(self.people)).name)
                if where is not None:
                    t.tables[where[0]].set_sitting_out(where[1], True)
            elif roll < 0.23 and len(t.playing()) <= 10:
                deal = t.propose_deal(rng.choice(["icm", "chip-chop"]), self.now)
                assert sum(deal["amounts"].values()) == sum(t.prizes()[:len(deal["amounts"])])
                for e in t.playing():
                    if rng.random() < 0.75:
                        t.accept_deal(e.id, deal["number"])
                    elif rng.random() < 0.5:
                        t.decline_deal(e.id)
                assert t.finished or not any(tb.live for tb in t.tables.values())
            elif roll < 0.26 and t.deal_open():
                t.cancel_deal()
        except TournamentError:
            pass
        self.play_people()
        if t.running_since is None and rng.random() < 0.3:
            t.set_paused(False, self.now)
        self.now += rng.choice([0.2, 1.0, 1.0, 3.0, 8.0])
        self.in_play = t.chips_in_play
        t.advance(self.now)
        self.check()

    def play_people(self) -> None:
        for table in self.t.tables.values():
            for pos in table.owing():
                entry = self.t.by_name(table.seats[pos].name)
                if entry.kind == "human" and not entry.away and not table.paused and self.rng.random() < 0.8:
                    view = table.view(pos)
                    assert view is not None
                    table.act(pos, simple_action(view, self.rng), self.now)

    def check(self) -> None:
        t = self.t
        if t.finished:
            assert t.chips_in_play == 0 and not t.tables
            if not (t.deal and t.deal.get("made")):  # won at the tables: by one player holding every chip
                last = t.eliminated[-1]
                assert len(last) == 1 and last[0][1] == self.in_play, f"finished with chips elsewhere: {last}"
            return
        assert t.chips_on_tables() == t.chips_in_play, "chips appeared or vanished"
        seated = Counter(s.name for table in t.tables.values() for s in table.seats.values())
        playing = {e.name for e in t.playing()}
        assert all(n == 1 for n in seated.values()), f"seated twice: {seated.most_common(2)}"
        assert set(seated) == playing, f"seated but out: {set(seated) - playing}; in but nowhere: {playing - set(seated)}"
        open_sizes = [len(tb.seats) for i, tb in t.tables.items() if i not in t.breaking]
        if t.hand_for_hand:  # one hand a table a round: a table that dealt waits for every other
            for tid in t.round_dealt:
                self.round_hands.setdefault((t.rounds, tid), t.tables[tid].hand_number)
                assert t.tables[tid].hand_number == self.round_hands[(t.rounds, tid)], "two hands in one round"

        for tid, table in t.tables.items():
            if table.live and self.dealt.get(tid) != table.hand_number:
                self.dealt[tid] = table.hand_number
                if not t.final_redraw and tid not in t.breaking:
                    assert len(table.start.dealt) <= min(open_sizes) + 1, (tid, open_sizes)
                # the dead button (TDA 2004 rule 6): the big blind moves one player a hand, never stays
                assert table.start.blind_seats is not None, "a tournament table with a moving button"
                big = table.start.names[table.start.dealt.index(table.start.blind_seats[2])]
                last = self.big_blinds.get(tid)
                assert last is None or last[0] != table.hand_number - 1 or last[1] != big, f"{big}: big blind twice"
                self.big_blinds[tid] = (table.hand_number, big)


def finish_checks(t: Tournament) -> None:
    places = sorted(e.place for e in t.entries if e.place is not None)
    assert len(places) == len(t.entries), "an entry without a place"
    counts = Counter(places)
    for place, n in counts.items():  # a shared place covers the places below it
        assert all(place + k not in counts for k in range(1, n)), counts
    assert max(places) + counts[max(places)] - 1 == len(t.entries)
    paid = sum(e.paid for e in t.entries)
    assert sum(e.prize + e.bounties for e in t.entries) == paid, "payouts and bounties differ from the pool"
    settle = t.results()["settle_up"]
    assert sum(p["amount"] for p in settle["payments"]) >= 0


@pytest.mark.parametrize("seed", SEEDS)
def test_random_tournaments(seed: int) -> None:
    run = Run(seed)
    run.t.start(0.0)
    run.check()
    deadline = time.thread_time() + 20  # this thread's CPU seconds: neither the load nor other threads count
    for _ in range(20_000):
        if run.t.finished:
            break
        run.step()
        assert time.thread_time() < deadline, f"seed {seed}: too slow"
    assert run.t.finished, f"seed {seed}: the tournament did not end"
    assert run.shown_ends == run.t.hands, "a hand read without being shown"
    finish_checks(run.t)


@pytest.mark.parametrize("seed", range(100, 106))
def test_a_stored_tournament_resumes(seed: int) -> None:
    """Stored mid-tournament (hands in play included) and loaded as a new process would: the same
    state, and it runs on to a sound end."""
    run = Run(seed)
    run.t.start(0.0)
    for _ in range(run.rng.randint(5, 60)):
        if run.t.finished:
            break
        run.step()
    data = json.loads(dumps(run.t))
    run.t = load(data, now=run.now)

    def unclocked(stored: dict[str, Any]) -> dict[str, Any]:  # turn clocks start afresh on loading
        for table in stored["tables"].values():  # a paused table's too (what was left on them: "frozen")
            table["table"]["clocks"] = table["table"]["frozen"] = None
        return stored

    assert unclocked(dump(run.t)) == unclocked(data)
    run.check()
    for _ in range(20_000):
        if run.t.finished:
            break
        run.step()
    assert run.t.finished
    finish_checks(run.t)
