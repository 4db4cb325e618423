"""Deals: the players still in ask for one between hands, homegame proposes an ICM or a chip-chop split
of what is left to pay, and no hand is dealt while it is open; it is made only when every one of them
accepts, and then ends the tournament and is written into the results. A player's decline or the
host's cancel closes it and play goes on. No I/O."""

from __future__ import annotations

from typing import Any

from homegame.tournament.config import TournamentError
from homegame.tournament.floor import Floor
from homegame.tournament.icm import chip_chop, icm
from homegame.tournament.results import whole_split

#: The most players a deal is proposed for (ICM is exact and quick up to here).
MAX_DEAL_PLAYERS = 10
DEAL_KINDS = ("icm", "chip-chop")


class Deals(Floor):
    """Proposals, acceptances and the deal made."""

    def propose_deal(self, kind: str, now: float) -> dict[str, Any]:
        """A split (``icm`` or ``chip-chop``) of the prizes still to be won among the players still in,
        by their chips now; every one of them must accept it (:meth:`accept_deal`)."""
        if kind not in DEAL_KINDS:
            raise TournamentError(f"kind: one of {', '.join(DEAL_KINDS)}, not {kind!r}")
        self._run_clock(now)
        playing = self.playing()
        if not self.started or self.finished:
            raise TournamentError("a deal is made during the tournament")
        if self.rebuys_open() or self.registration_open():
            raise TournamentError("a deal waits until registration and rebuys are closed")
        if any(t.live for t in self.tables.values()):
            raise TournamentError("a deal is proposed between hands; wait for the hands in play to end")
        if self.deal_open():
            raise TournamentError(f"deal {self.deal and self.deal['number']} is open; decline or cancel it first")
        if not 2 <= len(playing) <= MAX_DEAL_PLAYERS:
            raise TournamentError(f"a deal is for 2 to {MAX_DEAL_PLAYERS} players still in, not {len(playing)}")
        stacks = self.stacks()
        names = [e.name for e in playing]
        chips = [stacks[n] for n in names]
        left = self.prizes()[:len(names)]
        split = (icm if kind == "icm" else chip_chop)(chips, left)
        amounts = whole_split(split, sum(left))
        number = (self.deal or {}).get("number", 0) + 1
        self.deal = {"number": number, "kind": kind, "stacks": dict(zip(names, chips, strict=True)),
                     "amounts": dict(zip(names, amounts, strict=True)), "accepted": [], "made": False}
        self.log.append(f"deal {number} proposed ({kind})")
        return dict(self.deal)

    def offer_deal(self, kind: str, now: float) -> dict[str, Any]:
        """:meth:`propose_deal` as the server offers it: both splits shown (``alternatives``), and the
        bots accepting at once (the people accept on their own devices)."""
        deal = self.propose_deal(kind, now)
        names = list(deal["stacks"])
        chips = [deal["stacks"][n] for n in names]
        left = self.prizes()[:len(names)]
        assert self.deal is not None
        self.deal["alternatives"] = {k: dict(zip(names, whole_split(f(chips, left), sum(left)), strict=True))
                                     for k, f in (("icm", icm), ("chip-chop", chip_chop))}
        for name in names:
            entry = self.by_name(name)
            if entry.kind == "bot" and self.deal_open():
                self.accept_deal(entry.id, deal["number"])
        return dict(self.deal)

    def ask_for_deal(self, kind: str, now: float) -> None:
        """The players ask for a deal while the hands are dealt (online): it is offered
        (:meth:`offer_deal`) as soon as every table is between hands, and no hand is dealt until then.
        Refused at once (:class:`TournamentError`) when it could not be offered then either."""
        if kind not in DEAL_KINDS:
            raise TournamentError(f"kind: one of {', '.join(DEAL_KINDS)}, not {kind!r}")
        if not any(t.live for t in self.tables.values()):
            self.offer_deal(kind, now)
            return
        if not self.started or self.finished or self.deal_open() or self.deal_asked is not None:
            raise TournamentError("a deal is asked for during the tournament, one at a time")
        if self.rebuys_open() or self.registration_open():
            raise TournamentError("a deal waits until registration and rebuys are closed")
        if not 2 <= len(self.playing()) <= MAX_DEAL_PLAYERS:
            raise TournamentError(f"a deal is for 2 to {MAX_DEAL_PLAYERS} players still in, not {len(self.playing())}")
        self.deal_asked = kind
        self.log.append(f"a deal ({kind}) is asked for: no new hand until it is offered")

    def _offer_asked_deal(self, now: float) -> None:
        """Offer the deal asked for once every table is between hands (one that cannot be offered any
        more, say the players left went down to one, is dropped)."""
        kind = self.deal_asked
        if kind is None or any(t.live for t in self.tables.values()):
            return
        self.deal_asked = None
        try:
            self.offer_deal(kind, now)
        except TournamentError as exc:
            self.log.append(f"the deal asked for is not offered: {exc}")

    def accept_deal(self, entry_id: int, number: int) -> bool:
        """``entry_id`` accepts proposal ``number``; whether the deal is now made (everyone accepted)."""
        entry = self.entry(entry_id)
        deal = self.deal
        if deal is None or deal["made"] or deal["number"] != number:
            raise TournamentError(f"deal {number} is not on the table")
        if entry.name not in deal["amounts"]:
            raise TournamentError(f"{entry.name} is not in deal {number}")
        if entry.name not in deal["accepted"]:
            deal["accepted"].append(entry.name)
        if set(deal["accepted"]) != set(deal["amounts"]):
            return False
        self._make_deal()
        return True

    def deal_open(self) -> bool:
        """Whether a proposal waits for answers (no hand is dealt meanwhile)."""
        return self.deal is not None and not self.deal["made"] and bool(self.deal["amounts"])

    def cancel_deal(self) -> None:
        """The host closes an open proposal (or one asked for, not yet offered); play goes on."""
        self.deal_asked = None
        if self.deal_open():
            assert self.deal is not None
            self.log.append(f"the host cancels deal {self.deal['number']}")
            self.deal = {**self.deal, "amounts": {}, "made": False, "cancelled": True}

    def decline_deal(self, entry_id: int) -> None:
        """Any player still in turns the proposal down."""
        entry = self.entry(entry_id)
        if self.deal is not None and not self.deal["made"] and entry.name in self.deal["amounts"]:
            self.log.append(f"{entry.name} declines deal {self.deal['number']}")
            self.deal = {**self.deal, "amounts": {}, "made": False, "declined": entry.name}

    def _check_deal_stands(self) -> None:
        """An open proposal lapses if the chips it was made on change (a late rebuy, a chip race)."""
        deal = self.deal
        if not self.deal_open() or deal is None:
            return
        stacks = self.stacks()
        if any(stacks.get(n) != c for n, c in deal["stacks"].items()) or \
                {e.name for e in self.playing()} != set(deal["stacks"]):
            self.log.append(f"deal {deal['number']} lapses: the chips changed")
            deal["amounts"] = {}

    def _make_deal(self) -> None:
        deal = self.deal
        assert deal is not None
        deal["made"] = True
        stacks = self.stacks()
        players = self.playing()
        self.eliminated.append([(e.name, stacks.get(e.name, 0)) for e in players])
        for entry in players:
            entry.bounties += self.config.bounty  # one's own bounty back
            entry.status = "out"
        self.chips_in_play -= sum(stacks.values())
        self.tables.clear()
        self.log.append(f"deal {deal['number']} made")
        self._place_everyone(dict(deal["amounts"]))


__all__ = ["DEAL_KINDS", "MAX_DEAL_PLAYERS", "Deals"]
