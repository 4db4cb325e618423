"""A tournament across many tables (no I/O; ``now`` is passed in, like :class:`homegame.table.Table`).

The caller registers players, starts it, and calls :meth:`Tournament.advance` as time passes (and
after every message): each table moves by itself (bots, clocks, dealer's choice), the tournament reads
every finished hand (busts, bounties, rebuys), keeps the clock's level, balances and breaks tables,
plays hand-for-hand on the money bubble, and deals each table's next hand with the level's stakes.

>>> from homegame.tournament.config import Config, Level
>>> t = Tournament(Config(buy_in=10, starting_stack=100, levels=[Level(5, 10, minutes=1)]), seed=1)
>>> for name in ("Ann", "Bob", "Cy"):
...     _ = t.register(name, kind="bot")
>>> t.start(0.0)
>>> now = 0.0
>>> while not t.finished:
...     now += 1.0
...     _ = t.advance(now)
>>> sorted((e.place, e.prize) for e in t.entries)
[(1, 30), (2, 0), (3, 0)]
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from homegame.table import DEALERS_CHOICE, Table, TableError, clean_name
from homegame.table.clock import MAX_DUE
from homegame.table.seats import NAME_LIMIT
from homegame.tournament.chiprace import race, smallest_chip_needed
from homegame.tournament.config import MAX_ENTRIES, Level, TournamentError
from homegame.tournament.results import settle_night
from homegame.tournament.settle_words import accounts, settle_lines
from homegame.tournament.shuffles import Shuffles
from homegame.tournament.state import Entry


class Tournament(Shuffles):
    """Registration, the start, the clock, the tables' hands, and the results."""

    # ----- registration ------------------------------------------------------------------------
    def register(self, name: str, *, kind: str = "human", bot: str = "rule", now: float | None = None,
                 auto_rebuy: bool = False) -> int:
        """Enter ``name`` (a person, or a bot of kind ``bot``); the entry's id. Open before the start and,
        with late registration, until the end of its level; a late entry is seated by draw at once."""
        clean = clean_name(name)
        if not 1 <= len(clean) <= NAME_LIMIT:
            raise TournamentError(f"name: 1 to {NAME_LIMIT} characters, not {len(clean)}")
        if self.name_taken(clean):
            raise TournamentError(f"name: {clean!r} is already registered")
        if kind not in ("human", "bot"):
            raise TournamentError(f"kind: 'human' or 'bot', not {kind!r}")
        if len(self.entries) >= MAX_ENTRIES:
            raise TournamentError(f"the tournament is full ({MAX_ENTRIES} entries)")
        if now is not None:
            self._run_clock(now)
        if not self.registration_open():
            raise TournamentError("registration is closed")
        entry = Entry(len(self.entries), clean, "bot" if kind == "bot" else "human", bot if kind == "bot" else None,
                      paid=self.config.buy_in, auto_rebuy=auto_rebuy)
        self.entries.append(entry)
        if self.started:
            entry.status = "playing"
            tid, pos = self._draw_seat(self._open_tables())
            self._seat(entry, tid, pos, self.config.starting_stack)
            self.chips_in_play += self.config.starting_stack
            self.log.append(f"{clean} registers late: table {tid}, seat {pos + 1}")
        return entry.id

    def start(self, now: float) -> None:
        """Draw seats at random and start the clock (two entries or more)."""
        if self.started:
            raise TournamentError("the tournament has started")
        if len(self.entries) < 2:
            raise TournamentError("a tournament needs two entries or more")
        self.started = True
        self.running_since = now
        players = list(self.entries)
        self.rng.shuffle(players)
        count = -(-len(players) // self.config.table_size)
        tables = [self.open_table() for _ in range(count)]
        for i, entry in enumerate(players):
            tid = tables[i % count]
            free = [p for p in range(self.config.table_size) if p not in self.tables[tid].seats]
            entry.status = "playing"
            self._seat(entry, tid, self.rng.choice(free), self.config.starting_stack)
            self.chips_in_play += self.config.starting_stack
        self.log.append(f"{len(players)} players drawn to {count} table(s)")

    # ----- players' choices --------------------------------------------------------------------
    def set_auto_rebuy(self, entry_id: int, value: bool) -> None:
        """Whether ``entry_id`` buys in again at once when busting while rebuys are open."""
        self.entry(entry_id).auto_rebuy = bool(value)

    def set_away(self, entry_id: int, value: bool) -> None:
        """An away player is dealt in and folds (checks when free) at once (their blinds and antes are still posted)."""
        self.entry(entry_id).away = bool(value)

    def add_on(self, entry_id: int, now: float) -> None:
        """Take the add-on (once, during its break)."""
        self._run_clock(now)
        entry = self.entry(entry_id)
        if not self.add_on_open():
            raise TournamentError("the add-on is taken only during its break")
        if entry.status != "playing" or entry.add_on:
            raise TournamentError(f"{entry.name} cannot take the add-on (out, or taken already)")
        self._add_chips(entry, self.config.add_on_chips or self.config.starting_stack)
        entry.add_on = True
        entry.paid += self.config.add_on_price

    def rebuy(self, entry_id: int, now: float) -> None:
        """``entry_id`` buys in again (a player still in, while rebuys are open, up to the most allowed)."""
        self._run_clock(now)
        entry = self.entry(entry_id)
        if not self.rebuys_open():
            raise TournamentError("rebuys are closed" if self.config.rebuy_level else "this tournament has no rebuys")
        if entry.status != "playing":
            raise TournamentError(f"{entry.name} is not playing")
        if entry.rebuys >= self.config.max_rebuys:
            raise TournamentError(f"{entry.name} has rebought the most allowed ({self.config.max_rebuys})")
        self._rebuy(entry)

    def _rebuy(self, entry: Entry, keep: tuple[int, int] | None = None) -> None:
        self._add_chips(entry, self.config.rebuy_chips or self.config.starting_stack, keep)
        entry.rebuys += 1
        entry.paid += self.config.rebuy_price or (self.config.buy_in - self.config.bounty)
        self.log.append(f"{entry.name} rebuys")

    def award_bounty(self, winner: Entry, busted: str) -> None:
        """``winner`` knocked ``busted`` out: the bounty on them is ``winner``'s (with bounties)."""
        if self.config.bounty:
            winner.bounties += self.config.bounty
            winner.knocked_out.append(busted)

    def _add_chips(self, entry: Entry, chips: int, keep: tuple[int, int] | None = None) -> None:
        """Give ``entry`` ``chips``: at their seat, or back in ``keep`` (the seat they left out of chips
        as their hand ended, while it is free: a player who rebuys keeps their seat), or at a seat drawn."""
        where = self.seat_of(entry.name)
        if where is None:
            free = keep is not None and keep[0] in self.tables and keep[1] not in self.tables[keep[0]].seats
            tid, pos = keep if free and keep is not None else self._draw_seat(self._open_tables())
            self._seat(entry, tid, pos, chips)
        else:
            tid, pos = where
            table = self.tables[tid]
            if table.in_live_hand(pos):  # bought now, played from the next hand (added when this one ends)
                self.owed[entry.name] = self.owed.get(entry.name, 0) + chips
            else:
                table.adjust_stack(pos, table.seats[pos].stack + chips)
        self.chips_in_play += chips

    # ----- the host ----------------------------------------------------------------------------
    def set_paused(self, value: bool, now: float) -> None:
        """Stop (or restart) the tournament clock and every table's clocks."""
        self._run_clock(now)
        if value and self.running_since is not None:
            self.elapsed_base = self.elapsed(now)
            self.running_since = None
        elif not value and self.running_since is None and self.started:
            self.running_since = now
        for table in self.tables.values():
            table.set_paused(value, now)

    def set_payouts(self, shares: list[int] | None) -> None:
        """The host sets the payout shares (per cent by place, summing to 100; ``None``: the default
        for the number of entries); refused once the tournament is over."""
        wrong = shares is not None and (not isinstance(shares, list) or not 1 <= len(shares) <= 100 or any(
            isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in shares) or sum(shares) != 100)
        if wrong:
            raise TournamentError(f"payouts: 1 to 100 whole per-cent shares that sum to 100, not {shares!r}")
        if self.finished:
            raise TournamentError("payouts: the tournament is over")
        self.payout_shares = list(shares) if shares is not None else None
        self.log.append("the host changes the payouts")

    def set_levels(self, levels: list[Level], now: float) -> None:
        """The host edits the schedule: the levels played so far and the current one stay as they are."""
        self._run_clock(now)
        kept = self.config.levels[:self.level_index + 1]
        trial = replace(self.config, levels=kept + list(levels))
        trial.check()
        self.config = trial
        self.log.append("the host edits the schedule")

    def add_time(self, seconds: float, now: float) -> None:
        """Add (or with a negative number take) seconds to the current level."""
        if not isinstance(seconds, (int, float)) or not -3600 <= seconds <= 3600:
            raise TournamentError(f"seconds: from -3600 to 3600, not {seconds!r}")
        self._run_clock(now)
        self.level_started += seconds
        self._run_clock(now)

    def change_level(self, step: int, now: float) -> None:
        """Move the clock a level forward (``1``) or back (``-1``), starting that level afresh."""
        if step not in (-1, 1):
            raise TournamentError(f"step: 1 or -1, not {step!r}")
        self._run_clock(now)
        self.level_index = min(max(0, self.level_index + step), len(self.config.levels) - 1)
        self.level_started = self.elapsed(now)

    # ----- the tables' hands -------------------------------------------------------------------
    def advance(self, now: float, most: int = MAX_DUE) -> bool:
        """Do what is due at ``now`` at every table and between them (at most ``most`` actions a
        table: a caller that must not hold its thread long plays few and calls again); whether
        anything changed."""
        if not self.started or self.finished:
            return False
        self._run_clock(now)
        did = False
        for tid, table in list(self.tables.items()):
            did = table.advance(now, most) or did
            did = self._play_away(table, now) or did
            if not table.live and table.hand_number > self.synced[tid]:
                self._read_hand(tid, table)
                did = True
        self._offer_asked_deal(now)
        if self.hand_for_hand and not any(t.live for t in self.tables.values()) and \
                self.round_dealt >= set(self.tables):
            self._close_round()
        if self._finish_if_won():
            return True
        self.tidy()
        self._check_deal_stands()
        if not self.level.is_break and self.running_since is not None and not self.deal_open() \
                and self.deal_asked is None:
            self._start_hands(now)
        return did

    def _play_away(self, table: Table, now: float) -> bool:
        did = False
        for _ in range(50):
            away = [p for p in table.owing() if self.by_name(table.seats[p].name).away] if not table.paused else []
            if not away:
                break
            hs = table.hand_seat(away[0])
            legal = table.hand.legal(hs)
            action = "check" if "check" in legal else "fold" if "fold" in legal else str(table.hand.default_action(hs))
            table.act(away[0], action, now)
            did = True
        for seat in table.seats.values():  # a timed-out player stays dealt in, and is away
            if seat.sitting_out:
                table.set_sitting_out(seat.position, False)
                self.by_name(seat.name).away = True
        return did

    def _read_hand(self, tid: int, table: Table) -> None:
        """Chips owed, busts, rebuys and bounties of the hand that just ended at ``tid`` (shown first
        through :attr:`hand_ends`, while everyone dealt in still sits there)."""
        if self.hand_ends is not None:
            self.hand_ends(tid, table)
        self.synced[tid] = table.hand_number
        self.hands += 1
        start = table.start
        assert start is not None
        for name, pos in zip(start.names, start.dealt, strict=True):  # chips bought during the hand
            chips = self.owed.pop(name, 0)
            if chips and self.seat_of(name) is None:  # a bot out of chips left its seat as the hand ended
                self._seat(self.by_name(name), tid, pos, chips)
            elif chips:
                table.adjust_stack(pos, table.seats[pos].stack + chips)
        started = dict(zip(start.names, start.stacks, strict=True))
        payoffs = [int(x) for x in table.hand.payoffs]
        busted: list[tuple[str, int]] = []
        for name in start.names:
            entry = self.by_name(name)
            where = self.seat_of(name)
            if where is not None and self.tables[where[0]].seats[where[1]].stack > 0:
                continue
            if self.rebuys_open() and entry.auto_rebuy and entry.rebuys < self.config.max_rebuys:
                self._rebuy(entry, keep=(tid, start.dealt[start.names.index(name)]))
                continue
            if where is not None:
                table.remove(where[1])
            entry.status, entry.table = "out", None
            busted.append((name, started[name]))
            winner = max(range(len(payoffs)), key=lambda i: (payoffs[i], -i))
            self.award_bounty(self.by_name(start.names[winner]), name)
        if self.hand_for_hand:
            self.round_busts.extend(busted)
        if self.hand_for_hand or not busted:
            return
        self.eliminated.append(busted)

    def _close_round(self) -> None:
        if self.round_busts:
            self.eliminated.append(self.round_busts)
        self.round_busts = []
        self.round_dealt = set()
        self.rounds += 1
        self.hand_for_hand = False

    def _bubble(self) -> bool:
        paid = len([p for p in self.prizes() if p > 0])
        return self.config.hand_for_hand and len(self.tables) > 1 and len(self.playing()) == paid + 1

    def _start_hands(self, now: float) -> None:
        if not self.hand_for_hand and self._bubble() and not self.rebuys_open():
            self.hand_for_hand = True
            self.round_dealt = {t for t, table in self.tables.items() if table.live}
            self.log.append("hand-for-hand")
        for tid, table in self.tables.items():
            if tid in self.breaking or self.final_redraw or table.live:
                continue
            if self.hand_for_hand and tid in self.round_dealt:
                continue
            sizes = [len(t.seats) for i, t in self.tables.items() if i not in self.breaking]
            if len(table.seats) > min(sizes) + 1:
                continue  # a player must move out first
            game = self._game_for(table)
            stakes = self._stakes_for(game)
            if table.settings.game != game:
                table.set_game(game)
            if table.settings.stakes != stakes:
                table.set_stakes(stakes)
            if self.config.chip_race:
                self._chip_race(table)
            table.advance(now)
            if table.ready_to_deal(now):
                deck = self.shuffler(tid, table) if self.shuffler is not None else self.committed_deck(tid, table)
                table.deal(deck, now)
                self.decks[tid] = deck
                if self.hand_for_hand:
                    self.round_dealt.add(tid)
                if not table.live:  # over at the deal: everyone all in on the blinds and antes
                    self._read_hand(tid, table)

    def _chip_race(self, table: Table) -> None:
        """Race off the chips the level no longer needs at ``table`` (between its hands)."""
        level = self.level
        chip = max(self.config.smallest_chip,
                   smallest_chip_needed([level.small_blind, level.big_blind, level.ante, level.bring_in]))
        stacks = {s.name: s.stack for s in table.seats.values()}
        if all(stack % chip == 0 for stack in stacks.values()):
            return

        def draw(names: list[str]) -> list[str]:  # one card per odd chip: more odd chips, better odds
            best = {n: max(self.rng.random() for _ in range(1 + 4 * (stacks[n] % chip) // chip)) for n in names}
            return sorted(names, key=lambda n: -best[n])

        raced = race(stacks, chip, draw)
        for pos, seat in list(table.seats.items()):
            table.adjust_stack(pos, raced[seat.name])
        self.chips_in_play += sum(raced.values()) - sum(stacks.values())
        self.log.append(f"chip race at a table: chips under {chip} leave play")

    def _finish_if_won(self) -> bool:
        playing = self.playing()
        if len(playing) > 1 or self.round_busts:
            return False
        if playing:
            self.eliminated.append([(playing[0].name, self.stacks().get(playing[0].name, 0))])
            playing[0].bounties += self.config.bounty
            self.chips_in_play -= self.stacks().get(playing[0].name, 0)
            playing[0].status = "out"
        self.tables.clear()
        self._place_everyone({})
        return True

    # ----- what the host and the clock show ----------------------------------------------------
    def results(self) -> dict[str, Any]:
        """Places, payouts, bounties, the deal and the settle-up between people (bots apart)."""
        rows = [{"name": e.name, "bot": e.kind == "bot", "place": e.place, "places": e.places, "prize": e.prize,
                 "bounties": e.bounties, "paid": e.paid, "rebuys": e.rebuys, "add_on": e.add_on,
                 "knocked_out": list(e.knocked_out)} for e in sorted(self.entries, key=lambda e: e.place or 10**9)]
        settlement = settle_night({e.name: e.paid for e in self.entries},
                                  {e.name: e.prize + e.bounties for e in self.entries},
                                  {e.name for e in self.entries if e.kind == "bot"})
        deal = self.deal if self.deal and self.deal.get("made") else None
        return {"finished": self.finished, "prize_pool": self.prize_pool(), "prizes": self.prizes(),
                "places": rows, "deal": deal,
                "settle_up": {**settlement.to_dict(), "lines": settle_lines(rows, settlement, deal),
                              "accounts": accounts(rows, buy_in=self.config.buy_in,
                                                   add_on_price=self.config.add_on_price, deal=deal)}}

    def clock(self, now: float) -> dict[str, Any]:
        """What the clock page shows: the level, blinds, time left, the next level and break, players
        left, the average stack in big blinds, the prize pool and payouts, the chip leaders, bounties."""
        self._run_clock(now)
        level = self.level
        later = self.config.levels[self.level_index + 1:]
        nxt = next((lv for lv in later if not lv.is_break), None)
        until_break = self.time_left(now) if level.is_break else None
        if until_break is None:
            rest = self.time_left(now)
            for lv in later:
                if lv.is_break:
                    until_break = rest
                    break
                rest += lv.minutes * 60
        stacks = self.stacks()
        playing = len(self.playing())
        average = (sum(stacks.values()) / playing) if playing else 0.0
        return {"name": self.config.name, "level": self.level_number(), "is_break": level.is_break,
                "small_blind": level.small_blind, "big_blind": level.big_blind, "ante": level.ante,
                "time_left": round(self.time_left(now), 1), "paused": self.running_since is None,
                "next": None if nxt is None else {"small_blind": nxt.small_blind, "big_blind": nxt.big_blind,
                                                  "ante": nxt.ante},
                "next_break_in": None if until_break is None else round(until_break, 1),
                "players_left": playing, "entries": len(self.entries),
                "average_bb": round(average / level.big_blind, 1) if level.big_blind else None,
                "prize_pool": self.prize_pool(), "payouts": self.prizes(),
                "chip_leaders": sorted(stacks.items(), key=lambda kv: -kv[1])[:5],
                "bounty": self.config.bounty, "hand_for_hand": self.hand_for_hand,
                "game": "dealer's choice" if self._game_for(None) == DEALERS_CHOICE else self._game_for(None)}


__all__ = ["Tournament", "TableError"]
