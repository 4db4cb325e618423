"""One table's owner: a queue with a single consumer that applies messages, persists and broadcasts.

Every change to a table happens in :meth:`Room.run`, one message at a time. Each connection gets its
own message built from its own seat's view; a connection never sees another seat's cards.

A connection is bound to a seat *holder* (the hash of the seat token it showed), never to a position:
the seat is looked up afresh for every message and every state, so when the holder changes (the player
leaves, is removed, or the host re-issues the seat's link) every connection of the old holder is
unbound and told at once, and none of them can act for, or see the cards of, whoever sits there next.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import homegame as hg
from homegame.server import protocol as p
from homegame.server.commits import group_commit
from homegame.server.connection import (
    OUTBOX_LIMIT,
    RATE_BURST,
    RATE_PER_SECOND,
    Connection,
    RateLimiter,
    Talkers,
)
from homegame.server.qr import link_svg
from homegame.server.showing import show_or_muck, shows_made
from homegame.server.states import StateMessages
from homegame.server.storage import Store
from homegame.server.tokens import hash_token, new_token, token_matches
from homegame.server.wire import dumps
from homegame.table import HandStart, StaleDecision, Table, TableError
from homegame.table.clock import MAX_DUE
from homegame.table.fairness import Fairness, FairShuffle

log = logging.getLogger("homegame.server")

#: Seconds before the first retry of a table halted by a failed write, and the most between retries.
RETRY_FIRST = 0.5
RETRY_MOST = 30.0
#: Seconds a stopping table waits for its step's group commit (then it is cancelled regardless).
STOP_COMMIT_WAIT = 10.0


class WriteFailed(RuntimeError):
    """The store refused a write; the table halts until writes work again."""


class Room(StateMessages):
    """The live state of one table and the connections watching it."""

    def __init__(self, table_id: str, table: Table, store: Store, *, host_hash: str, invite_hash: str,
                 watch_hash: str, links: dict[str, str], clock: Callable[[], float] = time.time) -> None:
        self.id = table_id
        self.table = table
        self.store = store
        self.host_hash, self.invite_hash, self.watch_hash = host_hash, invite_hash, watch_hash
        self.links = links
        self.clock = clock
        self.queue: asyncio.Queue[tuple[Connection | None, Any]] = asyncio.Queue()
        self.connections: set[Connection] = set()
        #: Who talks here as people: chat limits per person, the host's mutes, spectator numbers.
        self.talkers = Talkers()
        #: The least ``bot_delay`` and ``between_hands`` the server allows (its policy; none by default).
        self.pace_floor = (0.0, 0.0)
        self._shown_connected: frozenset[int] = frozenset()  # the seats the last broadcast called connected
        self.shuffle: FairShuffle | None = None
        self.fair = Fairness([])
        self._written = (table.hand_number, len(table.actions), bool(table.hand and table.hand.over))
        self._revision = table.revision
        self._task: asyncio.Task[None] | None = None
        #: Set by :meth:`stop`: the owner task handles nothing more.
        self._stopping = False
        #: Why the table is halted (a write failed), or ``None`` while it plays.
        self.halted: str | None = None
        self._retry_at = 0.0
        self._retry_wait = RETRY_FIRST
        #: Replies that reveal a change (``seated``), sent only once the change is stored.
        self._held: list[tuple[Connection, dict[str, Any]]] = []
        #: Each connection's (seat, role) as of the last stored step.
        self._durable_conns: dict[Connection, tuple[int | None, str, str | None]] = {}
        self._unbind_reasons: dict[str, str] = {}  # holder -> why it lost its seat
        #: Messages for every connection (chat lines), sent only once stored.
        self._events: list[dict[str, Any]] = []
        self._chat_written = table.chat.next_id
        #: Cards shown by choice after the hand, as far as stored (the hand's history is written again).
        self._shows_written = shows_made(table)
        #: While the owner task steps (:meth:`step_async`): the step's writes, gathered for a group
        #: commit, and what it sends once they are stored (``None`` message: close). ``None`` otherwise.
        self._writes: list[dict[str, Any]] | None = None
        self._outgoing: list[tuple[Connection, dict[str, Any] | str | None]] = []
        self._unsaved_held: list[tuple[Connection, dict[str, Any]]] = []
        self._committing: asyncio.Future[None] | None = None
        #: Set by the server: checks a game file's text in a worker process, ``None`` if it is fine, else
        #: why not (see :mod:`homegame.server.gamefile_worker`).
        self.check_game_file: Callable[[str, str | None], Awaitable[str | None]] | None = None

    # ----- loading -----------------------------------------------------------------------------
    @classmethod
    def load(cls, table_id: str, store: Store, clock: Callable[[], float] = time.time) -> Room | None:
        """Rebuild a room from storage, a hand in progress included (``None`` for an unknown id)."""
        stored = store.table(table_id)
        if stored is None:
            return None
        table = Table.from_dict(stored.state["table"])
        room = cls(table_id, table, store, host_hash=stored.host_hash, invite_hash=stored.invite_hash,
                   watch_hash=stored.watch_hash, links=dict(stored.state.get("links", {})), clock=clock)
        last = store.last_hand(table_id)
        now = clock()
        room.fair, notices = Fairness.from_state(stored.state.get("fairness"), table.hand_number + 1)
        if last is not None:
            start = HandStart.from_dict(last.start)
            known = str(last.number) in room.fair.tampered
            room.shuffle = room.fair.restore(last.number, last.start.get("shuffle"), last.deck, last.salt,
                                             last.commitment)
            if room.shuffle.problem and not known:
                notices.append(f"WARNING: the stored shuffle of hand {last.number} changed while the server was "
                               f"down: {room.shuffle.problem}. This hand cannot be verified.")
            if not last.over:
                # each owing seat's clock goes on from where it stood at the last write (docs/deploy.md)
                times = [last.started_at, *last.action_times]
                table.resume(start, last.deck, last.actions, now, times=times, saved_at=stored.updated_at)
            elif last.history:
                table.hand, table.start = hg.replay(last.history), start
                table.actions = list(last.actions)
                table.next_hand_at = now + table.settings.between_hands
        room._written = (table.hand_number, len(table.actions), bool(table.hand and table.hand.over))
        room._revision = table.revision
        room._chat_written = table.chat.next_id
        if notices:
            room.announce(notices)
        room._persist()
        if table.live:
            # the next step writes the state again, with the clocks as resumed (Table.to_dict keeps each
            # clock's start), so a later takeover does not charge this one's downtime to the players
            room._revision = table.revision - 1
        return room

    def announce(self, notices: list[str]) -> None:
        """Add shuffle notices to the table log (stored and sent with the next state)."""
        self.table.note(notices)
        self.table.revision += 1

    def state_record(self) -> dict[str, Any]:
        """What is stored for the table between hands."""
        return {"table": self.table.to_dict(), "links": self.links, "fairness": self.fair.to_dict()}

    # ----- the owner task ----------------------------------------------------------------------
    def start(self) -> None:
        """Start the owner task."""
        if self._task is None:
            self._stopping = False
            self._task = asyncio.get_running_loop().create_task(self.run(), name=f"table {self.id}")

    async def stop(self) -> None:
        """Stop the owner task: from now on no message is handled and no clock is advanced here. A
        step waiting for its group commit is let finish (stored and sent) first.

        A single cancellation is not enough: on Python 3.11 ``asyncio.wait_for`` returns the queue's
        item instead of the cancellation when the item arrived at the same moment (a busy table under
        load), and the task would play on. So the flag is set first and the task cancelled until done."""
        self._stopping = True
        task, self._task = self._task, None
        if task is None:
            return
        if self._committing is not None:  # the step waiting for its commit is stored and sent first
            await asyncio.wait({self._committing}, timeout=STOP_COMMIT_WAIT)
        while not task.done():
            task.cancel()
            await asyncio.wait({task}, timeout=0.1)
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: its owner task ended with %s", self.id, type(task.exception()).__name__)

    async def run(self) -> None:
        """Consume the queue until stopped: one message at a time, then whatever the clocks say is due.

        The task yields to the event loop after every item, even when the queue is full and the step
        wrote nothing (a flood of refused messages), so no table holds the loop from the others."""
        while not self._stopping:
            now = self.clock()
            wake = self._retry_at if self.halted is not None else self.table.next_wakeup(now)
            # never spin: something due now still waits a moment for the queue
            timeout = None if wake is None else max(0.001, wake - now)
            item: tuple[Connection | None, Any] | None = None
            if not self.queue.empty():
                item = self.queue.get_nowait()
            elif timeout is None:
                item = await self.queue.get()
            else:
                try:
                    item = await asyncio.wait_for(self.queue.get(), timeout)
                except TimeoutError:
                    item = None
            if self._stopping:  # stopped while waiting (the cancellation may have been swallowed)
                return
            try:
                if item is None or await self.admit(item[0], item[1]):
                    await self.step_async(item)
            except Exception as exc:  # noqa: BLE001 - one bad step must not take the table down
                # the type and where, never the message itself: it may hold tokens or cards
                log.error("table %s: failed to handle a %s message: %s", self.id, _kind(item), _where(exc))
            await asyncio.sleep(0)  # the other tables' turn, whatever this step did

    async def admit(self, conn: Connection | None, message: Any) -> bool:
        """Whether a queued message goes on to :meth:`step`: a game file a host uploads is first checked
        away from the event loop by :attr:`check_game_file` (when the server set one), and refused
        here, the table unchanged, if the check fails."""
        check = self.check_game_file
        if (check is None or conn is None or not conn.host or self.halted is not None
                or not isinstance(message, p.GameFileUpload)
                or message.text is None):
            return True
        refusal = await check(message.text, message.filename)
        if refusal is None:
            return True
        self.error(conn, "refused", refusal, message.type)
        return False

    def step(self, item: tuple[Connection | None, Any] | None, due: int = MAX_DUE) -> None:
        """Handle one queued item, advance the clocks (at most ``due`` actions), deal if due, persist and
        broadcast.

        Nothing is broadcast before it is stored. A write that fails halts the table (see
        :meth:`halt`): the table goes back to what was last stored and waits until writes work again."""
        if self.halted is not None:
            self.step_halted(item)
            return
        try:
            self._step(item, due)
        except WriteFailed as exc:
            self.halt(exc, item)

    async def step_async(self, item: tuple[Connection | None, Any] | None) -> None:
        """:meth:`step` as the owner task takes it: the step's writes go into the process's next group
        commit (:mod:`homegame.server.commits`) with other tables' writes, and what the step would send
        is sent once they are stored. A failed commit halts the table as a failed write does in
        :meth:`step` (nothing of the step is sent).

        One due action at most is played per step (bots, timeouts): the owner task yields between them,
        so a table's bots never hold the event loop for a whole hand."""
        durable, self._writes, self._outgoing, self._unsaved_held = self._durable_conns, [], [], []
        try:
            self.step(item, due=1)
        finally:
            writes, outgoing, self._writes, self._outgoing = self._writes, self._outgoing, None, []
        if not writes:
            self._deliver(outgoing)
            return
        commit = asyncio.ensure_future(group_commit(self.store).write(self.id, writes))
        finishing = self._committing = asyncio.get_running_loop().create_future()
        try:
            await asyncio.wait({commit})  # a stop waits for this step to end (see stop); it does not cancel it
            failure = commit.exception()
            if failure is None:
                self._deliver(outgoing)
            else:
                self._durable_conns, self._held = durable, self._unsaved_held + self._held
                self._unsaved_held = []
                self.halt(WriteFailed(_reason(failure)), item)
        finally:
            self._committing = None
            finishing.set_result(None)

    def _deliver(self, outgoing: list[tuple[Connection, dict[str, Any] | str | None]]) -> None:
        """Send what a stored step held back."""
        self._unsaved_held = []
        for conn, message in outgoing:
            if message is None:
                conn.send_close()
            else:
                conn.send(message)

    def _send(self, conn: Connection, message: dict[str, Any] | str) -> None:
        """Send to ``conn``, or, once this step has a write waiting for its commit, after that."""
        if self._writes:
            self._outgoing.append((conn, message))
        else:
            conn.send(message)

    def _close(self, conn: Connection) -> None:
        """Close ``conn`` after what is queued for it (as :meth:`_send` does, after the step's commit)."""
        if self._writes:
            self._outgoing.append((conn, None))
        else:
            conn.send_close()

    def _step(self, item: tuple[Connection | None, Any] | None, due: int) -> None:
        before = (self.table.revision, self.table.hand_number, len(self.table.actions))
        if item is not None:
            conn, message = item
            if conn is not None:
                self.handle(conn, message)
        now = self.clock()
        self.table.advance(now, due)
        if self.table.ready_to_deal(now):
            # the hand that just ended is stored and shown before the next one starts
            self._persist()
            if (self.table.revision, self.table.hand_number, len(self.table.actions)) != before:
                self.broadcast()
            self.shuffle, notices = self.fair.deal(self.table.hand_number + 1)
            if notices:
                self.announce(notices)
            self.table.deal(list(self.shuffle.deck), now)
            self.table.advance(now, due)
        self._persist()
        if ((self.table.revision, self.table.hand_number, len(self.table.actions)) != before
                or self._connected_seats() != self._shown_connected):  # a player's last tab closed, or one came back
            self.broadcast()

    def _persist(self) -> None:
        t = self.table
        number, count, over = self._written
        new_hand = None
        if t.start is not None and t.hand_number != number:
            assert self.shuffle is not None
            start = {**t.start.to_dict(), "shuffle": self.shuffle.record} if self.shuffle.record else t.start.to_dict()
            new_hand = (start, list(self.shuffle.deck), self.shuffle.salt, self.shuffle.commitment)
            count, over = 0, False
        actions = [(i, s, a) for i, (s, a) in enumerate(t.actions[count:], start=count)]
        finished = None
        hand_over = bool(t.hand is not None and t.hand.over)
        shows = shows_made(t)
        if hand_over and (not over or shows != self._shows_written):
            # the hand's end, or a show by choice after it: the history (with its shows) is stored again
            finished = ([int(x) for x in t.hand.payoffs], str(t.hand.history.to_json()))
        chatted = t.chat.next_id != self._chat_written
        state = self.state_record() if t.revision != self._revision or new_hand or finished or chatted else None
        if new_hand or actions or finished or state:
            write: dict[str, Any] = {"state": state, "new_hand": new_hand, "actions": actions, "finished": finished,
                     "number": t.hand_number, "at": self.clock()}
            if self._writes is not None:  # the owner task's step: stored in the next group commit
                self._writes.append(write)
            else:
                try:
                    self.store.write(self.id, **write)
                except Exception as exc:
                    raise WriteFailed(_reason(exc)) from exc
        self._written = (t.hand_number, len(t.actions), hand_over)
        self._shows_written = shows
        self._revision = t.revision
        self._chat_written = t.chat.next_id
        self._durable_conns = {c: (c.seat, c.role, c.holder) for c in self.connections}
        held, self._held = self._held, []
        if self._writes:
            self._unsaved_held += held
        for conn, message in held:
            self._send(conn, message)
        events, self._events = self._events, []
        for event in events:
            text = dumps(event)
            for conn in list(self.connections):
                self._send(conn, text)
        dropped, t.pre_dropped = t.pre_dropped, []
        for pos, why in dropped:
            for conn in list(self.connections):
                if self.seat_of(conn) == pos:
                    self._send(conn, {"type": "pre_act_dropped", "v": p.VERSION, "seat": pos, "message": why})

    # ----- a failed write ----------------------------------------------------------------------
    def halt(self, exc: WriteFailed, item: tuple[Connection | None, Any] | None) -> None:
        """Stop the table after a failed write: back to the last stored state, every connection told
        (a ``halted`` message, then the stored state with ``table.halted`` set), one log line."""
        first = self.halted is None
        self.halted = ("the table is stopped: the server cannot save to its database "
                       f"({exc}); play resumes by itself from the last saved step once it can")
        if first:
            log.error("table %s: halted, a write to the database failed (%s); retrying", self.id, exc)
            self._retry_wait = RETRY_FIRST
        self._retry_at = self.clock() + self._retry_wait
        self._retry_wait = min(RETRY_MOST, self._retry_wait * 2)
        sender = item[0] if item is not None else None
        for conn, _message in self._held:
            if conn is not sender:
                self.error(conn, "not_saved", "that was not saved; try again once the table resumes", "sit")
        self._held = []
        self._events = []
        if item is not None and item[0] is not None and not isinstance(item[1], (str, p.Hello, p.Ping)):
            self.error(item[0], "not_saved", "that could not be saved, so it did not happen; " + self.halted,
                       getattr(item[1], "type", None))
        reloaded = False
        with contextlib.suppress(Exception):  # a store that cannot even be read: retried later
            self.reload()
            reloaded = True
        for conn in self.connections:  # who sits where, as last stored
            if conn in self._durable_conns:
                conn.seat, conn.role, conn.holder = self._durable_conns[conn]
            elif conn.seat is not None and conn.seat not in self.table.seats:
                conn.seat, conn.role, conn.holder = None, "host" if conn.host else "guest", None
        for conn in list(self.connections):
            self._send(conn, {"type": "halted", "v": p.VERSION, "halted": True, "message": self.halted})
        if reloaded:  # the stored state, flagged (what was not stored is never shown)
            self.broadcast()

    def reload(self) -> None:
        """Make the live table what the store holds (the hand in progress replayed from its actions)."""
        fresh = Room.load(self.id, self.store, clock=self.clock)
        if fresh is None:
            raise WriteFailed("the table is no longer in the database")
        self.table, self.shuffle = fresh.table, fresh.shuffle
        self._written, self._revision = fresh._written, fresh._revision
        self._chat_written = fresh._chat_written
        self._shows_written = fresh._shows_written

    def step_halted(self, item: tuple[Connection | None, Any] | None) -> None:
        """While halted: connections may still say hello, ping and close; anything else is refused.
        Once it is time, a trial write; when it works the table reloads and plays on."""
        conn, message = item if item is not None else (None, None)
        if conn is not None:
            if message == "closed" or isinstance(message, (p.Hello, p.Ping)):
                self.handle(conn, message)
            else:
                if isinstance(message, p.Act):
                    conn.acked += 1
                self.error(conn, "halted", self.halted or "the table is stopped", getattr(message, "type", None))
        if self.clock() < self._retry_at:
            return
        try:
            self.store.probe(self.id)
            self.reload()
        except Exception as exc:  # noqa: BLE001 - still failing: wait longer
            self._retry_at = self.clock() + self._retry_wait
            self._retry_wait = min(RETRY_MOST, self._retry_wait * 2)
            log.debug("table %s: still cannot write (%s)", self.id, _reason(exc))
            return
        self.halted = None
        self._retry_wait = RETRY_FIRST
        log.warning("table %s: the database takes writes again; play resumes", self.id)
        for conn in list(self.connections):
            self._send(conn, {"type": "halted", "v": p.VERSION, "halted": False,
                       "message": "the table saves again; play resumes from the last saved step"})
        self.broadcast()

    # ----- messages ----------------------------------------------------------------------------
    # ----- who holds which seat ----------------------------------------------------------------
    def _rebind(self) -> None:
        """Tell every connection whose holder lost its seat, and unbind it."""
        for conn in list(self.connections):
            pos = self.seat_of(conn)
            if pos == conn.seat:
                continue
            old, conn.seat = conn.seat, pos
            if pos is not None or old is None:
                continue
            reason = self._unbind_reasons.get(conn.holder or "", "the seat is no longer yours")
            conn.returning, conn.holder = conn.holder or conn.returning, None
            self._send(conn, {"type": "unseated", "v": p.VERSION, "seat": old,
                       "message": f"you no longer hold seat {old + 1}: {reason}"})
            if conn.base == "player":  # its only token was that seat's: it has no business here now
                conn.role = "watcher"
                self._close(conn)
                self.connections.discard(conn)
            else:
                conn.role = conn.base
        self._unbind_reasons.clear()

    def _unbinding(self, pos: int, reason: str) -> None:
        seat = self.table.seats.get(pos)
        if seat is not None and seat.token_hash:
            self._unbind_reasons[seat.token_hash] = reason

    def error(self, conn: Connection, code: str, message: str, about: str | None = None) -> None:
        """Send ``conn`` an error message."""
        self._send(conn, {**p.error(code, message, about), "acked": conn.acked})

    def handle(self, conn: Connection, msg: Any) -> None:
        """Apply one validated client message (or a connect/disconnect marker)."""
        if msg == "closed":
            self.connections.discard(conn)
            conn.closed = True
            return
        if isinstance(msg, p.Hello):
            self.hello(conn, msg)
            return
        if conn.role == "anonymous":
            self.error(conn, "hello_first", "send a 'hello' message with your link's token first", msg.type)
            return
        if isinstance(msg, p.Ping):
            self._send(conn, {"type": "pong", "v": p.VERSION, "now": self.clock()})
            return
        if isinstance(msg, p.Act):
            conn.acked += 1
        if msg.type in p.HOST_TYPES and not conn.host:
            self.error(conn, "forbidden", f"only the host may send {msg.type!r}", msg.type)
            return
        if msg.type in p.TALK_TYPES and not self.muted(conn):  # a muted person is told so, not to wait
            wait = self.talkers.wait(conn, self.clock())
            if wait:
                self.error(conn, "rate_limited", f"too many chat messages and reactions: at most {p.TALK_BURST} "
                           f"in {p.TALK_WINDOW:g} seconds; wait {wait:.0f} s", msg.type)
                return
        try:
            self.apply(conn, msg)
        except StaleDecision as exc:
            self.error(conn, "stale", str(exc), msg.type)
        except hg.IllegalAction as exc:
            self.error(conn, "illegal", str(exc), msg.type)
        except (TableError, ValueError) as exc:
            self.error(conn, "refused", str(exc), msg.type)

    def muted(self, conn: Connection) -> bool:
        """Whether the host muted the person behind ``conn`` (their seat, or them as a person)."""
        pos = self.seat_of(conn)
        return (pos is not None and self.table.seats[pos].muted) or self.talkers.is_muted(conn)

    def hello(self, conn: Connection, msg: p.Hello) -> None:
        """Identify a connection by its token."""
        if conn.role != "anonymous":
            self.error(conn, "already_identified", "this connection already said hello", "hello")
            return
        seat_tokens = [t for t in (msg.token, msg.seat_token) if t]
        seat_pos, watching = None, token_matches(msg.token, self.watch_hash)
        for token in seat_tokens:
            for pos, seat in self.table.seats.items():
                if not watching and token_matches(token, seat.shown_hash):  # the link the host showed, opened: it holds the seat now
                    self._unbinding(pos, "your seat link was opened on another device")
                    self.table.use_shown_link(pos)
                if token_matches(token, seat.token_hash):
                    seat_pos, conn.holder = pos, seat.token_hash
        if token_matches(msg.token, self.host_hash):
            conn.role, conn.host = "host", True
        elif token_matches(msg.token, self.invite_hash):
            conn.role = "guest"
        elif token_matches(msg.token, self.watch_hash):
            conn.role = "watcher"
        elif seat_pos is not None:
            conn.role = "player"
        else:
            self.error(conn, "bad_token", "this link's token is not valid for this table", "hello")
            self._close(conn)
            return
        conn.base = conn.role
        if conn.role != "watcher" and seat_pos is not None:
            conn.seat = seat_pos
            if conn.role == "guest":
                conn.role = "player"
        else:
            conn.holder = None
        self.connections.add(conn)
        welcome: dict[str, Any] = {"type": "welcome", "v": p.VERSION, "table_id": self.id, "role": conn.role,
                                   "host": conn.host, "seat": conn.seat, "chat": self.table.chat.lines}
        if conn.host:
            welcome["links"] = self.links
        elif conn.role in ("guest", "player") and self.links.get("watch"):
            # any player may send a friend a hand's replay: its link is the spectator link, never a seat's
            welcome["watch"] = self.links["watch"]
        self._send(conn, welcome)
        if msg.seat_token and seat_pos is None:
            conn.returning = hash_token(msg.seat_token)
        if msg.seat_token and seat_pos is None and conn.role != "watcher":
            self._send(conn, {"type": "unseated", "v": p.VERSION, "seat": None,
                       "message": "your seat link no longer holds a seat at this table (you left, the host "
                                  "removed you, or the seat's new link was opened on another device)"})
        self._send(conn, self.state_text(conn, self._public_text()))

    def apply(self, conn: Connection, msg: Any) -> None:
        """A message from an identified connection (its seat looked up afresh by its holder)."""
        t, now = self.table, self.clock()
        mine = self.seat_of(conn)
        if isinstance(msg, p.Sit):
            if conn.role == "watcher":
                raise TableError("a spectator link cannot take a seat; ask the host for the invite link")
            if mine is not None:
                raise TableError(f"you already sit in seat {mine + 1}")
            token = new_token()
            seat = t.sit(msg.name, token_hash=hash_token(token), approved=conn.host, returning=conn.returning)
            if self.talkers.is_muted(conn):  # muted before, under another name or as a spectator
                t.mute(seat.position, True)
            if conn.host:
                t.host_sid = seat.sid
                t.start_game()  # the host sitting down starts the night
            conn.seat, conn.holder = seat.position, seat.token_hash
            if conn.role == "guest":
                conn.role = "player"
            self._held.append((conn, {"type": "seated", "v": p.VERSION, "seat": seat.position,
                                      "seat_token": token, "status": seat.status}))
            return
        if isinstance(msg, p.Chat | p.React) and mine is None and not conn.host and self.talkers.is_muted(conn):
            raise TableError("the host has muted you; you cannot chat or react at this table until the host "
                             "unmutes you")
        spectator = f"Spectator {self.talkers.number(conn)}" if mine is None and not conn.host else "Spectator"
        if isinstance(msg, p.Chat):
            self._events.append({"type": "chat", "v": p.VERSION,
                                 "line": t.say(mine, msg.text, now, host=conn.host, spectator=spectator)})
            return
        if isinstance(msg, p.React):
            # kept with the chat's lines (a reload shows it again), sent once it is stored
            self._events.append({"type": "reaction", "v": p.VERSION, **t.react(mine, msg.emoji, now, host=conn.host,
                                                                              spectator=spectator)})
            return
        if isinstance(msg, p.Act | p.SitOut | p.Leave | p.Choose | p.PreAct | p.Straddle | p.Rebuy) and mine is None:
            raise TableError("you hold no seat at this table; sit first")
        if isinstance(msg, p.Act):
            assert mine is not None
            if msg.decision is None and msg.hand is not None and msg.hand != t.hand_number:
                raise StaleDecision(f"that action was for hand {msg.hand}; this is hand {t.hand_number}, "
                                    "the hand moved on; nothing was changed")
            t.act(mine, msg.action, now, decision=msg.decision)
        elif isinstance(msg, p.PreAct):
            assert mine is not None
            t.set_pre_action(mine, msg.action)
        elif isinstance(msg, p.Rebuy):
            assert mine is not None
            t.request_rebuy(mine)
        elif isinstance(msg, p.Start):
            t.start_game()
        elif isinstance(msg, p.Straddle):
            assert mine is not None
            t.straddle(mine, msg.value)
        elif isinstance(msg, p.Mute):
            t.mute(msg.seat, msg.value)
            holder = t.seats[msg.seat].token_hash
            people = [key for c in self.connections if holder and c.holder == holder for key in Talkers.keys(c)]
            self.talkers.mute([f"seat:{holder}", *people] if holder else people, msg.value)
        elif isinstance(msg, p.MuteSpectator):
            key = self.talkers.spectator(msg.spectator)
            if key is None:
                raise TableError(f"no spectator {msg.spectator} has been here")
            self.talkers.mute([key], msg.value)
            self._send(conn, {"type": "notice", "v": p.VERSION, "message": f"Spectator {msg.spectator} is "
                                                                        f"{'muted' if msg.value else 'unmuted'}"})
        elif isinstance(msg, p.SitOut):
            assert mine is not None
            t.set_sitting_out(mine, msg.value)
        elif isinstance(msg, p.Leave):
            assert mine is not None
            self._unbinding(mine, "you left the table")
            t.remove(mine, now)
        elif isinstance(msg, p.Choose):
            assert mine is not None
            t.choose(mine, msg.game, msg.rules)
        elif isinstance(msg, p.Approve):
            t.approve(msg.seat)
        elif isinstance(msg, p.Remove):
            self._unbinding(msg.seat, "the host removed you from the table")
            t.remove(msg.seat, now)
        elif isinstance(msg, p.Reissue):
            token = new_token()  # pending: the seat's current token works until this one is opened
            svg = link_svg(msg.qr_base + token) if msg.qr_base else None  # checked before anything changes
            t.show_link(msg.seat, hash_token(token))
            self._send(conn, {"type": "seat_link", "v": p.VERSION, "seat": msg.seat, "seat_token": token,
                              **({"qr_svg": svg} if svg else {})})
        elif isinstance(msg, p.AddBot):
            t.add_bot(msg.kind, msg.name)
        elif isinstance(msg, p.Pause):
            t.set_paused(msg.value, now, by=t.seats[mine].name if mine is not None else "the host")
        elif isinstance(msg, p.SetGame):
            t.set_game(msg.game, msg.rules)
        elif isinstance(msg, p.SetStakes):
            t.set_stakes(msg.stakes.model_dump(), msg.buy_in)
        elif isinstance(msg, p.Adjust):
            t.adjust_stack(msg.seat, msg.stack)
        elif isinstance(msg, p.Entropy):
            if mine is None:
                raise TableError("only a seated player contributes to the shuffle")
            if self.fair.contribute(mine, msg.hand, msg.value, t.hand_number + 1):
                t.revision += 1
        elif isinstance(msg, p.House):
            changes = {k: getattr(msg, k) for k in ("straddle", "bomb_ante", "bomb_every", "chip", "showdown", "rabbit",
                                                              "run_twice")
                       if getattr(msg, k) is not None}
            if changes.get("straddle") == "off":
                changes["straddle"] = None
            t.set_house(changes, msg.bomb_next)
        elif isinstance(msg, p.GameFileUpload):
            if msg.remove is not None:
                t.remove_game_file(msg.remove)
            else:
                assert msg.text is not None
                name = t.add_game_file(msg.text, msg.filename)
                self._held.append((conn, {"type": "game_file_added", "v": p.VERSION, "name": name,
                                          "title": t.game_title(name, {})}))
        elif isinstance(msg, p.RunTwice):
            if mine is None:
                raise TableError("you hold no seat at this table; only a player in the hand agrees to run it twice")
            t.agree_run_twice(mine, msg.value)
        elif isinstance(msg, p.Show | p.Muck):
            show_or_muck(t, mine, msg)
        elif isinstance(msg, p.Configure):
            changes = {key: getattr(msg, key) for key in ("turn_seconds", "time_bank", "bot_delay", "between_hands",
                                                          "approve_seats", "bot_rebuys", "spectator_chat", "rebuy")}
            for key, least in zip(("bot_delay", "between_hands"), self.pace_floor, strict=True):
                if changes[key] is not None:
                    changes[key] = max(float(changes[key]), least)  # this server's floor (docs/security.md)
            t.configure(**changes)
        else:  # pragma: no cover - parse_client only returns the types above
            raise TableError(f"unhandled message type {msg.type!r}")

def _kind(item: tuple[Connection | None, Any] | None) -> str:
    """The type of a queued item, for a log line (never its contents)."""
    if item is None:
        return "clock"
    message = item[1]
    return str(getattr(message, "type", message if message == "closed" else type(message).__name__))[:20]


def _where(exc: BaseException) -> str:
    """An exception's class and the line that raised it, without its message (which may hold secrets)."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    last = frames[-1] if frames else None
    at = f" at {Path(last.filename).name}:{last.lineno} in {last.name}" if last else ""
    return f"{type(exc).__name__}{at}"


def _reason(exc: BaseException) -> str:
    """Why a write failed, in a few words: the database driver's own message, never the statement or
    its parameters (which hold decks and actions)."""
    orig = getattr(exc, "orig", None) or exc
    words = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
    return words[:120]


__all__ = ["OUTBOX_LIMIT", "RETRY_FIRST", "RETRY_MOST", "WriteFailed", "RATE_BURST", "RATE_PER_SECOND", "Connection", "RateLimiter", "Room"]
