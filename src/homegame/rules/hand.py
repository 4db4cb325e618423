"""One hand of any game: dealing, the steps in order, and the state every other module reads.

The hand is a small state machine over the game's declared steps, each driven by its kind's rule
(:mod:`homegame.rules.steps`): the rule starts the step (an automatic one, such as a deal, runs at once;
one with decisions says who acts), lists the legal actions, checks and carries out each and gives the
default on a time-out. The hand itself names no step kind. Every action is validated in full before
anything changes.
"""

from __future__ import annotations

import functools
import operator
import random
import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NoReturn

from homegame.cards import Card, card_ids
from homegame.rules import after, betting, phh, runs
from homegame.rules.action import Option
from homegame.rules.deck import Dealer, Deck, StreamDeck
from homegame.rules.errors import IllegalAction
from homegame.rules.events import Event, new_event
from homegame.rules.history import History
from homegame.rules.options import NONE as NO_OPTIONS
from homegame.rules.options import HandOptions, first_opener, takes_straddle
from homegame.rules.stakes import Stakes as StakesType
from homegame.rules.state import CardsIn, GameRules, StepRule

if TYPE_CHECKING:
    from homegame.rules.stakes import Stakes
    from homegame.rules.step import Step
    from homegame.rules.view_types import View

    OptionsIn = HandOptions | Mapping[str, Any] | None


@functools.cache
def _settlement() -> Callable[[Hand], None]:
    """:func:`homegame.rules.showdown.settle`, imported at the first hand's end rather than with this module
    (it loads numpy and the evaluator's tables), then kept: an import statement costs a microsecond each
    time it runs."""
    from homegame.rules.showdown import settle

    return settle


