"""Machinery for the differential tests against PokerKit (issue 3): no tests of its own.

A hand is set up once (:class:`Setup`: game, stakes, stacks, button and every card), dealt on homegame
with ``hole=``/``board=`` presets and on PokerKit with the same cards dealt explicitly, then played move
for move by :func:`play`: at each decision the seat to act, the stacks, the bets, the call amount and the
bet/raise range are compared, a random action legal on both is chosen, and at the end the payoffs.

Seats. PokerKit numbers players from the seat left of the button (its index 0, PHH's ``p1``) round to
the button; heads-up it swaps the blinds so the button posts the small blind, as RULES.md §1.3 says.

Where PokerKit follows its own convention rather than Robert's Rules (RULES.md §1 is our spec), the
comparison is aligned and the case is counted under a ``pokerkit:`` label, not failed:

- fixed-limit raises: PokerKit caps a round at four bets *not counting the big blind* and also
  heads-up, and lets a short all-in reopen nothing unless the all-ins add up to a full bet. Robert's
  Rules (betting and raising, rules 3-6) count the big blind as the bet, lift the cap heads-up (unless it
  was reached with three or more players), treat an all-in of half a bet or more as a full bet, and let a
  player facing an all-in of less than half a bet *complete* the wager (to the last full wager plus a
  bet). So in fixed-limit PokerKit's cap is switched off and homegame's raises are judged by
  :class:`RaiseReference`, an independent model of those rules; a raise is chosen only at totals that
  homegame, PokerKit and the reference all allow.
- PokerKit 0.7's ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` is declared pot-limit; the state
  is built with the fixed-limit structure instead.
- a high-low side pot in which no eligible hand has a low, while a hand outside that pot does: PokerKit
  still splits it high/low and shares the low half among the pot's players (all "tied" at no low), or
  burns it; RULES.md §2 gives the whole pot to the high hand. Such hands are counted, homegame's
  payoffs checked to sum to zero, and PokerKit's payoffs not compared.
- a tie of three or more with two or more odd chips: PokerKit gives every odd chip to the first winner
  left of the button, RULES.md §1.10 one at a time. Such payoff differences are counted, not failed.
- PokerKit merges pots that the same players contend before splitting them, so a split pot's odd chips
  are shared once rather than pot by pot (RULES.md §1.9: every pot is settled separately). Counted.
- pot- and no-limit: PokerKit measures a round's first short all-in (under the big blind or the minimum
  bet) against 0, so it reopens the betting for players who have acted; Robert's Rules (no-limit rule
  3) and homegame do not. PokerKit's extra raise is not chosen; counted.
- PokerKit asks for a check from a seat whose bet is matched when nobody left can bet against it (the
  big blind after everyone else folded or went all in); homegame moves on. The check is played on
  PokerKit alone (:func:`_idle_checks`); counted.
- forced bets all in (:func:`forced_bet_convention`): the engines part ways and the hand is not compared
  past that point; counted.
- heads-up with equal blinds PokerKit takes the button's blind for the big one, so such setups are only
  dealt with three or more players.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

import pokerkit as pk

import homegame as hg
from test_pokerkit_reference import RaiseReference

RANKS = "23456789TJQKA"
DECK = [r + s for r in RANKS for s in "cdhs"]

# PokerKit deals and shows nothing by itself here: every card comes from the Setup, and every hand
# reaching the showdown is shown (RULES.md §1.9 "every hand still in is shown").
AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.RUNOUT_COUNT_SELECTION,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
)


@dataclass
class Setup:
    """Everything that decides a hand before the first action."""

    game: str  # holdem | omaha (high-low in fixed-limit, high in pot-limit) | stud | razz | stud-hi-lo
    # | five-card-draw | 27-triple-draw (hole: the first five; each draw's replacements are appended as dealt)
    stakes: hg.Stakes
    stacks: list[int]  # by homegame seat
    button: int
    hole: dict[int, list[str]]  # every card each seat receives, in order
    board: list[str]

    @property
    def players(self) -> int:
        return len(self.stacks)

    def pk_index(self, seat: int) -> int:
        return (seat - self.button - 1) % self.players

    def seat(self, index: int) -> int:
        return (index + self.button + 1) % self.players


@dataclass
class Tally:
    """What a run of hands compared and found."""

    hands: int = 0
    decisions: int = 0
    showdowns: int = 0
    side_pots: int = 0
    bring_ins: int = 0  # stud: the low card posted the bring-in
    completions: int = 0  # stud: the low card completed instead
    draws: int = 0  # draw games: seats that drew (or stood pat)
    stopped: int = 0  # hands not compared to the end: see forced_bet_convention
    conventions: Counter[str] = field(default_factory=Counter)
    discrepancies: list[str] = field(default_factory=list)

    def differ(self, setup: Setup, hand: hg.Hand, what: str) -> None:
        self.discrepancies.append(f"{what}\n    setup: {describe(setup)}\n    actions: {hand.history.actions}")


def describe(setup: Setup) -> str:
    """The setup as the Python that deals it on homegame."""
    hole = {s: " ".join(c) for s, c in sorted(setup.hole.items())}
    kw = ", split='high-low'" if _high_low(setup) and setup.game == "omaha" else ""
    return (f"hg.game({setup.game!r}{kw}).deal({setup.stacks}, stakes=hg.{setup.stakes!r}, "
            f"button={setup.button}, hole={hole}, board={' '.join(setup.board)!r})")


STUDS = ("stud", "razz", "stud-hi-lo")
DRAWS = ("five-card-draw", "27-triple-draw")


def _high_low(setup: Setup) -> bool:
    return (setup.game == "omaha" and setup.stakes.structure == "fixed-limit") or setup.game in ("stud-hi-lo",
                                                                                                 "big-o")


def homegame_game(setup: Setup) -> Any:
    if setup.game == "omaha" and _high_low(setup):
        return hg.game(setup.game, split="high-low")
    return hg.game(setup.game)


def deal_homegame(setup: Setup) -> hg.Hand:
    return homegame_game(setup).deal(
        setup.stacks, stakes=setup.stakes, button=setup.button,
        hole={s: " ".join(c) for s, c in setup.hole.items()},
        board=" ".join(setup.board) if setup.board else None)


def pokerkit_state(setup: Setup, *, pokerkit_caps: bool = False) -> pk.State:
    """A PokerKit state for the setup, before any card is dealt; fixed-limit without PokerKit's cap on
    raises unless ``pokerkit_caps`` (hands meant to load in stock PokerKit from PHH need it)."""
    st, n = setup.stakes, setup.players
    fixed = st.structure == "fixed-limit"
    definition: Any
    if setup.game in DRAWS:
        definition = _draw_definition(setup)
    elif setup.game == "big-o":
        definition = _big_o(setup)
    elif setup.game == "holdem" and not fixed:
        definition = pk.NoLimitTexasHoldem(AUTOMATIONS, True, st.ante, st.blinds, st.min_bet)
    elif setup.game == "holdem":
        definition = pk.FixedLimitTexasHoldem(AUTOMATIONS, True, st.ante, st.blinds, st.small_bet, st.big_bet)
    elif setup.game == "omaha" and not fixed:
        definition = pk.PotLimitOmahaHoldem(AUTOMATIONS, True, st.ante, st.blinds, st.min_bet)
    elif setup.game == "omaha":
        definition = pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter(
            AUTOMATIONS, True, st.ante, st.blinds, st.small_bet, st.big_bet)
        definition.betting_structure = pk.BettingStructure.FIXED_LIMIT  # 0.7 declares it pot-limit
    else:
        kind = {"stud": pk.FixedLimitSevenCardStud, "razz": pk.FixedLimitRazz,
                "stud-hi-lo": pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter}[setup.game]
        definition = kind(AUTOMATIONS, True, st.ante, st.bring_in, st.small_bet, st.big_bet)
    if fixed and not pokerkit_caps:  # the cap is judged by RaiseReference (Robert's Rules), see the module docstring
        definition.streets = tuple(replace(s, max_completion_betting_or_raising_count=None)
                                   for s in definition.streets)
    return definition([setup.stacks[setup.seat(i)] for i in range(n)], n)


def _big_o(setup: Setup) -> Any:
    """Big O (five-card Omaha high-low, fixed-limit): PokerKit's Omaha hi-lo with a fifth hole card."""
    st = setup.stakes
    base = pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter(AUTOMATIONS, True, st.ante, st.blinds,
                                                             st.small_bet, st.big_bet)

    class BigO:
        streets = (replace(base.streets[0], hole_dealing_statuses=(False,) * 5), *base.streets[1:])

        def __call__(self, stacks: list[int], n: int) -> pk.State:
            return pk.State(AUTOMATIONS, pk.Deck.STANDARD, base.hand_types, self.streets,
                            pk.BettingStructure.FIXED_LIMIT, True, st.ante, st.blinds, 0, stacks, n)

    return BigO()


