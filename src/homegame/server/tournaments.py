"""Tournament nights on the server: the clock of a tournament played with real cards and chips.

A host opens a tournament from the lobby and gets three links, all ``/c/ID#TOKEN``: the host's, which
runs the clock (pause, resume, add time, a level forward or back, enter players, start, busts, deals),
the clock's, which only shows it (for the TV), and the invite, where each player registers and is
given a link of their own (to say they are out, and to accept or decline a deal). As for tables, only
the tokens' hashes are stored (the host's copies of the links to hand out aside), a token travels in
the link's fragment and then in an ``Authorization: Bearer`` header, never in a query string, and a
wrong token answers as an unknown tournament does.

The tournament is :class:`homegame.tournament.core.Tournament`, stored as
:func:`homegame.tournament.stored.dump` writes it after each change (one writer wins a race: the
revision is checked). Its clock runs on wall-clock seconds, so it goes on across a restart. No hand
is dealt here unless the tournament is dealt online (its hall deals it, see
:mod:`homegame.server.tournament_hall`): then each of its tables' hands is read back, by any of the
tournament's links, from ``/api/tournaments/ID/tables/N/hands`` as a cash table's are
(:mod:`homegame.server.hand_files`).
"""

from __future__ import annotations

import contextlib
import hmac
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse

from homegame.server.hand_files import (
    hand_files,
    hand_listing,
    hand_response,
    table_figures,
    tournament_table_key,
)
from homegame.server.storage import Store
from homegame.server.tokens import DECOY_HASHES, hash_token, new_table_id, new_token
from homegame.server.tournament_halls import ELSEWHERE, HallElsewhere, Halls
from homegame.server.tournament_requests import (
    Ask,
    DealAnswer,
    HostAction,
    LevelSpec,
    NewTournament,
    Out,
    Registration,
    apply,
    build,
    view,
)
from homegame.tournament.config import TournamentError
from homegame.tournament.core import Tournament
from homegame.tournament.live import record_bust
from homegame.tournament.stored import dump, load


class Opened(NamedTuple):
    """A stored tournament as a token opens it: the tournament, the token's role (``host``, ``clock``,
    ``invite`` or ``player``), the revision read, the stored state around it (the links' tokens for the
    host to hand out, the players' tokens' hashes, the moves so far) and the player's entry id."""

    tournament: Tournament
    role: str
    revision: int
    state: dict[str, Any]
    entry: int | None = None

    def shown(self, now: float) -> dict[str, Any]:
        """What the clock page of this role shows at ``now``."""
        t = self.tournament
        out = view(t, now, self.role)
        out["moves"] = self.state.get("moves", [])[-MOVES_SHOWN:]
        out["results"] = t.results() if t.finished else None
        counted = self.state.get("counted")
        if counted is not None and t.started and not t.finished:  # the host's last count, busts since left out
            leaders = sorted(t.stacks().items(), key=lambda kv: -kv[1])[:CHIP_LEADERS]
            out["clock"]["chip_leaders"] = [{"name": n, "chips": c} for n, c in leaders]
            out["clock"]["counted_level"] = counted["level"]
        out["deal"] = t.deal if t.deal is not None and (t.deal_open() or t.deal.get("made")) else None
        if self.role == "host":
            out["asks"] = [{"name": t.entry(int(e)).name, "what": what} for e, what in self.state.get("asks", {}).items()]
            out["clock_token"] = self.state["links"]["clock"]
            out["invite_token"] = self.state["links"]["invite"]
            out["player_tokens"] = {t.entry(int(e)).name: tok for e, tok in self.state.get("handed", {}).items()}
        if self.state.get("mode") == "dealt":  # dealt online: the stacks are known at every moment
            out["dealt"] = True
            stacks = t.stacks()
            for seat in out["seats"]:
                seat["chips"] = stacks.get(seat["name"], 0)
            if t.started and not t.finished:
                leaders = sorted(stacks.items(), key=lambda kv: -kv[1])[:CHIP_LEADERS]
                out["clock"]["chip_leaders"] = [{"name": n, "chips": c} for n, c in leaders]
            out["chips_in_play"], out["chips_on_tables"] = t.chips_in_play, t.chips_on_tables()
            out["moves_made"] = t.moves  # every seat the floor changed (the list above keeps the last few)
            out["hands_dealt"] = t.hands
            if out["results"] is not None:  # a hand history per table: every table the tournament opened
                out["results"]["tables"] = list(range(1, t.next_table))
        if self.entry is not None:
            out["you"] = t.entry(self.entry).name
            out["asked"] = self.state.get("asks", {}).get(str(self.entry))
        return out


