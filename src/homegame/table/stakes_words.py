"""Stakes in players' words: what a table refuses (the engine's own refusals name its arguments).

>>> stakes_problem({"structure": "no-limit", "blinds": [5, 2]})
'the small blind (5) may not be more than the big blind (2)'
>>> stakes_problem({"structure": "no-limit", "blinds": [1, 2]}) is None
True
"""

from __future__ import annotations

from typing import Any

_STRUCTURES = ("fixed-limit", "pot-limit", "no-limit")
_NAMES = {"ante": "the ante", "small_bet": "the small bet", "big_bet": "the big bet", "bring_in": "the bring-in"}


def _chips(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def stakes_problem(stakes: dict[str, Any], *, one_blind: bool = False) -> str | None:
    """What is wrong with ``stakes`` (the JSON form of :class:`homegame.Stakes`) in words, or ``None``.

    It says every refusal of :class:`homegame.Stakes` without its argument names or symbols; keys it
    does not know are left to the engine. A table's stakes give both blinds or none; ``one_blind``
    also lets a hand's stakes give the big blind alone (a dead-button hand with no small blind).

    >>> stakes_problem({"structure": "no-limit", "blinds": [2]})
    'give both blinds, the small and the big (like 1/2), or none, not 1'
    >>> stakes_problem({"structure": "no-limit", "blinds": [2]}, one_blind=True) is None
    True
    """
    structure = stakes.get("structure")
    if structure not in _STRUCTURES:
        return f"the betting structure must be fixed-limit, pot-limit or no-limit, not {structure!r}"
    for key, name in _NAMES.items():
        value = stakes.get(key, 0)
        if not _chips(value):
            return f"{name} must be a whole number of chips, 0 or more, not {value!r}"
    blinds = list(stakes.get("blinds") or ())
    if len(blinds) not in ((0, 1, 2) if one_blind else (0, 2)):
        return f"give both blinds, the small and the big (like 1/2), or none, not {len(blinds)}"
    if not all(_chips(b) for b in blinds):
        return "each blind must be a whole number of chips, 0 or more"
    if blinds and blinds[-1] <= 0:
        return "the big blind must be more than 0 (or give no blinds)"
    if blinds and blinds[0] > blinds[-1]:
        return f"the small blind ({blinds[0]}) may not be more than the big blind ({blinds[1]})"
    small, big, bring_in = stakes.get("small_bet", 0), stakes.get("big_bet", 0), stakes.get("bring_in", 0)
    if structure == "fixed-limit":
        if small <= 0 or big <= 0:
            return "fixed limit needs a small bet and a big bet, both more than 0"
        if big < small:
            return f"the big bet ({big}) may not be less than the small bet ({small})"
    elif not blinds and small <= 0:
        return (f"{structure.replace('-', ' ')} needs blinds (like 1/2) or a smallest bet; with antes only, "
                "give small_bet (the minimum bet)")
    if bring_in and small and bring_in > small:
        return f"the bring-in ({bring_in}) may not be more than the small bet ({small})"
    return None


def stakes_text(stakes: dict[str, Any]) -> str:
    """Stakes (their JSON form, as :func:`stakes_problem` accepts them) in a few words.

    >>> stakes_text({"structure": "fixed-limit", "ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4})
    'fixed limit 2/4, ante 1, bring-in 1'
    >>> stakes_text({"structure": "no-limit", "blinds": [1, 2]})
    'no limit, blinds 1/2'
    """
    structure = str(stakes.get("structure", "")).replace("-", " ")
    words = [f"{structure} {stakes.get('small_bet', 0)}/{stakes.get('big_bet', 0)}"
             if structure == "fixed limit" else structure]
    blinds = list(stakes.get("blinds") or ())
    if blinds:
        words.append(f"blinds {blinds[0]}/{blinds[1]}")
    words += [f"{name} {stakes[key]}" for key, name in (("ante", "ante"), ("bring_in", "bring-in"))
              if stakes.get(key)]
    return ", ".join(words)


__all__ = ["stakes_problem", "stakes_text"]
