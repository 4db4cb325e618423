"""From a checked game file and house rules to a game: the options resolved, repeats unrolled, conditions
decided, and the resulting steps checked to be playable (cards to pass, a deck big enough, a showdown).

>>> from homegame.games.gamefile import parse
>>> gf = parse('name = "t"\\n[options.n]\\ntype = "whole"\\nmin = 1\\nmax = 3\\ndefault = 2\\n'
...            '[[steps]]\\nkind = "deal"\\nfaces = "down down down down down"\\n'
...            '[[steps]]\\nkind = "repeat"\\neach = "k"\\nfrom = 1\\nto = "$n"\\n'
...            '[[steps.steps]]\\nkind = "bet"\\nlabel = "Bet {k} of {n}"\\n'
...            '[[steps]]\\nkind = "showdown"\\n')
>>> [s.label for s in build(gf, {"n": 3}).steps]
['Deal', 'Bet 1 of 3', 'Bet 2 of 3', 'Bet 3 of 3', 'Showdown']
"""

from __future__ import annotations

from typing import Any

from homegame.games.gamefile import (
    DECKS,
    MAX_REPEAT,
    MAX_STEPS,
    GameFile,
    GameFileError,
    OptionSpec,
    StepSpec,
    _allowed,
    fields_of,
)
from homegame.games.options import Option, choice, flag, resolve, split_option, split_options, whole
from homegame.rules.spec import Game, Step

_OPS = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def _value(text: str, env: dict[str, Any]) -> Any:
    """A ``$name [+|- N]`` expression, or a literal operand of a condition."""
    text = text.strip()
    if not text.startswith("$"):
        if text.lstrip("-").isdigit():
            return int(text)
        word = text.strip("\"'")
        return None if word == "none" else {"true": True, "false": False}.get(word, word)
    name, sign, number = text[1:], "", 0
    for op in "+-":
        if op in name:
            name, rest = name.split(op, 1)
            sign, number = op, int(rest)
    name = name.strip()
    value = env[name]
    if sign:
        if type(value) is not int:
            raise ValueError(f"{text} adds to ${name}, which is {value!r}, not a whole number")
        value = value + number if sign == "+" else value - number
    return value


def _holds(cond: str, env: dict[str, Any]) -> bool:
    for op in ("==", "!=", "<=", ">=", "<", ">"):
        if op in cond:
            left, right = cond.split(op, 1)
            a, b = _value(left, env), _value(right, env)
            try:
                return bool(_OPS[op](a, b))
            except TypeError:
                return False
    return bool(_value(cond, env))


def _counts(lo: int, hi: int, most: int, allowed: str) -> Any:
    def check(name: str, value: Any) -> Any:
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise ValueError(f"{name}={value!r} is not allowed: use {allowed}")
        out = tuple(value)
        if len(out) > most or any(isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi for v in out):
            example = allowed.split("such as ", 1)[1] if "such as " in allowed else ""
            raise ValueError(f"{name}={value!r} is not allowed: use up to {most} card counts, each from {lo} to {hi}"
                             + (f", such as {example}" if example else ""))
        return out
    return check


def _words(values: list[str]) -> str:
    quoted = [repr(v) for v in values]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def options_of(gf: GameFile) -> dict[str, Option]:
    """The file's house-rule options (bounds written as expressions are checked once the others are known)."""
    out: dict[str, Option] = {}
    for o in gf.options:
        s = o.settings
        if o.kind == "split":
            low = s.get("low", "a5")
            opts = split_options(o.default, low=low)
            q = s.get("qualifier", "auto")
            opts["qualifier"] = Option(opts["qualifier"].allowed, None if q == "none" else q, opts["qualifier"].check)
            opts["swing_ties"] = Option("True or False", s.get("swing_ties", False), flag)
            opts["split"] = split_option(o.default, o.allowed)
            out.update(opts)
            continue
        default = o.default
        if default == "none" or (isinstance(default, str) and default.startswith("$")):
            default = None  # a default worked out from other options is filled in by resolve_rules
        elif isinstance(default, list):
            default = tuple(default)
        if o.kind == "choice":
            out[o.name] = Option(o.allowed or _words(s["values"]), default, choice(*s["values"]))
        elif o.kind == "flag":
            out[o.name] = Option(o.allowed or "True or False", default, flag)
        elif o.kind == "counts":
            text = o.allowed or f"a sequence of up to {s.get('most', 6)} card counts"
            out[o.name] = Option(text, default, _counts(s["min"], s["max"], s.get("most", 6), o.allowed))
        else:
            lo, hi = s["min"], s["max"]
            static_hi = hi if type(hi) is int else 52
            static_lo = lo if type(lo) is int else 0
            none = bool(s.get("none")) or isinstance(default, str)
            also = " or None" if none else ""
            text = o.allowed or f"a whole number from {lo} to {hi}{also}".replace("$", "")
            out[o.name] = Option(text, default, whole(static_lo, static_hi, none=none))
    if "split" not in out:
        out.update(split_options("high"))
    return out


