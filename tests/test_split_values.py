"""Issue 19 §3: a game played high is never played as lowball (RULES.md §2: ``split`` is high, high-low or
declare); ``split='low'`` is refused naming the valid values, for every game that is not lowball."""

from __future__ import annotations

import re

import pytest

import homegame as hg


def test_passem_refuses_low_naming_the_valid_values() -> None:
    """Failed on the old code: hg.game('passem', split='low') was accepted."""
    with pytest.raises(ValueError, match=r"split='low' is not allowed: use one of 'high', 'high-low', 'declare'"):
        hg.game("passem", split="low")


@pytest.mark.parametrize("name", hg.game_names())
def test_every_value_named_is_accepted_and_low_only_where_lowball(name: str) -> None:
    default = hg.game(name).split
    try:
        hg.game(name, split="nonsense")
    except ValueError as refused:
        named = re.findall(r"'([a-z-]+)'", str(refused).split("use one of", 1)[1])
    else:  # pragma: no cover - a failure
        raise AssertionError(f"{name} accepted split='nonsense'")
    assert default in named
    assert ("low" in named) == (default == "low")
    for value in named:
        assert hg.game(name, split=value).split == value
