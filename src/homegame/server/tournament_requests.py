"""What a tournament's host and players send (checked before any work: sizes bounded, unknown keys
refused) and what they are answered: the models, the host's actions applied to the core, and the view
of the clock page. No I/O (see :mod:`homegame.server.tournaments` for the storage and the routes).

>>> t = build(NewTournament(preset="turbo", buy_in=20))
>>> t.config.starting_stack, t.config.levels[0].minutes
(1500, 6)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from homegame.tournament.config import MAX_LEVELS, PRESETS, Level, TournamentError, preset
from homegame.tournament.core import Tournament
from homegame.tournament.live import propose_live_deal, record_bust, record_counts

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
    #: Rebuys until the end of this level (0: none), each at this price (0: the buy-in) for these chips
    #: (0: the starting stack); an add-on (0: none) taken at the first break after the rebuys.
    rebuy_level: LevelNo = 0
    #: Knockout: the part of the buy-in that is the bounty on each player (won by who knocks them out).
    bounty: Whole = 0
    rebuy_price: Whole = 0
    rebuy_chips: Whole = 0
    max_rebuys: Annotated[int, Field(ge=0, le=100)] = 3
    add_on_price: Whole = 0
    add_on_chips: Whole = 0
    #: Dealt online: the server deals every table's hands and each player plays on their phone (the
    #: table page); otherwise the players deal real cards and the host records the busts.
    dealt: bool = False
    #: Dealt online: the bots' pause before acting, the pause between hands, a player's turn clock.
    bot_delay: Annotated[float, Field(ge=0, le=10)] = 0.8
    between_hands: Annotated[float, Field(ge=0, le=30)] = 3.0
    turn_seconds: Annotated[float, Field(ge=5, le=600)] = 30.0


class HostAction(BaseModel):
    """The body of ``POST /api/tournaments/{id}/host``: one thing the host does to the clock."""

    model_config = ConfigDict(extra="forbid", strict=True)
    action: Literal["pause", "resume", "add_time", "level", "enter", "start", "levels", "payouts", "bust", "deal",
                    "cancel_deal", "rebuy", "add_on", "decline_ask", "counts"]
    seconds: Annotated[float, Field(ge=-3600, le=3600)] = 60
    step: Literal[-1, 1] = 1
    name: Annotated[str, Field(min_length=1, max_length=24)] = ""
    bot: bool = False
    levels: Levels | None = None
    payouts: Payouts | None = None
    #: ``bust``: who went out together, in one hand (they share their places).
    names: Annotated[list[Annotated[str, Field(min_length=1, max_length=24)]], Field(max_length=10)] = []
    #: ``bust`` of two or more: their stacks at the start of that hand (optional), which rank them.
    started_with: Annotated[dict[Annotated[str, Field(max_length=24)], Annotated[int, Field(ge=1, le=MAX_AMOUNT)]],
                            Field(max_length=10)] = {}
    #: ``bust`` with bounties: who knocked each of them out.
    knocked_by: Annotated[dict[Annotated[str, Field(max_length=24)], Annotated[str, Field(max_length=24)]],
                          Field(max_length=10)] = {}
    #: ``deal``: the split proposed, and each player's chips as counted at the table (``counts``: the
    #: counts alone, for the clock's chip leaders).
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


#: The pace of a dealt tournament's tables, taken as sent.
PACE_SETTINGS = ("bot_delay", "between_hands", "turn_seconds")
#: The rebuy and add-on settings a new tournament takes as they are sent.
MONEY_SETTINGS = ("bounty", "rebuy_level", "rebuy_price", "rebuy_chips", "max_rebuys", "add_on_price", "add_on_chips")


class Out(BaseModel):
    """The body of ``POST /api/tournaments/{id}/out`` (a player's own link): who knocked them out (with
    bounties)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    by: Annotated[str, Field(max_length=24)] = ""


class Ask(BaseModel):
    """The body of ``POST /api/tournaments/{id}/ask`` (a player's own link): a rebuy or the add-on, for the
    host to approve with one tap (or to decline)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    what: Literal["rebuy", "add_on"]


def build(spec: NewTournament) -> Tournament:
    """A new tournament from ``spec``; :class:`TournamentError` names a setting that cannot run."""
    changes: dict[str, Any] = {"name": spec.name.strip() or "Tournament", "buy_in": spec.buy_in,
                               "starting_stack": spec.starting_stack or PRESETS[spec.preset][0],
                               "late_registration_level": spec.late_registration_level, "payouts": spec.payouts,
                               "table_size": spec.table_size}
    changes.update({k: getattr(spec, k) for k in MONEY_SETTINGS + PACE_SETTINGS})
    if spec.levels is not None:
        changes["levels"] = [level.level() for level in spec.levels]
    config = replace(preset(spec.preset), **changes)
    config.check()
    return Tournament(config)


def apply(t: Tournament, act: HostAction, now: float, *, dealt: bool = False) -> list[dict[str, Any]]:
    """Do ``act`` to ``t`` at ``now`` (wall-clock seconds); the seat moves it caused (a bust's);
    :class:`TournamentError` refuses it. A ``dealt`` tournament's deal splits the stacks at its tables."""
    if act.action == "bust":
        return record_bust(t, act.names, act.knocked_by, act.started_with)
    if act.action == "deal" and dealt:  # offered once the hands in play end; none dealt until then
        t.ask_for_deal(act.kind, now)
    elif act.action == "deal":
        propose_live_deal(t, act.kind, act.stacks, now)
    elif act.action == "counts":
        record_counts(t, act.stacks)
    elif act.action == "rebuy":
        t.rebuy(t.by_name(act.name).id, now)
    elif act.action == "add_on":
        t.add_on(t.by_name(act.name).id, now)
    elif act.action == "decline_ask":
        t.by_name(act.name)  # a name that is entered; the server forgets the ask
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
    clock.pop("chip_leaders", None)  # real chips: the server knows the stacks only as the host counts them
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
            "rebuys_open": t.rebuys_open(), "add_on_open": t.add_on_open(),
            "rebuy_level": t.config.rebuy_level, "max_rebuys": t.config.max_rebuys,
            "rebuy_price": t.config.rebuy_price or t.config.buy_in - t.config.bounty,
            "add_on_price": t.config.add_on_price, "bounty": t.config.bounty,
            "entries": [{"name": e.name, "bot": e.kind == "bot", "status": e.status, "paid": e.paid,
                         "rebuys": e.rebuys, "add_on": e.add_on, "bounties": e.bounties,
                         "knocked_out": list(e.knocked_out)} for e in t.entries],
            "seats": sorted(seats, key=lambda s: (s["table"], s["seat"]))}


__all__ = ["MAX_AMOUNT", "MONEY_SETTINGS", "Ask", "DealAnswer", "Out", "HostAction", "LevelSpec", "NewTournament", "Registration", "apply", "build",
           "view"]