def resolve_rules(gf: GameFile, house_rules: dict[str, Any]) -> dict[str, Any]:
    """Every option's value: the house rules checked, defaults filled in, expression defaults and bounds
    worked out in the order the options are declared."""
    rules = resolve(gf.name, options_of(gf), house_rules)
    for o in gf.options:
        if o.kind != "whole":
            continue
        try:
            if isinstance(o.default, str) and o.default.startswith("$") and rules[o.name] is None:
                rules[o.name] = _value(o.default, rules)
            lo, hi = (_value(b, rules) if isinstance(b, str) else b for b in (o.settings["min"], o.settings["max"]))
        except ValueError as e:
            raise gf.error(o.path, f"option {o.name}: {e}") from None
        value = rules[o.name]
        if type(lo) is not int or type(hi) is not int or (value is not None and type(value) is not int):
            raise gf.error(o.path, f"option {o.name}: its bounds and value must be whole numbers, not {lo!r}, "
                           f"{hi!r} and {value!r}")
        refs = [b for b in (o.settings["min"], o.settings["max"]) if isinstance(b, str)]
        if refs and value is not None and not lo <= value <= hi:
            given = ", ".join(f"{n}={rules[n]!r}" for n in dict.fromkeys(
                _value_name(b) for b in refs))
            raise ValueError(f"{o.name}={value!r} is not allowed with {given}: use a whole number from {lo} to {hi}")
    return rules


def _value_name(text: str) -> str:
    return text.strip()[1:].replace("+", "-").split("-")[0].strip()


def expand(gf: GameFile, rules: dict[str, Any]) -> list[tuple[Step, StepSpec]]:
    """The steps with repeats unrolled and conditions decided, each with the table it came from."""
    out: list[tuple[Step, StepSpec]] = []

    def run(specs: tuple[StepSpec, ...], env: dict[str, Any]) -> None:
        for spec in specs:
            if not all(_holds(c, env) for c in spec.when):
                continue
            f = spec.fields
            if spec.kind == "repeat":
                if "in" in f:
                    items = env[_value_name(f["in"])]
                    if not isinstance(items, (list, tuple)):
                        raise gf.error(spec.path + ("in",), f"a repeat's in must name a list option, and "
                                       f"{f['in']} is {items!r}")
                    items = list(items)
                else:
                    try:
                        lo, hi = (_value(v, env) if isinstance(v, str) else v for v in (f["from"], f["to"]))
                    except ValueError as e:
                        raise _Bad(spec.path, str(e)) from None
                    if type(lo) is not int or type(hi) is not int:
                        raise _Bad(spec.path, f"a repeat's from and to must come to whole numbers, not {lo!r} "
                                   f"and {hi!r}")
                    if hi - lo + 1 > MAX_REPEAT:  # counted before a single item is built
                        raise gf.error(spec.path, f"this repeat would run {hi - lo + 1} times; the most is "
                                       f"{MAX_REPEAT}")
                    items = list(range(lo, hi + 1))
                if len(items) > MAX_REPEAT:
                    raise gf.error(spec.path, f"this repeat would run {len(items)} times; the most is {MAX_REPEAT}")
                for item in items:
                    run(spec.body, {**env, f["each"]: item})
                continue
            values: dict[str, Any] = {}
            for k, v in f.items():
                if k == "label":
                    continue
                try:
                    values[k] = _value(v, env) if isinstance(v, str) and v.startswith("$") else v
                except ValueError as e:
                    raise _Bad(spec.path + (k,), f"a {spec.kind} step: {e}") from None
            rounds = sum(1 for s, _ in out if s.kind == "bet") + 1
            label = f["label"].format(**{**env, "round": rounds})
            out.append((_make(gf, spec, label, values), spec))
            if len(out) > MAX_STEPS:
                raise gf.error(spec.path, f"the game would have more than {MAX_STEPS} steps, the most allowed")

    try:
        run(gf.steps, dict(rules))
    except _Bad as e:
        raise gf.error(e.path, e.message) from None
    return out


