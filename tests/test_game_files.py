"""Game files (issue 11 part 3, docs/games/game-files.md): the shipped catalogue equals the Python
declarations it replaced for every house rule, any game round-trips through a file, and every schema
error names its line and what is allowed."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

import homegame as hg
from homegame.games import GAMES, load_game
from homegame.games.dump import dump
from reference_declarations import GAMES as REFERENCE
from reference_declarations import reference_game

#: house rules per game, each combination checked (the defaults included)
VARIANTS: dict[str, dict[str, list[object]]] = {
    "passem": {"burn": [True, False], "pass_direction": ["left", "right"], "split": ["high", "declare", "high-low"]},
    "sameem": {"burn": [True, False], "split": ["high", "declare"]},
    "pass-the-trash": {"passes": [(4, 3, 2, 1), (3, 2, 1), (), (2,)], "keep": [5, 6, 7],
                       "declare_after": [None, 1, 4], "split": ["declare", "high-low"], "pass_distance": [1, 2],
                       "roll_opener": ["best-showing", "positional"]},
    "three-hole": {"showdown_cards_count": [False, True], "first_to_act": ["best-showing", "positional"],
                   "split": ["high", "declare"]},
    "five-card-draw": {"draw_max": [1, 3, 5], "openers": ["any", "jacks"], "split": ["high", "low"]},
    "27-triple-draw": {"low": ["27", "a5"], "qualifier": [None, 8]},
}


def combos(name: str) -> list[dict[str, object]]:
    options = VARIANTS.get(name, {"split": ["high", "low", "high-low", "declare"], "swing_ties": [False, True]})
    keys = list(options)
    return [dict(zip(keys, values, strict=True)) for values in itertools.product(*options.values())]


@pytest.mark.parametrize("name", list(REFERENCE))
def test_catalogue_files_equal_the_python_declarations(name: str) -> None:
    """The games declared in Python before game files (the newer catalogue games were files from the
    start)."""
    for rules in combos(name):
        try:
            expected = reference_game(name, **rules)
        except ValueError as e:
            with pytest.raises(ValueError) as got:
                hg.game(name, **rules)
            assert str(got.value) == str(e)
            continue
        assert hg.game(name, **rules) == expected, rules


@pytest.mark.parametrize("name", hg.game_names())
def test_round_trip_declaration_file_game(name: str) -> None:
    for rules in combos(name)[:12]:
        try:
            g = hg.game(name, **rules)
        except ValueError:
            continue
        again = load_game(dump(g))
        assert again == g
        assert again.source is not None


def test_the_same_error_messages_as_before() -> None:
    for name, rules in [("trash", {"keep": 6, "declare_after": 6}), ("trash", {"passes": (4, 0)}),
                        ("trash", {"keep": 9}), ("passem", {"pass_direction": "up"}),
                        ("draw", {"openers": "queens"}), ("sameem", {"low": "a7"}), ("holdem", {"wild": "2"})]:
        with pytest.raises(ValueError) as want:
            reference_game(name, **rules)
        with pytest.raises(ValueError) as got:
            hg.game(name, **rules)
        assert str(got.value) == str(want.value)


def test_catalogue_is_package_data() -> None:
    data = Path(hg.__file__).parent / "games" / "data"
    assert sorted(p.stem for p in data.glob("*.toml")) == sorted(hg.game_names())
    assert (data / "CATALOGUE").read_text().split() == hg.game_names()
    pyproject = (Path(__file__).parent.parent / "pyproject.toml").read_text()
    assert '"games/data/*"' in pyproject
    assert set(GAMES) == set(hg.game_names())


GOOD = '''name = "tiny"
players = [2, 6]

[options.split]
type = "split"
default = "high"

[[steps]]
kind = "deal"
faces = "down down"

[[steps]]
kind = "bet"

[[steps]]
kind = "board"
count = 5

[[steps]]
kind = "bet"

[[steps]]
kind = "showdown"
'''


def edit(old: str, new: str, text: str = GOOD) -> str:
    assert old in text
    return text.replace(old, new, 1)


#: (file text, the line the error names, words the message says)
ERRORS = [
    ('name = "tiny"\nsteps = [\n', 3, "not valid TOML"),
    (edit('players = [2, 6]', 'players = [2, 6]\ncolour = "red"'), 3, "unknown key 'colour' in a game file: the keys are"),
    (edit('players = [2, 6]', 'players = [2, 6]\nwild = "J7"'), 3, "'J7' is not a wild card"),
    (edit('players = [2, 6]', 'players = [2, 6]\nwild = "2 follow-king"'), 3, "or a rule: lowest, lowest-hole"),
    (edit('players = [2, 6]', 'players = [2, 6]\nwild = 2'), 3, "wild must be text"),
    (edit('players = [2, 6]', 'players = [2, 6]\ndeck = "short"\nwild = "9"'), 4, "not supported with deck = 'short'"),
    (edit('players = [2, 6]', 'players = [2, 6]\nbuy = 4'), 3, "a buy is a step"),
    (edit('players = [2, 6]', 'players = [2, 6]\ndeck = "pinochle"'), 3, "use 'standard' (52 cards) or 'short'"),
    (edit('players = [2, 6]', 'players = [2, 6]\nformat = "v2"'), 3, "format must be 'homegame-game/1'"),
    (edit('name = "tiny"\n', ''), 1, "a game file needs name"),
    (edit('name = "tiny"', 'name = "Tiny Game"'), 1, "lower-case letters, digits"),
    (edit('name = "tiny"', 'name = "tiny"\ntitle = 7'), 2, "title must be text"),
    (edit('name = "tiny"', 'name = "tiny"\naliases = "t"'), 2, "aliases must be a list"),
    (edit('players = [2, 6]', 'players = [1, 6]'), 2, "players must be [least, most]"),
    (edit('players = [2, 6]', 'players = [2, 6]\nusage = "best"'), 3, "usage 'best' is not a known name"),
    (edit('players = [2, 6]', 'players = [2, 6]\nusage = { most = 2 }'), 3, "usage has no key 'most': use shared, own"),
    (edit('players = [2, 6]', 'players = [2, 6]\nusage = { own = [6] }'), 3, "own must list numbers of own cards from 0 to 5"),
    (edit('players = [2, 6]', 'players = [2, 6]\nusage = { own = "two" }'), 3, "usage.own must list numbers of own cards"),
    (edit('players = [2, 6]', 'players = [2, 6]\nusage = { shared = "pile" }'), 3, "shared must be one of 'board', 'none'"),
    (edit('players = [2, 6]', 'players = [2, 6]\nusage = { own = [2], all_own = true }'), 3, "either some of its own cards"),
    (edit('players = [2, 6]', 'players = [2, 6]\nusage = { lines = [[0, 0, 1]] }'), 3, "lines must be up to 10 lists"),
    (edit('players = [2, 6]', 'players = [2, 6]\nphh = { "no-limit hi" = "NT" }'), 3, "must be a structure (no-limit"),
    (edit('players = [2, 6]', 'players = [2, 6]\nphh = { "no-limit high" = "N T" }'), 3, "phh code must be PHH's variant code"),
    (edit('type = "split"', 'type = "spilt"'), 5, "type 'spilt' is not allowed: use one of 'choice'"),
    (edit('default = "high"', 'default = "middle"'), 6, "the split's default 'middle' must be"),
    (edit('default = "high"', 'default = "high"\nlow = "a7"'), 7, "low 'a7' must be"),
    (edit('default = "high"', 'default = "high"\nqualifier = 3'), 7, "qualifier 3 must be"),
    (edit('default = "high"', 'default = "high"\ncolour = 1'), 7, "unknown key 'colour' in option split"),
    (edit('[options.split]\ntype = "split"', '[options.hi]\ntype = "split"'), 4, "type = 'split' is for [options.split]"),
    (edit('[options.split]', '[options.n]\ntype = "whole"\nmin = 1\nmax = 3\ndefault = 9\n[options.split]'), 8,
     "option n: default 9 must be from min 1 to max 3"),
    (edit('[options.split]', '[options.n]\ntype = "whole"\nmin = 1\nmax = "$m"\ndefault = 1\n[options.split]'), 7,
     "names no earlier option"),
    (edit('[options.split]', '[options.n]\ntype = "whole"\nmin = 1\nmax = "$n"\ndefault = 1\n[options.split]'), 7,
     "names no earlier option"),  # an option bounded by itself: a loop
    (edit('[options.split]', '[options.c]\ntype = "choice"\nvalues = []\ndefault = "a"\n[options.split]'), 6,
     "a choice needs values"),
    (edit('[options.split]', '[options.c]\ntype = "choice"\nvalues = ["a"]\ndefault = "b"\n[options.split]'), 7,
     "default 'b' must be one of its values"),
    (edit('[options.split]', '[options.f]\ntype = "flag"\ndefault = 1\n[options.split]'), 6,
     "a flag's default must be true or false"),
    (edit('[options.split]', '[options.Round]\ntype = "flag"\ndefault = true\n[options.split]'), 4,
     "option name 'Round' must be lower-case"),
    (edit('[[steps]]\nkind = "deal"', '[[steps]]\nkind = "buy"'), 10, "unknown key 'faces' in a buy step"),
    (edit('[[steps]]\nkind = "deal"', '[[steps]]\nkind = "trade"'), 9, "step kind 'trade' is not allowed: use one of deal"),
    (edit('kind = "bet"\n', 'kind = "strike"\nrank = "3"\nrule = "walk"\n'), 15, "rule must be 'match-pot' or 'fold'"),
    (edit('kind = "bet"\n', 'kind = "buy"\nrank = "1"\n'), 14, "rank must be a rank: 2-9, T, J, Q, K or A"),
    (edit('faces = "down down"', 'faces = "down sideways"'), 10, "faces must be a list of \"down\" and \"up\""),
    (edit('faces = "down down"', 'faces = "down down"\ncount = 2'), 11, "unknown key 'count' in a deal step"),
    (edit('count = 5', ''), 15, "a board step needs count (a whole number from 1 to 5)"),
    (edit('count = 5', 'count = 6'), 17, "count must be a whole number from 1 to 5, not 6"),
    (edit('count = 5', 'count = 5\nburn = "yes"'), 18, "burn must be true or false"),
    (edit('kind = "bet"\n', 'kind = "bet"\nopener = "dealer"\n', GOOD), 14, "opener must be 'positional' or"),
    (edit('count = 5', 'count = "$cards"'), 17, "names no earlier option or loop variable"),
    (edit('count = 5', 'count = "$split * 2"'), 17, "is not an expression"),
    (edit('kind = "bet"\n', 'kind = "bet"\nwhen = "$split ~ high"\n', GOOD), 14, "condition"),
    (edit('kind = "bet"\n', 'kind = "bet"\nlabel = "Round {0.__class__}"\n', GOOD), 14, "label"),
    (edit('kind = "bet"\n', 'kind = "bet"\nlabel = "Round {colour}"\n', GOOD), 14, "may name only {round}"),
    (edit('kind = "bet"\n', 'kind = "repeat"\neach = "k"\nfrom = 1\nto = 2\n', GOOD), 12, "steps must be [[steps]] tables"),
    (edit('kind = "bet"\n', 'kind = "repeat"\neach = "k"\nin = "$split"\nfrom = 1\n', GOOD), 12,
     "give either in"),
    (edit('kind = "bet"\n', 'kind = "repeat"\neach = "split"\nin = [1]\n', GOOD), 14, "each must name a new loop variable"),
    ("name = \"x\"\n" + "[[steps]]\nkind = \"bet\"\n" * 101, 202, "at most 100 step tables"),
    ("name = \"x\"\n" + "#" * 70_000, 1, "larger than 64000 bytes"),
]


def refusal(text: str, words: str) -> str:
    """Why ``load_game`` refuses the file ``text``; the message must hold ``words``."""
    with pytest.raises(ValueError) as e:
        load_game(text)
    message = str(e.value)
    assert words in message, message
    return message


@pytest.mark.parametrize(("text", "line", "words"), ERRORS, ids=[str(i) for i in range(len(ERRORS))])
def test_every_schema_error_names_its_line_and_what_is_allowed(text: str, line: int, words: str) -> None:
    message = refusal(text, words)
    if "bytes" in message:
        assert message.startswith("game file: "), message  # the size is checked before any line is read
    else:
        assert message.startswith(f"game file line {line}: "), message


#: files that parse but no hand could play (checked when the game is built), with the line named
UNPLAYABLE = [
    (edit('[[steps]]\nkind = "deal"\nfaces = "down down"\n\n', ''), 8, "the first step must be a deal"),
    (edit('[[steps]]\nkind = "showdown"\n', '[[steps]]\nkind = "bet"\n'), 22, "the showdown must be the last step"),
    (edit('faces = "down down"', 'faces = ' + repr(["down"] * 10).replace("'", '"')
          + '\n[[steps]]\nkind = "deal"\nfaces = "down down down down down down down down down down"' * 2), 8,
     "with 2 players this game deals 66 cards (burns and extra cards included); the deck has 52"),
    (edit('players = [2, 6]', 'players = [2, 6]\ndeck = "short"', edit('faces = "down down"', 'faces = ' + repr(
        ["down"] * 10).replace("'", '"') + '\n[[steps]]\nkind = "deal"\nfaces = "down down down down down down down down"'
     )), 9, "with 2 players this game deals 42 cards (burns and extra cards included); the deck has 36"),
    (edit('kind = "showdown"\n', 'kind = "buy"\nrank = "4"\n[[steps]]\nkind = "showdown"\n'), 22,
     "a buy step acts on the cards the deal just before dealt face up"),
    (edit('count = 5', 'count = 2'), 22, "needs 5 to 10 own and board cards"),
    (edit('kind = "bet"\n', 'kind = "pass"\ncount = 3\n', GOOD), 14, "a pass of 3 cards, but a player holds 2"),
    (edit('kind = "bet"\n', 'kind = "discard"\nkeep = 2\n', GOOD), 14, "keep must be from 1 to 1"),
    (edit('kind = "bet"\n', 'kind = "roll"\n', GOOD), 12, "a roll step needs an arrange step"),
    (edit('kind = "bet"\n', 'kind = "declare"\n', GOOD), 12, "a declare step needs split = 'declare'"),
    (edit('default = "high"', 'default = "declare"'), 22, "split = 'declare' needs exactly one declare step"),
    (edit('kind = "bet"\n', 'kind = "bet"\nopener = "bring-in"\n', GOOD), 14, "'bring-in' needs a face-up card"),
    (edit('kind = "bet"\n', 'kind = "repeat"\neach = "k"\nfrom = 1\nto = 52\n[[steps.steps]]\nkind = "expose"\n',
          GOOD), 17, "an expose step turns a face-down card up, but a player has none"),
]


@pytest.mark.parametrize(("text", "line", "words"), UNPLAYABLE, ids=[str(i) for i in range(len(UNPLAYABLE))])
def test_an_unplayable_file_is_refused_with_its_line(text: str, line: int, words: str) -> None:
    message = refusal(text, words)
    assert message.startswith(f"game file line {line}: "), message


def test_loops_and_size_limits() -> None:
    many = edit('kind = "bet"\n', 'kind = "repeat"\neach = "k"\nfrom = 0\nto = 52\n[[steps.steps]]\nkind = "bet"\n',
                GOOD)
    with pytest.raises(ValueError, match=r"line 12: this repeat would run 53 times; the most is 52"):
        load_game(many)
    nested = edit('kind = "bet"\n', 'kind = "repeat"\neach = "a"\nfrom = 1\nto = 50\n[[steps.steps]]\n'
                  'kind = "repeat"\neach = "b"\nfrom = 1\nto = 50\n[[steps.steps.steps]]\nkind = "bet"\n', GOOD)
    with pytest.raises(ValueError, match=r"more than 200 steps"):
        load_game(nested)
    deeper = edit('kind = "bet"\n', 'kind = "repeat"\neach = "a"\nfrom = 1\nto = 1\n[[steps.steps]]\n'
                  'kind = "repeat"\neach = "b"\nfrom = 1\nto = 1\n[[steps.steps.steps]]\nkind = "repeat"\n'
                  'each = "c"\nfrom = 1\nto = 1\n[[steps.steps.steps.steps]]\nkind = "bet"\n', GOOD)
    with pytest.raises(ValueError, match=r"line 22: a repeat step: repeats may be nested at most 2 deep"):
        load_game(deeper)


def test_house_rules_of_a_file() -> None:
    text = edit('[options.split]', '[options.rounds]\ntype = "whole"\nmin = 1\nmax = 3\ndefault = 1\n\n[options.split]')
    text = edit('kind = "bet"\n', 'kind = "repeat"\neach = "k"\nfrom = 1\nto = "$rounds"\n[[steps.steps]]\n'
                'kind = "bet"\nlabel = "Bet {k}"\n', text)
    assert [s.label for s in load_game(text).steps if s.kind == "bet"] == ["Bet 1", "Round 2"]
    assert [s.label for s in load_game(text, rounds=3).steps if s.kind == "bet"] == ["Bet 1", "Bet 2", "Bet 3",
                                                                                       "Round 4"]
    with pytest.raises(ValueError, match=r"rounds=4 is not allowed: use a whole number from 1 to 3"):
        load_game(text, rounds=4)
    with pytest.raises(ValueError, match=r"tiny has no option 'burn'; its options are: rounds, split"):
        load_game(text, burn=False)
    assert load_game(text, split="high-low").rules["qualifier"] == 8


def test_a_path_a_missing_file_and_describe(tmp_path: Path) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(GOOD)
    g = load_game(path)
    assert g.name == "tiny" and load_game(str(path)) == g
    assert g.describe()[0] == "Deal: deal 2 down to each player"
    with pytest.raises(ValueError, match="cannot read the game file"):
        load_game(tmp_path / "missing.toml")
    path.write_text(edit('count = 5', 'count = 9'))
    with pytest.raises(ValueError, match=r"^tiny.toml line 17: a board step: count must be"):
        load_game(path)


def test_a_loaded_game_replays_from_its_history() -> None:
    g = load_game(GOOD)
    h = g.deal([20, 20, 20], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=5)
    while not h.over:
        s = h.to_act[0]
        h.act(s, h.default_action(s))
    again = hg.replay(h.history.to_json())
    assert again.payoffs == h.payoffs and again.game == g
    assert "file" in h.history.to_dict() and "file" not in hg.game("holdem").deal(
        [20, 20], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=5).history.to_dict()


def test_expressions_over_words_are_refused_with_the_line() -> None:
    words = edit('[options.split]', '[options.side]\ntype = "choice"\nvalues = ["a", "b"]\ndefault = "a"\n\n'
                 '[options.split]')
    with pytest.raises(ValueError, match=r"^game file line 22: .*\$side \+ 1 adds to \$side, which is 'a'"):
        load_game(edit('count = 5', 'count = "$side + 1"', words))
    with pytest.raises(ValueError, match=r"^game file line 22: .*count comes to 'a'; it must be a whole number"):
        load_game(edit('count = 5', 'count = "$side"', words))
    with pytest.raises(ValueError, match=r"^game file line 15: faces must be written out|^game file line 15: .*faces"):
        load_game(edit('faces = "down down"', 'faces = "$side"', words))
    with pytest.raises(ValueError, match=r"^game file line 17: a repeat's from and to must come to whole numbers"):
        load_game(edit('kind = "bet"\n', 'kind = "repeat"\neach = "k"\nfrom = 1\nto = "$side"\n[[steps.steps]]\n'
                       'kind = "bet"\n', words))
    with pytest.raises(ValueError, match=r"^game file line 9: option n: .*not a whole number"):
        load_game(edit('[options.split]', '[options.n]\ntype = "whole"\nmin = 1\nmax = "$side + 2"\ndefault = 1\n\n'
                       '[options.split]', words))


TOKENS = ['"$keep"', '"$split"', "0", "-1", "99", "true", '"up"', '"down down"', '"bet"', '"repeat"', "[1, 2]",
          '"$k + 1"', '"{round}"', '"left"', '""', "{a = 1}", '"$passes"', '"$split == declare"']


@pytest.mark.parametrize("name", hg.game_names())
def test_mutated_catalogue_files_load_or_say_which_line(name: str) -> None:
    """Random damage to a real file (a line dropped, or a value swapped for a stray token): load_game either
    returns a playable game or raises a ValueError naming a line; never any other exception."""
    import random

    from homegame.games.gamefile import GameFileError
    from test_rules_support import play_out

    text = (Path(hg.__file__).parent / "games" / "data" / f"{name}.toml").read_text(encoding="utf-8")
    lines = text.splitlines()
    rng = random.Random(name)
    for _ in range(40):
        mutated = list(lines)
        i = rng.randrange(len(mutated))
        if rng.random() < 0.4 or "=" not in mutated[i]:
            del mutated[i]
        else:
            key = mutated[i].split("=", 1)[0]
            mutated[i] = f"{key}= {rng.choice(TOKENS)}"
        try:
            g = load_game("\n".join(mutated) + "\n")
        except GameFileError as e:
            assert " line " in str(e), str(e)
            continue
        except ValueError as e:  # a house-rule default the option's own checker refuses
            assert "is not allowed" in str(e), str(e)
            continue
        stakes = hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4)
        h = play_out(g.deal([30] * g.min_players, stakes=stakes, seed=1))
        assert sum(h.payoffs) == 0


def _renamed(catalogue_name: str, new: str) -> hg.Game:
    """A catalogue game's file under another name: a game that only a file declares."""
    from importlib.resources import files

    text = (files("homegame.games") / "data" / f"{catalogue_name}.toml").read_text(encoding="utf-8")
    assert f'name = "{catalogue_name}"' in text
    return load_game(text.replace(f'name = "{catalogue_name}"', f'name = "{new}"', 1))