def _draw_definition(setup: Setup) -> Any:
    st = setup.stakes
    if setup.game == "27-triple-draw":
        return pk.FixedLimitDeuceToSevenLowballTripleDraw(AUTOMATIONS, True, st.ante, st.blinds, st.small_bet,
                                                          st.big_bet)

    class FiveCardDraw:
        """Fixed-limit five-card draw, high: PokerKit has no such class, so its streets are declared."""

        streets = (pk.Street(False, (False,) * 5, 0, False, pk.Opening.POSITION, st.small_bet, 4),
                   pk.Street(True, (), 0, True, pk.Opening.POSITION, st.big_bet, 4))

        def __call__(self, stacks: list[int], n: int) -> pk.State:
            return pk.State(AUTOMATIONS, pk.Deck.STANDARD, (pk.StandardHighHand,), self.streets,
                            pk.BettingStructure.FIXED_LIMIT, True, st.ante, st.blinds, 0, stacks, n)

    return FiveCardDraw()


# --------------------------------------------------------------------------- random setups
def random_stacks(rng: random.Random, n: int, floor: int, unit: int) -> list[int]:
    """Stacks that make side pots likely: some short, some deep, sometimes equal."""
    out = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.35:
            out.append(rng.randint(floor, floor + 6 * unit))
        elif kind < 0.5:
            out.append(floor + 10 * unit)
        else:
            out.append(rng.randint(floor, floor + 60 * unit))
    return out


