"""The floor's work between hands: seating a player by draw or into the worst seat, moving a player
with exactly their chips, balancing tables as players bust, breaking tables in a fixed order, and the
final-table redraw (see docs/tournaments.md for the TDA rules followed). No I/O."""

from __future__ import annotations

import math

from homegame.table import DEALERS_CHOICE, Settings, Table
from homegame.tournament.config import stakes_for
from homegame.tournament.positions import next_big_blind, worst_free_seat
from homegame.tournament.state import Entry, SeatMove, TournamentState

#: The floor's own record keeps this many of the latest moves (the stored form too).
MOVES_RECORDED = 100


class Floor(TournamentState):
    """Tables opened, filled, balanced and broken."""

    def _game_for(self, table: Table | None) -> str:
        games = self.config.games()
        if self.config.rotate_by == "orbit" and table is not None and len(games) > 1:
            seated = max(2, len(table.seats))
            return games[(table.hand_number // seated) % len(games)]
        return games[self.level_index % len(games)]

    def _stakes_for(self, game: str) -> dict[str, object]:
        return stakes_for(self.level, "holdem" if game == DEALERS_CHOICE else game, self.config.structure)

    def open_table(self) -> int:
        """A new empty table; its id."""
        tid = self.next_table
        self.next_table += 1
        game = self._game_for(None)
        c = self.config
        settings = Settings(game=game, stakes=self._stakes_for(game), buy_in=c.starting_stack, max_seats=c.table_size,
                            turn_seconds=c.turn_seconds, time_bank=30.0, bot_delay=c.bot_delay,
                            between_hands=c.between_hands, approve_seats=False, name=f"{c.name} · table {tid}",
                            bot_rebuys=0, dead_button=True, tournament=True)
        table = Table(settings, seed=self.rng.randrange(2**31))
        if self.running_since is None and self.started:
            table.set_paused(True)
        self.tables[tid] = table
        self.synced[tid] = 0
        return tid

    def _seat(self, entry: Entry, tid: int, pos: int, chips: int) -> None:
        """Sit ``entry`` at table ``tid`` in ``pos`` with exactly ``chips``."""
        table = self.tables[tid]
        if entry.kind == "bot":
            table.sit(entry.name, kind="bot", bot=entry.bot or "rule", position=pos)
        else:
            table.sit(entry.name, position=pos, approved=True)
        table.adjust_stack(pos, chips)
        entry.table = tid

    def _unseat(self, entry: Entry) -> int:
        """Take ``entry`` off its table between its hands; the chips they had."""
        where = self.seat_of(entry.name)
        if where is None:
            return 0
        tid, pos = where
        table = self.tables[tid]
        assert not table.in_live_hand(pos), f"{entry.name} moved during a hand"
        chips = table.seats[pos].stack
        table.remove(pos)
        entry.table = None
        return chips

    def move(self, entry: Entry, tid: int, pos: int) -> None:
        """Move ``entry`` (between their table's hands) to ``pos`` at table ``tid`` with exactly their chips."""
        source = self.seat_of(entry.name)
        chips = self._unseat(entry)
        self._seat(entry, tid, pos, chips)
        self._record_move(entry, source, (tid, pos))
        self.log.append(f"{entry.name} moves to table {tid}, seat {pos + 1}")

    def _record_move(self, entry: Entry, source: tuple[int, int] | None, target: tuple[int, int]) -> None:
        """Count a move and keep it in the floor's record (a seat that did not change is no move to tell)."""
        self.moves += 1
        if source is not None and source != target:
            self.moved.append(SeatMove(self.moves, entry.name, entry.id, (source[0], source[1] + 1),
                                       (target[0], target[1] + 1)))
            del self.moved[:-MOVES_RECORDED]

    def moves_since(self, number: int) -> list[SeatMove]:
        """The recorded moves after the ``number``-th (the moves so far are :attr:`moves`)."""
        return [m for m in self.moved if m.number > number]

    def _open_tables(self) -> list[int]:
        return [t for t in sorted(self.tables) if t not in self.breaking]

    def _draw_seat(self, tables: list[int]) -> tuple[int, int]:
        """A random free seat at one of the fewest-player ``tables`` (a table opened when all are full)."""
        fewest = min((len(self.tables[t].seats) for t in tables), default=self.config.table_size)
        if fewest >= self.config.table_size:
            tid = self.open_table()
            tables = [tid]
            fewest = 0
        tid = self.rng.choice([t for t in tables if len(self.tables[t].seats) == fewest])
        free = [p for p in range(self.config.table_size) if p not in self.tables[tid].seats]
        return tid, self.rng.choice(free)

    def _tables_needed(self) -> int:
        return max(1, math.ceil(len(self.playing()) / self.config.table_size))

    def tidy(self) -> None:
        """Break, redraw and balance what can be between hands now."""
        if self.finished or not self.started:
            return
        needed = self._tables_needed()
        if needed == 1 and len(self.tables) > 1:
            self.final_redraw = True
        if self.final_redraw:
            self._redraw_final()
            return
        while len(self._open_tables()) > needed:
            self.breaking.add(max(self._open_tables()))  # the fixed order: the highest number first
        for tid in sorted(self.breaking):
            table = self.tables[tid]
            if table.live:
                continue
            players = [self.by_name(s.name) for s in table.seats.values()]
            self.rng.shuffle(players)
            for entry in players:
                target, pos = self._draw_seat(self._open_tables())
                self.move(entry, target, pos)
            del self.tables[tid]
            self.breaking.discard(tid)
            self.round_dealt.discard(tid)
            self.log.append(f"table {tid} is broken")
        self._balance()

    def _balance(self) -> None:
        """Move the next big blind from the fullest table to the worst seat of the shortest while they
        differ by more than one player (only from a table between hands)."""
        for _ in range(len(self.entries) + 1):
            tables = self._open_tables()
            if len(tables) < 2:
                return
            sizes = {t: len(self.tables[t].seats) for t in tables}
            short = min(tables, key=lambda t: (sizes[t], t))
            full = [t for t in tables if sizes[t] == max(sizes.values()) and not self.tables[t].live]
            if max(sizes.values()) - sizes[short] <= 1 or not full:
                return
            source = self.tables[full[0]]
            pos = next_big_blind(source)
            self.move(self.by_name(source.seats[pos].name), short, worst_free_seat(self.tables[short], self.rng))

    def _redraw_final(self) -> None:
        """Once every table is between hands, everyone still in is seated afresh by draw at one table."""
        if any(t.live for t in self.tables.values()):
            return
        players = [e for e in self.playing()]
        was = {e.name: self.seat_of(e.name) for e in players}
        chips = {e.name: self._unseat(e) for e in players}
        self.tables.clear()
        self.breaking.clear()
        self.round_dealt.clear()
        tid = self.open_table()
        seats = self.rng.sample(range(self.config.table_size), len(players))
        for entry, pos in zip(players, seats, strict=True):
            self._seat(entry, tid, pos, chips[entry.name])
            self._record_move(entry, was[entry.name], (tid, pos))
        self.final_redraw = False
        self.log.append(f"final table: {len(players)} players redrawn at table {tid}")


__all__ = ["MOVES_RECORDED", "Floor"]
