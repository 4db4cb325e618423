"""Odds by playing out the rest of the hand through the engine (docs/odds.md, "Played out").

Each outcome is one hand dealt by the engine itself: every listed card is preset where the player
receives it (``hole`` lists each player's cards in the order they are dealt, as ``game.deal(hole=...)``
takes them; ``?`` stands for a card not known, such as an opponent's hole card below a known upcard),
the board in the order it is turned, and everything else comes off a shuffled deck as the rules deal
it: later streets, Follow the Queen's wild rank as each card comes up, Baseball's extra card for a
face-up four and its strike for a face-up three, the draws' replacements, the passes, the rolls and
the layouts. The decisions still to come are made by :class:`homegame.odds.policy.Policy` (nobody
folds; buys bought; draws by :func:`homegame.odds.policy.draw_choice`; passes and discards by the rule
bot). Seat 0 is the first player dealt to and the last seat holds the button.

At the end each player's share of the pot comes from the engine's own showdown strengths (wild cards
as the hand made them, the short deck's ranking, layouts, Three-Hole's table cards): the best high hand,
the best low for a low game, half each in a high-low game (a declare game is valued as cards speak, as
everywhere in the odds), and in Chicago half to the best spade in the hole; with several boards (double-board
hold'em) each board's equal part of the pot so, on that board alone (equity: the average share over the boards). A player the rules fold
(Baseball's struck-out three) gets nothing. An outcome in which a listed card is never dealt (an
eighth Baseball card without a face-up four, a draw's replacement for a player who stands pat) is
impossible with those cards and is left out; when every outcome tried is, the cards are refused.

>>> import homegame as hg
>>> r = playout_equity(hg.game("five-card-draw"), [card_slots("As Ad Ac Ks Kd"), card_slots("Qs Qd Qc Js Jd")],
...                    [], trials=20, seed=1)
>>> r[0], r[3]  # two full houses stand pat: the aces' is the better one, whatever the burn card
([1.0, 0.0], True)
"""

from __future__ import annotations

import itertools
import math
import random
from typing import TYPE_CHECKING, Any, Final

from homegame.cards import Card, cards
from homegame.odds.policy import Policy
from homegame.rules.boards import board_indices, on_board
from homegame.rules.showdown import _spade_holder, _strengths
from homegame.rules.stakes import Stakes

if TYPE_CHECKING:
    from homegame.rules.hand import Hand
#: outcomes played out when no number is given
PLAYOUT_TRIALS: Final = 2_000
#: hands enumerated at most for exact played-out odds (every order of the cards the hand takes from the deck)
PLAYOUT_EXACT: Final = 2_500
#: an unknown card in a player's list
UNKNOWN: Final = -1
#: chips each player starts with: nobody runs out, however often a face-up three matches the pot
STACK: Final = 10**15
#: hands tried per outcome wanted before the listed cards are refused as never all dealt
MAX_REJECTS: Final = 200


def card_slots(text: str) -> list[int]:
    """A player's listed cards as ids in the order dealt, ``-1`` for each ``?`` (a card not known).

    >>> card_slots("Ah ? Qs"), card_slots("AhKd"), card_slots("")
    ([50, -1, 43], [50, 45], [])
    """
    if "?" not in text:
        return [c.id for c in cards(text)]
    out: list[int] = []
    for token in text.replace(",", " ").split():
        while token.startswith("?"):
            out.append(UNKNOWN)
            token = token[1:]
        if token:
            out.extend(c.id for c in cards(token))
    return out


def stakes_for(game: Any) -> Stakes:
    """Small fixed-limit stakes the game can be dealt with: antes and a bring-in for a stud game, blinds
    otherwise (with blinds a jacks-or-better round is open, so no hand is passed out)."""
    if any(s.kind == "bet" and s.opener == "bring-in" for s in game.steps):
        return Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4, bring_in=1)
    return Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)


