"""The ASGI app: pages, a small JSON API, hand histories, the ledger, and the websocket.

>>> app = create_app("sqlite://")
>>> [r.path for r in app.routes if getattr(r, "path", "").startswith("/api/tables")][:2]
['/api/tables', '/api/tables/{table_id}/ledger.csv']
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hmac
import json
import logging
import math
import os
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import SQLAlchemyError

import homegame as hg
from homegame.server import protocol as p
from homegame.server import redact
from homegame.server.armour import SecurityHeaders, origin_allowed
from homegame.server.bus import Bus
from homegame.server.gamefile_worker import GameFileWorker
from homegame.server.hand_files import hand_listing, hand_response, table_figures
from homegame.server.lease import TTL
from homegame.server.metrics import CONTENT_TYPE, Metrics, watch_lag
from homegame.server.ops import MeteredRoom, Ownership, hand_over_on_sigterm, health
from homegame.server.policy import HOST_KEY_HEADER, HOUR, AddressLimits, Policy, opener_key
from homegame.server.room import Connection, Room
from homegame.server.route import Router
from homegame.server.storage import Store
from homegame.server.tokens import DECOY_HASHES, hash_token, new_table_id, new_token, token_matches
from homegame.server.tournament_hall import Hall, entry_for_token
from homegame.server.tournament_halls import ELSEWHERE, HallElsewhere, Halls, lease_key
from homegame.server.tournaments import routes as tournament_routes
from homegame.table import DEALERS_CHOICE, Settings, Table, TableError

WEB = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("homegame.server")


class NewTable(BaseModel):
    """The body of ``POST /api/tables``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Annotated[str, Field(min_length=1, max_length=40)] = "Home game"
    game: Annotated[str, Field(min_length=1, max_length=40)] = "passem"
    rules: dict[str, Any] = Field(default_factory=dict, max_length=20)
    stakes: p.StakesModel = p.StakesModel(structure="no-limit", blinds=[1, 2])
    buy_in: p.BuyIn = 200
    bots: p.SeatNo = 0
    bot_kind: Annotated[str, Field(max_length=20)] = "rule"
    approve_seats: bool = True
    turn_seconds: p.TurnClock = 30.0
    time_bank: p.TurnSeconds = 60.0
    bot_delay: p.DelaySeconds = 0.8
    between_hands: p.PauseSeconds = 4.0
    paused: bool = False
    spectator_chat: bool = False
    #: Deal nothing until the host starts the game (the ``start`` message) or takes a seat (the lobby's tables).
    wait_for_host: bool = False


#: Seconds a table nobody is connected to stays loaded in a process alone (``--idle-seconds``); shared,
#: the default is a lease's length (``--lease-seconds``).
IDLE_SECONDS = 300.0
#: The idle periods ``homegame serve --idle-seconds`` (or ``$HOMEGAME_IDLE_SECONDS``) accepts.
IDLE_RANGE = (1.0, 86400.0)

#: What a player is told when this process stops and its table moves to another (``moved``).
STOPPING = "this server is stopping; the table moves to another; reconnecting"


class TableElsewhere(RuntimeError):
    """The table is owned by another server process right now (its lease is held)."""