def random_setup(rng: random.Random, game: str, structure: str, players: tuple[int, int] = (2, 6), *,
                 short: bool = False) -> Setup:
    """A random hand. Stacks cover the forced bets unless ``short``: then about a third of the players
    have only 1 to a few chips more than the ante and blind, and may be all in on them."""
    n = rng.randint(*players)
    ante = rng.choice([0, 0, 0, 1])
    if game in DRAWS or game == "big-o":
        stakes = hg.Stakes("fixed-limit", ante=ante, blinds=(1, 2), small_bet=2, big_bet=4)
        floor, unit = ante + 2, 4
    elif game in STUDS:
        stakes = hg.Stakes("fixed-limit", ante=ante or 1, bring_in=1, small_bet=2, big_bet=4)
        floor, unit = stakes.ante + 2, 4
    elif structure in ("no-limit", "pot-limit"):
        # equal blinds only with three or more: heads-up PokerKit tells the big blind by its size
        sb, bb = rng.choice([(1, 2), (1, 2), (2, 4), (5, 10)] + ([(2, 2)] if n > 2 else []))
        stakes = hg.Stakes(structure, ante=ante, blinds=(sb, bb))
        floor, unit = ante + bb, bb
    else:
        stakes = hg.Stakes("fixed-limit", ante=ante, blinds=(1, 2), small_bet=2, big_bet=4)
        floor, unit = ante + 2, 4
    deck = list(DECK)
    rng.shuffle(deck)
    per_seat = 7 if game in STUDS else 5 if game in DRAWS else {"holdem": 2, "omaha": 4, "big-o": 5}[game]
    hole = {s: [deck.pop() for _ in range(per_seat)] for s in range(n)}
    board = [] if game in STUDS or game in DRAWS else [deck.pop() for _ in range(5)]
    stacks = random_stacks(rng, n, floor, unit)
    if short:
        stacks = [rng.randint(1, floor + 1) if rng.random() < 0.3 else s for s in stacks]
    return Setup(game, stakes, stacks, rng.randrange(n), hole, board)


