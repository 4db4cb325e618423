"""A single deck commitment: commit to a deck before the deal, reveal it with its salt after the hand.

The server no longer deals this way (see :mod:`homegame.table.fairness` and ``docs/fairness.md``:
a committed seed chain plus the players' contributions); this stays for tests and tools that need a
secure shuffled deck, and for reading hands stored before the chain.

The commitment is the SHA-256 of the deck order written as two-character cards separated by single
spaces, a colon, and the salt: ``sha256("As Kd ... 2c:" + salt)``. Anyone holding the revealed deck
and salt can recompute it and check that it matches what was published before the deal.

>>> deck = ["As", "Kd"] + [c for c in full_deck() if c not in ("As", "Kd")]
>>> c = commit(deck, "pepper")
>>> len(c), verify_commitment(deck, "pepper", c), verify_commitment(deck[::-1], "pepper", c)
(64, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from homegame.table.fairness import full_deck


def commit(deck: list[str], salt: str) -> str:
    """The hex SHA-256 commitment to ``deck`` under ``salt``."""
    return hashlib.sha256((" ".join(deck) + ":" + salt).encode()).hexdigest()


def verify_commitment(deck: list[str], salt: str, commitment: str) -> bool:
    """Whether ``deck`` and ``salt`` are what ``commitment`` committed to."""
    return hmac.compare_digest(commit(deck, salt), commitment.lower())


@dataclass(frozen=True)
class Shuffle:
    """A secret deck order, its salt and the public commitment."""

    deck: list[str]
    salt: str
    commitment: str


def shuffle() -> Shuffle:
    """A fresh deck shuffled with the operating system's secure randomness, committed to."""
    deck = full_deck()
    secrets.SystemRandom().shuffle(deck)
    salt = secrets.token_hex(16)
    return Shuffle(deck, salt, commit(deck, salt))


__all__ = ["Shuffle", "commit", "full_deck", "shuffle", "verify_commitment"]
