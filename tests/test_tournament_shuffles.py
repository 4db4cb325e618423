"""Issue 20: a tournament played by the core alone (no server) deals from committed seed chains, as a
cash table and a server-dealt tournament table do: each table's chain head is announced in its log
before its first hand, each hand's commitment is known before it is dealt and its seed revealed after,
and every hand passes the server's own verifier (``verify_table``, what ``homegame verify`` runs). A
seed still deals the same tournament again. (It dealt from ``random.shuffle`` of its seeded generator:
reproducible, committed to nothing, nothing to verify.)
"""

from __future__ import annotations

import json
from typing import Any

from homegame.server.verify import verify_table
from homegame.table import Table
from homegame.tournament.config import Config, Level
from homegame.tournament.core import Tournament
from homegame.tournament.stored import dump, load


def played(seed: int, players: int = 7) -> tuple[Tournament, dict[int, list[dict[str, Any]]], dict[tuple[int, int], str]]:
    """A bot tournament at tables of three played to its end by the core alone; each table's hand files,
    and the commitment each table had for its next hand, read before that hand was dealt."""
    t = Tournament(Config(buy_in=10, starting_stack=300, table_size=3, levels=[Level(25, 50, minutes=60)]), seed=seed)
    for i in range(players):
        t.register(f"Bot {i}", kind="bot", bot="random")
    files: dict[int, list[dict[str, Any]]] = {}
    promised: dict[tuple[int, int], str] = {}

    def hand_over(tid: int, table: Table) -> None:
        files.setdefault(tid, []).append(t.hand_file(tid))
        promised[(tid, table.hand_number + 1)] = str(t.next_commitment(tid))  # before the next deal

    t.hand_ends = hand_over
    t.start(0.0)
    now = 0.0
    while not t.finished:
        now += 1.0
        t.advance(now)
        assert now < 100_000, "the tournament did not end"
    return t, files, promised


def test_a_core_only_tournaments_hands_verify_with_the_servers_verifier() -> None:
    t, files, promised = played(seed=5)
    assert len(files) >= 3 and sum(len(f) for f in files.values()) == t.hands
    for tid, hands in files.items():
        hands = json.loads(json.dumps(hands))  # as a file on disk
        verdicts = verify_table(hands)
        bad = [(n, [w for w, ok in v.checks if not ok]) for n, v in verdicts if not v.ok]
        assert not bad, (tid, bad)
        assert [n for n, _ in verdicts] == list(range(1, len(hands) + 1))
        head = hands[0]["start"]["shuffle"]["head"]
        for hand in hands:  # the commitment read before the deal is the one the hand was dealt under
            assert promised.get((tid, hand["number"]), hand["commitment"]) == hand["commitment"]
            assert hand["start"]["shuffle"]["head"] == head


def test_each_tables_chain_is_announced_in_its_log_before_its_first_hand() -> None:
    t = Tournament(Config(buy_in=10, starting_stack=300, table_size=3, levels=[Level(25, 50, minutes=60)]), seed=2)
    for i in range(5):
        t.register(f"Bot {i}", kind="bot", bot="random")
    t.start(0.0)
    assert t.next_commitment(1) is None  # no chain before the first deal
    t.advance(0.0)
    for tid, table in t.tables.items():
        chain = t.fairs[tid].chains[0]
        said = [(line, mark) for line, mark in zip(table.notices, table.notice_marks, strict=True)
                if line.startswith("Shuffle chain 1 opened")]
        assert len(said) == 1 and chain.head in said[0][0], said
        assert said[0][1] == [0, 0]  # said before hand 1 (the log's mark: hand 0, after none of its lines)
        assert t.shuffles[tid].commitment == chain.seed(0)  # hand 1's commitment is the head itself


def test_a_seed_deals_the_same_tournament_again_and_another_seed_does_not() -> None:
    first, files, _ = played(seed=11, players=5)
    again, files_again, _ = played(seed=11, players=5)
    other, files_other, _ = played(seed=12, players=5)
    assert files == files_again
    assert [(e.name, e.place) for e in first.entries] == [(e.name, e.place) for e in again.entries]
    assert [h["deck"] for h in files[1]] != [h["deck"] for h in files_other.get(1, [])]


def test_a_stored_and_reloaded_tournament_deals_on_from_the_same_chains() -> None:
    t = Tournament(Config(buy_in=10, starting_stack=300, table_size=3, levels=[Level(25, 50, minutes=60)]), seed=4)
    for i in range(4):
        t.register(f"Bot {i}", kind="bot", bot="random")
    t.start(0.0)
    for now in range(1, 6):
        t.advance(float(now))
    again = load(json.loads(json.dumps(dump(t))), now=5.0)
    assert dump(again) == dump(t)
    for tid in t.tables:
        assert again.next_commitment(tid) == t.next_commitment(tid)


def test_a_table_whose_chain_runs_out_opens_the_next_and_its_hands_still_verify(monkeypatch: Any) -> None:
    import homegame.tournament.shuffles as shuffles

    monkeypatch.setattr(shuffles, "CHAIN_HANDS", 3)
    t, files, _ = played(seed=5)
    longest = max(files.values(), key=len)
    assert len({h["start"]["shuffle"]["chain"] for h in longest}) > 1  # more than one chain at that table
    for hands in files.values():
        assert all(v.ok for _, v in verify_table(hands))