def test_hand_options_work_with_a_game_file_and_replay() -> None:
    """Straddle, run it twice and muck-losers (game.deal(..., options=...)) on a game read from a file;
    the history carries the options and the file, and its replay deals and settles the same hand."""
    g = _renamed("holdem", "my-holdem")
    h = g.deal([100] * 4, stakes=hg.Stakes("no-limit", blinds=(1, 2)), button=0, seed=3,
               options={"straddle": "utg", "run_twice": [0, 1, 2, 3], "showdown": "muck-losers"})
    assert "Seat 3 straddles 4" in h.view(None)["log"]
    for seat, action in ((0, "raise 100"), (1, "call"), (2, "call"), (3, "call")):
        h.act(seat, action)
    assert h.over and h.runs is not None and sum(h.payoffs) == 0
    record = h.history.to_dict()
    assert record["options"]["straddle"] == "utg" and "file" in record
    again = hg.replay(h.history.to_json())
    assert again.game == g and again.payoffs == h.payoffs and again.runs == h.runs
    assert again.view(None)["results"] == h.view(None)["results"]


def test_chicago_from_a_file_splits_in_whole_chips() -> None:
    """With a chip of 2 (options chip=2) the spade half and the hand half of a Chicago pot are whole chips
    of 2, the odd chip with the hand half: a pot of 18 splits 10 and 8, not 9 and 9."""
    g = _renamed("high-chicago", "my-chicago")
    hole = {0: "Kc Kd Kh 9d 5c 4h 2c", 1: "Qs 3d 7c 8d Jh 6h Td", 2: "Tc 2d As 9c Jc 8c 4d"}
    stakes = hg.Stakes("fixed-limit", ante=2, bring_in=2, small_bet=4, big_bet=8)
    h = g.deal([60] * 3, stakes=stakes, button=2, hole=hole, options={"chip": 2})
    h.act(1, "bet 4")  # the bring-in completes; every other action calls or checks
    while not h.over:
        seat = h.to_act[0]
        h.act(seat, next(a for w in ("call", "check") for a in h.legal(seat) if a.startswith(w)))
    assert sum(h.totals) == 18
    awards = {a["side"]: (a["seat"], a["amount"]) for a in h.view(None)["results"]["awards"]}
    assert awards == {"high": (0, 10), "spade": (1, 8)}
    assert hg.replay(h.history.to_json()).payoffs == h.payoffs


