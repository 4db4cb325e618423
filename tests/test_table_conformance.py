"""The table conformance test: random sequences of everything a table can receive, from many tabs at once.

A room (real protocol parser, real store, fake clock, fake tabs that record what they are sent) gets
sits, approvals, leaves, removals, sit-outs, pauses, reconnects, second tabs on one seat token, host
changes of game, stakes, stacks and clocks, bots, re-issued seat links and clock expiry, mixed with random
play (fresh, stale and decision-less actions), over every game and dealer's choice. After every step:

- the table's invariant (a live hand has a seat owing a decision on a running clock, or is paused; a
  table that cannot deal says why);
- chips are conserved (stacks on the table = buy-ins - cash-outs) and the ledger nets to 0;
- every tab's latest state is what the room would send it now: no tab holds the cards of a seat it
  does not hold now, and a seat that owes a decision is told its id;
- every few steps, a room reloaded from the store equals the live one (same hand, same actions, same
  public table, same views).

The seed is printed on failure; ``CONFORMANCE_SEED`` / ``CONFORMANCE_STEPS`` replay or lengthen a run.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

import homegame as hg
from homegame.server.room import Room
from homegame.server.storage import Store
from homegame.server.tokens import hash_token
from homegame.table import DEALERS_CHOICE, simple_action
from test_table_support import Clock, Tab, open_room

GAMES = [*hg.game_names(), DEALERS_CHOICE]
STAKES = [
    {"structure": "no-limit", "blinds": [1, 2]},
    {"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4, "bring_in": 1},
    {"structure": "pot-limit", "ante": 1, "blinds": [1, 2]},
]
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ann\u200b", "\u202eBob", "c\x00y", "ANN"]
STEPS = int(os.environ.get("CONFORMANCE_STEPS", "420"))
CHAT = ["gl", "<script>alert('x')</script>", "", " ", "x" * 301, "nice\u202e hand\u200b", "&amp; <b>hi</b>",
        "\uff21\uff2e\uff2e here"]
PRE = ["check/fold", "check", "call any", "call 1", "call 2", "call 4", "raise 4", None]
LINE_KEYS = {"id", "at", "name", "seat", "role", "text"}


class Run:
    """One random run at one table."""

    def __init__(self, tmp_path: Path, seed: int, game: str) -> None:
        self.rng = rng = random.Random(seed)
        self.clock = Clock()
        spec = {"game": game, "stakes": rng.choice(STAKES), "buy_in": rng.choice([20, 200]),
                "approve_seats": rng.random() < 0.5, "bot_delay": rng.choice([0.0, 0.5]),
                "between_hands": rng.choice([0.0, 0.005, 1.0]), "turn_seconds": rng.choice([5.0, 30.0]),
                "time_bank": rng.choice([0.0, 10.0]), "bots": rng.randint(0, 2), "paused": rng.random() < 0.3,
                "wait_for_host": rng.random() < 0.3}
        self.room, self.store, self.tokens = open_room(tmp_path, self.clock, **spec)
        self.tabs: list[Tab] = [Tab(self.room, self.tokens["host"])]
        self.seat_tokens: list[str] = []
        self.steps = 0
        #: Each accepted pre-action, as the test saw the seat's position: (sid, hand, step, cost, action).
        self.queued: dict[int, tuple[int, int, int, int, str]] = {}
        self.pre_played = 0
        table = self.room.table
        apply = table._apply_pre_action

        def watched(now: float) -> None:  # every pre-action is played only where it was queued
            if table.live and not table.paused:
                for pos in table.owing():
                    if pos in table.pre_actions:
                        sid, hand, step, cost, action = self.queued[pos]
                        assert table.seats[pos].sid == sid, "a pre-action played for whoever sits there next"
                        assert (hand, step) == (table.hand_number, table.hand.step_index), \
                            f"seat {pos + 1}'s pre-action {action!r} was played on a later street or hand"
                        assert action == "call any" or cost == self.cost(pos), \
                            f"seat {pos + 1}'s pre-action {action!r} was played against another bet"
                        self.pre_played += 1
            apply(now)

        table._apply_pre_action = watched  # type: ignore[method-assign]

    # ----- the things a table receives -------------------------------------------------------------
    def open_tab(self) -> None:
        rng = self.rng
        kind = rng.choice(["invite", "invite", "watch", "host", "seat", "seat"])
        if kind == "seat" and self.seat_tokens:
            token = rng.choice(self.seat_tokens)  # a reconnect, a second tab, or a dead link
            if rng.random() < 0.5:
                self.tabs.append(Tab(self.room, self.tokens["invite"], token))
            else:
                self.tabs.append(Tab(self.room, token))
                self.tabs[-1].seat_token = token
        else:
            self.tabs.append(Tab(self.room, self.tokens["watch" if kind == "watch" else kind if kind == "host"
                                                      else "invite"]))

    def host(self) -> Tab:
        hosts = [t for t in self.tabs if t.conn.host and not t.closed]
        if not hosts:
            self.tabs.append(Tab(self.room, self.tokens["host"]))
            hosts = [self.tabs[-1]]
        return self.rng.choice(hosts)

    def open_tabs(self) -> list[Tab]:
        return [t for t in self.tabs if not t.closed]

    def seated_tabs(self) -> list[Tab]:
        return [t for t in self.open_tabs() if self.room.seat_of(t.conn) is not None]

    def cost(self, pos: int) -> int:
        """What seat ``pos`` must add to call now, read from its own view."""
        view = self.room.table.view(pos)
        assert view is not None
        bets = [s["bet"] for s in view["seats"]]
        me = view["seats"][view["seat"]]
        return int(min(max(bets) - me["bet"], me["stack"]))

    def pre_act(self) -> None:
        """A seated tab that does not owe a decision queues (or clears) an action in advance."""
        t = self.room.table
        tabs = [x for x in self.seated_tabs() if self.room.seat_of(x.conn) not in t.owing()]
        if not tabs:
            return
        tab = self.rng.choice(tabs)
        pos = self.room.seat_of(tab.conn)
        assert pos is not None
        action = self.rng.choice(PRE)
        before = t.pre_actions.get(pos)
        tab.send({"type": "pre_act", "action": action})
        # Only a pre-action the table took is recorded: a refused one leaves the earlier one in place.
        if pos in t.pre_actions and t.pre_actions[pos] is not before and action is not None:
            self.queued[pos] = (t.seats[pos].sid, t.hand_number, int(t.hand.step_index), self.cost(pos), action)

    def talk(self) -> None:
        """Someone chats or reacts, or the host mutes, unmutes or opens the chat to spectators."""
        rng, t = self.rng, self.room.table
        roll = rng.random()
        if roll < 0.15:
            self.host().send({"type": "mute", "seat": rng.choice(list(t.seats) or [0]), "value": rng.random() < 0.6})
            return
        if roll < 0.25:
            self.host().send({"type": "configure", "spectator_chat": rng.random() < 0.5})
            return
        tab = rng.choice(self.open_tabs())
        before = t.chat.next_id
        if roll < 0.4:
            tab.send({"type": "react", "emoji": rng.choice(["\U0001f44d", "\U0001f525", "<b>"])})
            return
        tab.send({"type": "chat", "text": rng.choice(CHAT)})
        if t.chat.next_id > before:
            line = t.chat.lines[-1]
            pos = self.room.seat_of(tab.conn)
            assert set(line) == LINE_KEYS
            assert line["seat"] == (None if pos is None else pos + 1)
            assert pos is None or line["name"] == t.seats[pos].name
            assert pos is None or not t.seats[pos].muted, "a muted player's line was kept"

    def play(self) -> None:
        """A tab whose seat owes a decision answers it: usually fresh, sometimes stale or old-style."""
        if self.room.table.live and self.rng.random() < 0.3:
            self.pre_act()
        owing = set(self.room.table.owing())
        tabs = [t for t in self.seated_tabs() if self.room.seat_of(t.conn) in owing]
        if not tabs:
            self.tick(self.rng.choice([0.01, 0.3]))
            return
        tab = self.rng.choice(tabs)
        state = tab.state()
        view = state["view"]
        if not view or not view.get("legal"):
            return
        msg: dict[str, Any] = {"type": "act", "action": simple_action(view, self.rng), "hand": state["hand"]}
        roll = self.rng.random()
        if roll < 0.8:
            msg["decision"] = state["you"]["decision"]
        elif roll < 0.9:
            stale = [m["you"]["decision"] for m in tab.messages if m["type"] == "state" and m["you"]["decision"]]
            msg["decision"] = self.rng.choice(stale) if stale else 0
        tab.send(msg)

    def money_and_straddle(self) -> None:
        """The night's own moves: the host starts it or sets a straddle rule or rebuy policy; a player
        answers the straddle question, asks for a rebuy, or the host approves one (issue 17 §1-3)."""
        rng, t = self.rng, self.room.table
        roll = rng.random()
        if roll < 0.15:
            self.host().send({"type": "start"})
        elif roll < 0.3:
            self.host().send({"type": "house", "straddle": rng.choice(["utg", "button", "utg-mandatory", "off"])})
        elif roll < 0.4:
            self.host().send({"type": "configure", "rebuy": rng.choice(["host", "auto"])})
        elif roll < 0.7 and self.seated_tabs():
            ask = t.straddle_ask
            asked = [x for x in self.seated_tabs() if ask is not None and self.room.seat_of(x.conn) == ask["position"]]
            rng.choice(asked or self.seated_tabs()).send({"type": "straddle", "value": rng.random() < 0.5})
        elif roll < 0.85 and self.seated_tabs():
            tab = rng.choice(self.seated_tabs())
            pos = self.room.seat_of(tab.conn)
            stacked = pos is not None and t.seats[pos].stack > 0
            tab.send({"type": "rebuy"})
            assert pos is None or not stacked or t.seats[pos].stack > 0
        else:
            asked = [p for p, s in t.seats.items() if s.rebuy_asked]
            self.host().send({"type": "approve", "seat": rng.choice(asked or list(t.seats) or [0])})

    def tick(self, seconds: float) -> None:
        self.clock.t += seconds
        self.room.step(None)

    def step(self) -> None:
        rng, t = self.rng, self.room.table
        roll = rng.random()
        positions = list(range(t.settings.max_seats))
        if roll < 0.40:
            self.play()
        elif roll < 0.52:
            self.tick(rng.choice([0.001, 0.2, 1.0, 3.0, 40.0]))
        elif roll < 0.58:
            guests = [x for x in self.open_tabs() if not x.conn.host and x.conn.role == "guest"]
            if guests:
                rng.choice(guests).send({"type": "sit", "name": rng.choice(NAMES)})
            else:
                self.open_tab()
        elif roll < 0.62:
            self.open_tab()
        elif roll < 0.65 and len(self.open_tabs()) > 1:
            rng.choice(self.open_tabs()[1:]).close()
        elif roll < 0.69:
            pending = [p for p, s in t.seats.items() if s.status == "pending"]
            self.host().send({"type": "approve", "seat": rng.choice(pending or positions)})
        elif roll < 0.71 and self.seated_tabs():
            rng.choice(self.seated_tabs()).send({"type": "leave"})
        elif roll < 0.73:
            self.host().send({"type": "remove", "seat": rng.choice(list(t.seats) or positions)})
        elif roll < 0.77 and self.seated_tabs():
            rng.choice(self.seated_tabs()).send({"type": "sit_out", "value": rng.random() < 0.5})
        elif roll < 0.80:
            self.host().send({"type": "pause", "value": not t.paused if rng.random() < 0.8 else t.paused})
        elif roll < 0.82:
            self.host().send({"type": "set_game", "game": rng.choice(GAMES)})
        elif roll < 0.84:
            self.host().send({"type": "set_stakes", "stakes": rng.choice(STAKES),
                              "buy_in": rng.choice([20, 200, 500])})
        elif roll < 0.86:
            self.host().send({"type": "adjust", "seat": rng.choice(list(t.seats) or positions),
                              "stack": rng.choice([0, 1, 50, 300])})
        elif roll < 0.89:
            if len(t.seats) < 6:
                self.host().send({"type": "add_bot", "kind": rng.choice(["rule", "random"])})
        elif roll < 0.91:
            self.host().send({"type": "configure", "time_bank": rng.choice([None, 0.0, 5.0]),
                              "between_hands": rng.choice([None, 0.0, 0.005, 1.0]),
                              "bot_rebuys": rng.choice([None, 0, 2]), "turn_seconds": rng.choice([None, 5.0])})
        elif roll < 0.93:
            humans = [p for p, s in t.seats.items() if s.kind == "human"]
            self.host().send({"type": "reissue", "seat": rng.choice(humans or positions)})
        elif roll < 0.96:
            self.talk()
        elif roll < 0.975:
            self.money_and_straddle()
        elif t.chooser is not None:
            choosers = [x for x in self.seated_tabs() if self.room.seat_of(x.conn) == t.chooser]
            if choosers:
                rng.choice(choosers).send({"type": "choose", "game": rng.choice(GAMES[:-1])})
            else:
                self.tick(30.0)
        else:
            self.tick(0.05)
        for tab in self.tabs:
            tab.drain()
            for msg in tab.messages[-5:]:
                if msg["type"] in ("seated", "seat_link") and msg["seat_token"] not in self.seat_tokens:
                    self.seat_tokens.append(msg["seat_token"])
        self.steps += 1

    # ----- what must hold after every step ---------------------------------------------------------
    def check(self) -> None:
        room, t, now = self.room, self.room.table, self.clock.t
        t.check_invariants(now)
        secrets = [*self.tokens.values(), *self.seat_tokens]
        for tab in self.tabs:
            for msg in tab.messages[-8:]:
                if msg["type"] in ("chat", "reaction"):
                    text = json.dumps(msg)
                    assert not any(s in text for s in secrets), "a token in a chat message"
                    assert set(msg if msg["type"] == "reaction" else msg["line"]) - {"type", "v"} in (LINE_KEYS, LINE_KEYS | {"emoji"})
                if msg["type"] == "welcome":
                    assert all(set(x) in (LINE_KEYS, LINE_KEYS | {"emoji"}) for x in msg["chat"])
        approved = sum(s.stack for s in t.seats.values() if s.status != "pending")
        bought = sum(e.amount for e in t.ledger.entries if e.kind == "buy-in")
        cashed = sum(e.amount for e in t.ledger.entries if e.kind == "cash-out")
        assert approved == bought - cashed, (approved, bought, cashed)
        if t.live:
            assert sum(t.start.stacks) == sum(t.seats[p].stack for p in t.start.dealt if p in t.seats)  # type: ignore[union-attr]
        assert sum(t.ledger.nets(t.stacks_by_name()).values()) == 0
        # what every tab is compared with is built once per check, as a broadcast builds it once; the
        # message the room would send a tab now is asked for its "you" only (the table and the view,
        # the bulk of it, are compared with the table's own just below)
        head = room._state_head()
        stable = _stable(json.loads(room._public_text()))
        for tab in self.open_tabs():
            if tab.conn not in room.connections:
                continue
            sent = tab.state()
            expected = json.loads(room.state_text(tab.conn, "null", {room.seat_of(tab.conn): "null"}, head))
            pos = holds(tab, t)
            assert room.seat_of(tab.conn) == pos
            assert sent["you"]["seat"] == pos, "a tab was not told its seat changed"
            assert sent["view"] == t.view(pos), f"a tab holding seat {pos} was sent another seat's view"
            assert sent["you"] == expected["you"]
            if pos is None:
                assert not sent["view"] or sent["view"]["cards"] == [], "a tab without a seat holds cards"
            elif pos in t.owing():
                assert sent["you"]["decision"] == t.decision(pos) is not None
            assert _stable(sent["table"]) == stable

    def check_stored(self) -> None:
        room, t = self.room, self.room.table
        again = Room.load(room.id, Store(self.store.url, run_migrations=False), clock=self.clock)
        assert again is not None
        u = again.table
        assert (u.hand_number, u.actions, u.live) == (t.hand_number, t.actions, t.live)
        assert _stored(u.public(self.clock.t)) == _stored(t.public(self.clock.t))
        for pos in [None, *t.seats]:
            assert u.view(pos) == t.view(pos), f"the stored hand differs for seat {pos}"
        assert again.shuffle_info() == room.shuffle_info()


def holds(tab: Tab, table: Any) -> int | None:
    """The seat a tab holds now, judged only by the seat token it showed and the seats' token hashes."""
    if tab.seat_token is None or tab.conn.role == "watcher":
        return None
    digest = hash_token(tab.seat_token)
    return next((p for p, s in table.seats.items() if s.token_hash == digest), None)


