"""Cards as CONTRACT.md (section Cards) describes them."""

import pickle

import pytest

import homegame as hg
from homegame.cards import DECK, Card, cards


def test_ids_follow_the_contract() -> None:
    assert Card("2c").id == 0
    assert Card("2d").id == 1
    assert Card("As").id == 51
    assert Card("Th").id == 4 * 8 + 2
    assert [c.id for c in DECK] == list(range(52))


@pytest.mark.parametrize("text", ["As", "as", "A♠", "a♠", "AS"])
def test_text_forms(text: str) -> None:
    assert Card(text) == Card("As")
    assert str(Card(text)) == "As"


def test_ten_is_written_t() -> None:
    assert str(Card("10s")) == "Ts"
    assert Card("10♥") == Card("Th")


def test_cards_parses_any_separator() -> None:
    assert cards("A♠7♦7♣") == cards("As 7d 7c") == cards("As,7d, 7c") == cards("As7d7c")
    assert cards("") == ()
    assert cards(["As", 0, Card("Kd")]) == (Card("As"), Card("2c"), Card("Kd"))


def test_immutable_hashable_and_repr() -> None:
    c = Card("Qh")
    with pytest.raises(AttributeError):
        c.x = 1  # type: ignore[attr-defined]
    assert len({Card("Qh"), Card("qh"), Card("Q♥")}) == 1
    assert repr(c) == "Card('Qh')"
    assert eval(repr(c), {"Card": Card}) == c
    assert pickle.loads(pickle.dumps(c)) == c


@pytest.mark.parametrize("bad", ["Zz", "1s", "A", "Asx", "11h", ""])
def test_bad_card_names_the_token(bad: str) -> None:
    with pytest.raises(ValueError, match=repr(bad)):
        Card(bad)


def test_bad_token_in_a_list_is_named() -> None:
    with pytest.raises(ValueError, match="'Xd'"):
        cards("As Xd Kc")
    with pytest.raises(ValueError, match="out of range"):
        Card(52)


def test_public_names() -> None:
    assert hg.Card is Card
    assert hg.cards is cards