# --------------------------------------------------------------------------- playing one hand
def parse_legal(legal: list[str]) -> tuple[int | None, tuple[int, int] | None]:
    """(the cost of a call, 0 for a check; the smallest and largest bet/raise total or None)."""
    call: int | None = None
    rng: tuple[int, int] | None = None
    for item in legal:
        verb, *rest = item.split()
        if verb == "check":
            call = 0
        elif verb == "call":
            call = int(rest[0])
        elif verb in ("bet", "raise"):
            lo, _, hi = rest[0].partition("..")
            rng = (int(lo), int(hi or lo))
    return call, rng


class PokerKitDriver:
    """Deals the setup's cards into a PokerKit state and shows every hand at the showdown."""

    def __init__(self, setup: Setup, *, pokerkit_caps: bool = False) -> None:
        self.setup = setup
        self.state = pokerkit_state(setup, pokerkit_caps=pokerkit_caps)
        self.board_pos = 0
        self.idle_checks = 0  # checks PokerKit asked for that homegame skips (see _idle_checks)
        self.dealt = Counter[int]()  # cards dealt to each PokerKit player (draws take cards away)
        self.warnings: list[str] = []
        self.advance()

    def run(self, operation: Any, *args: Any) -> Any:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = operation(*args)
            self.advance()
        self.warnings += [str(w.message) for w in caught]
        return result

    def advance(self) -> None:
        s, setup = self.state, self.setup
        while s.status:
            if s.can_post_bring_in():
                break  # the low card chooses: post the bring-in or complete (see play)
            if s.can_burn_card("??"):
                s.burn_card("??")
            elif s.can_deal_hole():
                i = s.hole_dealee_index
                have, owed = self.dealt[i], len(s.hole_dealing_statuses[i])
                s.deal_hole("".join(setup.hole[setup.seat(i)][have:have + owed]), i)
                self.dealt[i] += owed
            elif s.can_deal_board():
                count = s.board_dealing_count
                s.deal_board("".join(setup.board[self.board_pos:self.board_pos + count]))
                self.board_pos += count
            elif s.can_show_or_muck_hole_cards():
                s.show_or_muck_hole_cards(True)
            else:
                break

    def raise_range(self) -> tuple[int, int] | None:
        lo = self.state.min_completion_betting_or_raising_to_amount
        hi = self.state.max_completion_betting_or_raising_to_amount
        return None if lo is None or hi is None else (lo, hi)


def choose(rng: random.Random, call: int | None, totals: list[int]) -> tuple[str, int]:
    """A random action: ('fold' | 'call' | 'raise', total)."""
    r = rng.random()
    if totals and r < 0.35:
        return "raise", rng.choice(totals)
    if call and r < 0.5:
        return "fold", 0
    return "call", 0