def _stable(public: dict[str, Any]) -> dict[str, Any]:
    """The public table without what moves with the clock or with connections coming and going."""
    out = dict(public)
    del out["now"]
    out["seats"] = [dict(s) for s in public["seats"]]
    for s in out["seats"]:
        s.pop("connected", None)
    return out


def _stored(public: dict[str, Any]) -> dict[str, Any]:
    """The part of the public table that a reload must give back exactly."""
    keep = ("settings", "game_title", "next_game", "paused", "hand_number", "live", "button", "dealt", "ledger",
            "balance", "notices")
    out = {k: public[k] for k in keep}
    out["seats"] = [{k: s[k] for k in ("position", "name", "kind", "bot", "status", "stack", "sitting_out",
                                       "hand_seat")} for s in public["seats"]]
    return out


class _Seeded:
    """Stands in for the ``secrets`` and ``random`` modules the room draws on, so that a seed replays
    the deck (the shuffle chain), the links and the bots' choices too, not only the random mix."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed ^ 0x5EED)

    def token_bytes(self, n: int = 32) -> bytes:
        return self._rng.randbytes(n)

    def token_urlsafe(self, n: int = 32) -> str:
        return self._rng.randbytes(n).hex()

    def Random(self, seed: int | None = None) -> random.Random:  # noqa: N802 - the module's name
        return random.Random(self._rng.randrange(2**63) if seed is None else seed)


def run(tmp_path: Path, seed: int, game: str, steps: int) -> Run:
    import homegame.server.tokens as tokens
    import homegame.table.fairness as fairness
    import homegame.table.table as table_module

    seeded = _Seeded(seed)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(fairness, "secrets", seeded)
        mp.setattr(table_module, "random", seeded)
        if hasattr(tokens, "secrets"):
            mp.setattr(tokens, "secrets", seeded)
        return _run(tmp_path, seed, game, steps)


def _run(tmp_path: Path, seed: int, game: str, steps: int) -> Run:
    r = Run(tmp_path, seed, game)
    try:
        for i in range(steps):
            r.step()
            r.check()
            if i % 40 == 39:
                r.check_stored()
        r.check_stored()
    except BaseException:
        print(f"conformance failure: game={game} seed={seed} step={r.steps} (replay with CONFORMANCE_SEED={seed})")
        raise
    return r


@pytest.mark.parametrize("game", GAMES)
def test_table_conformance(tmp_path: Path, game: str) -> None:
    seed = int(os.environ.get("CONFORMANCE_SEED", str(random.randrange(2**32))))
    r = run(tmp_path, seed, game, STEPS)
    assert r.steps == STEPS


def test_conformance_plays_pre_actions(tmp_path: Path) -> None:
    """The random mix does reach the moment a queued pre-action is played (and checks it there)."""
    played = 0
    # a seed fixes the mix and the deck; seeds 0 to 11 never get a queued pre-action played in 300 steps
    # and 12 does (measured: 33 CPU seconds for the thirteen runs, twelve of them only more hold'em mixes
    # that test_table_conformance already plays), so 12 comes first; the rest are tried in case a change to
    # the mix or the table moves the moment
    for seed in (12, *range(12), *range(13, 40)):
        (tmp_path / str(seed)).mkdir()
        played += run(tmp_path / str(seed), seed, "holdem", 300).pre_played
        if played:
            break
    assert played > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_table_conformance_long(tmp_path: Path, game: str) -> None:
    for i in range(1):
        seed = random.randrange(2**32)
        (tmp_path / str(i)).mkdir()
        run(tmp_path / str(i), seed, game, 1000)


def test_a_seed_replays_the_same_night(tmp_path: Path) -> None:
    """``CONFORMANCE_SEED`` replays a failure: the same seed gives the same mix, deck, links and bots."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = run(tmp_path / "a", 7, DEALERS_CHOICE, 150).room.table.to_dict()
    b = run(tmp_path / "b", 7, DEALERS_CHOICE, 150).room.table.to_dict()
    assert a["hand_number"] > 0 and a == b