#: A board layout no shipped game has: two flops of three, turned one after the other, and a hand takes its
#: two hole cards with one whole flop (the lines), never cards of both.
TWO_FLOPS = '''name = "two-flops"
title = "Two Flops"
usage = { own = [2], lines = [[0, 1, 2], [3, 4, 5]], layout = "two-flops" }

[[steps]]
kind = "deal"
faces = "down down"

[[steps]]
kind = "bet"

[[steps]]
kind = "board"
label = "First flop"
count = 3

[[steps]]
kind = "bet"

[[steps]]
kind = "board"
label = "Second flop"
count = 3

[[steps]]
kind = "bet"

[[steps]]
kind = "showdown"
'''


def test_a_board_layout_the_engine_has_never_seen_is_a_declaration() -> None:
    g = load_game(TWO_FLOPS)
    assert g.use.lines == ((0, 1, 2), (3, 4, 5)) and g.use.drawing() == {"name": "two-flops",
                                                                          "lines": [[0, 1, 2], [3, 4, 5]]}
    stakes = hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)
    # a royal flush only across the two flops (Qh Jh in the first, Th in the second): it does not play, and
    # seat 0's ace-king high loses to seat 1's three deuces with the first flop
    h = g.deal([50, 50], stakes=stakes, button=1, hole={0: "Ah Kh", 1: "2d 2h"}, board="Qh Jh 2c Th 3d 4s")
    while not h.over:
        seat = h.to_act[0]
        h.act(seat, "check" if "check" in h.legal(seat) else "call")
    award = h.view(None)["results"]["awards"][0]
    assert award["seat"] == 1 and award["hand"] == "Three of a kind, twos"
    assert sorted(award["cards"]) == sorted(["2d", "2h", "2c", "Qh", "Jh"])
    assert load_game(dump(g)) == g
    # the same cards where the hand may take any five (no lines): the royal flush plays
    free = load_game(TWO_FLOPS.replace('usage = { own = [2], lines = [[0, 1, 2], [3, 4, 5]], layout = "two-flops" }',
                                       "usage = { own = [2] }"))
    h = free.deal([50, 50], stakes=stakes, button=1, hole={0: "Ah Kh", 1: "2d 2h"}, board="Qh Jh 2c Th 3d 4s")
    while not h.over:
        seat = h.to_act[0]
        h.act(seat, "check" if "check" in h.legal(seat) else "call")
    assert h.view(None)["results"]["awards"][0]["hand"] == "Royal flush"