class _Bad(Exception):
    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path, self.message = path, message


def _make(gf: GameFile, spec: StepSpec, label: str, v: dict[str, Any]) -> Step:
    fields = fields_of(spec.kind)
    for key, (kind_of, _) in fields.items():
        value = v[key]
        ok = {"bool": isinstance(value, bool), "direction": value in ("left", "right"),
              "opener": value in ("positional", "best-showing", "bring-in", "jacks"),
              "rank": isinstance(value, str) and len(value) == 1 and value in "23456789TJQKA",
              "strike": value in ("match-pot", "fold", "free"), "faces": True}.get(kind_of)
        if ok is None:
            _, lo, hi = kind_of.split()
            ok = type(value) is int and int(lo) <= value <= int(hi)
        if not ok:
            raise gf.error(spec.path + (key,), f"a {spec.kind} step: {key} comes to {value!r}; it must be "
                           f"{_allowed(kind_of)}")
    k = spec.kind
    if k == "deal":
        return Step("deal", label, faces=tuple(f == "up" for f in v["faces"]))
    if k in ("board", "draw"):
        return Step(k, label, count=v["count"], burn=v["burn"])
    if k == "pass":
        return Step("pass", label, count=v["count"], direction=1 if v["direction"] == "left" else -1,
                    distance=v["distance"])
    if k == "discard":
        return Step("discard", label, keep=v["keep"])
    if k == "bet":
        return Step("bet", label, big=v["big"], opener=v["opener"])
    if k == "buy":
        return Step("buy", label, rank=v["rank"], price=v["price"])
    if k == "strike":
        return Step("strike", label, rank=v["rank"], rule=v["rule"])
    # any other kind (one registered by its own module): its fields are Step's fields of those names
    return Step(k, label, **{key: v[key] for key in fields})


def check_playable(gf: GameFile, steps: list[tuple[Step, StepSpec]], rules: dict[str, Any]) -> int:
    """Refuse steps no hand could play; return the most players the deck allows."""
    if not steps or steps[0][0].kind != "deal":
        spec = steps[0][1] if steps else None
        raise gf.error(spec.path if spec else ("steps",), "the first step must be a deal")
    if steps[-1][0].kind != "showdown" or sum(1 for s, _ in steps if s.kind == "showdown") != 1:
        where = next((sp for s, sp in steps if s.kind == "showdown"), steps[-1][1])
        raise gf.error(where.path, "the showdown must be the last step, and there must be exactly one")
    split = rules.get("split", "high")
    declares = [sp for s, sp in steps if s.kind == "declare"]
    if split == "declare" and len(declares) != 1:
        raise gf.error(declares[1].path if declares else steps[-1][1].path,
                       "split = 'declare' needs exactly one declare step before the showdown")
    if split != "declare" and declares:
        raise gf.error(declares[0].path, f"a declare step needs split = 'declare' (it is {split!r}); "
                       "add when = \"$split == declare\" to the step")
    held = down = board = 0
    arranged = False
    previous = ""
    for s, sp in steps:
        k = s.kind
        if k in ("buy", "strike") and previous not in ("deal", "strike"):
            raise gf.error(sp.path, f"a {k} step acts on the cards the deal just before dealt face up: put it "
                           "right after a deal (strike steps first, then at most one buy)")
        previous = k
        if k == "deal":
            held += len(s.faces)
            down += sum(1 for f in s.faces if not f)
            arranged = False
        elif k == "board":
            board += s.count
        elif k in ("pass", "draw") and s.count > held:
            raise gf.error(sp.path + ("count",), f"a {k} of {s.count} cards, but a player holds {held} here")
        elif k == "discard":
            if not 1 <= s.keep < held:
                raise gf.error(sp.path + ("keep",), f"discard down to {s.keep} cards, but a player holds {held} "
                               f"here: keep must be from 1 to {held - 1}")
            down = min(down, s.keep)
            held = s.keep
        elif k in ("expose", "roll"):
            if down < 1:
                raise gf.error(sp.path, f"{'an' if k == 'expose' else 'a'} {k} step turns a face-down card up, but a player has none here")
            if k == "roll" and not arranged:
                raise gf.error(sp.path, "a roll step needs an arrange step before it (after the last deal "
                               "and discard)")
            down -= 1
        elif k == "arrange":
            arranged = True
        elif k == "bet" and s.opener == "bring-in" and held == down:
            raise gf.error(sp.path + ("opener",), "opener = 'bring-in' needs a face-up card dealt before it")
        if k in ("pass", "draw", "discard"):
            arranged = False
    hole = sum(len(s.faces) for s, _ in steps if s.kind == "deal")
    shared = sum(s.count + (1 if s.burn else 0) for s, _ in steps if s.kind == "board")
    shared += 4 * len({s.rank for s, _ in steps if s.kind == "buy"})  # at most one extra card per card of the rank
    size = 4 * len(DECKS[gf.deck])
    if hole * gf.min_players + shared > size:
        first = next(sp for s, sp in steps if s.kind == "deal")
        raise gf.error(first.path, f"with {gf.min_players} players this game deals {hole * gf.min_players + shared} "
                       f"cards (burns and extra cards included); the deck has {size}")
    _check_usage(gf, steps[-1][1], held, board)
    most = gf.max_players
    while most > gf.min_players and hole * most + shared > size:
        most -= 1
    return most


