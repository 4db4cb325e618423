"""What a host chooses for a tournament: the money, the chips, the level schedule, the game, rebuys,
add-ons, bounties and the payouts. Pure data, JSON round-trippable, checked before anything uses it.

>>> config = preset("turbo", buy_in=20)
>>> config.levels[0].big_blind, config.levels[0].minutes
(20, 6)
>>> stakes_for(config.levels[0], "holdem")
{'structure': 'no-limit', 'blinds': [10, 20], 'ante': 0}
>>> stakes_for(Level(100, 200, ante=25, bring_in=50), "stud")
{'structure': 'fixed-limit', 'ante': 25, 'bring_in': 50, 'small_bet': 200, 'big_bet': 400}
>>> default_payouts(9)
[50, 30, 20]
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from homegame.table import DEALERS_CHOICE, make_game
from homegame.table.game_stakes import bring_in_stakes, opens_with_bring_in


class TournamentError(ValueError):
    """A request the tournament refuses: the message says what was wrong and what is allowed."""


#: The H.O.R.S.E. rotation: hold'em, Omaha hi-lo, razz, stud, stud hi-lo, all fixed limit.
HORSE = ("holdem", "omaha-hi-lo", "razz", "stud", "stud-hi-lo")
#: The most entries, tables' seats and levels a tournament takes.
MAX_ENTRIES, MAX_LEVELS = 2000, 100
STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")


@dataclass(frozen=True)
class Level:
    """One level of the schedule (or a break when ``is_break``): blinds, ante, bring-in; fixed-limit
    games bet ``big_blind`` on the early streets and twice it on the late ones."""

    small_blind: int
    big_blind: int
    ante: int = 0
    bring_in: int = 0
    minutes: float = 15
    is_break: bool = False

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def stakes_for(level: Level, game: str, structure: str = "no-limit") -> dict[str, Any]:
    """The table stakes (``homegame.Stakes`` keywords) of ``game`` at ``level``: a stud game antes and
    brings in at fixed limit (:func:`homegame.table.game_stakes.bring_in_stakes`, the cash table's mapping
    too); a flop or draw game posts blinds (and the ante) in ``structure``."""
    if opens_with_bring_in(make_game(game, {})):
        return bring_in_stakes(level.small_blind, level.big_blind, ante=level.ante,
                               bring_in=level.bring_in or max(1, level.small_blind // 2))
    stakes: dict[str, Any] = {"structure": structure, "blinds": [level.small_blind, level.big_blind],
                              "ante": level.ante}
    if structure == "fixed-limit":
        stakes.update(small_bet=level.big_blind, big_bet=2 * level.big_blind)
    return stakes


def schedule(start_big: int, count: int, minutes: float, *, break_every: int = 4) -> list[Level]:
    """A schedule that grows about half again per level, antes from the fourth, a break every
    ``break_every`` levels."""
    steps = [1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80]
    levels: list[Level] = []
    for i in range(count):
        decade, step = divmod(i, len(steps))
        big = int(start_big * steps[step] * 100 ** decade)
        big -= big % 2
        ante = big // 8 if i >= 3 else 0
        levels.append(Level(big // 2, big, ante, max(1, big // 4), minutes))
        if break_every and (i + 1) % break_every == 0 and i + 1 < count:
            levels.append(Level(big // 2, big, ante, max(1, big // 4), 10, is_break=True))
    return levels


#: Presets: starting stack, first big blind, minutes per level.
PRESETS = {"turbo": (1500, 20, 6), "regular": (3000, 20, 15), "deep": (10000, 50, 20)}


def default_payouts(entries: int) -> list[int]:
    """The share of the prize pool (per cent) for 1st, 2nd, … by number of entries (about one in
    five paid, as home-game and club tables do)."""
    table = [(3, [100]), (6, [65, 35]), (10, [50, 30, 20]), (15, [45, 27, 18, 10]),
             (20, [40, 25, 16, 11, 8]), (30, [36, 22, 15, 11, 9, 7]), (45, [33, 20, 14, 10, 8, 6, 5, 4]),
             (MAX_ENTRIES, [30, 18, 12, 9, 7, 6, 5, 4, 3, 2, 2, 2])]
    return next(list(shares) for most, shares in table if entries <= most)


@dataclass
class Config:
    """A tournament's settings. Money is in whole units (the host's currency's smallest), chips in chips.

    ``game`` is one game, :data:`homegame.table.DEALERS_CHOICE`, or a rotation (a list of games that
    changes every level, or every orbit when ``rotate_by == "orbit"``). ``bounty`` is the part of the
    buy-in that is a knockout bounty on each player. ``payouts`` are per-cent shares of the prize pool
    (``None``: :func:`default_payouts` by number of entries). Levels count from 1; breaks count too.
    """

    name: str = "Tournament"
    buy_in: int = 20
    bounty: int = 0
    starting_stack: int = 3000
    levels: list[Level] = field(default_factory=lambda: schedule(20, 20, 15))
    game: str | list[str] = "holdem"
    structure: str = "no-limit"
    rotate_by: str = "level"
    table_size: int = 9
    late_registration_level: int = 0  # register until the end of this level (0: before the start only)
    rebuy_level: int = 0  # rebuy until the end of this level (0: no rebuys)
    rebuy_price: int = 0  # 0: the buy-in less the bounty
    rebuy_chips: int = 0  # 0: the starting stack
    max_rebuys: int = 3
    add_on_price: int = 0  # 0: no add-on; taken during the first break after the rebuys end
    add_on_chips: int = 0
    payouts: list[int] | None = None
    hand_for_hand: bool = True
    chip_race: bool = False
    smallest_chip: int = 1  # the chip race colours up to the smallest blind when it grows past this
    turn_seconds: float = 30.0
    bot_delay: float = 0.8
    between_hands: float = 3.0

    def check(self) -> None:
        """Refuse a config that cannot run, saying which setting and what is allowed."""
        def whole(name: str, low: int, high: int) -> None:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise TournamentError(f"{name}: must be a whole number from {low} to {high}, not {value!r}")
        whole("buy_in", 0, 10**9)
        whole("bounty", 0, self.buy_in)
        whole("starting_stack", 1, 10**9)
        whole("table_size", 3, 10)
        for name in ("late_registration_level", "rebuy_level"):
            whole(name, 0, len(self.levels))
        for name in ("rebuy_price", "rebuy_chips", "add_on_price", "add_on_chips"):
            whole(name, 0, 10**9)
        whole("max_rebuys", 0, 100)
        whole("smallest_chip", 1, 10**6)
        if not 1 <= len(self.levels) <= MAX_LEVELS:
            raise TournamentError(f"levels: a schedule has 1 to {MAX_LEVELS} levels, not {len(self.levels)}")
        for i, level in enumerate(self.levels, start=1):
            if not 0 < level.small_blind <= level.big_blind or level.ante < 0 or level.bring_in < 0:
                raise TournamentError(f"levels: level {i} needs 0 < small blind <= big blind and no negative ante")
            if not 0.05 <= level.minutes <= 240:
                raise TournamentError(f"levels: level {i} lasts {level.minutes} minutes; allowed 0.05 to 240")
        if self.levels[0].is_break:
            raise TournamentError("levels: the first level cannot be a break")
        if self.structure not in STRUCTURES:
            raise TournamentError(f"structure: one of {', '.join(STRUCTURES)}, not {self.structure!r}")
        if self.rotate_by not in ("level", "orbit"):
            raise TournamentError(f"rotate_by: 'level' or 'orbit', not {self.rotate_by!r}")
        games = self.games()
        if not games or len(games) > 20:
            raise TournamentError("game: one game, dealer's choice, or a rotation of 1 to 20 games")

        for game in games:
            if game != DEALERS_CHOICE:
                try:
                    make_game(game, {})
                except ValueError as exc:
                    raise TournamentError(f"game: {exc}") from None
        if self.payouts is not None and (not self.payouts or any(p < 0 for p in self.payouts)
                                         or sum(self.payouts) != 100):
            raise TournamentError(f"payouts: per-cent shares that sum to 100, not {self.payouts}")

    def games(self) -> list[str]:
        """The games in play order (one, for a single game or dealer's choice)."""
        return [self.game] if isinstance(self.game, str) else list(self.game)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["levels"] = [level.to_dict() for level in self.levels]
        out["game"] = self.game if isinstance(self.game, str) else list(self.game)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        """The inverse of :meth:`to_dict`, checked (unknown keys are refused)."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise TournamentError(f"unknown settings {unknown}; settings are {', '.join(sorted(known))}")
        args = dict(data)
        if "levels" in args:
            try:
                args["levels"] = [Level(**level) for level in args["levels"]]
            except TypeError as exc:
                raise TournamentError(f"levels: {exc}") from None
        config = cls(**args)
        config.check()
        return config


def preset(name: str, **changes: Any) -> Config:
    """A preset schedule (``turbo``, ``regular`` or ``deep``) with ``changes``, checked."""
    if name not in PRESETS:
        raise TournamentError(f"unknown preset {name!r}; presets are {', '.join(PRESETS)}")
    stack, big, minutes = PRESETS[name]
    config = replace(Config(starting_stack=stack, levels=schedule(big, 24, minutes)), **changes)
    config.check()
    return config


__all__ = ["HORSE", "MAX_ENTRIES", "PRESETS", "Config", "Level", "TournamentError", "default_payouts",
           "preset", "schedule", "stakes_for"]
