"""A dealt tournament on the server: the hall that owns its tables while it is played online.

One :class:`Hall` per dealt tournament and process, with a queue and a single consumer (as a
:class:`homegame.server.room.Room` for a cash table): it drives the core
(:class:`homegame.tournament.core.Tournament`, which deals every table's hands with the level's
stakes, plays the bots, balances and breaks tables), stores it after each change and sends each
player's websocket the ``state`` message of the table where that player sits now, built by the same
code as a cash table's (:class:`homegame.server.states.StateMessages`), so the phone's table page
shows it unchanged. Each table deals from its own committed seed chain, as a cash table does
(:class:`homegame.table.fairness.Fairness`: the commitment goes out with the hand, the seed and deck
once it is over), and each finished hand is stored as a cash table's is, under the table's key
(:func:`homegame.server.hand_files.tournament_table_key`), in the same write as the tournament.
A player's connection is bound to their entry, never to a table or a seat: when
the floor moves them, the next state is the new table's, preceded by a ``moved`` message
("moved to table 2, seat 5").

Only a hall writes a started dealt tournament: the host's HTTP actions are done to the hall's
tournament (see :mod:`homegame.server.tournament_halls`), in the event loop, between two of its steps.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any

import homegame as hg
from homegame.server import protocol as p
from homegame.server.connection import Connection, Talkers
from homegame.server.hand_files import tournament_table_key
from homegame.server.showing import show_or_muck, shows_made
from homegame.server.states import StateMessages
from homegame.server.storage import LeaseLost, Store
from homegame.server.tokens import hash_token, token_matches
from homegame.server.tournament_talk import talk
from homegame.server.wire import dumps
from homegame.table import StaleDecision, Table, TableError
from homegame.table.fairness import Fairness, FairShuffle, deal_from_chain, resume_table
from homegame.tournament.config import TournamentError
from homegame.tournament.core import Tournament
from homegame.tournament.stored import dump, load

log = logging.getLogger("homegame.server")

#: The longest the hall sleeps between looks at its clocks (seconds), and the work a step of the hall
#: does before it stores, sends and yields to the event loop (seconds of its thread: the host's and
#: the phones' messages wait no longer than that, however fast the bots play).
TICK, STEP_SECONDS = 0.25, 0.05
#: The moves kept for the clock page.
MOVES_KEPT = 30


class TableStates(StateMessages):
    """The ``state`` messages of one tournament table, for the connections of the players at it."""

    def __init__(self, table: Table, connections: set[Connection], clock: Callable[[], float],
                 about: dict[str, Any], shuffle: FairShuffle | None = None, fair: Fairness | None = None) -> None:
        self.table = table
        self.about = about
        self.connections = connections
        self.shuffle = shuffle  # the hand's committed shuffle, and the table's chains (the next link)
        self.fair = fair or Fairness([])
        self.halted = None
        self.clock = clock
        self._shown_connected = frozenset()

    def _send(self, conn: Connection, message: dict[str, Any] | str) -> None:
        conn.send(message)

    def _rebind(self) -> None:
        """Connections follow their entry, not a seat: nothing to unbind here."""

    def _state_head(self) -> str:
        """The cash table's head, and ``tournament``: which table this is, the level and its clock."""
        return super()._state_head() + ',"tournament":' + dumps(self.about)


def moved_message(table: int, seat: int) -> dict[str, Any]:
    """What a moved player's phone is told before their new table's state (``seat`` counts from 1)."""
    return {"type": "moved", "v": p.VERSION, "table": table, "seat": seat,
            "message": f"moved to table {table}, seat {seat}"}


