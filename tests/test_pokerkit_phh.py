"""PHH export (issue 3, item 6): ``hand.phh()`` of finished holdem, omaha and stud hands loads in
PokerKit (``HandHistory.loads``) and replaying it reaches the same final stacks.

The hands are random hands played move for move on both engines (``test_pokerkit_support``) with
PokerKit's own fixed-limit cap in force, because stock PokerKit caps a round at four bets even heads-up
(Robert's Rules do not): a heads-up hand with more raises than that is right on homegame and cannot
load in PokerKit whatever the export writes.

Each export is checked twice: through ``HandHistory`` iteration (PokerKit's own way, which "repairs" a
history by inserting checks, folds and mucks when an action does not fit), and strictly, applying every
action with ``parse_action`` and letting only the dealer's chores (antes, blinds, burns, collecting,
pushing and pulling chips) happen between them, so that a history that needs repairing fails.
"""

from __future__ import annotations

import warnings

import pokerkit as pk
import pytest

import homegame as hg
from test_pokerkit_support import STUDS, Setup, assert_agrees, describe, run

HANDS = {("holdem", "no-limit"): 80, ("holdem", "fixed-limit"): 80, ("omaha", "fixed-limit"): 60,
         ("omaha", "pot-limit"): 40, ("stud", "fixed-limit"): 50, ("razz", "fixed-limit"): 40,
         ("stud-hi-lo", "fixed-limit"): 40}
VARIANTS = {("holdem", "no-limit"): "NT", ("holdem", "fixed-limit"): "FT", ("omaha", "fixed-limit"): "FO/8",
            ("omaha", "pot-limit"): "PO", ("stud", "fixed-limit"): "F7S", ("razz", "fixed-limit"): "FR",
            ("stud-hi-lo", "fixed-limit"): "F7S/8"}


def replay_strictly(text: str) -> pk.State:
    """Apply every PHH action in order; between actions only the dealer's chores may happen."""
    history = pk.HandHistory.loads(text)
    state = history.create_state()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a card dealt twice or chips burned is an error here
        for action in history.actions:
            chores(state)
            pk.notation.parse_action(state, action)
        chores(state)
    return state


def chores(state: pk.State) -> None:
    while True:
        if state.can_post_ante():
            state.post_ante()
        elif state.can_collect_bets():
            state.collect_bets()
        elif state.can_post_blind_or_straddle():
            state.post_blind_or_straddle()
        elif state.can_burn_card():
            state.burn_card("??")
        elif state.can_kill_hand():
            state.kill_hand()
        elif state.can_push_chips():
            state.push_chips()
        elif state.can_pull_chips():
            state.pull_chips()
        else:
            return


def final_stacks_by_seat(setup: Setup, state: pk.State) -> list[int]:
    return [state.stacks[setup.pk_index(s)] for s in range(setup.players)]


@pytest.mark.parametrize(("game", "structure"), sorted(HANDS))
def test_phh_export_replays_in_pokerkit(game: str, structure: str) -> None:
    count = HANDS[game, structure]
    tally, played = run(game, structure, count, players=(2, 7) if game in STUDS else (2, 6),
                        pokerkit_caps=True)
    assert_agrees(f"PHH {game} {structure} (played with PokerKit's caps)", tally, count)
    failures = []
    known = 0
    for setup, hand, kit in played:
        if not hand.over:  # a hand the differential run stopped at a known engine discrepancy
            continue
        text = hand.phh()
        history = pk.HandHistory.loads(text)
        assert history.variant == VARIANTS[game, structure]
        assert list(history.starting_stacks) == [setup.stacks[setup.seat(i)] for i in range(setup.players)]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            *_, loaded = iter(history)
        problems = []
        if final_stacks_by_seat(setup, loaded) != hand.stacks:
            problems.append(f"HandHistory replay ends with {final_stacks_by_seat(setup, loaded)}")
        try:
            strict = final_stacks_by_seat(setup, replay_strictly(text))
        except (ValueError, UserWarning) as error:
            problems.append(f"strict replay fails: {error}")
        else:
            if strict != hand.stacks:
                problems.append(f"strict replay ends with {strict}")
        if len(problems) == 1 and problems[0].startswith("strict") and kit.idle_checks:
            known += 1  # test_phh_writes_the_check_pokerkit_asks_for
            continue
        if problems:
            failures.append(f"{'; '.join(problems)}; homegame ends with {hand.stacks}\n    {describe(setup)}\n"
                            f"    actions: {hand.history.actions}\n{text}")
    print(f"    {sum(h.over for _, h, _ in played)} PHH exports replayed, {known} of them only leniently "
          "(known: test_phh_writes_the_check_pokerkit_asks_for)")
    assert not failures, "\n".join(failures[:3])


def test_phh_writes_the_check_pokerkit_asks_for() -> None:
    """Was a strict xfail, now fixed in the engine: PHH export: when everyone else has folded or is all in,
    PokerKit still asks the big blind to act  (a check) before the showdown; homegame rightly skips
    that turn, but the export must write it  ('p2 cc'). Without it PokerKit's HandHistory only
    replays the file by 'repairing' it (inserting the  check), and a strict replay fails with 'There
    is no player to showdown.'"""
    hand = hg.game("holdem").deal([2, 68, 5], stakes=hg.Stakes("no-limit", blinds=(1, 2)), button=2,
                                  hole={0: "Qs 5c", 1: "Ad As", 2: "Td 8d"}, board="Ts 6h 7h 3d 6c")
    hand.act(2, "fold")
    hand.act(0, "call")  # all in; the big blind (seat 1, p2) has nobody left to bet against
    assert hand.over
    state = replay_strictly(hand.phh())
    assert [state.stacks[(s - 2 - 1) % 3] for s in range(3)] == hand.stacks == [0, 70, 5]


def test_phh_text_fields() -> None:
    """A hand-checked export: heads-up no-limit with an ante, seats numbered from the button's left."""
    hand = hg.game("holdem").deal([100, 60], stakes=hg.Stakes("no-limit", ante=1, blinds=(1, 2)), button=1,
                                  hole={0: "As Kd", 1: "7c 7d"}, board="2c 9h Ts 3d Qs")
    for seat, action in [(1, "raise 6"), (0, "call"), (0, "check"), (1, "bet 10"), (0, "raise 53")]:
        hand.act(seat, action)
    hand.act(1, "call")
    history = pk.HandHistory.loads(hand.phh())
    assert history.variant == "NT"
    assert list(history.starting_stacks) == [100, 60]  # p1 is seat 0, left of the button (seat 1)
    assert list(history.antes) == [1, 1]
    assert history.min_bet == 2
    assert [a for a in history.actions if not a.startswith("d ")][:2] == ["p2 cbr 6", "p1 cc"]
    *_, final = iter(history)
    assert list(final.stacks) == hand.stacks


@pytest.mark.parametrize("name", ["passem", "sameem", "pass-the-trash", "three-hole"])
def test_phh_only_for_games_pokerkit_plays(name: str) -> None:
    game = hg.game(name)
    hand = game.deal([50] * 3, stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=3)
    with pytest.raises(ValueError, match="PHH"):
        hand.phh()


def test_phh_after_everyone_folds() -> None:
    hand = hg.game("stud").deal([30, 30, 30], stakes=hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2,
                                                               big_bet=4), seed=11)
    while not hand.over:
        seat = hand.to_act[0]
        hand.act(seat, hand.default_action(seat))  # the low card brings in; then fold or check
    state = replay_strictly(hand.phh())
    assert [state.stacks[(s - 1) % 3] for s in range(3)] == hand.stacks  # button 0: p1 is seat 1

