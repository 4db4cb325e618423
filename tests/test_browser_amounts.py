"""The bet and raise box (issue 10 play-test): the button follows what is typed, an amount outside
what is allowed is told and never sent, the sizing buttons give the engine's pot-limit figures, and the
box starts at the minimum at every new decision."""

from __future__ import annotations

from typing import Any

import pytest

import homegame as hg
from browser_support import Pages, base, browser, pages, play_until, state, stored_hand, take_turn  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

RECORD = """() => {
  const app = window.homegame;
  window.sentActs = [];
  const ws = app.ws, raw = ws.send.bind(ws);
  ws.send = (m) => { if (JSON.parse(m).type === 'act') window.sentActs.push(JSON.parse(m).action); raw(m); };
}"""


def table(pages: Pages, **spec: Any) -> tuple[Any, Any]:
    """Ann hosts a heads-up hold'em table, Bob sits from the invite link."""
    made, ann = pages.host_seated("laptop", "Ann", game="holdem", approve_seats=False, between_hands=1, **spec)
    bob = pages.guest_seated(made, "phone", "Bob")
    return ann, bob


def raiser(players: list[Any]) -> Any:
    """The page whose turn it is with a bet or raise among its choices (others click through)."""
    found: list[Any] = []

    def ready() -> bool:
        for p in players:
            legal = (state(p)["view"] or {}).get("legal") or []
            if any(a.startswith(("bet ", "raise ")) and ".." in a for a in legal):
                found[:] = [p]
                return True
        return False

    play_until(players, ready, what="nobody could raise")
    return found[0]


def limits(page: Any) -> tuple[str, int, int]:
    legal = state(page)["view"]["legal"]
    verb, rng = next(a for a in legal if a.startswith(("bet ", "raise "))).split(" ")
    lo, hi = rng.split("..")
    return verb, int(lo), int(hi)


def test_the_raise_button_follows_the_box_and_bad_amounts_are_never_sent(pages: Pages) -> None:
    ann, bob = table(pages)
    p = raiser([ann, bob])
    verb, lo, hi = limits(p)
    p.evaluate(RECORD)
    box = p.locator("#actions input.amount")
    go = p.locator(f'#actions button[data-action="{verb}"]')
    word = "Bet" if verb == "bet" else "Raise to"
    # typed slowly, key by key: the label follows on every keystroke, before the box loses focus
    box.fill("")
    box.press_sequentially(str(lo + 9), delay=50)
    assert go.inner_text() == f"{word} {lo + 9}"
    assert go.is_enabled()
    for bad in ("9999999", "0", "-5", "1e9", "2.5", "abc", str(lo - 1), str(hi + 1), ""):
        box.fill("")
        box.press_sequentially(bad, delay=20)
        assert not go.is_enabled() or str(lo) not in go.inner_text(), (bad, go.inner_text())
        note = p.inner_text("#actions .amount-note")
        assert f"{lo}" in note and f"{hi}" in note and "whole number" in note, (bad, note)
        go.click(force=True)
        p.keyboard.press("Enter")
        p.wait_for_timeout(150)
        assert p.evaluate("window.sentActs") == [], f"{bad!r} sent something"
        assert state(p)["view"]["legal"] == state(p)["view"]["legal"]
    # a good amount again: the note goes, the label and the action are that amount
    box.fill("")
    box.press_sequentially(str(lo + 1), delay=20)
    assert go.inner_text() == f"{word} {lo + 1}"
    assert not p.locator("#actions .amount-note").inner_text().strip()
    go.click()
    p.wait_for_function("window.sentActs.length === 1")
    assert p.evaluate("window.sentActs") == [f"{verb} {lo + 1}"]
    assert not pages.errors