class Hall:
    """One dealt tournament played here: its core, the players' connections, the owner task."""

    def __init__(self, tid: str, store: Store, clock: Callable[[], float] = time.time) -> None:
        stored = store.tournament(tid)
        if stored is None:
            raise KeyError(tid)
        _host, _clock, self.state, self.revision = stored
        self.id, self.store, self.clock = tid, store, clock
        self.t: Tournament = load(self.state["tournament"], now=clock())
        #: Each table's seed chains, and the committed shuffle of its current (or last) hand.
        self.fairs: dict[int, Fairness] = {}
        self.shuffles: dict[int, FairShuffle] = {}
        #: The hands the tables finished since the last write, stored with the next one.
        self.finished_hands: list[tuple[str, dict[str, Any]]] = []
        self.attach()
        self.queue: asyncio.Queue[tuple[Connection, Any]] = asyncio.Queue()
        self.connections: set[Connection] = set()
        self.talkers = Talkers()  # the chat limit, per person, as at a cash table
        self.entry_of: dict[Connection, int] = {}
        #: The floor's moves listed so far (each save lists the moves up to the tournament it stores).
        self.listed = self.t.moves
        self._task: asyncio.Task[None] | None = None
        self._mark: tuple[Any, ...] = ()
        #: The lease every write checks (``None``: this process is alone), and what is called when
        #: a write finds it taken over.
        self.fence_key: str | None = None
        self.on_lost: Callable[[str], Coroutine[Any, Any, None]] | None = None

    # ----- the shuffles and the hands' records ------------------------------------------------
    def attach(self) -> None:
        """Hook the hall to its tournament (each hand's end, each deck) and restore every table's
        chains and the committed shuffle of each table's hand as stored."""
        self.t.hand_ends = self.show_hand_end
        self.t.shuffler = self.deal_deck
        self.fairs, self.shuffles = {}, {}
        for key, data in self.state.get("fairness", {}).items():
            tid = int(key)
            table = self.t.tables.get(tid)
            if table is None:
                continue
            self.fairs[tid], shuffle, notices = resume_table(data, table.hand_number, self.t.decks.get(tid))
            if notices:
                table.note(notices)
            if shuffle is not None:
                self.shuffles[tid] = shuffle

    def deal_deck(self, tid: int, table: Table) -> list[str]:
        """The deck of the hand table ``tid`` deals next, from its committed seed chain (a chain opened,
        and announced in the table's log, at its first hand)."""
        shuffle = deal_from_chain(self.fairs, tid, table.hand_number + 1, table.note)
        self.shuffles[tid] = shuffle
        return list(shuffle.deck)

    def record_hand(self, tid: int, table: Table) -> None:
        """Keep the hand table ``tid`` has just finished for the next write, as a cash table stores it
        (its start with the shuffle's record, the deck and seed, the actions, the payoffs, the history)."""
        shuffle, start, hand = self.shuffles.get(tid), table.start, table.hand
        if shuffle is None or start is None or hand is None or not hand.over:
            return
        begun = {**start.to_dict(), "shuffle": shuffle.record} if shuffle.record else start.to_dict()
        self.finished_hands.append((tournament_table_key(self.id, tid), {
            "new_hand": (begun, list(shuffle.deck), shuffle.salt, shuffle.commitment),
            "actions": [(i, s, a) for i, (s, a) in enumerate(table.actions)],
            "finished": ([int(x) for x in hand.payoffs], str(hand.history.to_json())),
            "number": table.hand_number, "at": self.clock()}))

    def fairness_state(self) -> dict[str, Any]:
        """What is stored of each table's chains and its hand's shuffle record (the seed is the chain's)."""
        return {str(tid): {"fair": fair.to_dict(),
                           "record": self.shuffles[tid].record if tid in self.shuffles else None}
                for tid, fair in self.fairs.items() if tid in self.t.tables}

    # ----- who is who ---------------------------------------------------------------------------
    def holders(self) -> dict[str, str]:
        """Each person's name -> the hash of their own link's token."""
        return {self.t.entry(int(e)).name: h for e, h in self.state.get("players", {}).items()}

    def mark_seats(self) -> None:
        """Give every seat its player's token hash, so a connection finds its seat by its holder."""
        holders = self.holders()
        for table in self.t.tables.values():
            for seat in table.seats.values():
                seat.token_hash = holders.get(seat.name, "")

    # ----- the owner task -----------------------------------------------------------------------
    def start(self) -> None:
        """Start the owner task (once)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self.run(), name=f"tournament {self.id}")

    async def stop(self) -> None:
        """Stop the owner task."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def run(self) -> None:
        """Messages one at a time, then whatever the tournament's clocks say is due; until it is over
        and every phone has seen the end."""
        while True:
            try:
                item = await asyncio.wait_for(self.queue.get(), self.wait())
            except TimeoutError:
                item = None
            try:
                if item is not None:
                    self.handle(*item)
                self.step()
            except Exception as exc:  # noqa: BLE001 - one bad step must not stop the tournament
                log.error("tournament %s: a step failed: %s", self.id, type(exc).__name__)
            await asyncio.sleep(0)

    def wait(self) -> float:
        """Seconds until something is due at a table (a bot, a turn clock, the next deal), at most
        :data:`TICK` (the tournament's own clock and balancing are looked at that often)."""
        now = self.clock()
        due = [w for table in self.t.tables.values() if (w := table.next_wakeup(now)) is not None]
        return min(TICK, max(0.001, min(due, default=now + TICK) - now))

    def step(self) -> None:
        """Advance the tournament, store it when it changed, and send what changed."""
        now, began = self.clock(), time.perf_counter()
        while self.t.advance(now, most=1) and time.perf_counter() - began < STEP_SECONDS:
            pass  # one action a table at a time, so that a step ends soon after its time is up
        self.changed()

    def changed(self, *, force: bool = False) -> None:
        """Store the tournament if it changed (or ``force``: the host changed the state around it) and
        send every phone its table (a moved one told first). The floor balances and breaks what it can
        first: every write of the hall goes through here, so none stores a full table between hands
        that owes a short one a player (a host's late entry opening a table, a bust at a deal), which a
        process taking over would read."""
        self.t.tidy()
        moves = self.note_moves()
        mark = self.fingerprint()
        if mark != self._mark or moves or force:
            self.save(dump(self.t), moves)
            self._mark = mark
            self.broadcast(moves)

    def fingerprint(self) -> tuple[Any, ...]:
        """What changes whenever the tournament does (a table's revision, hand and actions, as a room
        tells a change; the clock, the entries, the deal, the log): a quiet tick costs no dump."""
        t = self.t
        tables = tuple((tid, table.revision, table.hand_number, len(table.actions), table.paused)
                       for tid, table in t.tables.items())
        return (tables, t.hands, t.moves, t.level_index, t.level_started, t.elapsed_base, t.running_since,
                t.finished, t.hand_for_hand, len(t.entries), t.chips_in_play, len(t.log), repr(t.deal))

    def note_moves(self) -> list[dict[str, Any]]:
        """The moves the floor made since the last look, from its own record (a player moved and
        knocked out between two looks included), as the clock page lists them."""
        moves = [{"name": m.name, "id": m.entry, "from": list(m.source), "to": list(m.target),
                  "text": f"{m.name} moved from table {m.source[0]} seat {m.source[1]} "
                          f"to table {m.target[0]} seat {m.target[1]}"}
                 for m in self.t.moves_since(self.listed)]
        self.listed = self.t.moves
        return moves

    def save(self, tournament: dict[str, Any], moves: list[dict[str, Any]]) -> None:
        """Write the tournament (the hall is its only writer once it is dealt)."""
        state = {**self.state, "tournament": tournament, "fairness": self.fairness_state(),
                 "moves": (self.state.get("moves", []) + moves)[-MOVES_KEPT:]}
        hands, self.finished_hands = self.finished_hands, []
        try:
            written = self.store.write_tournament(self.id, state, self.revision, fence_key=self.fence_key,
                                                  hands=hands)
        except LeaseLost:
            log.warning("tournament %s: another process took it over; stopping here", self.id)
            if self.on_lost is not None:
                asyncio.get_running_loop().create_task(self.on_lost(self.id))
            raise
        if written:
            self.state, self.revision = state, self.revision + 1
        else:  # another writer: take what is stored (never expected while the hall owns it)
            log.error("tournament %s: a write lost a race; reloading", self.id)
            stored = self.store.tournament(self.id)
            if stored is not None:
                _h, _c, self.state, self.revision = stored
                self.t = load(self.state["tournament"], now=self.clock())
                self.attach()
                self.listed = self.t.moves
                self._mark = ()

    def broadcast(self, moves: list[dict[str, Any]]) -> None:
        """Every connection its own table's state; a moved player's phones hear ``moved`` first."""
        self.mark_seats()
        for conn in [c for c in self.connections if c.closed]:
            self.connections.discard(conn)
            self.entry_of.pop(conn, None)
        for move in moves:
            for conn in self.connections:
                if self.entry_of[conn] == move["id"]:
                    conn.send(moved_message(move["to"][0], move["to"][1]))
        at: dict[int, set[Connection]] = {}
        for conn in self.connections:
            where = self.t.seat_of(self.t.entry(self.entry_of[conn]).name)
            if where is None:
                conn.send(self.out_message(self.entry_of[conn]))
            else:
                at.setdefault(where[0], set()).add(conn)
        for tid, conns in at.items():
            self.states(tid, conns).broadcast()

    def states(self, tid: int, conns: set[Connection]) -> TableStates:
        """The state messages of table ``tid`` for ``conns``."""
        return TableStates(self.t.tables[tid], conns, self.clock, self.about(tid), self.shuffles.get(tid),
                           self.fairs.get(tid))

    def show_hand_end(self, tid: int, table: Table) -> None:
        """Send the phones at table ``tid`` its hand that has just ended (the showdown, who won), before
        the tournament reads it: a player it knocks out, or the tournament it ends, is told ``out`` or
        ``tournament_over`` next and sits nowhere to be sent a state any more (the phone was left on
        the hand still being played, someone's turn and its buttons live). The hand is kept for the
        next write."""
        self.record_hand(tid, table)
        self.mark_seats()
        seated = {seat.name for seat in table.seats.values()}
        here = {c for c in self.connections if not c.closed and self.t.entry(self.entry_of[c]).name in seated}
        if here:
            self.states(tid, here).broadcast()

    def about(self, tid: int) -> dict[str, Any]:
        """What a phone at table ``tid`` shows of the tournament: the table, the level, its blinds and
        ante, the time left (at the state's ``table.now``), players left of entries."""
        clock = self.t.clock(self.clock())
        return {"id": self.id, "name": self.t.config.name, "table": tid, "level": clock["level"],
                "is_break": clock["is_break"], "small_blind": clock["small_blind"], "big_blind": clock["big_blind"],
                "ante": clock["ante"], "time_left": clock["time_left"], "paused": clock["paused"],
                "players_left": clock["players_left"], "entries": clock["entries"],
                "away": sorted(seat.name for seat in self.t.tables[tid].seats.values() if self.t.by_name(seat.name).away)}

    def out_message(self, entry_id: int) -> dict[str, Any]:
        """What a phone whose player sits nowhere (out, or the tournament over) is sent."""
        entry = self.t.entry(entry_id)
        return {"type": "tournament_over" if self.t.finished else "out", "v": p.VERSION,
                "place": entry.place, "prize": entry.prize,
                "message": f"you finished {entry.place}" if entry.place else "you hold no seat right now"}

    # ----- messages -----------------------------------------------------------------------------
    def handle(self, conn: Connection, msg: Any) -> None:
        """One message of a player's connection (or its close)."""
        if msg == "closed":
            conn.closed = True
            self.connections.discard(conn)
            self.entry_of.pop(conn, None)
            return
        if isinstance(msg, p.Hello):
            self.hello(conn, msg)
            return
        if conn not in self.entry_of:
            conn.send(p.error("hello_first", "send a 'hello' message with your link's token first", msg.type))
            return
        if isinstance(msg, p.Ping):
            conn.send({"type": "pong", "v": p.VERSION, "now": self.clock()})
            return
        if isinstance(msg, p.Chat | p.React):
            self.talk(conn, msg)
            return
        if isinstance(msg, p.Entropy):
            self.contribute(conn, msg)
            return
        if isinstance(msg, p.Show | p.Muck):
            self.show_or_muck(conn, msg)
            return
        if isinstance(msg, p.SitOut):  # a tournament player is away (dealt in, folding), never sitting out
            self.t.set_away(self.entry_of[conn], msg.value)
            self.changed(force=True)
            return
        if not isinstance(msg, p.Act):
            conn.send(p.error("not_here", f"a tournament table takes no {msg.type!r}: the tournament decides it",
                              msg.type))
            return
        conn.acked += 1
        where = self.t.seat_of(self.t.entry(self.entry_of[conn]).name)
        try:
            if where is None:
                raise TableError("you hold no seat at a table right now")
            table = self.t.tables[where[0]]
            if msg.decision is None and msg.hand is not None and msg.hand != table.hand_number:
                raise StaleDecision(f"that action was for hand {msg.hand}; this is hand {table.hand_number}")
            table.act(where[1], msg.action, self.clock(), decision=msg.decision)
            self.t.entry(self.entry_of[conn]).away = False
        except StaleDecision as exc:
            conn.send({**p.error("stale", str(exc), "act"), "acked": conn.acked})
        except (hg.IllegalAction, TableError, TournamentError) as exc:
            conn.send({**p.error("illegal", str(exc), "act"), "acked": conn.acked})

    def show_or_muck(self, conn: Connection, msg: p.Show | p.Muck) -> None:
        """After a hand, the player shows cards nobody saw or mucks a beaten hand, as at a cash table
        (:func:`homegame.server.showing.show_or_muck`); a show stores the hand's history again, with it."""
        where = self.t.seat_of(self.t.entry(self.entry_of[conn]).name)
        try:
            if where is None:
                raise TableError("you hold no seat at a table right now")
            table = self.t.tables[where[0]]
            before = shows_made(table)
            show_or_muck(table, where[1], msg)
        except TableError as exc:
            conn.send(p.error("illegal", str(exc), msg.type))
            return
        if shows_made(table) != before and table.hand is not None:
            self.finished_hands.append((tournament_table_key(self.id, where[0]), {
                "finished": ([int(x) for x in table.hand.payoffs], str(table.hand.history.to_json())),
                "number": table.hand_number, "at": self.clock()}))
        self.changed(force=True)

    def contribute(self, conn: Connection, msg: p.Entropy) -> None:
        """A player's contribution to their table's next shuffle (as at a cash table)."""
        where = self.t.seat_of(self.t.entry(self.entry_of[conn]).name)
        fair = None if where is None else self.fairs.get(where[0])
        if where is None or fair is None:
            conn.send(p.error("refused", "you hold no seat at a dealing table right now", msg.type))
            return
        table = self.t.tables[where[0]]
        try:
            if fair.contribute(where[1], msg.hand, msg.value, table.hand_number + 1):
                table.revision += 1
        except ValueError as exc:
            conn.send(p.error("refused", str(exc), msg.type))

    def talk(self, conn: Connection, msg: p.Chat | p.React) -> None:
        """A chat line or reaction at the table where the connection's player sits (as at a cash table)."""
        where = self.t.seat_of(self.t.entry(self.entry_of[conn]).name)
        if where is None:
            conn.send(p.error("not_here", "you hold no seat at a table right now: nobody to talk to", msg.type))
            return
        listeners = [c for c in self.connections
                     if (seat := self.t.seat_of(self.t.entry(self.entry_of[c]).name)) is not None and seat[0] == where[0]]
        talk(self.t.tables[where[0]], where[1], conn, msg, self.talkers, self.clock(),
             lambda: self.changed(force=True), listeners)

    def hello(self, conn: Connection, msg: p.Hello) -> None:
        """Bind a connection to the entry whose own link's token it shows."""
        if conn in self.entry_of:
            conn.send(p.error("already_identified", "this connection already said hello", "hello"))
            return
        entry = self.entry_for(msg.token)
        if entry is None:
            conn.send(p.error("bad_token", "this link's token is not valid for this tournament", "hello"))
            conn.send_close()
            return
        conn.role, conn.holder = "player", hash_token(msg.token)
        self.connections.add(conn)
        self.entry_of[conn] = entry
        conn.send({"type": "welcome", "v": p.VERSION, "table_id": self.id, "role": "player", "host": False,
                   "seat": None, "chat": self.chat_at(entry), "tournament": self.id})
        self.mark_seats()
        where = self.t.seat_of(self.t.entry(entry).name)
        if where is None:
            conn.send(self.out_message(entry))
            return
        states = self.states(where[0], {conn})
        conn.send(states.state_text(conn, states._public_text()))

    def chat_at(self, entry: int) -> list[dict[str, Any]]:
        """The chat lines of the table where ``entry`` sits (none when they sit nowhere)."""
        where = self.t.seat_of(self.t.entry(entry).name)
        return [] if where is None else list(self.t.tables[where[0]].chat.lines)

    def entry_for(self, token: str) -> int | None:
        """The entry whose own link's token is ``token``."""
        return entry_for_token(self.state, token)


def entry_for_token(state: dict[str, Any], token: str) -> int | None:
    """The entry of the stored tournament ``state`` whose own link's token is ``token`` (every stored
    hash compared), or ``None``."""
    found = None
    for entry, held in state.get("players", {}).items():
        if token_matches(token, held):
            found = int(entry)
    return found


__all__ = ["Hall", "TableStates", "entry_for_token", "moved_message"]