class Server:
    """The rooms of one process, loaded from storage on first use, each owned by a lease.

    ``bus`` is the Redis message bus when several processes share the database; without one the process
    is alone and takes its tables' leases at once (a previous run's included). A table nobody has been
    connected to for ``idle_seconds`` (:data:`IDLE_SECONDS` alone, a lease's length shared) is unloaded
    (:meth:`release_idle`); ``clock`` (monotonic seconds) times that."""

    def __init__(self, store: Store, bus: Bus | None = None, *, shared: bool = False,
                 lease_seconds: float = TTL, route: bool = False, idle_seconds: float | None = None,
                 clock: Callable[[], float] = time.monotonic, policy: Policy | None = None) -> None:
        if route and bus is None:
            raise ValueError("routing between processes (--route) needs the Redis message bus (--redis)")
        shared = shared or bus is not None
        idle = (lease_seconds if shared else IDLE_SECONDS) if idle_seconds is None else idle_seconds
        if not (isinstance(idle, int | float) and math.isfinite(idle) and idle > 0):
            raise ValueError(f"the idle period must be a positive number of seconds, not {idle!r}")
        #: Seconds a table nobody is connected to stays loaded.
        self.idle_seconds = float(idle)
        self.clock = clock
        self.store = store
        #: Who may open tables, the per-address limits, the bot pace floors (docs/security.md).
        self.policy = (policy or Policy()).checked()
        self.limits = AddressLimits(self.policy)
        self.bus = bus
        #: With ``route``: clients of tables owned by other processes are relayed to them through Redis.
        self.router = Router(bus, submit) if route and bus is not None else None
        self.rooms: dict[str, Room] = {}
        self.metrics = Metrics()
        #: Checks hosts' game files in a worker process (time and memory limits), off the event loop.
        self.game_files = GameFileWorker()
        self._lag: asyncio.Task[None] | None = None
        #: Whether other processes share the database (then a table's lease is waited for, not taken).
        self.shared = shared
        self.ownership = Ownership(store, self.metrics, alone=not self.shared, ttl=lease_seconds)
        #: Since when (:attr:`clock`) each loaded table has had nobody connected.
        self._empty_since: dict[str, float] = {}
        #: Since when each loaded table has dealt with no person present (no host, no seated player).
        self._unwatched_since: dict[str, float] = {}
        #: How many websockets of this process are open on each table (each said hello with a valid token).
        self._open: dict[str, int] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        #: Set once a graceful stop began: no table is taken here any more.
        self.leaving = False

    def room(self, table_id: str) -> Room | None:
        """The live room of ``table_id`` (loaded and started if needed), ``None`` if there is none;
        :class:`TableElsewhere` when another live process owns it."""
        room = self.rooms.get(table_id)
        if room is None:
            if len(table_id) > 32 or self.store.table(table_id) is None:
                return None
            if self.leaving or self.ownership.take(table_id) is None:
                raise TableElsewhere(table_id)
            room = MeteredRoom.load(table_id, self.store)
            if room is None:
                return None
            if isinstance(room, MeteredRoom):
                room.metrics = self.metrics
            room.check_game_file = self.game_files.check
            room.pace_floor = (self.policy.min_bot_delay, self.policy.min_between_hands)
            self.rooms[table_id] = room
            self._empty_since[table_id] = self.clock()  # loaded for a download, it is idle until someone connects
            room.start()
            if self.router is not None:
                self._tasks.add(asyncio.get_running_loop().create_task(self.router.own(room)))
                self._tasks = {t for t in self._tasks if not t.done()}
        return room

    def stored_room(self, table_id: str) -> Room | None:
        """A table owned by another process, as last stored between steps (for downloads): not
        started, never written."""
        stored = self.store.table(table_id)
        if stored is None:
            return None
        return Room(table_id, Table.from_dict(stored.state["table"]), self.store, host_hash=stored.host_hash,
                    invite_hash=stored.invite_hash, watch_hash=stored.watch_hash,
                    links=dict(stored.state.get("links", {})))

    async def lost(self, table_id: str) -> None:
        """Another process took ``table_id`` over: stop it here and close its connections (clients
        reconnect, and reach the new owner)."""
        room = self.rooms.pop(table_id, None)
        if room is None:
            return
        await room.stop()
        for conn in list(room.connections):  # told before the relayed ones are closed below
            conn.send(p.error("moved", "this table moved to another server; reconnecting"))
            conn.send_close()
        if self.router is not None:
            await self.router.disown(table_id)

    def attach(self, table_id: str) -> None:
        """A websocket of this process opened on ``table_id`` (counted before it says hello)."""
        self._open[table_id] = self._open.get(table_id, 0) + 1
        self._empty_since.pop(table_id, None)

    def detach(self, table_id: str) -> None:
        """A websocket of this process on ``table_id`` closed; with the last one, the idle period starts."""
        left = self._open.get(table_id, 0) - 1
        if left > 0:
            self._open[table_id] = left
            return
        self._open.pop(table_id, None)
        if table_id in self.rooms:
            self._empty_since[table_id] = self.clock()

    def connected(self, table_id: str, room: Room) -> bool:
        """Whether anyone is connected to ``room``: an open websocket of this process (any role, a
        spectator's; a socket counts from its valid hello on) or one relayed from another process."""
        if self._open.get(table_id) or any(not c.closed for c in room.connections):
            return True
        return self.router is not None and bool(self.router.remote.get(table_id))

    async def release_idle(self) -> None:
        """A table nobody has been connected to for :attr:`idle_seconds` is stopped and dropped from
        memory. Everything it handled is stored already (each step is written before it is sent, and
        a table with queued messages or a failing database waits for a later round), so the next
        connection, or a download that needs it, loads it again from the store and the hand goes on
        where it was (its turn clocks as after a restart). Shared, its lease is given up too, so that
        whichever process its players reach next can take it (a load balancer that came back to a
        recovered machine, for one). A bots-only table nobody watches stops as well."""
        now = self.clock()
        for table_id, room in list(self.rooms.items()):
            if self.rooms.get(table_id) is not room:  # taken over or handed over meanwhile
                continue
            self.pause_if_bots_alone(table_id, room, now)
            if self.connected(table_id, room):
                self._empty_since.pop(table_id, None)
                continue
            since = self._empty_since.setdefault(table_id, now)
            if now - since < self.idle_seconds or room.halted is not None or not room.queue.empty():
                continue
            await self.unload(table_id, room, now - since)

    def pause_if_bots_alone(self, table_id: str, room: Room, now: float) -> None:
        """A table whose bots deal on with no person present (no host, no seated player connected:
        spectators, anonymous or not, do not count) for the policy's ``bots_alone_seconds`` is paused,
        as its host would; the host resumes it. It then idles and is unloaded like any other."""
        t = room.table
        present = any(not c.closed and (c.host or c.seat is not None) for c in room.connections)
        relayed = self.router is not None and bool(self.router.remote.get(table_id))
        if t.paused or present or relayed or not any(s.kind == "bot" for s in t.seats.values()):
            self._unwatched_since.pop(table_id, None)
            return
        since = self._unwatched_since.setdefault(table_id, now)
        if now - since >= self.policy.bots_alone_seconds:
            self._unwatched_since.pop(table_id, None)
            self.pause(room)
            log.info("table %s: bots dealt %.0f s with no person present; paused", table_id, now - since)

    def pause(self, room: Room) -> None:
        """Pause ``room`` as its host would (the host resumes it); one already paused is left as it is."""
        if not room.table.paused:
            submit(room, Connection(_nowhere, role="host", host=True, base="host"), p.Pause(type="pause", value=True))

    def pause_every_table(self) -> int:
        """Pause every table this process deals (see :meth:`pause`); how many were dealing."""
        dealing = [room for room in self.rooms.values() if not room.table.paused]
        for room in dealing:
            self.pause(room)
        return len(dealing)

    async def unload(self, table_id: str, room: Room, idle: float) -> None:
        """Stop ``room`` and drop it (see :meth:`release_idle`); one log line (no token, no card)."""
        self._empty_since.pop(table_id, None)
        self._unwatched_since.pop(table_id, None)
        self.rooms.pop(table_id, None)
        # given up before the owner task is stopped, with no await in between: the task cannot run a
        # step meanwhile, and a connection arriving while it stops loads the table afresh, lease and all
        with contextlib.suppress(Exception):
            self.ownership.leases.release(table_id)
        await room.stop()
        if self.router is not None and table_id not in self.rooms:
            await self.router.disown(table_id)
        log.info("table %s: nobody connected for %.0f s; unloaded from memory (hand %d, %d actions stored)%s",
                 table_id, idle, room.table.hand_number, len(room.table.actions),
                 "; its lease released" if self.shared else "; it loads again on the next connection")

    def start_sweeping(self) -> None:
        """Look for idle tables (:meth:`release_idle`) every quarter of the idle period, at most every 5 s."""
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep(), name="idle tables")
        if self._lag is None:
            self._lag = asyncio.get_running_loop().create_task(watch_lag(self.metrics), name="event loop lag")

    async def _sweep(self) -> None:
        every = min(5.0, max(0.05, self.idle_seconds / 4))
        while True:
            await asyncio.sleep(every)
            try:
                await self.release_idle()
            except Exception as exc:  # noqa: BLE001 - tried again next round
                log.error("unloading idle tables failed (%s); retrying", type(exc).__name__)

    def gauges(self) -> dict[str, float]:
        """The current values of the gauges of ``/metrics``."""
        out: dict[str, float] = {
            "homegame_tables_owned": len(self.rooms),
            "homegame_connections": sum(len(r.connections) for r in self.rooms.values()),
        }
        if self.bus is not None:
            out["homegame_redis_up"] = 1 if self.bus.up else 0
        return out

    def resume_all(self) -> None:
        """Start every stored table whose last hand was cut short (after a restart)."""
        for table_id in self.store.table_ids():
            last = self.store.last_hand(table_id)
            if last is not None and not last.over:
                with contextlib.suppress(TableElsewhere):  # another live process plays it
                    self.room(table_id)

    def create(self, spec: NewTable, opened_by: str | None = None) -> tuple[str, dict[str, str]]:
        """Store a new table (``opened_by``: its opener's key, see ``may_open``); its id and raw tokens."""
        settings = Settings(game=spec.game, rules=dict(spec.rules), stakes=spec.stakes.model_dump(),
                            buy_in=spec.buy_in, approve_seats=spec.approve_seats,
                            turn_seconds=spec.turn_seconds, time_bank=spec.time_bank,
                            bot_delay=max(spec.bot_delay, self.policy.min_bot_delay),
                            between_hands=max(spec.between_hands, self.policy.min_between_hands),
                            name=spec.name, spectator_chat=spec.spectator_chat)
        table = Table(settings)
        if spec.game != DEALERS_CHOICE:
            table.set_game(spec.game, spec.rules)
        table.paused = spec.paused
        table.started = not spec.wait_for_host
        for _ in range(spec.bots):
            table.add_bot(spec.bot_kind)
        tokens = {"host": new_token(), "invite": new_token(), "watch": new_token()}
        table_id = new_table_id()
        state = {"table": table.to_dict(), "links": {"invite": tokens["invite"], "watch": tokens["watch"]}}
        self.store.create_table(table_id, hash_token(tokens["host"]), hash_token(tokens["invite"]),
                                hash_token(tokens["watch"]), state, opened_by=opened_by)
        return table_id, tokens

    def capable(self, table_id: str, token: str) -> bool:
        """Whether ``token`` is a capability of the stored table ``table_id``, read from the store
        without loading the table, and answered the same way (the same comparisons, in constant time)
        for an id that does not exist as for a wrong token."""
        known = self.store.capabilities(table_id) if len(table_id) <= 32 else None
        given = hash_token(token)
        found = False
        for stored in known or DECOY_HASHES:
            found |= hmac.compare_digest(given, stored)
        return known is not None and found

    def authorised(self, room: Room, token: str) -> bool:
        """Whether ``token`` is any capability of the table (host, invite, spectator or seat)."""
        return any(token_matches(token, h) for h in (room.host_hash, room.invite_hash, room.watch_hash)) or any(
            token_matches(token, s.token_hash) for s in room.table.seats.values())

    async def hand_over(self) -> None:
        """A graceful stop (SIGTERM): no table is taken here any more; each table stops taking actions
        (the step being handled finishes and is stored first: steps are written before they are
        sent), gives its lease up at once, and only then are its players told ``moved`` (reconnect
        now), so the process they reach takes it over from the event log without waiting. Players
        relayed from here to tables owned elsewhere are told the same (this process is going)."""
        self.leaving = True
        rooms, self.rooms = self.rooms, {}
        for table_id, room in rooms.items():
            await room.stop()
            await self.ownership.release(table_id)
            for conn in list(room.connections):  # those relayed from other processes included
                conn.send(p.error("moved", STOPPING))
                conn.send_close()
            if self.router is not None:
                with contextlib.suppress(Exception):
                    await self.router.disown(table_id)
        if self.router is not None:
            for local in list(self.router.edges):
                local.send(p.error("moved", STOPPING))
                local.send_close()
        if rooms:
            log.info("stopping: %d table(s) handed over", len(rooms))

    async def close(self) -> None:
        """Stop every room, then hand their leases back."""
        sweeper, self._sweeper, lag, self._lag = self._sweeper, None, self._lag, None
        for task in (sweeper, lag):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for table_id, room in self.rooms.items():
            await room.stop()
            if self.router is not None:
                with contextlib.suppress(Exception):
                    await self.router.disown(table_id)
        await self.ownership.stop()
        await asyncio.to_thread(self.game_files.close)


