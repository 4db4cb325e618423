"""Range notation and range-versus-range equity (issue 13, part 4).

Every notation is counted against the combos it names; bad text gets a ValueError naming the token and
what is allowed; equities are checked against a brute force over every board (hand-rolled, over
``hg.evaluate``), against PokerKit's ``parse_range`` (the same combos) and, slowly, its sampled
``calculate_equities``.
"""

from __future__ import annotations

import itertools

import pokerkit as pk
import pytest

import homegame as hg
from homegame.odds.ranges import parse_range

HOLDEM_COUNTS = {
    "AKs": 4, "AKo": 12, "AK": 16, "KQo": 12, "QQ": 6, "QQ+": 18, "QQ-99": 24, "99-QQ": 24, "A2s+": 48,
    "T9s+": 4, "A5s-A2s": 16, "A2s-A5s": 16, "T9s-54s": 24, "KTo-K8o": 36, "AhKh": 1, "kh ah": 1,
    "random": 1326, "any": 1326, "AKs, QQ+": 22, "AKs;QQ": 10, "AKs QQ": 10, "AA, AsAd": 6, "22+": 78,
}


@pytest.mark.parametrize(("text", "count"), sorted(HOLDEM_COUNTS.items()))
def test_holdem_notation_counts(text: str, count: int) -> None:
    assert len(parse_range(text)) == count


@pytest.mark.parametrize("text", ["AKs", "AKo", "AK", "QQ+", "QQ-99", "A2s+", "T9s+", "T9s-54s", "KQo",
                                  "22+,A2s+,KTs+", "AhKh"])
def test_same_combos_as_pokerkit(text: str) -> None:
    ours = {frozenset(str(c) for c in combo) for combo, _ in parse_range(text)}
    theirs = {frozenset(repr(c) for c in combo) for combo in pk.parse_range(text)}
    assert ours == theirs


def test_combos_and_suits() -> None:
    assert {tuple(map(str, c)) for c, _ in parse_range("AKs")} == {("As", "Ks"), ("Ah", "Kh"), ("Ad", "Kd"),
                                                                  ("Ac", "Kc")}
    assert all(a.suit != b.suit for (a, b), _ in parse_range("KQo"))
    assert {a.rank for (a, _), _ in parse_range("A5s-A2s")} == {12}
    assert {b.rank for (_, b), _ in parse_range("A5s-A2s")} == {0, 1, 2, 3}
    assert {(a.rank, b.rank) for (a, b), _ in parse_range("T9s-54s")} == {(8, 7), (7, 6), (6, 5), (5, 4),
                                                                          (4, 3), (3, 2)}


def test_weights_and_last_mention_wins() -> None:
    r = parse_range("AKs:0.5, QQ")
    assert {w for c, w in r if c[0].rank == 12} == {0.5} and {w for c, w in r if c[0].rank == 10} == {1.0}
    r = parse_range("AK:0.25, AKs")
    assert sorted({w for _, w in r}) == [0.25, 1.0] and sum(w == 1.0 for _, w in r) == 4


OMAHA_COUNTS = {"AAKK": 36, "AAKKds": 6, "AKQJ": 256, "AKQJr": 24, "AKQJss": 144, "AhAdKhKd": 1, "AAAA": 1}


@pytest.mark.parametrize(("text", "count"), sorted(OMAHA_COUNTS.items()))
def test_omaha_notation_counts(text: str, count: int) -> None:
    assert len(parse_range(text, game="omaha")) == count


BAD = {
    "AKx": "'AKx' is not hold'em range notation",
    "AKs, ZZ": "'ZZ' is not hold'em range notation",
    "QQs": "a pair is neither suited nor offsuit",
    "AKs:2": "weight",
    "AKs:-0.5": "weight",
    "AKs:abc": "weight",
    ":0.5": "weight",
    "AKs-KQo": "both ends of a dash",
    "A5s-K2s": "a dash joins hands",
    "QQ+-JJ": "not hold'em range notation",
    "AhKhQh": "holds 3 cards",
    "AhAh": "names a card twice",
    "": "at least one hand",
    " , ": "at least one hand",
}


