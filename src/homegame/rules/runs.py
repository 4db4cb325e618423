"""Running the board twice (issue 10): when every player still in is all in before the last community
card and all of them agreed (the hand option ``run_twice``), the rest of the board is dealt twice.

Each run turns the remaining board steps in order, burns included, and deals the hole cards that come
with the board (Same'Em's fourth and fifth) again for that run; the second run's cards come off the deck
after the first run's. Cards named in ``board=``/``hole=`` are the first run's. At the showdown every pot
is halved, the odd chip (in units of the hand's ``chip``) to the first run, and each half is settled on
its run's cards (:func:`homegame.rules.showdown.settle`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from homegame.rules import betting, dealing
from homegame.rules.errors import IllegalAction

if TYPE_CHECKING:
    from homegame.rules.state import HandState

_RUNNABLE = frozenset({"bet", "board", "deal", "showdown"})


def twice_now(h: HandState) -> bool:
    """The hand is at the point to run twice: betting is over for good (fewer than two players still
    in can bet), a community card is still to come, nothing but cards remains, and every player still
    in agreed."""
    agreed = h.options.run_twice
    if not agreed or h.run_checked or h.live < 2 or betting.free_players(h) > 1:
        return False
    steps = h.game.steps
    before, rest = steps[:h.step_index], steps[h.step_index:]
    if not any(s.kind == "bet" for s in before) or not any(s.kind == "board" for s in rest):
        return False
    if any(s.kind not in _RUNNABLE for s in rest):
        return False
    h.run_checked = True  # decided here, once: the first card after the betting is over for good
    if not all(s in agreed for s in range(h.players) if not h.folded[s]):
        return False
    counts = [rule.cards(s) for s, rule in zip(rest, h.game.step_rules[h.step_index:], strict=True)]
    need = sum(c.board + c.burned + c.dealt * h.live for c in counts)
    if h.dealer.deck.left() < 2 * need:  # a big Same'Em table: not enough cards for two runs
        h.log("run", None, "Not enough cards left to run it twice: the board is run once")
        return False
    return True


def run_twice(h: HandState) -> None:
    """Deal the rest of the hand's cards twice; keep each run's board and cards in ``h.runs`` (the hand's
    ``board`` and ``cards`` are then the first run's)."""
    steps = h.game.steps[h.step_index:]
    board0 = len(h.board)
    held = [len(c) for c in h.cards]
    kept = dealing.presets(h)
    h.log("run", None, "Every player still in agreed: the board is run twice")
    runs: list[tuple[list[int], list[list[int]]]] = []
    for run in (1, 2):
        if run == 2:  # back to where the runs part: the second run's cards all come off the deck
            del h.board[board0:]
            for s in range(h.players):
                del h.cards[s][held[s]:]
                del h.faceup[s][held[s]:]
            dealing.second_run(h, kept, board0)
        h.log("run", None, "Run {}", run)
        for step in steps:
            if step.kind == "deal":
                dealing.deal(h, step)
            elif step.kind == "board":
                dealing.turn_board(h, step)
        runs.append((list(h.board), [list(c) for c in h.cards]))
    dealing.runs_dealt(h, kept)
    h.runs = runs
    h.board = list(runs[0][0])
    h.cards = [list(c) for c in runs[0][1]]
    h.step_index = len(h.game.steps) - 1


def agree(h: HandState, seat: int, yes: bool) -> None:
    """Record a seat's agreement to run it twice (or its withdrawal) before the point where it is
    decided; the table asks, for example, once a player is all in or faces an all in."""
    if type(seat) is not int or not 0 <= seat < h.players:
        raise IllegalAction(f"{seat!r} is not a seat: seats are 0 to {h.players - 1}")
    if type(yes) is not bool:
        raise IllegalAction(f"agree is true or false, not {yes!r}")
    if not any(s.kind == "board" for s in h.game.steps):
        raise IllegalAction(f"{h.game.name} has no community cards to run twice")
    if h.over or h.run_checked:
        raise IllegalAction("too late to agree to run it twice: the board has already been dealt out")
    if h.folded[seat]:
        raise IllegalAction(f"seat {seat} has folded: only players in the pot agree to run it twice")
    seats = set(h.options.run_twice)
    if yes:
        seats.add(seat)
    else:
        seats.discard(seat)
    h.options = replace(h.options, run_twice=tuple(sorted(seats)))
    h.agreements.append((len(h.actions), seat, yes))
    h.log("agree", seat, "Seat {} {} to run it twice", seat, "agrees" if yes else "does not agree")