def create_app(db_url: str | None = None, *, store: Store | None = None, redis_url: str | None = None,
               shared: bool = False, lease_seconds: float = TTL, route: bool = False,
               idle_seconds: float | None = None, policy: Policy | None = None) -> FastAPI:
    """The server app over the database at ``db_url`` (see :func:`homegame.server.storage.database_url`),
    with the Redis message bus at ``redis_url``; ``shared`` (implied by a bus) when other server
    processes use the same database, each table owned by a lease of ``lease_seconds``; with ``route``,
    clients of a table owned by another process are relayed to it through Redis. A table nobody is
    connected to is unloaded after ``idle_seconds`` (see :class:`Server`). ``policy`` says who may
    open tables and the per-address limits (:class:`homegame.server.policy.Policy`; by default anyone
    may, and loopback clients are not limited)."""
    store = store or Store(db_url)
    bus = Bus(redis_url) if redis_url else None
    server = Server(store, bus, shared=shared, lease_seconds=lease_seconds, route=route, idle_seconds=idle_seconds,
                    policy=policy)
    if bus is not None and server.router is not None:
        bus.on_change = server.router.bus_changed
    serving = {"up": False}
    #: The dealt tournaments played in this process (each a hall that owns its tables, under a lease).
    halls = Halls(store, ownership=server.ownership, router=server.router)

    async def lost(key: str) -> None:
        """A lease taken over by another process: a table's, or a dealt tournament's hall's."""
        if key.startswith(TOURNAMENT_LEASE):
            await halls.lost(key.removeprefix(TOURNAMENT_LEASE))
        else:
            await server.lost(key)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if bus is not None:
            await bus.start()
        await asyncio.to_thread(warm_up)
        gc.collect()
        gc.freeze()  # what is loaded now lives for good: keep it out of later collections
        server.ownership.begin()
        if server.shared:
            hand_over_on_sigterm(server.hand_over)
        server.resume_all()
        server.ownership.start(lost)
        server.start_sweeping()
        halls.start_sweeping(server.ownership.leases.ttl / 3)
        serving["up"] = True
        yield
        serving["up"] = False
        await halls.close()
        await server.close()
        if bus is not None:
            await bus.close()

    app = FastAPI(title="homegame", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.server = server
    app.add_middleware(SecurityHeaders)
    redact.install()

    @app.exception_handler(SQLAlchemyError)
    async def database_down(_request: Request, exc: SQLAlchemyError) -> JSONResponse:
        log.error("database error on an HTTP request: %s", type(exc).__name__)
        return JSONResponse({"detail": "the server cannot use its database right now; try again in a moment"},
                            status_code=503)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": validation_sentence(exc)}, status_code=400)
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    def links(request: Request, table_id: str, tokens: dict[str, str]) -> dict[str, str]:
        base = str(request.base_url).rstrip("/")
        return {k: f"{base}/t/{table_id}#{v}" for k, v in tokens.items()}

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        if not serving["up"]:
            return JSONResponse({"ok": False, "detail": "starting"}, status_code=503)
        ok, report = await health(store, bus)
        return JSONResponse({"ok": ok, **report}, status_code=200 if ok else 503)

    @app.get("/metrics")
    async def metrics() -> PlainTextResponse:
        gauges = server.gauges()
        ok, report = await health(store, None)
        gauges["homegame_database_up"] = 1 if ok else 0
        return PlainTextResponse(server.metrics.render(gauges), media_type=CONTENT_TYPE)

    @app.get("/")
    async def index() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/t/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    @app.get("/api/games")
    async def games() -> JSONResponse:
        from homegame.games import GAMES, OPTIONS
        out = []
        for name in hg.game_names():
            g = hg.game(name)
            out.append({"name": name, "title": g.title, "about": GAMES[name].about, "rules": g.rules, "min_players": g.min_players,
                        "max_players": g.max_players, "options": {k: [str(v[0]), v[1]] for k, v in
                                                                  OPTIONS.get(name, {}).items()},
                        "layout": g.use.drawing()})
        return JSONResponse(out)

    def may_open(request: Request) -> str:
        """Refuse a request to open a table (or a tournament) without the host key, or over the address's
        limit (counted in the database, so across every process sharing it); the opener's key to store."""
        if not server.policy.key_ok(request.headers.get(HOST_KEY_HEADER)):
            raise HTTPException(401, "this server needs its host key to open a table; ask whoever runs it",
                                headers={"WWW-Authenticate": "HostKey"})
        address = request.client.host if request.client else None
        opener, now = opener_key(address), time.time()
        if not server.policy.limited(address):
            return opener
        recent = store.opened_since(opener, now - HOUR, server.policy.tables_per_hour)
        wait = server.limits.open_table(address, now, recent=recent)
        if wait:
            raise HTTPException(429, f"too many tables opened from your address: at most "
                                     f"{server.policy.tables_per_hour} an hour; try again in {math.ceil(wait / 60)} "
                                     "minutes", headers={"Retry-After": str(math.ceil(wait))})
        return opener

    app.include_router(tournament_routes(store, may_open, bearer, WEB / "clock.html", halls))

    @app.post("/api/tables")
    async def new_table(spec: NewTable, request: Request) -> JSONResponse:
        opener = may_open(request)
        try:
            table_id, tokens = server.create(spec, opened_by=opener)
        except TableError as exc:
            raise HTTPException(400, str(exc)) from None
        return JSONResponse({"table_id": table_id, "links": links(request, table_id, tokens)}, status_code=201)

    def room_for(request: Request, table_id: str) -> Room:
        token = bearer(request)
        if not server.capable(table_id, token):  # checked in the store: a wrong token loads nothing
            raise HTTPException(404, "no such table, or the token is not valid for it")
        try:
            room = server.room(table_id)
        except TableElsewhere:
            room = server.stored_room(table_id)  # another process plays it: answer from what is stored
        if room is None or not server.authorised(room, token):
            raise HTTPException(404, "no such table, or the token is not valid for it")
        return room

    @app.get("/api/tables/{table_id}/ledger.csv")
    async def ledger_csv(table_id: str, request: Request) -> PlainTextResponse:
        room = room_for(request, table_id)
        return PlainTextResponse(room.table.ledger.to_csv(room.table.stacks_by_name()), media_type="text/csv",
                                 headers={"Content-Disposition": f'attachment; filename="ledger-{table_id}.csv"'})

    @app.get("/api/tables/{table_id}/settle")
    async def settle(table_id: str, request: Request) -> JSONResponse:
        room = room_for(request, table_id)
        # between people only: bots' nets are reported apart and never paid (homegame.table.ledger.settle)
        return JSONResponse(room.table.ledger.settlement(room.table.stacks_by_name()).to_dict())

    @app.get("/api/tables/{table_id}/hands")
    async def hands(table_id: str, request: Request) -> JSONResponse:
        room_for(request, table_id)
        return JSONResponse(hand_listing(store, table_id))

    @app.get("/api/tables/{table_id}/hands/{number}.{fmt}")
    async def hand_file(table_id: str, number: str, fmt: str, request: Request) -> Any:
        room = room_for(request, table_id)
        seats = room.table.seats
        return hand_response(store, table_id, number, fmt, request.query_params.get("view"),
                             lambda pos: seats[pos].name if pos in seats else f"Seat {pos + 1}")

    @app.get("/api/tables/{table_id}/stats")
    async def stats(table_id: str, request: Request) -> JSONResponse:
        seats = room_for(request, table_id).table.seats
        return JSONResponse(table_figures(store, table_id,
                                          lambda pos: seats[pos].name if pos in seats else f"Seat {pos + 1}"))

    @app.websocket("/ws/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        address = ws.client.host if ws.client else None
        await ws.accept()
        if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), server.policy.origins):
            await refuse(ws, "bad_origin", "this server does not take connections from pages of another "
                                           "site; open the table from the link itself", 4403)
            return
        if not server.limits.connect(address):
            await refuse(ws, "too_many_connections", "too many connections from your address: at most "
                                                     f"{server.policy.connections_per_address} at once", 4429)
            return
        try:
            await seated(ws, table_id, address)
        finally:
            server.limits.disconnect(address)

    async def seated(ws: WebSocket, table_id: str, address: str | None) -> None:
        """A websocket from its ``hello`` (within the policy's seconds, its token checked in the store
        before the table is loaded) until it closes."""
        first = await first_hello(ws, server.policy.hello_seconds)
        if first is None:
            return
        hello, said = first
        try:
            hall = halls.live(table_id)
        except HallElsewhere:
            await relay_to_hall(ws, table_id, hello, said)
            return
        if hall is not None:  # a player of a dealt tournament: the hall sends the table they sit at
            await at_tournament(ws, hall, hello, address)
            return
        if not server.capable(table_id, hello.token):  # the same answer for an unknown table
            await refuse(ws, "bad_token", "no table has this id, or this link's token is not valid for it; "
                                          "check the link", 4404)
            return
        try:
            room = server.room(table_id) if len(table_id) <= 32 else None
        except TableElsewhere:
            if server.leaving:  # stopping: whichever process the client reaches next plays the table
                await ws.send_text(json.dumps(p.error("moved", STOPPING)))
                await ws.close(4503)
                return
            if server.router is not None:
                await server.router.relay(ws, table_id, said)
                with contextlib.suppress(Exception):
                    await ws.close(4503)  # the owner closed it (moved, gone): the client reconnects
                return
            await ws.send_text(json.dumps(p.error("elsewhere", "another server process plays this table right "
                                                              "now; reconnect through the load balancer")))
            await ws.close(4503)
            return
        if room is None:
            await refuse(ws, "bad_token", "no table has this id, or this link's token is not valid for it; "
                                          "check the link", 4404)
            return
        server.attach(table_id)  # open: the table stays loaded while this websocket is
        conn = Connection(ws.send_text, address=address if server.policy.limited(address) else None)
        submit(room, conn, hello)
        try:
            await _serve(ws, conn, room, address, server.limits)
        finally:
            moved = server.rooms.get(table_id) is not room  # taken over: tell the client to reconnect
            server.detach(table_id)
            with contextlib.suppress(Exception):
                await ws.close(4503 if moved else 1000)

    async def relay_to_hall(ws: WebSocket, tid: str, hello: p.Hello, said: str) -> None:
        """A player of a dealt tournament another process deals: relayed to it (``--route``, their
        token checked here first), else told ``elsewhere``."""
        if server.leaving or server.router is None:
            await ws.send_text(json.dumps(p.error("moved", STOPPING) if server.leaving else p.error("elsewhere", ELSEWHERE)))
            await ws.close(4503)
            return
        stored = store.tournament(tid)
        if stored is None or entry_for_token(stored[2], hello.token) is None:
            await refuse(ws, "bad_token", "this link's token is not valid for this tournament", 4404)
            return
        await server.router.relay(ws, tid, said)
        with contextlib.suppress(Exception):
            await ws.close(4503)  # the owner closed it (moved, gone): the client reconnects

    async def at_tournament(ws: WebSocket, hall: Hall, hello: p.Hello, address: str | None) -> None:
        """A player's websocket at a dealt tournament, from its hello until it closes."""
        conn = Connection(ws.send_text, address=address if server.policy.limited(address) else None)
        hall.queue.put_nowait((conn, hello))
        try:
            await _serve(ws, conn, hall, address, server.limits)
        finally:
            with contextlib.suppress(Exception):
                await ws.close(1000)

    return app