def check(game: Any, hole: list[list[int]], board: list[int]) -> None:
    """Refuse cards no hand of this game can hold (ValueError saying why and what is allowed)."""
    n = len(hole)
    if not game.min_players <= n <= game.max_players:
        raise ValueError(f"{game.name} is for {game.min_players} to {game.max_players} players, not {n}")
    deck = set(game.cards)
    known = [c for h in hole for c in h if c != UNKNOWN] + list(board)
    for c in known:
        if c not in deck:
            raise ValueError(f"{Card(c)} is not in {game.name}'s deck (ranks {game.ranks})")
    if len(set(known)) != len(known):
        dup = next(c for c in known if known.count(c) > 1)
        raise ValueError(f"card {Card(dup)} is listed twice: every card may appear once")
    most = game.most_received()
    for i, h in enumerate(hole):
        if len(h) > most:
            extra = most - game.hole_count()
            raise ValueError(f"player {i} lists {len(h)} cards; a {game.name} player receives {game.hole_count()}"
                             + (f" and at most {extra} more (draws, bought cards)" if extra else "")
                             + ", listed in the order dealt")
    board_max = sum(s.count for s in game.steps if s.kind == "board")
    if len(board) > board_max:
        raise ValueError(f"{len(board)} community cards listed; {game.name} turns {board_max}")
    if game.cards_needed(n) > len(game.cards):
        raise ValueError(f"{n} players need {game.cards_needed(n)} cards in {game.name}; the deck has "
                         f"{len(game.cards)}")


def play_once(game: Any, hole: list[list[int]], board: list[int], seed: int | None, policy: Any = None,
              deck: list[int] | None = None) -> Hand:
    """One hand dealt with these cards (no ``-1`` left: fill them first) and played to its end by
    ``policy`` (default :class:`~homegame.odds.policy.Policy`); ``deck``: the whole deck's order to deal
    from instead of a shuffle by ``seed`` (listed cards are skipped where they stand)."""
    policy = Policy() if policy is None else policy
    n = len(hole)
    h: Hand = game.deal([STACK] * n, stakes=stakes_for(game), button=n - 1, seed=seed,
                        hole={s: ids for s, ids in enumerate(hole) if ids}, board=board or None, deck=deck)
    steps = 0
    while not h.over:
        seat = h.to_act[0]
        h.act(seat, policy.act(h, seat))
        steps += 1
        if steps > 10_000:
            raise RuntimeError(f"{game.name}: the played-out hand did not end")
    return h


def _seen(h: Hand) -> set[int]:
    """Every card dealt to a player or the board in this hand (held, passed on or discarded)."""
    return {c for held in h.cards for c in held} | set(h.mucked) | set(h.board)


def never_dealt(h: Hand, hole: list[list[int]], board: list[int]) -> list[tuple[int, int, int]]:
    """The listed cards this hand never dealt, as (player, place in their list from 0, card): a player the
    rules struck out gets no more cards, and a hand that ends with one player left deals nothing more, so
    their cards still to come are not asked for. Board cards are reported as player -1."""
    if sum(1 for f in h.folded if not f) <= 1:
        return []
    seen = _seen(h)
    out = [(s, k, c) for s, held in enumerate(hole) if not h.folded[s] for k, c in enumerate(held) if c not in seen]
    return out + [(-1, k, c) for k, c in enumerate(board) if c not in seen]


def final_shares(h: Hand) -> list[float]:
    """Each player's share of the pot at the end of a played-out hand (see the module docstring)."""
    n = h.players
    out = [0.0] * n
    contenders = [s for s in range(n) if not h.folded[s]]
    if len(contenders) == 1:
        out[contenders[0]] = 1.0
        return out
    boards = board_indices(h)
    for board in boards:  # several boards: each board's part of the pot settled on that board alone
        with on_board(h, board):
            _board_shares(h, contenders, out, 1.0 / len(boards))
    return out


def _board_shares(h: Hand, contenders: list[int], out: list[float], pot: float) -> None:
    """Add each player's share of ``pot`` (the whole pot, or one board's part of it) to ``out``."""
    g = h.game
    split = "high-low" if g.split == "declare" else g.split
    highs, lows = _strengths(h, contenders, split != "high")

    def give(values: dict[int, int], part: float) -> bool:
        top = max((values.get(s, 0) for s in contenders), default=0)
        if top <= 0:
            return False
        winners = [s for s in contenders if values.get(s, 0) == top]
        for s in winners:
            out[s] += part / len(winners)
        return True

    rest = pot
    if g.spade is not None:
        holder, _ = _spade_holder(h, contenders)
        if holder >= 0:
            out[holder] += pot / 2
            rest = pot / 2
    if split == "low":
        if not give(lows, rest):
            give(highs, rest)
    elif split == "high" or not give(lows, rest / 2):
        give(highs, rest)
    else:
        give(highs, rest / 2)


