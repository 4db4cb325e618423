"""What ``homegame odds`` assumes about each player's cards, checked before it runs and said with the result.

Players are numbered from 1, in the order their cards are given, in the options (``--exposed 1=Ks``),
the errors and the table alike.

**Three-Hole**: by the showdown each player has turned two of their three cards face up. The face-up
cards are exactly those ``--exposed`` names; a listed card it does not name is the player's face-down
card, so one is allowed, and only once both face-up cards are named (otherwise which card goes up
next would decide the odds unsaid). Face-up cards not named are unknown cards. With the house rule
``showdown_cards_count`` every contender's cards are table cards, so nothing needs naming.

>>> import homegame as hg
>>> three = hg.game("three-hole")
>>> showdown_cards(three, ["Ks Kd 2c", ""], {0: "Ks Kd"})
['face up K♠ K♦, face down 2♣', 'face up 2 unknown, face down 1 unknown']
>>> check_three_hole(three, ["2c Ks Kd", ""], {})
Traceback (most recent call last):
...
ValueError: player 1 lists 2c Ks Kd and --exposed names none of them face up: by the showdown a Three-Hole player has turned 2 of their 3 cards face up, and which 2 changes everyone's odds; name them, e.g. --exposed "1=2c Ks" (a listed card not named there is the face-down one)
>>> model_notes(hg.game("pass-the-trash"), ["", ""])[0]
'Pass The Trash is a declare game, valued here as cards speak high-low (low a5, no qualifier): half the pot to the best high hand, half to the best low, as if each player declared the side their cards win; bluffs and declaring both are not modelled.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from homegame.cards import cards

#: Cards a Three-Hole player has face up at the showdown (of the three dealt).
FACE_UP = 2
#: The example given when --exposed is missing or wrong.
EXPOSED_EXAMPLE = '--exposed "1=Kd 9h"'


def _text(items: Sequence[Any]) -> str:
    return " ".join(str(c) for c in items)


def _symbols(items: Sequence[Any]) -> str:
    return " ".join(c.symbol for c in items)


def parse_exposed(items: Sequence[str] | None, hole: Sequence[str]) -> dict[int, str]:
    """``["1=Kd 9h", ...]`` (players from 1, as listed) to the library's ``{index: cards}``, each a subset
    of the cards listed for that player."""
    out: dict[int, str] = {}
    for item in items or ():
        who, sep, held = item.partition("=")
        if not sep or not who.strip().isdigit():
            raise ValueError(f"--exposed {item!r} must be PLAYER=CARDS, e.g. {EXPOSED_EXAMPLE} (players "
                             "numbered from 1 in the order their cards are given)")
        number = int(who)
        if not 1 <= number <= len(hole):
            raise ValueError(f"--exposed names player {number}: players are numbered from 1 to {len(hole)}, "
                             "in the order their cards are given")
        turned = cards(held)
        listed = cards(hole[number - 1])
        missing = [c for c in turned if c not in listed]
        if missing:
            have = f"they have {_text(listed)}" if listed else "none are listed for them"
            raise ValueError(f"player {number} exposes {_text(missing)}, a card not listed for them ({have}); "
                             "list every face-up card among the player's cards too")
        out[number - 1] = _text(turned)
    return out


def check_three_hole(game: Any, hole: Sequence[str], exposed: Mapping[int, str]) -> None:
    """Refuse Three-Hole cards whose face-up and face-down places the command line would have to guess."""
    if game.use.shared != "face-up" or game.showdown_cards_count:
        return
    for index, held in enumerate(hole):
        number = index + 1
        listed = cards(held)
        up = cards(exposed.get(index, ""))
        down = [c for c in listed if c not in up]
        if len(listed) > 3:
            raise ValueError(f"player {number} lists {len(listed)} cards ({_text(listed)}): a Three-Hole player "
                             "holds 3")
        if len(up) > FACE_UP:
            raise ValueError(f"player {number} has {len(up)} cards in --exposed: a Three-Hole player turns "
                             f"{FACE_UP} face up")
        if len(down) == 1 and len(up) < FACE_UP:
            with_it = _text(list(up) + down)
            raise ValueError(f"player {number} lists {down[0]}, which --exposed does not name face up, so it would "
                             f"be their face-down card, and that needs both face-up cards named: if it is face "
                             f"up, say --exposed \"{number}={with_it}\"; if it is face down, name the {FACE_UP} "
                             "face-up cards too")
        if len(down) > 1:
            named = f"names only {_text(up)}" if up else "names none of them"
            suggestion = _text(list(up) + down[:FACE_UP - len(up)])
            raise ValueError(f"player {number} lists {_text(listed)} and --exposed {named} face up: by the "
                             f"showdown a Three-Hole player has turned {FACE_UP} of their 3 cards face up, "
                             f"and which {FACE_UP} changes everyone's odds; name them, e.g. --exposed "
                             f"\"{number}={suggestion}\" (a listed card not named there is the face-down one)")


def showdown_cards(game: Any, hole: Sequence[str], exposed: Mapping[int, str]) -> list[str]:
    """Each player's cards as the odds take them at the showdown, in words (Three-Hole: up and down)."""
    from homegame.odds.games import kernel_facts

    facts = kernel_facts(game)
    size = facts.hole if facts is not None else 0
    out = []
    for index, held in enumerate(hole):
        listed = cards(held)
        if game.use.shared != "face-up":
            unknown = max(size - len(listed), 0)
            out.append(f"{unknown} unknown" if unknown and not listed else
                       f"+ {unknown} unknown" if unknown else "as listed")
            continue
        up = cards(exposed.get(index, ""))
        down = [c for c in listed if c not in up]
        if game.showdown_cards_count:
            unknown = 3 - len(listed)
            out.append(f"{_symbols(listed)} + {unknown} unknown" if listed and unknown else
                       _symbols(listed) if listed else "3 unknown")
            continue
        up_words = (f"{_symbols(up)} + {FACE_UP - len(up)} unknown" if up and len(up) < FACE_UP
                    else _symbols(up) if up else f"{FACE_UP} unknown")
        out.append(f"face up {up_words}, face down {_symbols(down) if down else '1 unknown'}")
    return out