def test_pot_and_half_pot_are_the_engines_pot_limit_figures(pages: Pages) -> None:
    ann, bob = table(pages, stakes={"structure": "pot-limit", "blinds": [1, 2]}, buy_in=1000)
    made = {"links": {"invite": ann.evaluate("document.querySelector('#invite-link') && document.querySelector('#invite-link').value")}}
    cat = pages.guest_seated(made, "phone", "Cat") if made["links"]["invite"] else None
    players = [ann, bob] + ([cat] if cat else [])
    seen = 0
    for _ in range(4):
        p = raiser(players)
        verb, lo, hi = limits(p)
        v = state(p)["view"]
        bets = [s["bet"] for s in v["seats"]]
        high, mine = max(bets), bets[v["seat"]]
        pot_after_call = v["pot"] + (high - mine)
        # the engine's pot-limit largest raise is exactly the pot-sized raise: the call plus the pot after it
        assert hi == min(high + pot_after_call, mine + v["seats"][v["seat"]]["stack"])
        want = {"Pot": hi, "½ pot": max(lo, min(hi, high + pot_after_call // 2)), "Min": lo, "Max": hi}
        box = p.locator("#actions input.amount")
        for label, amount in want.items():
            # a tap as a finger makes it, with a state update (another seat, a chat line) arriving between
            # the press and the release: the button must still be there to take the tap
            p.hover(f'#actions button[data-action="{verb}-{label}"]')
            p.mouse.down()
            p.evaluate("window.homegame.render()")
            p.mouse.up()
            assert box.input_value() == str(amount), (label, v["pot"], bets, box.input_value(), amount)
        seen += 1
        # raise the pot, so the next decision faces a bet
        before = state(p)["you"]["decision"]
        p.click(f'#actions button[data-action="{verb}-Pot"]')
        p.click(f'#actions button[data-action="{verb}"]')
        p.wait_for_function(f"window.homegame.state.you.decision !== {before}")
    assert seen == 4
    assert not pages.errors


def test_the_box_is_back_at_the_minimum_at_every_new_decision(pages: Pages) -> None:
    ann, bob = table(pages)
    for _ in range(2):
        p = raiser([ann, bob])
        verb, lo, hi = limits(p)
        box = p.locator("#actions input.amount")
        assert box.input_value() == str(lo)
        # a large amount on the slider and in the box, then the turn passes without raising
        p.click(f'#actions button[data-action="{verb}-Max"]')
        assert box.input_value() == str(hi)
        before = state(p)["you"]["decision"]
        assert take_turn(p)
        other = bob if p is ann else ann
        # the others play on until this page owes a new decision with a raise in it
        def again(p: Any = p, before: Any = before) -> bool:
            s = state(p)
            legal = (s["view"] or {}).get("legal") or []
            return s["you"]["decision"] not in (None, before) and any(".." in a for a in legal)

        play_until([other], again, what="no second decision with a raise")
        verb, lo, hi = limits(p)
        p.wait_for_selector("#actions input.amount")
        assert p.locator("#actions input.amount").input_value() == str(lo)
        assert p.locator("#actions input[type=range]").input_value() == str(lo)
        assert p.locator(f'#actions button[data-action="{verb}"]').inner_text().endswith(f" {lo}")
    assert not pages.errors


def test_the_replay_says_what_a_seat_won_its_net_and_the_pot_not_its_stack(pages: Pages) -> None:
    made, ann = pages.host_seated("laptop", "Ann", game="holdem", approve_seats=False, between_hands=30)
    bob = pages.guest_seated(made, "laptop", "Bob")
    p = raiser([ann, bob])
    other = bob if p is ann else ann
    verb, lo, hi = limits(p)
    # all in, and the other folds: most of the winner's chips come back uncalled, which is not a win
    p.click(f'#actions button[data-action="{verb}-Max"]')
    p.click(f'#actions button[data-action="{verb}"]')
    other.wait_for_selector('#actions button[data-action="fold"]')
    other.click('#actions button[data-action="fold"]')
    ann.wait_for_function("window.homegame.state.view && window.homegame.state.view.over")
    stored_hand(pages.base, made, 1)  # then the night's list has it
    ann.click("#replay-panel summary")
    ann.click('#replay-panel [data-action="night"]')
    ann.wait_for_selector('#night [data-action="replay-1"]')
    listed = ann.inner_text("#night")
    assert "pot won" not in listed, listed
    ann.click('#night [data-action="replay-1"]')
    ann.wait_for_selector("#replay .replay-log li")
    ann.click('[data-action="replay-last"]')
    last = state(ann)["view"]
    payoffs = last["results"]["payoffs"]
    w = max(range(len(payoffs)), key=lambda i: payoffs[i])
    back = last["results"]["uncalled"]
    awarded = sum(a["amount"] for a in last["results"]["awards"] if a["seat"] == w)
    won = awarded - (back["amount"] if back and back["seat"] == w else 0)
    stack = last["seats"][w]["stack"]
    rows = ann.locator("#replay .replay-seat")
    row = rows.nth(w).inner_text()
    assert f"won {won}" in row and f"net +{payoffs[w]}" in row and f"stack {stack}" in row, (row, won, stack)
    assert f"wins {stack}" not in row and f"won {awarded}" not in row
    pot = sum(s["in_pot"] for s in last["seats"]) - (back["amount"] if back else 0)
    assert f"Pot {pot}" in ann.inner_text("#replay .replay-felt")
    assert not pages.errors


def test_settle_up_follows_the_ledger(pages: Pages) -> None:
    from homegame.server.harness import api

    made, ann = pages.host_seated("laptop", "Ann", game="holdem", approve_seats=False, between_hands=30, paused=True)
    bob = pages.guest_seated(made, "laptop", "Bob")
    token = made["links"]["host"].split("#", 1)[1]
    ann.click("#ledger-panel summary")
    ann.click('#ledger [data-action="settle"]')
    ann.wait_for_selector("#ledger .settle ul, #ledger .settle p")
    assert "Nobody owes anybody" in ann.inner_text("#ledger .settle")
    # a hand is played (someone wins the blinds at least): the ledger changes, so must the settle-up
    ann.evaluate("window.homegame.send({type: 'pause', value: false})")
    play_until([ann, bob], lambda: any(r["net"] for r in state(ann)["table"]["ledger"]),
               what="nobody's net moved")
    fresh = api(pages.base, f"/api/tables/{made['table_id']}/settle?token={token}")
    want = fresh.get("lines") or [f"{x['payer']} pays {x['payee']} {x['amount']}" for x in fresh["payments"]]
    assert want, fresh
    ann.wait_for_function("(w) => [...document.querySelectorAll('#ledger .settle li')].map(l => l.textContent).join('|') === w",
                          arg="|".join(want))
    assert not pages.errors


def test_long_names_are_never_cut_without_a_word(pages: Pages) -> None:
    from homegame.server.app import NewTable
    from homegame.server.protocol import Name

    name_max = next(m.max_length for m in Name.__metadata__[0].metadata if getattr(m, "max_length", None))
    table_max = next(m.max_length for m in NewTable.model_fields["name"].metadata if getattr(m, "max_length", None))
    long = "Annabelle-Marie the Great Bluffer of Dave's"
    lobby = pages.new("phone")
    lobby.goto(pages.base + "/")
    box = lobby.locator("#new-table input[name=name]")
    assert box.get_attribute("maxlength") == str(table_max)
    box.fill("")
    box.press_sequentially(long + " on Friday night", delay=5)
    assert f"at most {table_max} characters" in lobby.inner_text("#new-table .limit-note")
    made = pages.host_seated("phone", "Dave")[0]
    page = pages.open(made["links"]["invite"], "phone")
    sit = page.locator("#sit input[name=name]")
    assert sit.get_attribute("maxlength") == str(name_max)
    assert f"0/{name_max}" in page.inner_text("#sit .limit-note")
    sit.press_sequentially(long, delay=5)
    note = page.inner_text("#sit .limit-note")
    assert f"{name_max}/{name_max}" in note and f"at most {name_max} characters" in note, note
    # the table tidies a name (spaces collapsed): the page says what it kept
    sit.fill("  Bob    the   Bold ")
    page.click('#sit [data-action="sit"]')
    page.wait_for_function("window.homegame.state.you.seat !== null")
    page.wait_for_function("document.querySelector('#toast').textContent.includes('Bob the Bold')")
    assert not pages.errors


@pytest.mark.parametrize(("game", "lines"), [("iron-cross", [[0, 2, 4], [1, 3, 4]]),
                                             ("elevator", [[0, 6, 3], [1, 6, 4], [2, 6, 5]])])
def test_a_laid_out_board_is_drawn_as_its_layout(pages: Pages, game: str, lines: list[list[int]]) -> None:
    from homegame.server.harness import api

    listed = next(g for g in api(pages.base, "/api/games") if g["name"] == game)
    assert listed["layout"]["lines"] == lines == [list(x) for x in hg.game(game).use.lines]
    made, ann = pages.host_seated("laptop", "Ann", game=game, approve_seats=False, between_hands=30,
                                  stakes={"structure": "fixed-limit", "small_bet": 2, "big_bet": 4, "ante": 1})
    bob = pages.guest_seated(made, "laptop", "Bob")
    play_until([ann, bob], lambda: len((state(ann)["view"] or {}).get("board") or []) >= 2,
               what="no board was turned")
    ann.wait_for_selector(f'#board .board-layout[data-layout="{listed["layout"]["name"]}"]')
    boxes = {int(el.get_attribute("data-slot")): el.bounding_box()
             for el in ann.locator("#board .board-layout [data-slot]").all()}
    assert sorted(boxes) == list(range(1 + max(max(x) for x in lines)))
    mid = {i: (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for i, b in boxes.items()}
    centre = next(i for i in lines[0] if all(i in x for x in lines))
    board = state(ann)["view"]["board"]
    shown = {int(el.get_attribute("data-slot")): el.get_attribute("data-card")
             for el in ann.locator("#board .board-layout [data-slot]").all()}
    assert all(shown[i] == c for i, c in enumerate(board)), (shown, board)
    for k, line in enumerate(lines):
        xs = {round(mid[i][0]) for i in line}
        ys = {round(mid[i][1]) for i in line}
        if len(lines) == 2:
            # the cross: the first line straight across, the second straight down, through the centre
            down = k == 1
            assert (len(xs) if down else len(ys)) == 1, (line, xs, ys)
            assert (len(ys) if down else len(xs)) == 3, (line, xs, ys)
        else:
            # the H: each row's two ends level with each other, one each side of the centre
            a, b = (i for i in line if i != centre)
            assert round(mid[a][1]) == round(mid[b][1]), (line, mid)
            assert mid[a][0] < mid[centre][0] < mid[b][0], (line, mid)
    if len(lines) > 2:
        rows = sorted({round(mid[i][1]) for line in lines for i in line if i != centre})
        assert len(rows) == len(lines) and rows[0] < mid[centre][1] < rows[-1]
    assert not pages.errors


def test_a_fixed_limit_bet_is_not_called_all_in(pages: Pages) -> None:
    ann, bob = table(pages, stakes={"structure": "fixed-limit", "small_bet": 2, "big_bet": 4, "ante": 1}, buy_in=500)
    found: list[Any] = []

    def ready() -> bool:
        for q in (ann, bob):
            legal = (state(q)["view"] or {}).get("legal") or []
            if any(a.startswith(("bet ", "raise ")) for a in legal):
                found[:] = [q]
                return True
        return False

    play_until([ann, bob], ready, what="nobody could bet")
    p = found[0]
    go = p.locator('#actions button[data-action^="bet"], #actions button[data-action^="raise"]').last
    assert "all in" not in go.inner_text(), go.inner_text()
    assert not pages.errors


def test_a_call_that_puts_me_all_in_says_so(pages: Pages) -> None:
    # issue 17/21 play-test: "Call 59" when that call was the player's whole stack; raises said "(all in)"
    ann, bob = table(pages)
    p = raiser([ann, bob])
    verb, _, hi = limits(p)
    box = p.locator("#actions input.amount")
    box.fill(str(hi))
    go = p.locator(f'#actions button[data-action="{verb}"]')
    assert go.inner_text().endswith("(all in)"), go.inner_text()
    go.click()
    other = bob if p is ann else ann
    other.wait_for_function("(v => v && v.legal.some((a) => a.startsWith('call ')))(window.homegame.state.view)")
    call = other.locator('#actions button[data-action="call"]')
    me = next(s for s in state(other)["table"]["seats"] if s["position"] == state(other)["you"]["seat"])
    assert call.inner_text() == f"Call {me['stack']} (all in)", (call.inner_text(), me)
    assert not pages.errors