def _check_usage(gf: GameFile, spec: StepSpec, held: int, board: int) -> None:
    """Whether a player's cards at the showdown can make a hand under the game's ``[usage]``."""
    use = gf.usage
    if use.shared == "none":
        ok, need = 5 <= held <= 10, "5 to 10 own cards (shared = 'none')"
    elif use.shared == "face-up":
        ok, need = board == 0 and 1 <= held <= 5 if use.all_own else board == 0 and 1 <= held <= 10, (
            "no board and 1 to 5 own cards (shared = 'face-up': the others' face-up cards are shared)")
    elif use.lines:
        size = use.board_size()
        fits = all(_can_make(use.own, held, len(line)) for line in use.lines)
        ok, need = board == size and fits, f"a board of {size} (its lines) and own cards that make five with each line"
    elif use.boards:
        size = use.board_size()
        fits = all(_can_make(use.own, held, len(b)) and (bool(use.own) or held + len(b) <= 10) for b in use.boards)
        ok, need = board == size and fits, f"a board of {size} (its boards) and own cards that make five on each board"
    else:
        ok, need = _can_make(use.own, held, board) and (bool(use.own) or held + board <= 10), (
            "own and board cards that make five under usage.own" if use.own else "5 to 10 own and board cards")
        if use.all_own:
            ok, need = 1 <= held <= 5 and held + board >= 5, "1 to 5 own cards and enough board cards to make five"
    if not ok:
        raise gf.error(spec.path, f"at the showdown a player holds {held} cards and the board has {board}; "
                       f"usage ({gf.usage.describe()}) needs {need}")


def _can_make(own: tuple[int, ...], held: int, shared: int) -> bool:
    """Whether ``held`` own and ``shared`` cards make five under the own-card counts (``()``: any five)."""
    if not own:
        return held + shared >= 5
    return any(n <= held and 5 - n <= shared for n in own)


def build(gf: GameFile, house_rules: dict[str, Any], source: str | None = None) -> Game:
    """The game a file declares, with its house rules fixed."""
    rules = resolve_rules(gf, house_rules)
    spade = rules.get("spade")
    steps = expand(gf, rules)
    most = check_playable(gf, steps, rules)
    return Game(
        name=gf.name, title=gf.title, rules={k: list(v) if isinstance(v, tuple) else v for k, v in rules.items()},
        steps=tuple(s for s, _ in steps), min_players=gf.min_players, max_players=most, use=gf.usage,
        split=rules.get("split", "high"), low=rules.get("low", "a5"), qualifier=rules.get("qualifier"),
        swing_ties=rules.get("swing_ties", False), showdown_cards_count=rules.get("showdown_cards_count", False),
        spade=spade, source=source, ranks=DECKS[gf.deck], wild=gf.wild, phh=gf.phh,
        par=2.0 if gf.par is None else gf.par,
        ranking=("short-trips" if rules.get("trips_beat_straight") else "short") if gf.deck == "short" else "standard",
    )


__all__ = ["GameFileError", "OptionSpec", "build", "check_playable", "expand", "options_of", "resolve_rules"]