def enumerate_deals(game: Any, hole: list[list[int]], board: list[int], policy: Any,
                    budget: int = PLAYOUT_EXACT) -> tuple[list[float], int] | None:
    """Exact shares when the hand takes only a few cards from the deck (no ``-1`` in ``hole``): every
    order of the cards it deals from the deck, each hand dealt from a deck in that order; (shares, hands
    counted), or None when that is more than ``budget`` hands (or a hand took other cards than the first).

    Burn cards change nothing but where the others come from, so they are not enumerated: the cards
    dealt are every ordered choice of the unseen cards, and the burns are filled with other unseen cards.
    """
    known = {c for h in hole for c in h} | set(board)
    unseen = [c for c in game.cards if c not in known]
    tail = sorted(known)  # listed cards last: the deck's draws never reach them
    probe = play_once(game, hole, board, None, policy, deck=unseen + tail)
    k = probe.cards_drawn
    burned = set(probe.burned)
    burns = [i for i in range(k) if unseen[i] in burned]
    dealt = k - len(burns)
    if math.perm(len(unseen), dealt) > budget:
        return None
    totals = [0.0] * len(hole)
    done = 0
    for prefix in itertools.permutations(unseen, dealt):
        chosen = set(prefix)
        rest = [c for c in unseen if c not in chosen]
        cards = iter(prefix)
        fill = iter(rest)
        order = [next(fill) if i in burns else next(cards) for i in range(k)]
        used = set(order)
        h = play_once(game, hole, board, None, policy, deck=[*order, *(c for c in rest if c not in used), *tail])
        if h.cards_drawn != k or set(h.burned) != {order[i] for i in burns}:
            return None
        if never_dealt(h, hole, board):
            continue
        done += 1
        for i, x in enumerate(final_shares(h)):
            totals[i] += x
    return ([t / done for t in totals], done) if done else None


def playout_equity(game: Any, hole: list[list[int]], board: list[int], *, trials: int | None = None,
                   seed: int | None = None) -> tuple[list[float], list[float], int, bool]:
    """Each player's share of the pot over played-out hands (see the module docstring): with ``trials``
    None and no ``-1`` card, every deal when the hand takes few enough cards from the deck
    (:func:`enumerate_deals`), else ``trials`` (default :data:`PLAYOUT_TRIALS`) sampled hands.
    Returns (shares, standard errors, outcomes, exact)."""
    check(game, hole, board)
    wanted = PLAYOUT_TRIALS if trials is None else trials
    rng = random.Random(seed)
    known = {c for h in hole for c in h if c != UNKNOWN} | set(board)
    unseen = [c for c in game.cards if c not in known]
    holes = sum(1 for h in hole for c in h if c == UNKNOWN)
    if holes > len(unseen):
        raise ValueError(f"{holes} unknown cards listed; only {len(unseen)} cards are left in the deck")
    policy = Policy()
    players = len(hole)
    if trials is None and not holes:
        exact = enumerate_deals(game, hole, board, policy)
        if exact is not None:
            return exact[0], [0.0] * players, exact[1], True
    totals = [0.0] * players
    squares = [0.0] * players
    done = tried = 0
    while done < wanted and tried < MAX_REJECTS * wanted:
        tried += 1
        fill = iter(rng.sample(unseen, holes))
        dealt = [[next(fill) if c == UNKNOWN else c for c in h] for h in hole]
        h = play_once(game, dealt, board, rng.getrandbits(62), policy)
        missing = never_dealt(h, dealt, board)
        if missing:
            if tried >= MAX_REJECTS and not done:
                break
            continue
        shares = final_shares(h)
        done += 1
        for i, x in enumerate(shares):
            totals[i] += x
            squares[i] += x * x
        if not holes and _seen(h) <= known:  # every card dealt was listed: nothing left to chance
            wanted = 1
    if not done:
        s, k, c = missing[0]
        whose = "the board's" if s < 0 else f"player {s}'s"
        raise ValueError(f"{whose} {Card(c)} (card {k + 1} listed) is never dealt in {game.name}: in {tried} hands "
                         "played out it never came (cards are listed in the order dealt; a card past the deal "
                         "comes only with a card bought or drawn, which the odds policy may not do: it stands pat "
                         "on a straight or better)")
    means = [t / done for t in totals]
    if done == 1:
        return means, [0.0] * players, 1, True
    errors = [math.sqrt(max(sq / done - m * m, 0.0) / max(done - 1, 1)) for sq, m in zip(squares, means, strict=True)]
    return means, errors, done, False


__all__ = ["PLAYOUT_EXACT", "PLAYOUT_TRIALS", "card_slots", "check", "enumerate_deals", "never_dealt", "final_shares", "play_once", "playout_equity",
           "stakes_for"]