#: The start of a dealt tournament's lease key (:func:`homegame.server.tournament_hall.lease_key`).
TOURNAMENT_LEASE = lease_key("")


def bearer(request: Request) -> str:
    """The capability token of a download: ``Authorization: Bearer TOKEN`` only (a token in the
    address would end up in logs, the browser's history and the ``Referer`` of other sites)."""
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    token = value.strip() if scheme.lower() == "bearer" else ""
    if not token:
        raise HTTPException(401, "send one of the table's tokens in an 'Authorization: Bearer TOKEN' header")
    if len(token) > 64:
        raise HTTPException(404, "no such table, or the token is not valid for it")
    return token


def validation_sentence(exc: RequestValidationError) -> str:
    """A request that failed validation, said in one sentence (``field: what is wrong; ...``)."""
    said: list[str] = []
    for e in exc.errors():
        where = ".".join(str(x) for x in e.get("loc", ())[1:] if not str(x).startswith("function-"))
        what = str(e.get("msg", "is not valid")).removeprefix("Value error, ")
        line = f"{where}: {what}" if where else what
        if line not in said:
            said.append(line)
    return "bad request: " + ("; ".join(said) or "the body is not valid JSON for this request")


def warm_up() -> None:
    """Play one hand of each seed game to the showdown, so that the evaluator's compiled kernels are
    ready before the first real showdown (which would otherwise stall every table for a moment)."""
    from homegame.table import SEED_GAMES, make_stakes

    stakes = make_stakes({"structure": "no-limit", "blinds": [1, 2]})
    for name in SEED_GAMES:
        hand = hg.game(name).deal([100, 100, 100], stakes=stakes, seed=1)
        for _ in range(500):
            if hand.over:
                break
            seat = hand.to_act[0]
            call = next((o.kind for o in hand.legal_actions(seat) if o.kind in ("check", "call")), None)
            hand.act(seat, call or hand.default_action(seat))
        hand.view(0)
        hand.view(None)