@pytest.mark.parametrize(("text", "words"), sorted(BAD.items()))
def test_bad_range_text(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=None) as info:
        parse_range(text)
    assert words in str(info.value)
    if "notation" in words:
        assert "QQ+" in str(info.value) and "AKs:0.5" in str(info.value)  # says what is allowed


def test_bad_omaha_and_game() -> None:
    with pytest.raises(ValueError, match="'AAK' is not Omaha range notation: write four ranks"):
        parse_range("AAK", game="omaha")
    with pytest.raises(ValueError, match="no hand"):
        parse_range("AAAKds", game="omaha")
    with pytest.raises(ValueError, match="range notation is for games of two hole cards .* not .stud."):
        parse_range("AKs", game="stud")
    with pytest.raises(ValueError, match="player 1: range token 'AKz'"):
        hg.range_equity("holdem", ["AKs", "AKz"])
    with pytest.raises(ValueError, match="ranges are for hold.em-like and Omaha-like games: .* not .passem."):
        hg.range_equity("passem", ["AKs", "QQ"])
    with pytest.raises(ValueError, match="no hand left that avoids the board"):
        hg.range_equity("holdem", ["AhKh", "QQ"], board="Ah 2c 3d")
    with pytest.raises(ValueError, match="no way to deal"):
        hg.range_equity("holdem", ["AhKh", "AhQh"])


def brute(ranges: list[str], board: str) -> list[float]:
    """Every non-conflicting deal of the ranges and every completion of the board, by hg.evaluate."""
    shown = list(hg.cards(board))
    combos = [[c for c, _ in parse_range(r)] for r in ranges]
    totals = [0.0] * len(ranges)
    count = 0
    for deal in itertools.product(*combos):
        used = [c for h in deal for c in h] + shown
        if len(set(used)) != len(used):
            continue
        rest = [c for c in hg.cards(" ".join(str(hg.Card(i)) for i in range(52))) if c not in used]
        for more in itertools.combinations(rest, 5 - len(shown)):
            values = [hg.evaluate(list(h) + shown + list(more)) for h in deal]
            best = max(values)
            winners = [i for i, v in enumerate(values) if v == best]
            for i in winners:
                totals[i] += 1 / len(winners)
            count += 1
    return [t / count for t in totals]


@pytest.mark.parametrize(("ranges", "board"), [
    (["AhKh, AsKs", "QQ"], "Qd 7h 2c 3s"),
    (["AK", "TT-99"], "Ah 9c 2d Kc"),
    (["A5s-A2s", "KQo:0.5, JJ"], "5c 6d 7h Jc"),
    (["AhKh", "QsQd", "JJ"], "2c 7d 8h"),
])
def test_range_equity_matches_brute_force(ranges: list[str], board: str) -> None:
    r = hg.range_equity("holdem", ranges, board=board)
    assert r.exact
    weighted = any(":" in t for t in ranges)
    if weighted:  # the brute force counts combos alike: check the unweighted form
        r = hg.range_equity("holdem", [t.replace(":0.5", "") for t in ranges], board=board)
    assert r.shares == pytest.approx(brute([t.replace(":0.5", "") for t in ranges], board), abs=1e-9)


def test_weights_weigh_the_deals() -> None:
    half = hg.range_equity("holdem", ["KQo:0.5, JJ", "AhAd"], board="5c 6d 7h")
    kq = hg.range_equity("holdem", ["KQo", "AhAd"], board="5c 6d 7h")
    jj = hg.range_equity("holdem", ["JJ", "AhAd"], board="5c 6d 7h")
    n_kq, n_jj = len(parse_range("KQo")), len(parse_range("JJ"))
    expected = (0.5 * n_kq * kq.shares[0] + n_jj * jj.shares[0]) / (0.5 * n_kq + n_jj)
    assert half.shares[0] == pytest.approx(expected, abs=1e-12)


