"""Conformance (issue 3, "Evidence it is right"): random legal play over every game, structure and
player count, checking the engine's contracts after every action."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import homegame as hg
from homegame.cards import Card
from homegame.rules.spec import Game

STRUCTURES = ("fixed-limit", "pot-limit", "no-limit")
CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def random_stakes(rng: random.Random, structure: str, name: str | Game) -> hg.Stakes:
    ante = rng.choice([0, 0, 1, 2])
    g = hg.game(name) if isinstance(name, str) else name
    if any(step.opener == "bring-in" for step in g.steps):  # stud, razz, stud high-low
        return hg.Stakes(structure, ante=ante or 1, bring_in=1, small_bet=2, big_bet=4)
    blinds = rng.choice([(1, 2), (0, 2), (2, 2), ()]) if ante else (1, 2)
    if structure == "fixed-limit":
        return hg.Stakes(structure, ante=ante, blinds=blinds, small_bet=2, big_bet=4)
    return hg.Stakes(structure, ante=ante, blinds=blinds, small_bet=2)


def concrete(rng: random.Random, hand: hg.Hand, seat: int, legal: str) -> str:
    """Turn a legal() item into an action the seat can take."""
    verb, *rest = legal.split()
    held = hand.view(seat)["cards"]
    if verb in ("pass", "discard"):
        return f"{verb} " + " ".join(rng.sample(held, int(rest[0])))
    if verb == "expose":
        down = [c for c in held if c not in hand.view(seat)["up"]]
        return "expose " + rng.choice(down)
    if verb == "arrange":
        order = list(held)
        rng.shuffle(order)
        return "arrange " + " ".join(order)
    if verb in ("bet", "raise"):
        lo, _, hi = rest[0].partition("..")
        return f"{verb} {rng.randint(int(lo), int(hi or lo))}" if rng.random() < 0.7 else f"{verb} {hi or lo}"
    return legal


BAD = ["", "raise banana", "bet -5", "call 99999", "fold fold", "pass Zz", "expose", "declare sideways",
       "arrange As", "raise 1", "bet 100000", "check", "fold", "discard", "pass 2c 2c", "hello"]


def given_away(hand: hg.Hand, seat: int) -> set[str]:
    """The cards ``seat`` gave away itself (passed, discarded): its own log lines name them to it alone."""
    return set(CARD.findall(" ".join(text for s, text in hand.actions if s == seat)))


def visible_ok(hand: hg.Hand, seat: int | None) -> None:
    """No view shows a card the seat may not know."""
    allowed: set[str] = set()
    if seat is not None:
        allowed.update(str(Card(c)) for c in hand.cards[seat])
        allowed.update(given_away(hand, seat))
    for s in range(hand.players):
        allowed.update(str(Card(c)) for c, up in zip(hand.cards[s], hand.faceup[s], strict=True) if up)
    allowed.update(str(Card(c)) for c in hand.board)
    if hand.game.wild:  # the cards the rules name as wild (one-eyed jacks) are public
        from homegame.rules.wilds import parse_wild, str_mask

        allowed.update(str_mask(parse_wild(hand.game.wild).mask).split())
    if hand.results:
        for cards in hand.results["shown"].values():
            allowed.update(cards)
    text = json.dumps(hand.view(seat))
    leaked = set(CARD.findall(text)) - allowed
    assert not leaked, f"view of {seat} shows {leaked}"


def invariants(hand: hg.Hand, total: int) -> None:
    assert sum(hand.stacks) + (0 if hand.over else sum(hand.totals)) == total
    everything = [c for cs in hand.cards for c in cs] + hand.board + hand.burned + hand.mucked
    assert len(everything) == len(set(everything)), "a card is dealt twice"
    for s in hand.to_act:
        assert hand.legal(s), f"seat {s} is in to_act with no legal action"


def play(name: str | Game, structure: str, n: int, seed: int, *, check_views: bool = True) -> hg.Hand:
    """Random legal play of one hand of ``name`` (an engine name or a game, such as one from a game file)."""
    rng = random.Random(seed)
    g = hg.game(name) if isinstance(name, str) else name
    stacks = [rng.choice([3, 10, 25, 60, 200]) for _ in range(n)]
    hand = g.deal(stacks, stakes=random_stakes(rng, structure, g), button=rng.randrange(n), seed=seed)
    total = sum(stacks)
    steps = 0
    while not hand.over:
        steps += 1
        assert steps < 2000
        invariants(hand, total)
        seat = rng.choice(hand.to_act)
        if rng.random() < 0.15:
            before = (json.dumps(hand.view(seat)), hand.history.to_json(), len(hand.events))
            bad = rng.choice(BAD)
            try:
                hand.act(seat, bad)
            except hg.IllegalAction as e:
                assert str(e)
                assert (json.dumps(hand.view(seat)), hand.history.to_json(), len(hand.events)) == before
            else:
                pass  # some "bad" strings are legal sometimes (check, fold)
            if hand.over or seat not in hand.to_act:
                continue
        if check_views:
            for s in [None, *range(n)]:
                visible_ok(hand, s)
        hand.act(seat, concrete(rng, hand, seat, rng.choice(hand.legal(seat))))
    invariants(hand, total)
    assert sum(hand.payoffs) == 0
    assert [hand.starting[s] + hand.payoffs[s] for s in range(n)] == hand.stacks
    for s in [None, *range(n)]:
        visible_ok(hand, s)
    again = hg.replay(hand.history.to_json())
    assert again.payoffs == hand.payoffs
    assert all(again.view(s) == hand.view(s) for s in [None, *range(n)])
    return hand


CASES = [(name, structure) for name in hg.game_names() for structure in STRUCTURES]


@pytest.mark.parametrize(("name", "structure"), CASES)
def test_random_play_keeps_every_contract(name: str, structure: str) -> None:
    g = hg.game(name)
    for n in range(2, g.max_players + 1):
        for k in range(2):
            play(name, structure, n, seed=1000 * n + k, check_views=(k == 0))


GAME_FILES = sorted((Path(__file__).parent / "game_files").glob("*.toml"))


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
@pytest.mark.parametrize("structure", STRUCTURES)
def test_hand_written_game_files_keep_every_contract(path: Path, structure: str) -> None:
    """A few game files written by hand (tests/game_files/): the same contracts, replay included (the
    history carries the file)."""
    g = hg.load_game(path)
    assert g.source is not None
    for n in range(2, g.max_players + 1):
        for k in range(2):
            play(g, structure, n, seed=1000 * n + k, check_views=(k == 0))