async def refuse(ws: WebSocket, code: str, message: str, close_code: int) -> None:
    """Tell a websocket why it is refused, and close it."""
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps(p.error(code, message)))
        await ws.close(close_code)


async def first_hello(ws: WebSocket, seconds: float) -> tuple[p.Hello, str] | None:
    """The websocket's first message and its text, which must be a valid ``hello`` sent within
    ``seconds``; ``None`` (the socket told why and closed) otherwise."""
    try:
        raw = await asyncio.wait_for(ws.receive(), seconds)
    except (TimeoutError, WebSocketDisconnect):
        await refuse(ws, "hello_timeout", f"no 'hello' within {seconds:g} seconds; closing", 4408)
        return None
    if raw["type"] == "websocket.disconnect":
        return None
    text = p.frame_text(raw)
    try:
        msg = p.parse_client(text)
    except p.ProtocolError as exc:
        await refuse(ws, exc.code, str(exc), 4400)
        return None
    if not isinstance(msg, p.Hello):
        await refuse(ws, "hello_first", "send a 'hello' message with your link's token first", 4400)
        return None
    return msg, text


async def _serve(ws: WebSocket, conn: Connection, owner: Room | Hall, address: str | None,
                 limits: AddressLimits) -> None:
    """A websocket's life at a table or a dealt tournament: its messages read and sent until either side
    stops; what is queued for it then goes out (within a second) before the owner hears it closed."""
    pump = asyncio.get_running_loop().create_task(conn.pump())
    reader = asyncio.get_running_loop().create_task(_read(ws, conn, owner, address, limits))
    try:
        await asyncio.wait({pump, reader}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        reader.cancel()
        await conn.drain(pump)
        owner.queue.put_nowait((conn, "closed"))


async def _read(ws: WebSocket, conn: Connection, room: Room | Hall, address: str | None = None,
                limits: AddressLimits | None = None) -> None:
    """Read messages: parse and rate-limit here (per connection and per address), apply in the
    room's owner task."""
    try:
        while not conn.closed:
            await asyncio.sleep(0)  # frames already received are read without a break otherwise: others' turn
            raw = await ws.receive()
            if raw["type"] == "websocket.disconnect":
                return
            text = p.frame_text(raw)
            now = time.monotonic()
            if not conn.limiter.allow(now) or (limits is not None and not limits.message(address, now)):
                if now - conn.last_error_at > 1.0:
                    conn.last_error_at = now
                    conn.send({**p.error("rate_limited", f"too many messages; at most {p.RATE_TEXT}"),
                               "acked": conn.acked})
                continue
            try:
                msg = p.parse_client(text)
            except p.ProtocolError as exc:
                conn.send(p.error(exc.code, str(exc)))
                continue
            submit(room, conn, msg)
    except WebSocketDisconnect:
        return


def _nowhere(_text: str) -> None:
    """Where the server's own messages to a table (its pause of a table left to bots) are answered."""


def submit(room: Room | Hall, conn: Connection, message: Any) -> None:
    """Queue a parsed client message for the room's owner task (timed, for a metered room)."""
    if isinstance(room, MeteredRoom):
        room.submit(conn, message)
    else:
        room.queue.put_nowait((conn, message))


def app_from_env() -> FastAPI:
    """The app over ``$HOMEGAME_DB``, ``$HOMEGAME_REDIS``, ``$HOMEGAME_SHARED`` and ``$HOMEGAME_ROUTE``
    (``1``), ``$HOMEGAME_LEASE_SECONDS`` and ``$HOMEGAME_IDLE_SECONDS`` (how each ``--workers`` process
    makes it)."""
    return create_app(os.environ.get("HOMEGAME_DB"), redis_url=os.environ.get("HOMEGAME_REDIS") or None,
                      shared=os.environ.get("HOMEGAME_SHARED") == "1",
                      lease_seconds=float(os.environ.get("HOMEGAME_LEASE_SECONDS") or TTL),
                      route=os.environ.get("HOMEGAME_ROUTE") == "1",
                      idle_seconds=idle_period(os.environ.get("HOMEGAME_IDLE_SECONDS"), "$HOMEGAME_IDLE_SECONDS"),
                      policy=Policy.from_env())


def idle_period(value: str | float | None, what: str = "--idle-seconds") -> float | None:
    """``value`` (a number, its text, or ``None`` or ``""`` for the default) as an idle period for
    :class:`Server`, in seconds; a :class:`ValueError` naming ``what`` and the range otherwise.

    >>> idle_period("90"), idle_period(None), idle_period("")
    (90.0, None, None)
    >>> idle_period("0")
    Traceback (most recent call last):
    ...
    ValueError: --idle-seconds must be a number of seconds from 1 to 86400 (a day), not 0
    >>> idle_period("soon", "$HOMEGAME_IDLE_SECONDS")
    Traceback (most recent call last):
    ...
    ValueError: $HOMEGAME_IDLE_SECONDS must be a number of seconds from 1 to 86400 (a day), not 'soon'
    """
    if value is None or value == "":
        return None
    low, high = IDLE_RANGE
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not low <= seconds <= high:  # NaN included
        shown = repr(str(value)[:20]) if math.isnan(seconds) else f"{seconds:g}"
        raise ValueError(f"{what} must be a number of seconds from {low:g} to {high:g} (a day), not {shown}")
    return seconds


__all__ = ["IDLE_RANGE", "IDLE_SECONDS", "NewTable", "Server", "TableElsewhere", "app_from_env", "create_app",
           "idle_period"]