def test_known_preflop_answer_and_range_versus_hand() -> None:
    r = hg.range_equity("holdem", ["AKs", "QQ+"])
    assert r.exact and r.shares[0] == pytest.approx(0.3460, abs=5e-4)  # PokerKit, 200,000 samples: 0.3455
    one = hg.range_equity("holdem", ["As Ks", "Qh Qd"])
    assert one.shares == pytest.approx(hg.equity("holdem", ["As Ks", "Qh Qd"]).shares, abs=1e-12)
    rand = hg.range_equity("holdem", ["random", "AA"], board="2c 3d 4h")
    assert rand.exact and sum(rand.shares) == pytest.approx(1)


def test_sampled_when_too_big_and_seeded() -> None:
    a = hg.range_equity("holdem", ["22+, A2s+", "random"], trials=5_000, seed=3)
    b = hg.range_equity("holdem", ["22+, A2s+", "random"], trials=5_000, seed=3)
    assert not a.exact and a.shares == b.shares and all(0 < e < 0.03 for e in a.stderr)
    o = hg.range_equity("omaha", ["AAKKds", "random"], trials=5_000, seed=1)
    assert not o.exact and 0.6 < o.shares[0] < 0.8


@pytest.mark.slow
@pytest.mark.parametrize(("ranges", "board"), [(["AKs", "QQ+"], ""), (["AK", "TT-88"], "Ah7c2d")])
def test_against_pokerkit_calculate_equities(ranges: list[str], board: str) -> None:
    samples = 1_500
    theirs = pk.calculate_equities(tuple(map(pk.parse_range, ranges)), pk.Card.parse(board) if board else (),
                                   2, 5, pk.Deck.STANDARD, (pk.StandardHighHand,), sample_count=samples)
    ours = hg.range_equity("holdem", ranges, board=" ".join(board[i:i + 2] for i in range(0, len(board), 2)))
    assert ours.exact
    for mine, kit in zip(ours.shares, theirs, strict=True):
        assert abs(mine - kit) < 4 * (mine * (1 - mine) / samples) ** 0.5 + 0.005


def test_cli_odds_takes_ranges() -> None:
    from typer.testing import CliRunner

    from homegame.cli import _load_commands, app

    _load_commands()
    runner = CliRunner()
    result = runner.invoke(app, ["odds", "holdem", "AKs", "QQ+"], env={"COLUMNS": "120", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "34.5860%" in result.output and "65.4140%" in result.output and "18 hands" in result.output
    bad = runner.invoke(app, ["odds", "holdem", "AKx", "QQ+"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert bad.exit_code != 0 and "range token 'AKx'" in bad.output and "player 1" in bad.output
    other = runner.invoke(app, ["odds", "passem", "AKs", "QQ+"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert other.exit_code != 0 and "range notation" in other.output


@pytest.mark.slow
def test_omaha_ranges_against_pokerkit() -> None:
    def kit(text: str) -> list[frozenset[pk.Card]]:
        return [frozenset(pk.Card.parse("".join(map(str, combo)))) for combo, _ in parse_range(text, game="omaha")]

    samples = 1_500
    theirs = pk.calculate_equities((kit("AAKKds"), kit("QQJJ")), pk.Card.parse("2c7d9h"), 4, 5, pk.Deck.STANDARD,
                                   (pk.OmahaHoldemHand,), sample_count=samples)
    ours = hg.range_equity("omaha", ["AAKKds", "QQJJ"], board="2c 7d 9h")
    assert ours.exact
    for mine, other in zip(ours.shares, theirs, strict=True):
        assert abs(mine - other) < 4 * (mine * (1 - mine) / samples) ** 0.5 + 0.005
