"""Provably fair shuffles (docs/fairness.md): the seed chain, players' contributions, tampering found on
load, ``homegame verify`` on hands, tables, JSON lines and a page's record, and the page's own
derivation (run by node) equal to Python's.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update
from typer.testing import CliRunner

import homegame as hg
from homegame.cli import _load_commands, app
from homegame.server import protocol as p
from homegame.server.room import Connection, Room
from homegame.server.storage import HandRow, Store
from homegame.server.verify import verify_hand, verify_table
from homegame.table import Settings, Table, fairness
from homegame.table.fairness import Chain, Fairness, derive_deck, sha256_hex

WEB = Path(__file__).resolve().parents[1] / "src" / "homegame" / "web" / "js" / "fairness.js"


# ----- a table driven by hand: a sitting-out player who contributes, and bots who play --------------
class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def open_table(tmp_path: Path, game: str = "holdem") -> tuple[Room, Store, Clock, Connection]:
    store = Store(f"sqlite:///{tmp_path / 'fair.db'}")
    table = Table(Settings(game=game, bot_delay=1.0, between_hands=1.0, turn_seconds=600.0, time_bank=0.0,
                           approve_seats=False))
    for _ in range(3):
        table.add_bot("rule")
    ann = table.sit("Ann", token_hash="x" * 64, approved=True)
    table.set_sitting_out(ann.position, True)
    table.sit("Bo", token_hash="y" * 64, approved=True)  # the bots do not play alone: a person is dealt in
    store.create_table("t1", "h" * 64, "i" * 64, "w" * 64, {"table": table.to_dict(), "links": {}})
    clock = Clock()
    room = Room.load("t1", store, clock=clock)
    assert room is not None
    sent: list[str] = []
    conn = Connection(send_text=sent.append, role="player", seat=ann.position, holder=ann.token_hash)
    return room, store, clock, conn


def entropy(room: Room, conn: Connection, hand: int, value: str) -> dict[str, Any] | None:
    """Send an ``entropy`` message; the error it got, if any."""
    before = conn.outbox.qsize()
    room.step((conn, p.parse_client(json.dumps({"type": "entropy", "hand": hand, "value": value}))))
    while conn.outbox.qsize() > before:
        msg = json.loads(conn.outbox.get_nowait() or "{}")
        if msg.get("type") == "error":
            return msg
    return None


def person_plays(room: Room) -> None:
    """Each person who owes a decision checks, or folds, through the room (as a tap would)."""
    table = room.table
    for pos in [x for x in table.owing() if table.seats[x].kind == "human"]:
        legal = table.hand.legal(table.hand_seat(pos))
        action = "check" if "check" in legal else "fold" if "fold" in legal else str(
            table.hand.default_action(table.hand_seat(pos)))
        conn = Connection(send_text=lambda _text: None, role="player", seat=pos, holder=table.seats[pos].token_hash)
        room.step((conn, p.parse_client(json.dumps({"type": "act", "action": action}))))


def play_until(room: Room, clock: Clock, done: Any, limit: int = 5000) -> None:
    for _ in range(limit):
        if done():
            return
        clock.now += 0.5
        room.step(None)
        person_plays(room)
    raise AssertionError("the table did not get there")


def hand_file(store: Store, number: int) -> dict[str, Any]:
    """What ``GET /api/tables/t1/hands/N.json`` returns."""
    s = store.hand("t1", number)
    assert s is not None and s.over and s.history is not None
    return {"format": "homegame-hand", "version": 1, "table_id": "t1", "number": number, "start": s.start,
            "names": {}, "commitment": s.commitment, "deck": s.deck, "salt": s.salt, "actions": s.actions,
            "payoffs": s.payoffs, "history": json.loads(s.history)}


def finished(room: Room, n: int) -> bool:
    return room.table.hand_number > n or (room.table.hand_number == n and bool(room.table.hand.over))


@pytest.fixture
def played(tmp_path: Path) -> tuple[Room, Store, Clock, Connection, list[str]]:
    """Four hands, Ann contributing to hands 2 and 3."""
    room, store, clock, conn = open_table(tmp_path)
    values = [secrets.token_hex(32) for _ in range(2)]
    play_until(room, clock, lambda: room.table.hand_number == 1)
    assert entropy(room, conn, 2, values[0]) is None
    play_until(room, clock, lambda: room.table.hand_number == 2)
    assert entropy(room, conn, 3, values[1]) is None
    play_until(room, clock, lambda: finished(room, 4))
    return room, store, clock, conn, values


# ----- the derivation ------------------------------------------------------------------------------
def test_the_deck_is_a_documented_function_of_the_seed_and_the_contributions() -> None:
    seed, a, b = "00" * 32, "11" * 32, "22" * 32
    deck = derive_deck(seed, [a, b])
    assert deck == derive_deck(seed, [b, a]) and sorted(deck) == sorted(fairness.full_deck())
    assert deck != derive_deck(seed, [a]) != derive_deck(seed, [])
    # the known answer of docs/fairness.md
    assert " ".join(derive_deck(seed, [])[:6]) == DOC_VECTOR_EMPTY
    assert " ".join(deck[:6]) == DOC_VECTOR_TWO
    with pytest.raises(ValueError, match="64 lowercase hex"):
        derive_deck(seed, ["AB" * 32])


#: The first six cards of docs/fairness.md's two known answers (seed 00..00; no contributions, and 11..11, 22..22).
DOC_VECTOR_EMPTY = "Ts 5h 6c 6d Jh 7h"
DOC_VECTOR_TWO = "Qs Ks 9h Jc 3h Jh"


def test_doc_states_the_known_answers() -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "fairness.md").read_text()
    assert DOC_VECTOR_EMPTY in doc and DOC_VECTOR_TWO in doc


def test_a_chain_links_every_seed_to_its_head_and_a_new_chain_is_announced() -> None:
    fair = Fairness([Chain.new(number=1, first=1, length=3)])
    heads = fair.chains[0].head
    seeds, notices = [], []
    for hand in range(1, 6):
        sh, said = fair.deal(hand)
        seeds.append(sh.salt)
        notices += said
        assert sha256_hex(sh.salt) == sh.commitment == sh.record["commitment"]
    assert sha256_hex(seeds[0]) == heads and sha256_hex(seeds[1]) == seeds[0]
    assert len(fair.chains) == 2 and fair.chains[1].first == 4
    assert any("chain 2 opened" in n and fair.chains[1].head in n and "ends with hand 3" in n for n in notices)
    assert sha256_hex(seeds[3]) == fair.chains[1].head


def test_a_loaded_chain_holds_a_few_kilobytes_and_every_seed_links_to_the_next() -> None:
    """A live table keeps its chain loaded (issue 12: memory per live table): a whole chain of 10,000
    seeds once held every link (320 kB a table); it keeps one link in ``CHAIN_STRIDE`` now."""
    import tracemalloc

    secret = bytes(range(32))
    tracemalloc.start()
    chain = Chain.new(number=1, first=1, secret=secret)
    before = tracemalloc.get_traced_memory()[0]
    first = chain.seed(1)
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert held < 8_000, f"a loaded chain holds {held} bytes"
    assert sha256_hex(first) == chain.head and chain.seed(fairness.CHAIN_LENGTH) == secret.hex()
    walked = [secret]
    for _ in range(fairness.CHAIN_LENGTH):
        walked.append(hashlib.sha256(walked[-1]).digest())
    walked.reverse()  # walked[i] is s_i
    for index in (0, 1, 2, 99, 100, 101, 5_000, 9_899, 9_900, 9_901, 9_999):
        assert chain.seed(index) == walked[index].hex()


# ----- the server ----------------------------------------------------------------------------------
def test_contributions_change_the_deck_and_are_public(played: tuple[Room, Store, Clock, Connection, list[str]]) -> None:
    room, store, _clock, conn, values = played
    for number, value in ((2, values[0]), (3, values[1])):
        data = hand_file(store, number)
        record = data["start"]["shuffle"]
        assert record["contributions"] == [{"seat": conn.seat, "value": value}]
        assert data["deck"] == derive_deck(data["salt"], [value]) != derive_deck(data["salt"], [])
    assert hand_file(store, 1)["start"]["shuffle"]["contributions"] == []
    info = room.shuffle_info()
    assert info["next"]["hand"] == room.table.hand_number + 1 and info["next"]["head"] == room.fair.chains[0].head


def test_the_state_shows_contributions_and_reveals_the_seed_after_the_hand(tmp_path: Path) -> None:
    room, _store, clock, conn = open_table(tmp_path)
    play_until(room, clock, lambda: room.table.hand_number == 1 and not room.table.hand.over)
    info = room.shuffle_info()
    assert info["seed"] is None and info["deck"] is None and info["index"] == 1
    assert info["commitment"] == info["head"] and info["scheme"] == fairness.SCHEME
    value = secrets.token_hex(32)
    assert entropy(room, conn, 2, value) is None
    assert room.shuffle_info()["next"]["contributions"] == [{"seat": conn.seat, "value": value}]
    play_until(room, clock, lambda: room.table.hand.over)
    info = room.shuffle_info()
    assert sha256_hex(info["seed"]) == info["commitment"] and info["deck"] == derive_deck(info["seed"], [])
    # the chain's secret (every future seed) is in no message
    sent = room.state_text(conn, room._public_text())
    assert room.fair.chains[0].secret not in sent and room.fair.chains[0].seed(2) not in sent


def test_bad_contributions_are_refused_with_a_reason(tmp_path: Path) -> None:
    room, _store, clock, conn = open_table(tmp_path)
    play_until(room, clock, lambda: room.table.hand_number == 1)
    value = secrets.token_hex(32)
    err = entropy(room, conn, 1, value)
    assert err is not None and "hand 2 until it is dealt" in err["message"]
    assert entropy(room, conn, 2, value) is None
    assert entropy(room, conn, 2, value) is None  # the same value again (another tab) is fine
    err = entropy(room, conn, 2, secrets.token_hex(32))
    assert err is not None and "already contributed" in err["message"]
    watcher = Connection(send_text=print, role="watcher")
    err = entropy(room, watcher, 2, secrets.token_hex(32))
    assert err is not None and "seated player" in err["message"]
    with pytest.raises(p.ProtocolError, match="value"):
        p.parse_client(json.dumps({"type": "entropy", "hand": 2, "value": "xyz"}))


def test_pending_contributions_survive_a_restart(tmp_path: Path) -> None:
    room, store, clock, conn = open_table(tmp_path)
    play_until(room, clock, lambda: room.table.hand_number == 1)
    value = secrets.token_hex(32)
    assert entropy(room, conn, 2, value) is None
    again = Room.load("t1", store, clock=clock)
    assert again is not None and again.shuffle_info()["next"]["contributions"] == [{"seat": conn.seat, "value": value}]
    assert again.fair.chains[0].head == room.fair.chains[0].head


@pytest.mark.parametrize("how", ["deck", "seed"])
def test_a_deck_rewritten_mid_hand_is_announced_on_load(tmp_path: Path, how: str) -> None:
    room, store, clock, conn = open_table(tmp_path)
    play_until(room, clock, lambda: room.table.hand_number == 2 and not room.table.hand.over)
    stored = store.hand("t1", 2)
    assert stored is not None and not stored.over
    # the operator stops the server and rewrites the stored deck (and, more carefully, its seed too)
    deck = list(stored.deck)
    if how == "deck":
        deck[0], deck[1] = deck[1], deck[0]
        values: dict[str, Any] = {"deck": " ".join(deck)}
    else:
        seed = secrets.token_hex(32)
        values = {"deck": " ".join(derive_deck(seed, [])), "salt": seed, "commitment": sha256_hex(seed)}
    with store.engine.begin() as db:
        db.execute(update(HandRow).where(HandRow.table_id == "t1", HandRow.number == 2).values(**values))
    again = Room.load("t1", store, clock=clock)
    assert again is not None
    info = again.shuffle_info()
    assert info["tampered"], info
    assert any("WARNING" in n and "hand 2" in n for n in again.table.notices)
    state = json.loads(again.state_text(conn, again._public_text()))
    assert state["shuffle"]["tampered"] and any("hand 2" in n for n in state["table"]["notices"])
    # announced once, still flagged after another restart
    third = Room.load("t1", store, clock=clock)
    assert third is not None and third.shuffle_info()["tampered"]
    assert sum("WARNING" in n for n in third.table.notices) == 1


def test_an_untouched_hand_resumes_without_warning(tmp_path: Path) -> None:
    room, store, clock, _conn = open_table(tmp_path)
    play_until(room, clock, lambda: room.table.hand_number == 2 and not room.table.hand.over)
    again = Room.load("t1", store, clock=clock)
    assert again is not None and again.shuffle_info()["tampered"] is None
    assert not any("WARNING" in n for n in again.table.notices)


# ----- verify --------------------------------------------------------------------------------------
def recommit(data: dict[str, Any], *, new_head: bool = False) -> dict[str, Any]:
    """A forger's copy of a hand: new seed, deck and commitment, the same actions."""
    forged = json.loads(json.dumps(data))
    seed = secrets.token_hex(32)
    record = forged["start"]["shuffle"]
    forged["salt"], forged["commitment"] = seed, sha256_hex(seed)
    forged["deck"] = derive_deck(seed, [c["value"] for c in record["contributions"]])
    record["commitment"] = forged["commitment"]
    if new_head:
        record["index"], record["head"] = 1, forged["commitment"]
    forged["history"]["deck"] = " ".join(forged["deck"])
    return forged