def raise_choices(rng: random.Random, lo: int, hi: int) -> list[int]:
    """A few totals from a range: the least, the most (all in) and one between."""
    return sorted({lo, hi, rng.randint(lo, hi), min(hi, lo + (hi - lo) // 4)})


def play(setup: Setup, rng: random.Random, tally: Tally, *,
         pokerkit_caps: bool = False) -> tuple[hg.Hand, PokerKitDriver]:
    """Play the setup on both engines move for move, comparing as it goes (see the module docstring)."""
    hand = deal_homegame(setup)
    kit = PokerKitDriver(setup, pokerkit_caps=pokerkit_caps)
    state = kit.state
    reference = RaiseReference(setup.stakes.structure)
    street = -1
    tally.hands += 1
    while not hand.over:
        seat = hand.to_act[0]
        i = setup.pk_index(seat)
        tally.decisions += 1
        _idle_checks(setup, hand, kit, tally)
        if hand.step is not None and hand.step.kind == "draw":
            if not _draw(setup, hand, kit, rng, tally):
                return hand, kit
            continue
        if state.actor_index != i:
            _diverged(setup, hand, state, tally, f"seat to act: homegame seat {seat}, PokerKit seat "
                      f"{None if state.actor_index is None else setup.seat(state.actor_index)}")
            return hand, kit
        stacks = [state.stacks[setup.pk_index(s)] for s in range(setup.players)]
        bets = [state.bets[setup.pk_index(s)] for s in range(setup.players)]
        if hand.stacks != stacks or hand.bets != bets:
            _diverged(setup, hand, state, tally, f"stacks/bets: homegame {hand.stacks}/{hand.bets}, "
                      f"PokerKit {stacks}/{bets}")
            return hand, kit
        if state.street_index != street:
            street = state.street_index
            _start_round(setup, hand, state, reference)
        call, hg_range = parse_legal(hand.legal(seat))
        # the stud low card posts the bring-in ("call" on homegame, post_bring_in on PokerKit) or completes
        bring_in = state.can_post_bring_in()
        kit_call = state.effective_bring_in_amount if bring_in else state.checking_or_calling_amount
        if bring_in and "fold" in hand.legal(seat):
            _diverged(setup, hand, state, tally, f"seat {seat} may fold instead of bringing in")
            return hand, kit
        if call != kit_call:
            _diverged(setup, hand, state, tally, f"seat {seat} call: homegame {call}, PokerKit {kit_call}")
            return hand, kit
        totals = _comparable_raises(setup, hand, seat, hg_range, kit, reference, tally, rng)
        kind, total = choose(rng, call, totals)
        if bring_in and kind != "raise":
            hand.act(seat, "call")
            kit.run(state.post_bring_in)
            tally.bring_ins += 1
            reference.called(seat, forced=True)
        elif bring_in:
            hand.act(seat, f"bet {total}")
            kit.run(state.complete_bet_or_raise_to, total)
            tally.completions += 1
            live = sum(1 for s in range(setup.players) if not hand.folded[s] and hand.stacks[s] > 0)
            reference.raised(seat, total, live)
        elif kind == "fold":
            hand.act(seat, "fold")
            kit.run(state.fold)
        elif kind == "call":
            hand.act(seat, "call" if call else "check")
            kit.run(state.check_or_call)
            reference.called(seat)
        else:
            hand.act(seat, f"{'bet' if max(bets) == 0 else 'raise'} {total}")
            kit.run(state.complete_bet_or_raise_to, total)
            live = sum(1 for s in range(setup.players) if not hand.folded[s] and hand.stacks[s] > 0)
            reference.raised(seat, total, live)
    _idle_checks(setup, hand, kit, tally)
    if state.status:
        tally.differ(setup, hand, "homegame's hand is over, PokerKit's is not")
        return hand, kit
    _compare_payoffs(setup, hand, kit, tally)
    results = hand.results or {}
    tally.showdowns += len(results.get("shown", {})) >= 2
    tally.side_pots += len(hand.view(None)["pots"]) >= 2
    return hand, kit


def _draw(setup: Setup, hand: hg.Hand, kit: PokerKitDriver, rng: random.Random, tally: Tally) -> bool:
    """One seat's draw on both engines: a random number of random cards; PokerKit is dealt the
    replacements homegame dealt. False if the engines disagree on who draws."""
    state, seat = kit.state, hand.to_act[0]
    step = hand.step
    assert step is not None
    if state.stand_patter_or_discarder_index != setup.pk_index(seat):
        tally.differ(setup, hand, f"seat to draw: homegame seat {seat}, PokerKit index "
                     f"{state.stand_patter_or_discarder_index}")
        return False
    held = hand.view(seat)["cards"]
    k = rng.choice([0, 0, 1, 2, 3, min(step.count, len(held))])
    out = rng.sample(held, k)
    hand.act(seat, " ".join(["discard", *out]))
    if k:
        setup.hole[seat] = setup.hole[seat] + hand.view(seat)["cards"][-k:]
    kit.run(state.stand_pat_or_discard, "".join(out))
    tally.draws += 1
    return True


def _diverged(setup: Setup, hand: hg.Hand, state: pk.State, tally: Tally, what: str) -> None:
    """The engines part ways: a known convention about forced bets all in (the hand is then not
    compared further), else a discrepancy."""
    label = forced_bet_convention(setup, hand, state)
    if label is None:
        tally.differ(setup, hand, what)
    else:
        tally.conventions[label] += 1
        tally.stopped += 1


def forced_bet_convention(setup: Setup, hand: hg.Hand, state: pk.State) -> str | None:
    """Where a player is all in on a forced bet, the two engines follow different conventions and the
    hand cannot be mirrored past that point:

    - a big blind all in for less than the blind: homegame, like the usual cardroom rule, keeps the
      full big blind as the amount to call before the flop; PokerKit asks only what was posted;
    - stud, the lowest card up belongs to a player all in from the ante: homegame has nobody bring in
      (the next player may check or bet); PokerKit makes the next player bring in. Robert's Rules and
      RULES.md are silent; reported to the lead as an open question.
    """
    st = setup.stakes
    if [step.kind for step in hand.game.steps[:hand.step_index]].count("bet"):
        return None  # past the first betting round
    if st.blinds:
        big = next((e for e in hand.events if e["type"] == "blind" and "big" in e["text"]), None)
        if big is not None and int(big["text"].split()[-1]) < st.blinds[1]:
            return "pokerkit: a big blind all in for less is called at what was posted, not the full blind"
    if setup.game in STUDS:
        up = {s: min(c for c, f in zip(hand.cards[s], hand.faceup[s], strict=True) if f)
              for s in range(setup.players)}
        low = min(up, key=lambda s: up[s])
        if setup.game == "razz":  # the highest card brings in, aces low
            low = max(up, key=lambda s: (up[s] + 4) % 52)
        if hand.starting[low] <= st.ante:
            return "open question: stud low card all in from the ante; PokerKit makes the next seat bring in"
    return None


def _idle_checks(setup: Setup, hand: hg.Hand, kit: PokerKitDriver, tally: Tally) -> None:
    """PokerKit asks a seat whose bet is matched to act even when nobody left can bet against it (for
    example the big blind after everyone else folded or went all in); homegame, like a dealer, moves on.
    Nothing can change by that seat's action but a check: play it on PokerKit."""
    state = kit.state
    while (state.actor_index is not None and state.checking_or_calling_amount == 0
           and kit.raise_range() is None
           and (hand.over or state.actor_index != setup.pk_index(hand.to_act[0]))):
        tally.conventions["pokerkit: asks for a check from a seat nobody can bet against"] += 1
        kit.idle_checks += 1
        kit.run(state.check_or_call)


def _start_round(setup: Setup, hand: hg.Hand, state: pk.State, reference: RaiseReference) -> None:
    st = setup.stakes
    size = (state.streets[state.street_index].min_completion_betting_or_raising_amount
            if st.structure == "fixed-limit" else st.min_bet)
    if state.street_index == 0 and st.blinds:
        reference.start(size, big_blind=st.blinds[1])
    elif state.street_index == 0 and state.can_post_bring_in():
        reference.start(size, bring_in=st.bring_in)
    else:
        reference.start(size)


def _comparable_raises(setup: Setup, hand: hg.Hand, seat: int, hg_range: tuple[int, int] | None,
                       kit: PokerKitDriver, reference: RaiseReference, tally: Tally,
                       rng: random.Random) -> list[int]:
    """Compare the bet/raise options of homegame with Robert's Rules and PokerKit's with both; return
    totals legal on both engines."""
    # a raise needs someone else who could put more chips in (Robert's Rules are silent; both engines)
    to_match = setup.stakes.bring_in if kit.state.can_post_bring_in() else max(hand.bets)
    others = any(o != seat and not hand.folded[o] and hand.stacks[o] + hand.bets[o] > to_match
                 for o in range(setup.players))
    pot = sum(setup.stacks) - sum(hand.stacks)
    ref = reference.raise_range(seat, hand.stacks[seat], hand.bets[seat], others, pot)
    kit_range = kit.raise_range()
    if hg_range != ref:
        tally.differ(setup, hand, f"seat {seat} bet/raise range: homegame {hg_range}, Robert's Rules {ref}")
        return []
    if kit_range != ref:
        tally.conventions[pokerkit_convention(setup, kit, ref, kit_range)] += 1
    if ref is None or kit_range is None or hg_range is None:
        return []
    lo, hi = max(ref[0], kit_range[0], hg_range[0]), min(ref[1], kit_range[1], hg_range[1])
    return raise_choices(rng, lo, hi) if lo <= hi else []


def pokerkit_convention(setup: Setup, driver: PokerKitDriver, ref: tuple[int, int] | None,
                        kit: tuple[int, int] | None) -> str:
    """A label for a PokerKit raise option that differs from Robert's Rules (see the module docstring)."""
    state = driver.state
    if setup.stakes.structure == "fixed-limit":
        cap = state.streets[state.street_index].max_completion_betting_or_raising_count
        if ref is None:
            return ("pokerkit: fixed-limit raise allowed past Robert's Rules (PokerKit's cap off, or four "
                    "raises over the big blind)")
        if kit is None and state.completion_betting_or_raising_count == cap:
            return "pokerkit: caps heads-up too, and counts short all-ins towards the cap"
        if kit is None:
            return "pokerkit: an all-in of half a bet or more does not reopen the betting"
        return "pokerkit: facing an all-in under half a bet, raises over it rather than completing"
    if ref is None and kit is not None:
        return ("pokerkit: the round's first short all-in (under the big blind or the minimum bet) reopens "
                "the betting: it measures it against 0")
    return f"pokerkit: no-limit raise range {kit}, Robert's Rules {ref}"


def _compare_payoffs(setup: Setup, hand: hg.Hand, kit: PokerKitDriver, tally: Tally) -> None:
    state = kit.state
    mine = hand.payoffs
    theirs = [state.stacks[setup.pk_index(s)] - setup.stacks[s] for s in range(setup.players)]
    if sum(mine) != 0:
        tally.differ(setup, hand, f"homegame payoffs {mine} do not sum to 0")
    if mine == theirs:
        return
    if _low_half_nobody_can_win(setup, hand, state):
        tally.conventions["pokerkit: splits a pot high/low though nobody in it has a low"] += 1
        return
    diff = [a - b for a, b in zip(mine, theirs, strict=True)]
    if sum(diff) == 0 and max(map(abs, diff)) <= 1 and _lumped_odd_chips(state):
        tally.conventions["pokerkit: gives every odd chip to the first tied winner"] += 1
        return
    pots = len(hand.view(None)["pots"])
    pushed = {op.pot_index for op in state.operations if isinstance(op, pk.ChipsPushing)}
    if sum(diff) == 0 and max(map(abs, diff)) < pots and len(pushed) < pots:
        tally.conventions["pokerkit: merges pots with the same contenders, so splits odd chips once"] += 1
        return
    tally.differ(setup, hand, f"payoffs: homegame {mine}, PokerKit {theirs}")


def _low_half_nobody_can_win(setup: Setup, hand: hg.Hand, state: pk.State) -> bool:
    """A high-low pot (a side pot) none of whose players has a qualifying low while a player outside it
    has one: PokerKit decides to split by the low hands of all players, then shares the low half
    among the pot's players (all tied at no low) or burns it; RULES.md §2 gives it all to the high hand.
    PokerKit's own hand values are used to tell."""
    if not _high_low(setup) or len(state.hand_types) < 2:
        return False
    lows = {s: state.get_hand(setup.pk_index(s), 0, 1) for s in range(setup.players) if not hand.folded[s]}
    if all(v is None for v in lows.values()):
        return False
    return any(len(p["eligible"]) > 1 and all(lows.get(s) is None for s in p["eligible"])
               for p in hand.view(None)["pots"])


def _lumped_odd_chips(state: pk.State) -> bool:
    """PokerKit pushed some pot to three or more winners with two or more odd chips."""
    for op in state.operations:
        if isinstance(op, pk.ChipsPushing):
            paid = [a for a in op.amounts if a]
            if len(paid) >= 3 and max(paid) - min(paid) >= 2:
                return True
    return False


def mirror(setup: Setup, actions: list[tuple[int, str]]) -> tuple[hg.Hand, PokerKitDriver]:
    """Deal the setup on both engines and play the same actions (homegame's text) on both."""
    hand = deal_homegame(setup)
    kit = PokerKitDriver(setup)
    for seat, action in actions:
        assert kit.state.actor_index == setup.pk_index(seat), f"PokerKit expects another seat than {seat}"
        hand.act(seat, action)
        verb, *rest = action.split()
        if verb == "fold":
            kit.run(kit.state.fold)
        elif verb == "call" and kit.state.can_post_bring_in():
            kit.run(kit.state.post_bring_in)
        elif verb in ("check", "call"):
            kit.run(kit.state.check_or_call)
        else:
            kit.run(kit.state.complete_bet_or_raise_to, int(rest[0]))
    return hand, kit


def run(game: str, structure: str, hands: int, *, players: tuple[int, int] = (2, 6),
        pokerkit_caps: bool = False, short: bool = False,
        ) -> tuple[Tally, list[tuple[Setup, hg.Hand, PokerKitDriver]]]:
    """Play ``hands`` random hands (seeds fixed by game, structure and number) on both engines."""
    tally = Tally()
    played = []
    for number in range(hands):
        rng = random.Random(f"{game}/{structure}/{number}{'/short' if short else ''}")
        setup = random_setup(rng, game, structure, players, short=short)
        hand, kit = play(setup, rng, tally, pokerkit_caps=pokerkit_caps)
        played.append((setup, hand, kit))
    return tally, played


def summary(name: str, tally: Tally) -> str:
    """One paragraph for the test log: what was compared, what PokerKit does its own way."""
    lines = [f"{name}: {tally.hands} hands, {tally.decisions} decisions compared, {tally.showdowns} "
             f"showdowns, {tally.side_pots} with side pots, {tally.stopped} stopped at a forced-bet "
             f"convention, {len(tally.discrepancies)} discrepancies"]
    lines += [f"    {count:5d} x {label}" for label, count in sorted(tally.conventions.items())]
    return "\n".join(lines)


def assert_agrees(name: str, tally: Tally, hands: int) -> None:
    """Every hand played to the end on both engines with nothing unexplained."""
    print(summary(name, tally))
    assert tally.hands == hands
    assert not tally.discrepancies, "\n".join(tally.discrepancies[:5])
    assert tally.showdowns >= hands // 5, "too few showdowns to compare hand values"
    assert tally.side_pots >= hands // 20, "too few side pots"