def model_notes(game: Any, hole: Sequence[str]) -> list[str]:
    """The sentences that say what the numbers assume for this game and its house rules."""
    notes = []
    low = f"low {game.low}, " + ("no qualifier" if game.qualifier is None else f"qualifier {game.qualifier}")
    if game.split == "declare":
        notes.append(f"{game.title} is a declare game, valued here as cards speak high-low ({low}): half the "
                     "pot to the best high hand, half to the best low, as if each player declared the side "
                     "their cards win; bluffs and declaring both are not modelled.")
    elif game.split == "high-low":
        notes.append(f"Split high-low, cards speak ({low}): half to the best high hand, half to the best low "
                     "(all to the high hand when no low qualifies).")
    if any(step.kind == "pass" for step in game.steps):
        notes.append("Cards are taken as final: passes still to come are not modelled.")
    if game.use.shared == "face-up":
        if game.showdown_cards_count:
            notes.append("Three-Hole with showdown_cards_count: every contender's cards, face up or down, "
                         "are table cards for the others.")
        else:
            notes.append(f"Three-Hole: each player has {FACE_UP} cards face up by the showdown, those --exposed "
                         "names and unknown ones for the rest; a listed card it does not name is the face-down one.")
    if any(not cards(h) for h in hole) or game.use.shared == "face-up":
        notes.append("Unknown cards are any of the cards not seen, equally likely.")
    return notes


def plays_out(game: Any) -> bool:
    """Whether ``homegame odds`` plays this game's hand out through the engine (no exact kernels for it)."""
    from homegame.odds.calculator import kernels_fit

    return not kernels_fit(game)


def played_words(game: Any, hole: Sequence[str]) -> list[str]:
    """Each player's cards in a played-out hand, in words: how many are listed, the rest dealt."""
    from homegame.odds.playout import card_slots

    out = []
    for held in hole:
        slots = card_slots(held)
        unknown = sum(1 for c in slots if c < 0)
        known = len(slots) - unknown
        words = f"{known} listed" if known else "none listed"
        if unknown:
            words += f", {unknown} unknown"
        out.append(words + ", the rest dealt")
    return out


def played_notes(game: Any) -> list[str]:
    """The sentences that say how a played-out hand is played (docs/odds.md, Played out).

    >>> import homegame as hg
    >>> notes = played_notes(hg.game("baseball", three_up="fold"))
    >>> [n for n in notes if "face-up" in n]
    ['A face-up 4 brings its extra card face down (bought at any price).', 'A face-up 3 strikes the player out: no share.']
    """
    kinds = {step.kind for step in game.steps}
    notes = ["The rest of the hand is played out by the engine: cards are listed in the order each player receives "
             "them (? for one not known; player 1 is dealt to first) and every other card comes off the shuffled "
             "deck as the rules deal it. Nobody folds: every betting round is checked or called."]
    if game.wild and "follow-queen" in game.wild:
        notes.append("Follow the Queen: the wild rank is the one the hand deals, changing as queens come up.")
    for step in game.steps:
        if step.kind == "buy":
            notes.append(f"A face-up {step.rank} brings its extra card face down (bought at any price).")
            break
    for step in game.steps:
        if step.kind == "strike":
            notes.append({"fold": f"A face-up {step.rank} strikes the player out: no share.",
                          "match-pot": f"A face-up {step.rank} pays as much as the pot and plays on.",
                          }.get(step.rule, f"A face-up {step.rank} costs nothing more."))
            break
    if "draw" in kinds:
        notes.append("Draws: stand pat on a straight or better, else keep wild cards and pairs, a four-flush, four "
                     "in a row or the highest card; lowball keeps one card of each rank up to an eight.")
    chosen = [w for k, w in (("pass", "passes"), ("discard", "discards"), ("expose", "exposures"),
                             ("arrange", "the order of the rolls")) if k in kinds]
    how = [w for k, w in (("pass", "the least useful cards are passed"), ("discard", "the least useful go"),
                          ("expose", "a card that pairs nobody's upcard goes up"),
                          ("arrange", "the worst cards roll first")) if k in kinds]
    if chosen:
        notes.append(f"{', '.join(chosen).capitalize()}: the rule bot's choice ({'; '.join(how)}).")
    low = f"low {game.low}, " + ("no qualifier" if game.qualifier is None else f"qualifier {game.qualifier}")
    if game.split == "declare":
        notes.append(f"{game.title} is a declare game, valued here as cards speak high-low ({low}).")
    elif game.split == "high-low":
        notes.append(f"Split high-low, cards speak ({low}).")
    if game.spade is not None:
        notes.append(f"Half of the pot to the {game.spade}est spade in the hole (face-up spades do not count).")
    return notes