def test_a_recommitted_hand_no_longer_verifies(played: tuple[Room, Store, Clock, Connection, list[str]]) -> None:
    _room, store, _clock, _conn, _values = played
    hands = [hand_file(store, n) for n in range(1, 5)]
    assert all(v.ok for _, v in verify_table(hands))
    assert not verify_hand(recommit(hands[1])).ok
    # a forger who also invents a head for that one hand: the hand alone checks, the table does not
    forged = recommit(hands[1], new_head=True)
    verdicts = dict(verify_table([hands[0], forged, hands[2], hands[3]]))
    assert not verdicts[2].ok and verdicts[1].ok


def test_verify_cli_on_tables_json_lines_records_and_local_files(
        played: tuple[Room, Store, Clock, Connection, list[str]], tmp_path: Path) -> None:
    _room, store, _clock, conn, values = played
    _load_commands()
    runner = CliRunner()

    def run(*args: str) -> tuple[int, str]:
        result = runner.invoke(app, list(args), env={"COLUMNS": "200", "NO_COLOR": "1"})
        assert "Traceback" not in result.output
        return result.exit_code, result.output

    hands = [hand_file(store, n) for n in range(1, 5)]
    folder = tmp_path / "hands"
    folder.mkdir()
    for h in hands:
        (folder / f"{h['number']}.json").write_text(json.dumps(h))
    code, out = run("verify", str(folder))
    assert code == 0 and "4 of 4 hands verified" in out, out
    (tmp_path / "list.json").write_text(json.dumps(hands))
    assert run("verify", str(tmp_path / "list.json"))[0] == 0
    (tmp_path / "hands.jsonl").write_text("\n".join(json.dumps(h) for h in hands) + "\n")
    code, out = run("verify", str(tmp_path / "hands.jsonl"))
    assert code == 0 and "4 of 4" in out, out
    code, out = run("verify", str(folder / "1.json"))
    assert code == 0 and out.strip().endswith("verified"), out
    # one re-committed hand among them
    (folder / "2.json").write_text(json.dumps(recommit(hands[1], new_head=True)))
    code, out = run("verify", str(folder))
    assert code == 1 and "NOT verified: 2" in out and "FAIL" in out, out
    (folder / "2.json").write_text(json.dumps(hands[1]))
    # what Ann's page recorded: the commitments it saw and its own contribution
    record = {"format": "homegame-fairness-record", "version": 1, "table_id": "t1",
              "heads": {"1": hands[0]["start"]["shuffle"]["head"]},
              "hands": {"2": {"commitment": hands[1]["commitment"], "mine": values[0], "acked": True},
                        "3": {"commitment": "ab" * 32, "mine": values[1], "acked": True}}}
    rec = tmp_path / "record.json"
    rec.write_text(json.dumps(record))
    code, out = run("verify", str(folder), "--recorded", str(rec))
    assert code == 1 and "NOT verified: 3" in out and "page saw during the hand" in out, out
    record["hands"]["3"]["commitment"] = hands[2]["commitment"]
    rec.write_text(json.dumps(record))
    assert run("verify", str(folder), "--recorded", str(rec))[0] == 0
    record["heads"]["1"] = "cd" * 32
    rec.write_text(json.dumps(record))
    code, out = run("verify", str(folder), "--recorded", str(rec))
    assert code == 1 and "head" in out
    # play --save and simulate --save files: one clear line, exit code 2
    game = hg.game("holdem")
    lines = []
    for seed in range(2):
        h = game.deal([100, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), button=0, seed=seed)
        h.act(h.to_act[0], "fold")
        lines.append(str(h.history.to_json()))
    for name, text in (("one.jsonl", lines[0] + "\n"), ("two.jsonl", "\n".join(lines) + "\n")):
        (tmp_path / name).write_text(text)
        code, out = run("verify", str(tmp_path / name))
        assert code == 2 and "no shuffle commitment" in out and "FAIL" not in out and "Extra data" not in out, out
    (tmp_path / "junk.jsonl").write_text('{"a": 1}\n{oops\n')
    code, out = run("verify", str(tmp_path / "junk.jsonl"))
    assert code == 2 and "line 2" in out, out
    _ = conn


