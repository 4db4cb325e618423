"""Tournament nights on the server: the clock of a tournament played with real cards and chips.

A host opens a tournament from the lobby (a preset, the buy-in, the starting stack, the level schedule
with its breaks, late registration, the payouts) and gets two links, both ``/c/ID#TOKEN``: the host's,
which runs the clock (pause, resume, add time, a level forward or back, enter players, start), and the
clock's, which only shows it (for the TV). As for tables, only the tokens' hashes are stored, a token
travels in the link's fragment and then in an ``Authorization: Bearer`` header, never in a query
string, and a wrong token answers as an unknown tournament does.

The tournament is :class:`homegame.tournament.core.Tournament`, stored as
:func:`homegame.tournament.stored.dump` writes it after each change (one writer wins a race: the
revision is checked). Its clock runs on wall-clock seconds, so it goes on across a restart. No hand
is dealt here: the players deal real cards (online tournament tables are not in this slice).

>>> spec = NewTournament(preset="turbo", buy_in=20)
>>> t = build(spec)
>>> t.config.starting_stack, t.config.levels[0].minutes
(1500, 6)
"""

from __future__ import annotations

import hmac
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from homegame.server.storage import Store
from homegame.server.tokens import DECOY_HASHES, hash_token, new_table_id, new_token
from homegame.tournament.config import MAX_LEVELS, PRESETS, Level, TournamentError, preset
from homegame.tournament.core import Tournament
from homegame.tournament.live import propose_live_deal, record_bust
from homegame.tournament.stored import dump, load

#: The largest amounts a form may send (money and chips).
MAX_AMOUNT = 10**9
Whole = Annotated[int, Field(ge=0, le=MAX_AMOUNT)]
LevelNo = Annotated[int, Field(ge=0, le=MAX_LEVELS)]


class LevelSpec(BaseModel):
    """One level of a schedule the host sends (or a break)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    small_blind: Annotated[int, Field(ge=1, le=MAX_AMOUNT)]
    big_blind: Annotated[int, Field(ge=1, le=MAX_AMOUNT)]
    ante: Whole = 0
    bring_in: Whole = 0
    minutes: Annotated[float, Field(ge=0.05, le=240)] = 15
    is_break: bool = False

    def level(self) -> Level:
        """The core's :class:`~homegame.tournament.config.Level`."""
        return Level(self.small_blind, self.big_blind, self.ante, self.bring_in, self.minutes, self.is_break)


Levels = Annotated[list[LevelSpec], Field(min_length=1, max_length=MAX_LEVELS)]
Payouts = Annotated[list[Annotated[int, Field(ge=0, le=100)]], Field(min_length=1, max_length=100)]


