"""A tournament's own shuffles: each table deals from a committed seed chain, as a cash table and a
server-dealt tournament table do (:mod:`homegame.table.fairness`, the same code), so that a tournament
played by the core alone (a simulation, a test, a script) has hands the same verifier checks
(:func:`homegame.server.verify.verify_table`, ``homegame verify``).

Each table's chain is opened at its first hand and its head announced in the table's log ("Shuffle
chain 1 opened: head … commits to the server seed of hands 1-1000"): that publishes, before any hand,
the commitment of every hand of the chain. A hand's commitment (:meth:`Shuffles.next_commitment`
before it is dealt, the hand file's ``commitment`` after) is ``SHA-256`` of its seed, and the seed is
revealed once the hand is over (:meth:`Shuffles.hand_file`). The chains' secrets come from the
tournament's seeded generator, so a tournament with a seed deals the same hands again.

A caller that supplies its own decks (:attr:`~homegame.tournament.state.TournamentState.shuffler`: the
server, whose chains are secret and stored with it) replaces all this.
"""

from __future__ import annotations

import json
from typing import Any

from homegame.table import Table
from homegame.table.fairness import FairShuffle, deal_from_chain, resume_table
from homegame.tournament.deals import Deals

#: Hands a table's chain covers (the next chain opens, announced, when one runs out): a table deals a
#: few hundred hands at most, and opening a chain costs two walks of its length (the head, then the
#: kept links). Measured: a chain of 1,000 opened and its first deck 2.6 ms of CPU; a cash table's
#: 10,000 (:data:`homegame.table.fairness.CHAIN_LENGTH`) took a tenth of a 60-entry bot tournament's
#: time (bench/tournament.py, profiled). A hand's deck from its seed: 141 µs (``random.shuffle``: 26 µs).
CHAIN_HANDS = 1000


class Shuffles(Deals):
    """Each table's committed seed chain, its hands' shuffles, and their hand files."""

    def committed_deck(self, tid: int, table: Table) -> list[str]:
        """The deck of the hand table ``tid`` deals next, from its seed chain (opened, and announced
        in the table's log, at its first hand; its secret drawn from the tournament's generator)."""
        shuffle = deal_from_chain(self.fairs, tid, table.hand_number + 1, table.note, length=CHAIN_HANDS,
                                  draw=lambda: self.rng.randbytes(32))
        self.shuffles[tid] = shuffle
        return list(shuffle.deck)

    def next_commitment(self, tid: int) -> str | None:
        """The commitment of the hand table ``tid`` deals next (``SHA-256`` of its seed: the chain's
        link below it), or ``None`` before its chain is opened (its head is announced with it)."""
        fair, table = self.fairs.get(tid), self.tables.get(tid)
        if fair is None or table is None:
            return None
        chain = fair.chain_for(table.hand_number + 1)
        return None if chain is None else chain.seed(chain.index(table.hand_number + 1) - 1)

    def hand_file(self, tid: int) -> dict[str, Any]:
        """Table ``tid``'s last hand, once it is over, as the server's hand file (what ``homegame
        verify`` checks): its start with the shuffle's record, the commitment, the deck and seed
        revealed, the actions, the payoffs and the engine's history. ``ValueError`` while it is in play,
        or when the tournament did not shuffle it (a caller's :attr:`shuffler` did)."""
        table = self.tables.get(tid)
        shuffle = self.shuffles.get(tid)
        if table is None or table.start is None or table.hand is None or not table.hand.over:
            raise ValueError(f"table {tid} has no finished hand")
        if shuffle is None:
            raise ValueError(f"table {tid}'s hands were shuffled by the caller's shuffler, not by the tournament")
        start = {**table.start.to_dict(), "shuffle": shuffle.record}
        return {"format": "homegame-hand", "version": 1, "table_id": str(tid), "number": table.hand_number,
                "start": start, "names": {str(i): n for i, n in enumerate(table.start.names)},
                "commitment": shuffle.commitment, "deck": list(shuffle.deck), "salt": shuffle.salt,
                "actions": [[s, a] for s, a in table.actions], "payoffs": [int(x) for x in table.hand.payoffs],
                "history": json.loads(table.hand.history.to_json())}

    def shuffles_state(self) -> dict[str, Any]:
        """What is stored of each table's chains and its hand's shuffle record (the seed is the chain's)."""
        return {str(tid): {"fair": fair.to_dict(),
                           "record": self.shuffles[tid].record if tid in self.shuffles else None}
                for tid, fair in self.fairs.items() if tid in self.tables}

    def restore_shuffles(self, data: dict[str, Any]) -> None:
        """The inverse of :meth:`shuffles_state`: each table's chains and its hand's shuffle, checked."""
        for key, stored in data.items():
            table = self.tables.get(int(key))
            if table is None:
                continue
            fair, shuffle, notices = resume_table(stored, table.hand_number, self.decks.get(int(key)),
                                                  draw=lambda: self.rng.randbytes(32))
            self.fairs[int(key)] = fair
            if notices:
                table.note(notices)
            if shuffle is not None:
                self.shuffles[int(key)] = shuffle


__all__ = ["CHAIN_HANDS", "FairShuffle", "Shuffles"]
