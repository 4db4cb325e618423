"""PHH for every homegame game: the standard fields plus ``_``-prefixed ones for what PHH cannot say.

PHH (PokerKit's format) has no variant for Pass'Em, Same'Em, Pass The Trash, Three-Hole or the
catalogue's other games, and no actions for passing, exposing, arranging or declaring.
:func:`to_phh_extended` writes any hand in PHH's layout with these additions, and
:func:`homegame.records.phh_import.from_phh` reads them back into exactly the same hand (same deck,
actions, stacks and payoffs):

- ``variant = '_homegame'`` (no PHH code), ``_game`` (the engine name), ``_rules`` (the house rules,
  JSON), ``_structure`` (``fixed-limit`` / ``pot-limit`` / ``no-limit``), ``_button`` (the button's
  seat), ``_deck`` (the deck's whole order, the cards run together as in PHH) and ``_options`` (the
  hand options, JSON, only when set);
- the usual ``antes``, ``blinds_or_straddles``, ``bring_in``, ``small_bet``/``big_bet``, ``min_bet``
  and ``starting_stacks``, players numbered from the button's left (``p1``) as PHH does;
- ``actions``: ``d dh pK CARDS`` for each player's first cards (for a reader: the import deals from
  ``_deck``), PHH's ``pK f``, ``pK cc`` and ``pK cbr N`` (``N`` the player's total in the round) for
  betting, and ``pK _pass CARDS``, ``pK _expose CARD``, ``pK _discard CARDS`` (a discard or a draw;
  none = stands pat), ``pK _arrange CARDS`` (all the player's cards, first to roll first) and
  ``pK _declare high|low|both`` for the steps PHH lacks. Simultaneous choices are written in the order
  the engine took them.

>>> import homegame as hg
>>> h = hg.game("three-hole").deal([20, 20], stakes=hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4),
...                               seed=5)
>>> h.act(1, "bet"); h.act(0, "call")
>>> h.act(0, "expose " + h.view(0)["cards"][0]); h.act(1, "expose " + h.view(1)["cards"][0])
>>> text = to_phh_extended(h)
>>> [line for line in text.splitlines() if line.startswith("  'p")]
["  'p1 cbr 2',", "  'p2 cc',", "  'p2 _expose Jh',", "  'p1 _expose Tc',"]
>>> again = hg.from_phh(text)
>>> again.history.actions == h.history.actions and again.view(0) == h.view(0)
True
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from homegame.cards import Card
from homegame.rules.phh import forced_bet_fields

if TYPE_CHECKING:
    from homegame.rules.hand import Hand

OWN_VERBS = {"pass": "_pass", "expose": "_expose", "discard": "_discard", "arrange": "_arrange",
        "declare": "_declare"}


def _toml(value: object) -> str:
    if isinstance(value, str):
        return "'" + value.replace("'", "\\'") + "'"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def to_phh_extended(h: Hand) -> str:
    """The hand as PHH text with homegame's ``_`` fields (module notes); any game, any point of play."""
    history = h.history
    n, button, st = h.players, h.button, h.stakes
    order = [(button + 1 + i) % n for i in range(n)]  # PHH index -> seat
    fields: dict[str, object] = {"variant": "_homegame", "_game": h.game.name,
                                 "_rules": json.dumps(h.game.rules, sort_keys=True),
                                 "_structure": st.structure, "_button": button,
                                 "_deck": "".join(str(Card(c)) for c in history.deck)}
    options = history.to_json()
    opts = json.loads(options).get("options")
    if opts:
        fields["_options"] = json.dumps(opts, sort_keys=True)
    antes, blinds = forced_bet_fields(st, n)
    fields.update({"antes": antes, "blinds_or_straddles": blinds, "bring_in": st.bring_in,
                   "small_bet": st.small_bet, "big_bet": st.big_bet, "min_bet": st.min_bet,
                   "starting_stacks": [h.starting[s] for s in order]})
    fresh = h.game.deal(list(h.starting), stakes=st, button=button, deck=list(history.deck),
                        options=history.options)
    actions = [f"d dh p{i + 1} " + "".join(fresh.view(seat)["cards"]) for i, seat in enumerate(order)]
    for seat, action in history.actions:
        player = f"p{order.index(seat) + 1}"
        verb, *rest = action.split()
        if verb in ("bet", "raise") and not rest:  # fixed-limit without an amount: the one size legal
            rest = [next(a.split()[1] for a in fresh.legal(seat) if a.split()[0] in ("bet", "raise"))]
        fresh.act(seat, action)
        if verb in ("fold", "check", "call"):
            actions.append(f"{player} {'f' if verb == 'fold' else 'cc'}")
        elif verb in ("bet", "raise"):
            actions.append(f"{player} cbr {rest[0]}")
        else:
            actions.append(" ".join([player, OWN_VERBS[verb], *rest]))
    lines = [f"{k} = {_toml(v)}" for k, v in fields.items()]
    lines.append("actions = [\n" + "".join(f"  {_toml(a)},\n" for a in actions) + "]")
    return "\n".join(lines) + "\n"