class NewTournament(BaseModel):
    """The body of ``POST /api/tournaments``: a preset and what the host changed in it."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Annotated[str, Field(min_length=1, max_length=40)] = "Tournament"
    preset: Literal["turbo", "regular", "deep"] = "regular"
    buy_in: Whole = 20
    starting_stack: Annotated[int, Field(ge=1, le=MAX_AMOUNT)] | None = None
    levels: Levels | None = None
    late_registration_level: LevelNo = 0
    payouts: Payouts | None = None
    table_size: Annotated[int, Field(ge=3, le=10)] = 9


class HostAction(BaseModel):
    """The body of ``POST /api/tournaments/{id}/host``: one thing the host does to the clock."""

    model_config = ConfigDict(extra="forbid", strict=True)
    action: Literal["pause", "resume", "add_time", "level", "enter", "start", "levels", "payouts", "bust", "deal",
                    "cancel_deal"]
    seconds: Annotated[float, Field(ge=-3600, le=3600)] = 60
    step: Literal[-1, 1] = 1
    name: Annotated[str, Field(min_length=1, max_length=24)] = ""
    bot: bool = False
    levels: Levels | None = None
    payouts: Payouts | None = None
    #: ``bust``: who went out together, in one hand (they share their places).
    names: Annotated[list[Annotated[str, Field(min_length=1, max_length=24)]], Field(max_length=10)] = []
    #: ``deal``: the split proposed, and each player's chips as counted at the table.
    kind: Literal["icm", "chip-chop"] = "icm"
    stacks: Annotated[dict[Annotated[str, Field(max_length=24)], Annotated[int, Field(ge=1, le=MAX_AMOUNT)]],
                      Field(max_length=10)] = {}


class DealAnswer(BaseModel):
    """The body of ``POST /api/tournaments/{id}/deal`` (a player's own link): accept or decline a proposal."""

    model_config = ConfigDict(extra="forbid", strict=True)
    number: Annotated[int, Field(ge=1, le=10**6)]
    accept: bool


class Registration(BaseModel):
    """The body of ``POST /api/tournaments/{id}/register`` (the invite link's): the player's name."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Annotated[str, Field(min_length=1, max_length=24)]


def build(spec: NewTournament) -> Tournament:
    """A new tournament from ``spec``; :class:`TournamentError` names a setting that cannot run."""
    changes: dict[str, Any] = {"name": spec.name.strip() or "Tournament", "buy_in": spec.buy_in,
                               "starting_stack": spec.starting_stack or PRESETS[spec.preset][0],
                               "late_registration_level": spec.late_registration_level, "payouts": spec.payouts,
                               "table_size": spec.table_size}
    if spec.levels is not None:
        changes["levels"] = [level.level() for level in spec.levels]
    config = replace(preset(spec.preset), **changes)
    config.check()
    return Tournament(config)


def apply(t: Tournament, act: HostAction, now: float) -> list[dict[str, Any]]:
    """Do ``act`` to ``t`` at ``now`` (wall-clock seconds); the seat moves it caused (a bust's);
    :class:`TournamentError` refuses it."""
    if act.action == "bust":
        return record_bust(t, act.names)
    if act.action == "deal":
        propose_live_deal(t, act.kind, act.stacks, now)
    elif act.action == "cancel_deal":
        t.cancel_deal()
    elif act.action in ("pause", "resume"):
        if not t.started:
            raise TournamentError("the clock starts with the tournament: start it first")
        t.set_paused(act.action == "pause", now)
    elif act.action == "add_time":
        t.add_time(act.seconds, now)
    elif act.action == "level":
        t.change_level(act.step, now)
    elif act.action == "enter":
        t.register(act.name, kind="bot" if act.bot else "human", now=now)
    elif act.action == "start":
        t.start(now)
    elif act.action == "levels":
        if act.levels is None:
            raise TournamentError("levels: send the levels after the current one")
        levels = [level.level() for level in act.levels]
        if t.started:  # the levels played and the current one stay
            t.set_levels(levels, now)
        else:  # before the start the whole schedule is the host's
            trial = replace(t.config, levels=levels)
            trial.check()
            t.config = trial
    else:
        t.set_payouts(act.payouts)
    return []


def view(t: Tournament, now: float, role: str) -> dict[str, Any]:
    """What the clock page shows (and, for the host, what the host edits)."""
    clock = t.clock(now)
    clock.pop("chip_leaders", None)  # real chips: the server does not know the stacks
    players = clock["players_left"] or len(t.entries)
    chips = t.chips_in_play or len(t.entries) * t.config.starting_stack
    big = t.level.big_blind
    clock["average_bb"] = round(chips / players / big, 1) if players and big else None
    later = t.config.levels[t.level_index + 1:]
    nxt = next((lv for lv in later if not lv.is_break), None)
    clock["next"] = None if nxt is None else {**clock["next"], "level": t.config.levels.index(nxt) + 1}
    seats = [{"name": e.name, "table": where[0], "seat": where[1] + 1}
             for e in t.entries if (where := t.seat_of(e.name)) is not None]
    return {"role": role, "started": t.started, "finished": t.finished, "clock": clock,
            "levels": [lv.to_dict() for lv in t.config.levels], "level_index": t.level_index,
            "buy_in": t.config.buy_in, "starting_stack": t.config.starting_stack,
            "late_registration_level": t.config.late_registration_level, "shares": t.shares(),
            "registration_open": t.registration_open(),
            "entries": [{"name": e.name, "bot": e.kind == "bot", "status": e.status} for e in t.entries],
            "seats": sorted(seats, key=lambda s: (s["table"], s["seat"]))}


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
        out["deal"] = t.deal if t.deal is not None and (t.deal_open() or t.deal.get("made")) else None
        if self.role == "host":
            out["clock_token"] = self.state["links"]["clock"]
            out["invite_token"] = self.state["links"]["invite"]
            out["player_tokens"] = {t.entry(int(e)).name: tok for e, tok in self.state.get("handed", {}).items()}
        if self.entry is not None:
            out["you"] = t.entry(self.entry).name
        return out


#: The move instructions kept (and shown) for a tournament.
MOVES_SHOWN = 30


class Tournaments:
    """The stored tournaments: created, read by token, changed by the host (``clock`` is wall time)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    def create(self, spec: NewTournament) -> tuple[str, dict[str, str]]:
        """Store a new tournament; its id and raw tokens (``host``, ``clock``, ``invite``)."""
        t = build(spec)
        tokens = {"host": new_token(), "clock": new_token(), "invite": new_token()}
        tid = new_table_id()
        state = {"mode": "live", "tournament": dump(t), "players": {}, "moves": [],
                 "invite_hash": hash_token(tokens["invite"]),
                 "links": {"clock": tokens["clock"], "invite": tokens["invite"]}}
        self.store.create_tournament(tid, hash_token(tokens["host"]), hash_token(tokens["clock"]), state)
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
        return Opened(load(state["tournament"], now=self.clock()), role, revision, state, entry)

    def change(self, tid: str, token: str, act: HostAction | Registration | DealAnswer | None) -> tuple[Opened, str | None]:
        """Do ``act`` as the token's role may: the host's actions, a registration (the invite link's:
        the new player's own token is returned too), ``None`` for a player saying they are out. Stored
        at once; retried when another change won the race."""
        for _ in range(5):
            opened = self.read(tid, token)
            t, state, now = opened.tournament, dict(opened.state), self.clock()
            mine: str | None = None
            try:
                if isinstance(act, HostAction):
                    if opened.role != "host":
                        raise HTTPException(403, "only the host's link runs the clock")
                    moves = apply(t, act, now)
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
                elif isinstance(act, DealAnswer):
                    moves = []
                    if act.accept:
                        t.accept_deal(opened.entry, act.number)
                    elif t.deal is None or t.deal.get("number") != act.number:
                        raise TournamentError(f"deal {act.number} is not on the table")
                    else:
                        t.decline_deal(opened.entry)
                else:
                    moves = record_bust(t, [t.entry(opened.entry).name])
            except (TournamentError, ValueError) as exc:
                raise HTTPException(400, str(exc)) from None
            state["moves"] = (state["moves"] + moves)[-MOVES_SHOWN:]
            state["tournament"] = dump(t)
            if self.store.write_tournament(tid, state, opened.revision):
                return opened._replace(state=state), mine
        raise HTTPException(409, "the tournament changed meanwhile; try again")


NO_SUCH = "no tournament has this id, or this link's token is not valid for it"


NO_STORE = {"Cache-Control": "no-store"}


def routes(store: Store, may_open: Callable[[Request], None], bearer: Callable[[Request], str],
           page: Path) -> APIRouter:
    """The tournament pages and API: ``may_open`` refuses a request that may not open one (the host
    key, the per-address limit), ``bearer`` reads a request's token."""
    router = APIRouter()
    tournaments = Tournaments(store)

    @router.get("/c/{tid}")
    async def clock_page(tid: str) -> FileResponse:
        return FileResponse(page)

    @router.post("/api/tournaments")
    async def new_tournament(spec: NewTournament, request: Request) -> JSONResponse:
        may_open(request)
        try:
            tid, tokens = tournaments.create(spec)
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

    @router.post("/api/tournaments/{tid}/out")
    async def out(tid: str, request: Request) -> JSONResponse:
        opened, _ = tournaments.change(tid, bearer(request), None)
        return JSONResponse(opened.shown(tournaments.clock()), headers=NO_STORE)

    return router


__all__ = ["HostAction", "LevelSpec", "NewTournament", "DealAnswer", "Opened", "Registration", "Tournaments", "apply", "build", "routes", "view"]
