"""A lost phone is not a lost seat (issue 17 §4): the invite link says how to get a seated name back, and
the host shows the seat's new link as a QR code for the new phone to scan."""

from __future__ import annotations

from pathlib import Path

import pytest

from homegame.server import protocol as p
from homegame.server.tokens import hash_token
from test_table_support import Clock, Tab, open_room, seated


def test_a_seated_name_says_whom_to_ask_for_the_seat_code(tmp_path: Path) -> None:
    clock = Clock()
    room, _, tokens = open_room(tmp_path, clock, game="holdem", approve_seats=False)
    host = Tab(room, tokens["host"])
    seated(host, "Dave")
    ben = Tab(room, tokens["invite"])
    seated(ben, "Benjamin")
    new_phone = Tab(room, tokens["invite"])
    new_phone.send({"type": "sit", "name": "benjamin"})
    err = new_phone.last("error")
    assert err is not None and err["code"] == "refused"
    assert err["message"].startswith("This name is seated (seat 2), so it is taken. If it is yours, ask Dave to show "
                                     "your seat code")


def test_the_host_shows_a_seat_link_as_a_qr_code_that_seats_the_new_phone(tmp_path: Path) -> None:
    clock = Clock()
    room, _, tokens = open_room(tmp_path, clock, game="holdem", approve_seats=False)
    host = Tab(room, tokens["host"])
    ben = Tab(room, tokens["invite"])
    pos = seated(ben, "Ben")
    host.send({"type": "reissue", "seat": pos, "qr_base": "https://cards.example/t/abc#"})
    link = host.last("seat_link")
    assert link is not None and link["qr_svg"].startswith("<svg") and "<script" not in link["qr_svg"]
    assert link["seat_token"] not in link["qr_svg"]  # the code holds the link, as pixels
    phone = Tab(room, link["seat_token"])
    assert room.seat_of(phone.conn) == pos
    with pytest.raises(p.ProtocolError, match="qr_base"):
        host.send({"type": "reissue", "seat": pos, "qr_base": "javascript:alert(1)#"})
    assert room.seat_of(phone.conn) == pos  # a refused request changes nothing


def test_any_player_gets_the_spectator_token_to_share_a_hand_but_never_a_seat_token(tmp_path: Path) -> None:
    clock = Clock()
    room, _, tokens = open_room(tmp_path, clock, game="holdem", approve_seats=False)
    ann = Tab(room, tokens["invite"])
    welcome = ann.last("welcome")
    assert welcome is not None and welcome["watch"] == tokens["watch"] and "links" not in welcome
    watcher = Tab(room, tokens["watch"])
    assert "watch" not in (watcher.last("welcome") or {})


def test_showing_a_seat_link_signs_nobody_out_until_the_new_phone_opens_it(tmp_path: Path) -> None:
    # issue 17: the host showed Ben's link (or its QR code) and Ben's phone was signed out at once,
    # even though the new phone never opened it
    clock = Clock()
    room, store, tokens = open_room(tmp_path, clock, game="holdem", approve_seats=False)
    host = Tab(room, tokens["host"])
    ben = Tab(room, tokens["invite"])
    pos = seated(ben, "Ben")
    old = ben.seat_token or ""
    host.send({"type": "reissue", "seat": pos})
    first = host.last("seat_link") or {}
    assert first["seat_token"] != old
    assert ben.last("unseated") is None and room.seat_of(ben.conn) == pos  # still seated on the old phone
    assert room.seat_of(Tab(room, old).conn) == pos  # the old link still opens the seat
    host.send({"type": "reissue", "seat": pos})
    shown = (host.last("seat_link") or {})["seat_token"]  # shown twice: only the latest works
    assert (Tab(room, first["seat_token"]).last("error") or {}).get("code") == "bad_token"
    assert hash_token(shown) in (store.capabilities(room.id) or ())  # let in before the table is loaded
    new_phone = Tab(room, shown)
    assert room.seat_of(new_phone.conn) == pos and new_phone.state()["you"]["seat"] == pos
    told = ben.last("unseated")
    assert told is not None and "another device" in told["message"] and room.seat_of(ben.conn) is None
    assert (Tab(room, old).last("error") or {}).get("code") == "bad_token"  # used: the old link stops
    assert room.seat_of(Tab(room, tokens["invite"], shown).conn) == pos  # the used link is the seat's now
    assert hash_token(old) not in (store.capabilities(room.id) or ())