#: The move instructions kept (and shown) for a tournament; the chip leaders shown.
MOVES_SHOWN, CHIP_LEADERS = 30, 5


class Tournaments:
    """The stored tournaments: created, read by token, changed by the host (``clock`` is wall time)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time, halls: Halls | None = None) -> None:
        self.store = store
        self.clock = clock
        #: The halls of dealt tournaments being played: once one has started, its hall is its only writer.
        self.halls = halls

    def create(self, spec: NewTournament, opened_by: str | None = None) -> tuple[str, dict[str, str]]:
        """Store a new tournament (``opened_by``: its opener's key); its id and raw tokens (``host``,
        ``clock``, ``invite``)."""
        t = build(spec)
        tokens = {"host": new_token(), "clock": new_token(), "invite": new_token()}
        tid = new_table_id()
        state: dict[str, Any] = {"mode": "dealt" if spec.dealt else "live", "tournament": dump(t), "players": {}, "moves": [],
                 "invite_hash": hash_token(tokens["invite"]),
                 "links": {"clock": tokens["clock"], "invite": tokens["invite"]}}
        self.store.create_tournament(tid, hash_token(tokens["host"]), hash_token(tokens["clock"]), state,
                                     opened_by=opened_by)
        return tid, tokens

    def read(self, tid: str, token: str) -> Opened:
        """The tournament ``tid`` as the role ``token`` gives sees it; ``HTTPException(404)`` alike for
        an unknown id and a wrong token (the same comparisons: every token's hash is compared)."""
        stored = self.store.tournament(tid) if len(tid) <= 32 else None
        given = hash_token(token)
        if stored is None:
            for decoy in DECOY_HASHES:
                hmac.compare_digest(given, decoy)
            raise HTTPException(404, NO_SUCH)
        host_hash, clock_hash, state, revision = stored
        held: list[tuple[str, str, int | None]] = [("host", host_hash, None), ("clock", clock_hash, None), ("invite", state["invite_hash"], None)]
        held += [("player", h, int(e)) for e, h in state["players"].items()]
        found = [(role, entry) for role, h, entry in held if hmac.compare_digest(given, h)]
        if not found:
            raise HTTPException(404, NO_SUCH)
        role, entry = found[0]
        try:
            hall = self.halls.live(tid) if self.halls is not None and state.get("mode") == "dealt" else None
        except HallElsewhere:  # another process plays it: what it last stored, to read only
            return Opened(load(state["tournament"], now=self.clock()), role, revision, {**state, "elsewhere": True}, entry)
        if hall is not None:  # played online: the hall's tournament is the one in play
            return Opened(hall.t, role, hall.revision, hall.state, entry)
        return Opened(load(state["tournament"], now=self.clock()), role, revision, state, entry)

    def change(self, tid: str, token: str,
               act: HostAction | Registration | DealAnswer | Ask | Out) -> tuple[Opened, str | None]:
        """Do ``act`` as the token's role may: the host's actions, a registration (the invite link's:
        the new player's own token is returned too), a player's deal answer or ask for a rebuy or the
        add-on, :class:`Out` for a player saying they are out (and who knocked them out). Stored at once; retried when another change
        won the race."""
        for _ in range(5):
            opened = self.read(tid, token)
            t, state, now = opened.tournament, dict(opened.state), self.clock()
            mine: str | None = None
            dealt = state.get("mode") == "dealt"
            if state.get("elsewhere"):
                raise HTTPException(503, ELSEWHERE)
            hall = self.halls.halls.get(tid) if self.halls is not None and dealt else None
            try:
                if dealt and isinstance(act, Out) or (isinstance(act, HostAction) and dealt and act.action in LIVE_ONLY):
                    raise TournamentError("the server deals this tournament: busts and chip counts come from "
                                          "the hands played")
                if isinstance(act, HostAction):
                    if opened.role != "host":
                        raise HTTPException(403, "only the host's link runs the clock")
                    moves = apply(t, act, now, dealt=dealt)
                    if act.action in ("counts", "deal"):  # counted stacks: the clock shows the leaders
                        state["counted"] = {"level": t.level_number()}
                    if act.action in ("rebuy", "add_on", "decline_ask"):  # the player's ask is answered
                        entry_id = str(t.by_name(act.name).id)
                        state["asks"] = {e: w for e, w in state.get("asks", {}).items() if e != entry_id}
                    if act.action == "enter" and not act.bot:  # a link of their own, for the host to hand over
                        mine = new_token()
                        entry = len(t.entries) - 1
                        state["players"] = {**state["players"], str(entry): hash_token(mine)}
                        state["handed"] = {**state.get("handed", {}), str(entry): mine}
                        mine = None
                elif isinstance(act, Registration):
                    if opened.role != "invite":
                        raise HTTPException(403, "players register from the invite link")
                    entry = t.register(act.name, now=now)
                    mine = new_token()
                    state["players"] = {**state["players"], str(entry): hash_token(mine)}
                    opened = opened._replace(role="player", entry=entry)  # answered as the new player sees it
                    moves = []
                elif opened.entry is None:
                    raise HTTPException(403, "a player answers from their own link")
                elif isinstance(act, Ask):
                    moves = []
                    ask_allowed(t, opened.entry, act.what, now)
                    state["asks"] = {**state.get("asks", {}), str(opened.entry): act.what}
                elif isinstance(act, DealAnswer):
                    moves = []
                    if act.accept:
                        t.accept_deal(opened.entry, act.number)
                    elif t.deal is None or t.deal.get("number") != act.number:
                        raise TournamentError(f"deal {act.number} is not on the table")
                    else:
                        t.decline_deal(opened.entry)
                else:
                    myself = t.entry(opened.entry).name
                    moves = record_bust(t, [myself], {myself: act.by} if act.by else {})
            except (TournamentError, ValueError) as exc:
                raise HTTPException(400, str(exc)) from None
            state["moves"] = (state["moves"] + moves)[-MOVES_SHOWN:]
            if hall is not None and hall.t is t:  # the hall stores it and tells the phones
                hall.state = state
                hall.changed(force=True)
                return opened._replace(state=hall.state), mine
            state["tournament"] = dump(t)
            if self.store.write_tournament(tid, state, opened.revision):
                if dealt and t.started and self.halls is not None:
                    with contextlib.suppress(HallElsewhere):  # (taken at once by a process alive)
                        self.halls.live(tid)  # started: from now on its hall deals it
                return opened._replace(state=state), mine
        raise HTTPException(409, "the tournament changed meanwhile; try again")


def ask_allowed(t: Tournament, entry_id: int, what: str, now: float) -> None:
    """Refuse (:class:`TournamentError`) a player's ask the host could not approve now: the same checks
    as the rebuy or add-on itself, tried on a copy."""
    trial = load(dump(t), now=now)
    if what == "rebuy":
        trial.rebuy(entry_id, now)
    else:
        trial.add_on(entry_id, now)


#: The host's actions of a tournament played with real cards only (a dealt one knows its busts and stacks).
LIVE_ONLY = ("bust", "counts")

NO_SUCH = "no tournament has this id, or this link's token is not valid for it"


NO_STORE = {"Cache-Control": "no-store"}
#: The most tables a tournament numbers (its entries at two a table, with room for the final redraw).
MAX_TABLES = 1000


def routes(store: Store, may_open: Callable[[Request], str], bearer: Callable[[Request], str],
           page: Path, halls: Halls | None = None) -> APIRouter:
    """The tournament pages and API: ``may_open`` refuses a request that may not open one (the host
    key, the per-address limit), ``bearer`` reads a request's token."""
    router = APIRouter()
    tournaments = Tournaments(store, halls=halls)

    @router.get("/c/{tid}")
    async def clock_page(tid: str) -> FileResponse:
        return FileResponse(page)

    @router.post("/api/tournaments")
    async def new_tournament(spec: NewTournament, request: Request) -> JSONResponse:
        opener = may_open(request)
        try:
            tid, tokens = tournaments.create(spec, opened_by=opener)
        except TournamentError as exc:
            raise HTTPException(400, str(exc)) from None
        base = str(request.base_url).rstrip("/")
        return JSONResponse({"tournament_id": tid, "links": {k: f"{base}/c/{tid}#{v}" for k, v in tokens.items()}})

    @router.get("/api/tournaments/{tid}")
    async def read(tid: str, request: Request) -> JSONResponse:
        opened = tournaments.read(tid, bearer(request))
        return JSONResponse(opened.shown(tournaments.clock()), headers=NO_STORE)

    @router.post("/api/tournaments/{tid}/host")
    async def host(tid: str, act: HostAction, request: Request) -> JSONResponse:
        opened, _ = tournaments.change(tid, bearer(request), act)
        return JSONResponse(opened.shown(tournaments.clock()), headers=NO_STORE)

    @router.post("/api/tournaments/{tid}/register")
    async def register(tid: str, act: Registration, request: Request) -> JSONResponse:
        opened, mine = tournaments.change(tid, bearer(request), act)
        return JSONResponse({**opened.shown(tournaments.clock()), "token": mine}, headers=NO_STORE)

    @router.post("/api/tournaments/{tid}/deal")
    async def deal(tid: str, act: DealAnswer, request: Request) -> JSONResponse:
        opened, _ = tournaments.change(tid, bearer(request), act)
        return JSONResponse(opened.shown(tournaments.clock()), headers=NO_STORE)

    @router.post("/api/tournaments/{tid}/ask")
    async def ask(tid: str, act: Ask, request: Request) -> JSONResponse:
        opened, _ = tournaments.change(tid, bearer(request), act)
        return JSONResponse(opened.shown(tournaments.clock()), headers=NO_STORE)

    @router.post("/api/tournaments/{tid}/out")
    async def out(tid: str, request: Request, act: Out | None = None) -> JSONResponse:
        opened, _ = tournaments.change(tid, bearer(request), act or Out())
        return JSONResponse(opened.shown(tournaments.clock()), headers=NO_STORE)

    def seat(pos: int) -> str:  # every tournament hand names its players in its start: a fallback only
        return f"Seat {pos + 1}"

    def table_key(tid: str, table: str, request: Request) -> str:
        """The key of table ``table`` of ``tid``, once the request's token opens the tournament."""
        if not table.isdigit() or not 1 <= int(table) <= MAX_TABLES:
            raise HTTPException(404, f"no table {table[:20]!r}: a tournament's tables are numbered from 1 to {MAX_TABLES}")
        tournaments.read(tid, bearer(request))
        return tournament_table_key(tid, int(table))

    @router.get("/api/tournaments/{tid}/tables/{table}/hands")
    async def table_hands(tid: str, table: str, request: Request) -> JSONResponse:
        return JSONResponse(hand_listing(store, table_key(tid, table, request)), headers=NO_STORE)

    @router.get("/api/tournaments/{tid}/tables/{table}/hands.json")
    async def table_history(tid: str, table: str, request: Request) -> JSONResponse:
        return JSONResponse(hand_files(store, table_key(tid, table, request), seat), headers=NO_STORE)

    @router.get("/api/tournaments/{tid}/tables/{table}/stats")
    async def table_stats(tid: str, table: str, request: Request) -> JSONResponse:
        return JSONResponse(table_figures(store, table_key(tid, table, request), seat), headers=NO_STORE)

    @router.get("/api/tournaments/{tid}/tables/{table}/hands/{number}.{fmt}")
    async def table_hand(tid: str, table: str, number: str, fmt: str, request: Request) -> Any:
        return hand_response(store, table_key(tid, table, request), number, fmt, request.query_params.get("view"),
                             seat)

    return router


__all__ = ["Ask", "DealAnswer", "HostAction", "LevelSpec", "NewTournament", "Opened", "Out", "Registration", "Tournaments", "routes"]
