"""A table across many hands (no I/O): seats, button, dealer's choice, sitting out, clocks, ledger."""

from homegame.table.autoplay import BOT_KINDS, make_bot, simple_action
from homegame.table.ledger import Ledger, LedgerError, Payment, Settlement, settle, settle_up
from homegame.table.seats import (
    DEALERS_CHOICE,
    SEED_GAMES,
    Seat,
    Settings,
    StaleDecision,
    TableError,
    clean_name,
)
from homegame.table.table import DECISION_BASE, HandStart, Table, make_game, make_stakes

__all__ = [
    "BOT_KINDS", "DEALERS_CHOICE", "DECISION_BASE", "SEED_GAMES", "HandStart", "Ledger", "LedgerError", "Payment",
    "Seat", "Settings", "Settlement", "StaleDecision", "Table", "TableError", "clean_name", "make_bot", "make_game", "make_stakes",
    "settle", "settle_up", "simple_action",
]
