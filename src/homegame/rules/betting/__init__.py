"""Betting by Robert's Rules (RULES.md §1.4): the forced bets, who must act, what each seat may do,
and doing it.

The state is one record per hand, :class:`~homegame.rules.betting_state.Betting` (``hand.betting``, defined
beside the other records the rules share, below this package), written only by this package and read by
anyone. The package's modules, each read in one sitting:

- :mod:`~homegame.rules.betting.turns`: the seats clockwise, who may still bet, who acts next;
- :mod:`~homegame.rules.betting.amounts`: the legal actions and amounts (text and records);
- :mod:`~homegame.rules.betting.moves`: reading and carrying out a move, posting a forced bet;
- :mod:`~homegame.rules.betting.forced`: the antes, blinds and straddle when the hand is dealt;
- :mod:`~homegame.rules.betting.rounds`: a round from its start to its end, and the ``bet`` step's rule.
"""

from homegame.rules.betting.amounts import NUMBERS, holds_openers, legal, options, raise_range
from homegame.rules.betting.forced import forced_bets
from homegame.rules.betting.moves import act, call, check, fold, post, said, wager
from homegame.rules.betting.rounds import Bet, acted, end_round, hand_over, pass_out, round_over, start_round
from homegame.rules.betting.turns import clockwise, free_players, next_to_act, seat_rows
from homegame.rules.betting_state import Betting

__all__ = [
    "NUMBERS", "Bet", "Betting", "act", "acted", "call", "check", "clockwise", "end_round", "fold", "forced_bets",
    "free_players", "hand_over", "holds_openers", "legal", "next_to_act", "options", "pass_out", "post",
    "raise_range", "round_over", "said", "seat_rows", "start_round", "wager",
]
