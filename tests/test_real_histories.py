"""Real PokerStars hand histories (issue 19, "Evidence": real hand histories shipped as test data): three
files of real cash-game hands (``tests/data/pokerstars/``, MIT, see its NOTICE). Every hand is imported or
refused with a named reason, and the chips are checked against what the text itself states: the pots go to
the players it says collected them, short by exactly the rake it states, and each player's stack at the
next hand is the stack homegame ends the hand with (a player may only have added chips in between)."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from homegame.records import pokerstars as ps
from homegame.records.phh_import import BadHistory

DATA = Path(__file__).parent / "data" / "pokerstars"
FILES = sorted(DATA.glob("*.txt"))

#: What may refuse a real hand, each a thing homegame does not play, said in the refusal's words: a big
#: blind posted out of turn by a newcomer, a dead blind, a pot PokerStars settled by All-in Cash Out.
REFUSALS = ("the big blind must be posted by", "no dead blinds or button blind", "All-in Cash Out")
#: Per file, how many hands are imported and how many are refused for each reason (counted by reading them).
EXPECTED = {
    "aksnes-ii-2020-04-16": {"imported": 25, "the big blind must be posted by": 4, "All-in Cash Out": 3},
    "caph-2020-04-17": {"imported": 47, "the big blind must be posted by": 1, "no dead blinds or button blind": 3,
                        "All-in Cash Out": 1},
    "mcnaught-2-2020-04-19": {"imported": 6},
}


def hands_of(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8-sig")
    return [h.strip() for h in re.split(r"\n\s*\n\s*\n", text) if h.strip().startswith("PokerStars")]


def cents(text: str, pattern: str) -> int:
    m = re.search(pattern, text)
    return int(Decimal(m.group(1)) * 100) if m else 0


def test_the_sample_is_real_and_whole() -> None:
    assert [len(hands_of(f)) for f in FILES] == [32, 52, 6]
    assert "Permission is hereby granted" in (DATA / "NOTICE.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_every_hand_imports_or_is_refused_by_name_and_the_chips_agree_with_the_text(path: Path) -> None:
    previous: dict[str, int] | None = None
    exact = chained = 0
    counts: dict[str, int] = {}
    for text in hands_of(path):
        head = text.splitlines()[0]
        try:
            hand = ps.from_pokerstars(text)
        except BadHistory as refusal:
            reason = next((words for words in REFUSALS if words in str(refusal)), str(refusal))
            counts[reason] = counts.get(reason, 0) + 1
            previous = None
            continue
        counts["imported"] = counts.get("imported", 0) + 1
        players, _ = ps._players(ps._lines(text))
        pots, back = ps.collected(text), ps.returned(text)
        won: dict[int, int] = {}
        for award in (hand.results or {}).get("awards", []):
            won[award["seat"]] = won.get(award["seat"], 0) + award["amount"]
        for seat, chips in back.items():
            won[seat] -= chips
        # the pots went to the players who collected them, each short by its part of the stated rake
        assert {s for s, c in won.items() if c} == {s for s, c in pots.items() if c}, head
        raked = {s: won.get(s, 0) - pots.get(s, 0) for s in range(len(players))}
        assert all(r >= 0 for r in raked.values()) and sum(raked.values()) == cents(text, r"Rake \$([\d.]+)"), head
        ends = {name: int(chips * 100) + hand.payoffs[i] - raked[i] for i, (_, name, chips) in enumerate(players)}
        if previous is not None:
            for _, name, chips in players:
                if name in previous:
                    chained += 1
                    assert int(chips * 100) >= previous[name], (head, name, previous[name], chips)
                    exact += int(chips * 100) == previous[name]
        previous = None if "Zoom" in head else ends  # at Zoom, players play hands elsewhere in between
    assert counts == EXPECTED[path.stem]
    assert exact >= 0.95 * chained, (exact, chained)


def test_an_uncalled_bet_returned_to_the_loser_is_not_a_pot_he_won() -> None:
    # LaiRaches71 bets all in, the short stack calls and wins; 1.51 comes back to the loser (failed before:
    # "no deal of the cards nobody showed gives the pots ...", the returned chips counted as a pot won)
    text = next(h for h in hands_of(DATA / "caph-2020-04-17.txt") if "#212184608818" in h.splitlines()[0])
    hand = ps.from_pokerstars(text)
    players, _ = ps._players(ps._lines(text))
    names = [name for _, name, _ in players]
    assert hand.payoffs[names.index("chuckspoon96")] == 222 - 99
    assert hand.payoffs[names.index("LaiRaches71")] == -99


def test_an_all_in_cash_out_is_refused_in_its_own_words() -> None:
    text = next(h for h in hands_of(DATA / "aksnes-ii-2020-04-16.txt") if "#212114422825" in h.splitlines()[0])
    with pytest.raises(BadHistory, match="All-in Cash Out"):
        ps.from_pokerstars(text)
