"""Issue 20, a play-test finding: a tournament table's log spoke of money. Players "bought in for 200",
"added 150 (stack 350)" when the floor moved them, "left and cashed out 0 (-200 tonight)" when they
busted, and "sat out" when their time ran out. A tournament table's chips are tournament chips: the log
says who sits where with how many chips, who is out, and who is away.
"""

from __future__ import annotations

from homegame.tournament.config import Config, Level
from homegame.tournament.core import Tournament
from homegame.tournament.stored import dump, load

#: Words of the cash game a tournament table's log must never use.
CASH_WORDS = ("buys in", "buy-in", "cashes out", "rebuys", "takes", "off the table", "tonight", "sits out", "adds")


def played_to_the_end(people: int = 1, bots: int = 6) -> tuple[Tournament, list[str]]:
    """A tournament of tables of three played to its end (a person who never acts: the clock runs out on
    them); every line any table's log showed."""
    t = Tournament(Config(buy_in=10, starting_stack=100, table_size=3, turn_seconds=5,
                          levels=[Level(25, 50, minutes=60)]), seed=3)
    for i in range(people):
        t.register(f"Person {i + 1}")
    for i in range(bots):
        t.register(f"Bot {i + 1}", kind="bot")
    t.start(0.0)
    seen: list[str] = []
    now = 0.0
    while not t.finished:
        now += 1.0
        t.advance(now)
        for table in t.tables.values():
            seen += [line for line in table.notices if line not in seen]
    return t, seen


def test_a_tournament_tables_log_speaks_of_chips_seats_and_busts_never_money() -> None:
    t, seen = played_to_the_end()
    assert t.finished
    said = [line for line in seen if any(word in line for word in CASH_WORDS)]
    assert not said, said
    assert any(line.endswith(" is out") for line in seen), seen  # a bust says so
    assert any(" chips" in line for line in seen), seen  # a moved player's stack comes along, said in chips
    assert any("is away" in line for line in seen), seen  # the person's time ran out: away, not sitting out


def test_a_stored_tournament_table_still_speaks_tournament() -> None:
    t = Tournament(Config(levels=[Level(5, 10, minutes=5)]), seed=4)
    for name in ("Ann", "Bob", "Cy"):
        t.register(name, kind="bot")
    t.start(0.0)
    data = dump(t)
    for table in data["tables"].values():  # stored before tables knew they were a tournament's
        table["table"]["settings"].pop("tournament", None)
    again = load(data, now=0.0)
    assert all(table.settings.tournament for table in again.tables.values())