# ----- the page's derivation equals Python's (node runs fairness.js) ---------------------------------
@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_derives_the_same_deck_and_checks_hands_like_python(
        played: tuple[Room, Store, Clock, Connection, list[str]], tmp_path: Path) -> None:
    _room, store, _clock, _conn, _values = played
    rnd = hashlib.sha256(b"vectors")
    vectors = []
    for k in range(12):
        rnd.update(bytes([k]))
        seed = rnd.hexdigest()
        contributions = [hashlib.sha256(rnd.digest() + bytes([j])).hexdigest() for j in range(k % 4)]
        vectors.append({"seed": seed, "contributions": contributions, "deck": derive_deck(seed, contributions)})
    # real finished hands as the page's state shows them, and one forged
    shuffles = []
    for n in range(1, 5):
        data = hand_file(store, n)
        record = data["start"]["shuffle"]
        shuffles.append({**record, "hand": n, "seed": data["salt"], "deck": data["deck"], "tampered": None})
    forged = {**shuffles[2], "deck": list(reversed(shuffles[2]["deck"]))}
    (tmp_path / "vectors.json").write_text(json.dumps({"vectors": vectors, "shuffles": shuffles, "forged": forged}))
    script = tmp_path / "check.mjs"
    script.write_text(f"""
import {{ deriveDeck, verifyShuffle, sha256Hex, FULL_DECK }} from {json.dumps(WEB.as_uri())};
import {{ readFileSync }} from "node:fs";
const data = JSON.parse(readFileSync({json.dumps(str(tmp_path / "vectors.json"))}, "utf8"));
const out = {{ decks: [], verdicts: [], full: FULL_DECK, empty: await sha256Hex("") }};
for (const v of data.vectors) out.decks.push(await deriveDeck(v.seed, v.contributions));
const mem = {{ heads: {{}}, seeds: {{}}, alarms: [] }};
for (const sh of data.shuffles) {{
  const r = await verifyShuffle(sh, {{}}, mem);
  if (r.ok) mem.seeds[`${{sh.chain}}:${{sh.index}}`] = sh.seed;
  mem.heads[sh.chain] ||= sh.head;
  out.verdicts.push(r);
}}
out.forged = await verifyShuffle(data.forged, {{}}, mem);
out.late = await verifyShuffle(data.shuffles[3], {{}}, {{ heads: {{}}, seeds: {{}} }});
console.log(JSON.stringify(out));
""")
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["full"] == fairness.full_deck()
    assert out["empty"] == hashlib.sha256(b"").hexdigest()
    assert out["decks"] == [v["deck"] for v in vectors]
    assert all(r["ok"] for r in out["verdicts"]), out["verdicts"]
    assert not out["forged"]["ok"] and any("deck" in x for x in out["forged"]["problems"])
    # a page that walked the chain from the head (it missed the earlier hands) still checks the seed
    assert out["late"]["ok"] and any("4 times gives the chain head" in c for c in out["late"]["checks"])