def test_a_game_is_in_phh_only_where_its_file_says() -> None:
    """PHH's variant codes are the game file's (``phh``), not the engine's list of names: a host's file
    that reuses the name "holdem" with other cards is not exported as PHH's hold'em."""
    stakes = hg.Stakes("no-limit", blinds=(1, 2))
    assert "variant = 'NT'" in hg.game("holdem").deal([100, 100], stakes=stakes, seed=1).phh()
    mine = load_game(dump(hg.game("holdem")).replace('phh = {"no-limit high" = "NT", "fixed-limit high" = "FT"}\n', ""))
    assert mine.name == "holdem" and not mine.phh
    with pytest.raises(ValueError, match="PHH has no variant for no-limit holdem"):
        mine.deal([100, 100], stakes=stakes, seed=1).phh()


def test_building_a_game_loads_no_evaluator_kernels() -> None:
    """A game file is read and its game built without the evaluator's compiled kernels (numba): the server's
    game-file check runs in a fresh process under a half-second limit, and a new user's first command waits
    for every import. The usage rule is worked out at the first showdown (this stop's CI run: a declared
    usage worked out when the game was built loaded numba, and the check of a good file took over 0.5 s)."""
    import subprocess
    import sys

    code = ("import sys, homegame as hg; from homegame.games.dump import dump; hg.game('stud'); hg.load_game(dump(hg.game('tahoe')));"
            "print(sorted(m for m in ('numba', 'homegame.evaluate.usage', 'homegame.evaluate.kernels') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]", out