class Hand:
    """A hand in play. Build it with ``game.deal(...)``; drive it with ``to_act``, ``legal`` and ``act``.

    >>> import homegame as hg
    >>> h = hg.game("holdem").deal([100, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=7)
    >>> h.to_act, h.legal(0)
    ((0,), ['fold', 'call 1', 'raise 4..100'])
    >>> h.act(0, "fold"); h.over, h.payoffs
    (True, [-1, 1])
    """

    __slots__ = (
        "game", "stakes", "button", "players", "starting", "stacks", "betting", "totals", "folded",
        "cards", "faceup", "board", "burned", "mucked", "declared", "pending", "pending_text",
        "step_index", "over", "to_act", "actions", "_history", "_events", "_log",
        "_results", "_pending", "dealer", "_payoffs", "live", "turns", "_rule", "_step", "options", "runs",
        "shows", "run_checked", "agreements", "_options_dealt", "dead", "_offered", "rows",
    )

    def __init__(self, game: GameRules, stacks: list[int], *, stakes: Stakes, button: int = 0,
                 seed: int | None = None, hole: Mapping[int, CardsIn] | None = None,
                 board: CardsIn | None = None, deck: CardsIn | None = None,
                 options: OptionsIn = None, rng: random.Random | None = None) -> None:
        n = len(stacks)
        opts = NO_OPTIONS if options is None else HandOptions.from_value(options)
        if not game.min_players <= n <= game.max_players:
            raise ValueError(f"{game.name} is for {game.min_players} to {game.max_players} players, "
                             f"not {n}")
        cards = game.cards
        if game.cards_needed(n) > len(cards):
            raise ValueError(f"{n} players need {game.cards_needed(n)} cards in {game.name}; the deck has "
                             f"{len(cards)}")
        for s in stacks:
            if type(s) is not int or s <= 0:
                raise ValueError(f"every stack must be a whole number of chips above 0, not {s!r}")
        if type(button) is not int or not 0 <= button < n:
            raise ValueError(f"button must be a seat from 0 to {n - 1}, not {button!r}")
        if not isinstance(stakes, StakesType):
            raise ValueError("stakes must be a homegame Stakes")
        if opts is not NO_OPTIONS:
            opts.check(stacks, stakes)
            if opts.straddle and not takes_straddle(game, stakes):
                raise ValueError(f"a straddle needs blinds that open the first betting round; in {game.name} "
                                 f"the {first_opener(game)} opens it")
            if opts.run_twice and not game.final_counts()[1]:
                raise ValueError(f"run_twice: {game.name} has no community cards to run twice")
        hole_preset: dict[int, list[int]] = {}
        for seat, text in (hole.items() if hole else ()):
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError(f"hole: seat {seat!r} is not a seat from 0 to {n - 1}")
            ids = card_ids(text)
            if len(ids) > game.most_received():
                draws = game.most_received() - game.hole_count()
                raise ValueError(f"hole: seat {seat} is given {len(ids)} cards; {game.name} deals "
                                 f"{game.hole_count()} to a player"
                                 + (f" and at most {draws} more in the draws" if draws else ""))
            hole_preset[seat] = ids
        board_preset = card_ids(board) if board is not None else []
        named: list[int] = []
        if board_preset:
            board_max = game.final_counts()[1]
            if len(board_preset) > board_max:
                raise ValueError(f"board: {len(board_preset)} cards given; {game.name} turns {board_max}")
        if hole_preset or board_preset:
            named = [c for ids in hole_preset.values() for c in ids] + board_preset
            if len(set(named)) != len(named):
                dup = next(c for c in named if named.count(c) > 1)
                raise ValueError(f"{Card(dup)} is named twice in hole/board")
            if len(cards) < 52 and any(c not in cards for c in named):
                bad = next(c for c in named if c not in cards)
                raise ValueError(f"{Card(bad)} is not in {game.name}'s deck (ranks {game.ranks})")
        if rng is not None:
            if not isinstance(rng, random.Random):
                raise ValueError(f"rng must be a random.Random (the generator the deal draws from), not {rng!r}")
            if seed is not None or deck is not None:
                raise ValueError("give one of seed, rng or deck: each decides the shuffle")
            source: Deck = StreamDeck(list(cards), rng, set(named), game.cards_needed(n))
        elif deck is not None:
            order = card_ids(deck)
            if len(cards) < 52 and len(order) == 52:  # a whole deck's order (the server's shuffle): its cards
                order = [c for c in order if c in cards]  # of this deck, in that order
            if sorted(order) != list(cards):
                raise ValueError(f"deck must be an order of all {len(cards)} cards of {game.name}'s deck, each once"
                                 + ("" if len(cards) == 52 else " (or of all 52, from which it takes its own)"))
            source = Deck(order, None, set(named))
        else:
            # shuffled as it is dealt (Fisher-Yates, one card at a time): only the cards a hand uses
            # cost anything; the history completes the order when it is read
            source = Deck(list(cards), random.Random(seed) if seed is not None else secrets.SystemRandom(),
                          set(named))
        self.dealer = Dealer(source, hole_preset, board_preset, n)  # written only by rules.dealing

        self.game: GameRules = game
        self.stakes = stakes
        self.button = button
        self.players = n
        self.starting = list(stacks)
        self.stacks = list(stacks)
        self.betting = betting.Betting(n, stakes.structure)  # written only by rules.betting
        self.totals = [0] * n
        self.dead = [0] * n  # chips of ``totals`` paid to the pot outside the betting (rules.buy): the main pot's
        self.folded = [False] * n
        self.cards: list[list[int]] = [[] for _ in range(n)]
        self.faceup: list[list[bool]] = [[] for _ in range(n)]
        self.board: list[int] = []
        self.burned: list[int] = []
        self.mucked: list[int] = []
        self.turns: list[int] = []  # the seats still to decide in a step taken in turn (rules.steps.InTurn)
        # the step the hand is in and its rule: set as each step starts (before anyone may act)
        self._step: Step
        self._rule: StepRule
        self.declared: list[str | None] = [None] * n
        self.pending: dict[int, list[int] | str] = {}
        self.pending_text: dict[int, str] = {}
        self.step_index = 0
        self.over = False
        self.to_act: tuple[int, ...] = ()
        self.rows = betting.seat_rows(n)  # every seat once, clockwise from each seat
        self._offered: tuple[int, tuple[Option, ...]] | None = None  # (seat, legal_actions) until the next action
        self._events: list[dict[str, Any]] = []
        self._log: list[Event] = []  # the events in order (written by log(), or appended as it does)
        self._results: dict[str, Any] | None = None
        # what the settlement decided, written into ``results`` and the log when first read (rules.showdown)
        self._pending: tuple[Any, ...] | None = None
        self._payoffs: list[int] | None = None
        self.live = n
        self.options = opts
        self._options_dealt = opts  # as dealt (the history's); agreements change ``options`` later
        self.agreements: list[tuple[int, int, bool]] = []  # (actions before it, seat, agrees)
        self.runs: list[tuple[list[int], list[list[int]]]] | None = None  # (board, cards) per run when run twice
        self.shows: list[tuple[int, list[int]]] = []  # cards shown by choice after the hand
        self.run_checked = False  # the point to run it twice has been reached (rules.runs)
        self.actions: list[tuple[int, str]] = []  # (seat, normalised action) in order: the history's
        self._history: History | None = None
        betting.forced_bets(self)
        self._advance()

    @property
    def history(self) -> History:
        """The hand's record (built when first read; its ``actions`` is this hand's list, kept up to date)."""
        if self._history is None:
            self._history = History(game=self.game.name, rules=dict(self.game.rules), stakes=self.stakes.to_dict(),
                                    stacks=list(self.starting), button=self.button, deck=self.dealer.deck,
                                    hole={s: list(v) for s, v in self.dealer.hole_preset.items()},
                                    board=list(self.dealer.board_preset), actions=self.actions,
                                    options=self._options_dealt.to_dict(), shows=self.shows,
                                    agreements=self.agreements, file=self.game.source)
        return self._history

    @property
    def results(self) -> dict[str, Any] | None:
        """Once the hand is over, ``{"awards": [...], "shown": {...}}`` (and ``"mucked"``, ``"runs"``,
        ``"passed_out"`` where they apply); None before. Written when first read."""
        if self._pending is not None:
            from homegame.rules.showdown import finish

            finish(self)
        return self._results

    @results.setter
    def results(self, value: dict[str, Any] | None) -> None:
        self._results = value

    # ----------------------------------------------------------------- the betting state, read here
    @property
    def bets(self) -> list[int]:
        """Each seat's chips bet in the current betting round (``betting.bets``)."""
        return self.betting.bets

    @property
    def in_round(self) -> bool:
        """A betting round is open."""
        return self.betting.in_round

    @property
    def sb_seat(self) -> int:
        """The seat that posted the small blind (-1: none)."""
        return self.betting.sb_seat

    @property
    def bb_seat(self) -> int:
        """The seat that posted the big (or single) blind (-1: none)."""
        return self.betting.bb_seat

    @property
    def straddle_seat(self) -> int:
        """The seat that straddled (-1: none)."""
        return self.betting.straddle_seat

    # ----------------------------------------------------------------- events
    def log(self, kind: str, seat: int | None, text: str, *args: Any, **extra: Any) -> None:
        """Append a public :class:`~homegame.rules.events.Event` (no face-down card may be in it). ``text``
        is a ``str.format`` template filled with ``args`` when the event is read (so play never formats
        text); cards may be given as :class:`~homegame.rules.events.Shown` ids, written as text then too."""
        if self._pending is not None:  # after the hand: the settlement's entries come first
            from homegame.rules.showdown import finish

            finish(self)
        self._log.append(new_event(Event, (kind, seat, text, args, extra)))

    @property
    def event_records(self) -> list[Event]:
        """The public log as frozen records, in order (the list itself: read it, do not change it)."""
        if self._pending is not None:
            from homegame.rules.showdown import finish

            finish(self)
        return self._log

    @property
    def events(self) -> list[dict[str, Any]]:
        """The public log on the wire: ``{"type", "seat", "text", ...}`` per event in order
        (:meth:`Event.to_dict <homegame.rules.events.Event.to_dict>`, each written once)."""
        done, records = self._events, self.event_records
        if len(done) < len(records):
            done += [e.to_dict() for e in records[len(done):]]
        return done

    # ----------------------------------------------------------------- dealing
    def deck_order(self) -> list[int]:
        """The full order of the deck for this hand (a seeded hand is shuffled as it is dealt; the
        order is completed deterministically when asked for)."""
        return self.dealer.deck.order()

    @property
    def cards_drawn(self) -> int:
        """How many places of :meth:`deck_order` the hand has dealt so far (burns included): the cards
        after them are the ones nobody has seen."""
        return self.dealer.deck.drawn

    # ----------------------------------------------------------------- flow
    def _advance(self) -> None:
        """Run steps until one needs a decision or the hand is over."""
        steps = self.game.steps
        rules = self.game.step_rules
        count = len(steps)
        while True:
            if self.live <= 1 or self.step_index >= count:
                self._settle()
                return
            step = steps[self.step_index]
            rule = rules[self.step_index]
            if rule.deals and self.options.run_twice and self.runs is None and runs.twice_now(self):
                runs.run_twice(self)
                self._settle()
                return
            self._step = step
            self._rule = rule
            if rule.start(self, step):
                return
            self.step_index += 1

    def _next_step(self) -> None:
        """The step in progress is done (its rule says so): on to the next."""
        self.step_index += 1
        self._advance()

    # ----------------------------------------------------------------- the contract
    def legal(self, seat: int) -> list[str]:
        """The actions ``seat`` may take now (empty when it owes none)."""
        if self.over or seat not in self.to_act:
            return []
        return self._rule.legal(self, seat, self._step)

    def act(self, seat: int, action: str) -> None:
        """Take an action for ``seat``: see CONTRACT.md. Raises IllegalAction, the hand unchanged."""
        if type(action) is not str:
            raise IllegalAction(f"an action is text such as 'call' or 'raise 40', not {action!r}")
        if self.over or seat not in self.to_act or type(seat) is not int:
            self._refuse_turn(seat)
        self._offered = None  # the records offered are for the state before this action
        self._rule.act(self, seat, self._step, action)

    def _refuse_turn(self, seat: object) -> NoReturn:
        """Raise the IllegalAction that says why ``seat`` may not act now."""
        if self.over:
            raise IllegalAction("the hand is over; no action is allowed")
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(f"{seat!r} is not a seat: seats are 0 to {self.players - 1}")
        if self._rule.timing == "at-once" and seat in self.pending:
            raise IllegalAction(f"seat {seat} has already chosen; waiting for seats "
                                f"{', '.join(map(str, self.to_act))}")
        raise IllegalAction(f"it is not seat {seat}'s turn; to act: "
                            f"{', '.join(map(str, self.to_act)) or 'nobody'}")

    # ----------------------------------------------------------------- the structured actions
    def legal_actions(self, seat: int) -> tuple[Option, ...]:
        """The actions ``seat`` may take now as records (:class:`~homegame.rules.action.Option`), one per
        string of :meth:`legal` and in its order; empty when it owes none. Nothing is formatted.

        >>> import homegame as hg
        >>> h = hg.game("holdem").deal([100, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=7)
        >>> h.legal_actions(0)
        (Option(kind='fold', min=0, max=0, choice=''), Option(kind='call', min=1, max=1, choice=''), Option(kind='raise', min=4, max=100, choice=''))
        >>> [o.text for o in h.legal_actions(0)] == h.legal(0)
        True
        """
        offered = self._offered
        if offered is not None and offered[0] == seat:
            return offered[1]
        if self.over or type(seat) is not int or seat not in self.to_act:
            return ()
        out = self._rule.options(self, seat, self._step)
        self._offered = (seat, out)  # until the next action (act, apply)
        return out

    def apply(self, seat: int, option: Option, amount: int | None = None, *,
              cards: CardsIn | None = None) -> None:
        """Take one of :meth:`legal_actions`' records for ``seat``: the same as :meth:`act` with its text,
        without writing or parsing any. ``amount`` is the total of a bet or raise (from ``option.min`` to
        ``option.max``; it may be left out when they are equal); ``cards`` are the cards a ``pass``,
        ``discard``, ``expose`` or ``arrange`` names. Raises IllegalAction, the hand unchanged, when the
        record is not legal now or the amount or cards do not fit it.

        >>> import homegame as hg
        >>> h = hg.game("holdem").deal([100, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=7)
        >>> fold, call, raise_ = h.legal_actions(0)
        >>> h.apply(0, raise_, 10); h.actions
        [(0, 'raise 10')]
        >>> h.apply(1, h.legal_actions(1)[0]); h.payoffs
        [2, -2]
        """
        offered = self._offered
        if type(seat) is not int:
            self._refuse_turn(seat)
        legal = offered[1] if offered is not None and offered[0] == seat else self.legal_actions(seat)
        if option not in legal:
            if not legal:
                self._refuse_turn(seat)
            raise IllegalAction(f"{option!r} is not legal now for seat {seat}; legal now: "
                                f"{', '.join(o.text for o in legal)}")
        self._rule.apply(self, seat, self._step, option, amount, cards)

    @property
    def payoffs(self) -> list[int]:
        """Net chips won (+) or lost (-) per seat; raises IllegalAction before the hand is over."""
        if self._payoffs is None:
            raise IllegalAction("the hand is not over yet; payoffs are known once the pot is awarded")
        return list(self._payoffs)

    def default_action(self, seat: int) -> str:
        """What a turn timer plays for a seat in ``to_act``."""
        if seat not in self.to_act:
            raise IllegalAction(f"seat {seat} owes no action now")
        return self._rule.default(self, seat, self._step)

    @property
    def step(self) -> Step | None:
        """The step the hand is waiting in (None once over)."""
        return None if self.over else self.game.steps[self.step_index]

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` (None: a spectator) may know now, as a JSON-serialisable dict."""
        from homegame.rules.views import build_view

        return build_view(self, seat)

    def agree_run_twice(self, seat: int, agree: bool = True) -> None:
        """The seat agrees (or, ``agree=False``, no longer agrees) to run it twice, any time before the
        point where it would happen (the first card after the betting is over for good); recorded in
        the history. IllegalAction, nothing changed, when out of place (see :mod:`homegame.rules.runs`)."""
        runs.agree(self, seat, agree)

    def show(self, seat: int, cards: CardsIn | None = None) -> list[str]:
        """After the hand, show some (``cards``) or all (None) of the seat's unseen cards; recorded in
        the history. Returns the cards shown (see :mod:`homegame.rules.after`)."""
        return after.show(self, seat, cards)

    def showable(self, seat: int) -> list[str]:
        """The seat's cards it may still show by choice (empty before the hand is over)."""
        return after.showable(self, seat)

    def rabbit(self) -> list[str]:
        """The community cards that would have come after a hand ended early, when the option
        ``rabbit`` allows it (see :mod:`homegame.rules.after`)."""
        return after.rabbit(self)

    def phh(self) -> str:
        """The hand in PokerKit's PHH format (holdem, omaha, stud)."""
        return phh.to_phh(self)

    def _settle(self) -> None:
        self.to_act = ()
        betting.hand_over(self)
        _settlement()(self)
        self.over = True
        self._payoffs = list(map(operator.sub, self.stacks, self.starting))

    def __repr__(self) -> str:
        state = "over" if self.over else f"to_act={self.to_act}"
        return f"<Hand {self.game.name} {self.players} players {state}>"