def test_seen_card_order_holds_in_every_game(tmp_path: Path) -> None:
    """The page's order check (first cards in order, then the board) never warns on an honest deal."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    import random

    from homegame.games import game_names
    from homegame.table.autoplay import simple_action

    cases = []
    for name in game_names():
        game = hg.game(name)
        for trial in range(4):
            rng = random.Random(trial)
            n = min(2 + trial, game.max_players)
            deck = derive_deck(secrets.token_hex(32), [])
            stakes = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4, bring_in=1)
            h = game.deal([200] * n, stakes=stakes, button=0, deck=deck)
            init = list(dict.fromkeys([*h.view(0)["cards"], *h.view(0)["up"]]))
            while not h.over:
                h.act(h.to_act[0], simple_action(h.view(h.to_act[0]), rng))
            cases.append({"deck": deck, "seen": {"init": init, "board": h.view(0)["board"]}})
    cases.append({"deck": cases[0]["deck"], "seen": {"init": list(reversed(cases[0]["seen"]["init"])), "board": []}})
    (tmp_path / "seen.json").write_text(json.dumps(cases))
    script = tmp_path / "seen.mjs"
    script.write_text(f"""
import {{ seenProblems }} from {json.dumps(WEB.as_uri())};
import {{ readFileSync }} from "node:fs";
const cases = JSON.parse(readFileSync({json.dumps(str(tmp_path / "seen.json"))}, "utf8"));
console.log(JSON.stringify(cases.map((c) => seenProblems(c.deck, c.seen))));
""")
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    problems = json.loads(done.stdout)
    assert problems[:-1] == [[]] * (len(cases) - 1) and problems[-1]


def test_a_table_moves_to_a_new_announced_chain_and_its_hands_still_verify(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fairness, "CHAIN_LENGTH", 2)
    room, store, clock, _conn = open_table(tmp_path)
    play_until(room, clock, lambda: finished(room, 3))
    records = [hand_file(store, n)["start"]["shuffle"] for n in (1, 2, 3)]
    assert [(r["chain"], r["index"]) for r in records] == [(1, 1), (1, 2), (2, 1)]
    second = room.fair.chains[1]
    assert records[2]["head"] == second.head != records[0]["head"]
    assert any(f"Shuffle chain 2 opened: head {second.head}" in n and "hands 3-4" in n for n in room.table.notices)
    assert all(v.ok for _, v in verify_table([hand_file(store, n) for n in (1, 2, 3)]))


def test_a_rewritten_chain_secret_is_announced_on_load(tmp_path: Path) -> None:
    room, store, clock, _conn = open_table(tmp_path)
    play_until(room, clock, lambda: room.table.hand_number == 1)
    stored = store.table("t1")
    assert stored is not None
    state = stored.state
    state["fairness"]["chains"][0]["secret"] = secrets.token_hex(32)
    store.write("t1", state=state, number=1)
    again = Room.load("t1", store, clock=clock)
    assert again is not None
    assert any("WARNING" in n and "no longer hashes to its published head" in n for n in again.table.notices)
    assert again.shuffle_info()["tampered"]  # the hand in progress no longer matches the chain either
