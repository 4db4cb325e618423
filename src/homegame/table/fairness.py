"""Provably fair shuffles: a committed chain of server seeds, players' contributions, a derived deck.
No I/O: the server's tables (cash and dealt tournament) and a tournament's core deal from it alike.

The scheme is specified in ``docs/fairness.md``; this module is its reference implementation. When a
table opens, the server draws a secret ``s_K`` and publishes the head ``s_0`` of the hash chain
``s_(i-1) = SHA-256(s_i)``. Hand ``i`` of the chain is shuffled from ``s_i`` and the players'
contributions, and ``s_i`` is revealed when the hand is over; anyone checks ``SHA-256(s_i) == s_(i-1)``.

>>> chain = Chain.new(number=1, first=1, length=3, secret=bytes(32))
>>> [len(chain.seed(i)) for i in (1, 2, 3)], sha256_hex(chain.seed(1)) == chain.head
([64, 64, 64], True)
>>> deck = derive_deck(chain.seed(1), [])
>>> len(deck), len(set(deck)), deck == derive_deck(chain.seed(1), ["00" * 32])
(52, 52, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from homegame.cards import DECK

#: The name of the scheme, stored with every hand (``start.shuffle.scheme``).
SCHEME = "homegame-chain-v1"
#: Hands per chain; a new chain is started (and announced) when one runs out.
CHAIN_LENGTH = 10_000
#: A loaded chain keeps every ``CHAIN_STRIDE``-th link (32 bytes each: 3.2 kB for a whole chain, not
#: 320 kB), so a hand's seed costs at most ``CHAIN_STRIDE - 1`` hashes (tens of microseconds).
CHAIN_STRIDE = 100
_HEX = frozenset("0123456789abcdef")


def full_deck() -> list[str]:
    """The 52 cards as text in the library's canonical order (the order a deck is derived from)."""
    return [str(c) for c in DECK]


def sha256_hex(value_hex: str) -> str:
    """The SHA-256 of the bytes written as ``value_hex``, as lowercase hex.

    >>> sha256_hex("")[:16]
    'e3b0c44298fc1c14'
    """
    return hashlib.sha256(bytes.fromhex(value_hex)).hexdigest()


def is_hex32(value: Any) -> bool:
    """Whether ``value`` is 32 bytes written as 64 lowercase hex digits."""
    return isinstance(value, str) and len(value) == 64 and set(value) <= _HEX


def _stream(seed_hex: str, contributions: Iterable[str]) -> Iterator[int]:
    """The 32-bit numbers of the deck stream: SHA-256 in counter mode over the key."""
    key = hashlib.sha256(bytes.fromhex(seed_hex) + b"".join(bytes.fromhex(c) for c in sorted(contributions))).digest()
    counter = 0
    while True:
        block = hashlib.sha256(key + counter.to_bytes(4, "big")).digest()
        counter += 1
        for k in range(0, 32, 4):
            yield int.from_bytes(block[k:k + 4], "big")


def derive_deck(seed_hex: str, contributions: Iterable[str]) -> list[str]:
    """The deck order of a hand from its server seed and the players' contributions (hex strings).

    Fisher-Yates from the last position down over the library's canonical order, each index drawn
    from the stream with rejection sampling (see ``docs/fairness.md``). The order of
    ``contributions`` does not matter: they are sorted first.

    >>> derive_deck("11" * 32, ["aa" * 32, "bb" * 32]) == derive_deck("11" * 32, ["bb" * 32, "aa" * 32])
    True
    """
    values = list(contributions)
    for v in [seed_hex, *values]:
        if not is_hex32(v):
            raise ValueError(f"{v!r} is not 64 lowercase hex digits")
    deck = full_deck()
    stream = _stream(seed_hex, values)
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        limit = (2**32 // n) * n
        x = next(stream)
        while x >= limit:
            x = next(stream)
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@dataclass(frozen=True)
class Chain:
    """One hash chain of server seeds: hand numbers ``first .. first + length - 1``."""

    number: int
    first: int
    length: int
    head: str
    secret: str
    _links: bytearray = field(default_factory=bytearray, compare=False, repr=False)

    @classmethod
    def new(cls, *, number: int, first: int, length: int = CHAIN_LENGTH, secret: bytes | None = None) -> Chain:
        """A fresh chain from the operating system's secure randomness (or ``secret``, for tests)."""
        top = (secret if secret is not None else secrets.token_bytes(32)).hex()
        return cls(number, first, length, _walk(top, length), top)

    def covers(self, hand: int) -> bool:
        """Whether hand number ``hand`` takes its seed from this chain."""
        return self.first <= hand < self.first + self.length

    def index(self, hand: int) -> int:
        """The chain index ``i`` (1 .. length) of hand number ``hand``."""
        return hand - self.first + 1

    def seed(self, index: int) -> str:
        """``s_index`` (hex); ``seed(0)`` is the head.

        The chain is walked once, from the secret, keeping every :data:`CHAIN_STRIDE`-th link; a seed
        is then at most that many hashes from the kept link before it.

        >>> chain = Chain.new(number=1, first=1, length=250, secret=bytes(32))
        >>> all(sha256_hex(chain.seed(i)) == chain.seed(i - 1) for i in range(1, 251))
        True
        >>> chain.seed(250) == chain.secret and chain.seed(0) == chain.head
        True
        """
        if not 0 <= index <= self.length:
            raise ValueError(f"chain {self.number} has seeds 0..{self.length}, not {index}")
        if not self._links:  # kept links k * CHAIN_STRIDE hashes below the secret, k = 0, 1, ...
            link = bytes.fromhex(self.secret)
            for done in range(self.length + 1):
                if done % CHAIN_STRIDE == 0:
                    self._links.extend(link)
                link = hashlib.sha256(link).digest()
        below = self.length - index  # s_index is the secret hashed this many times
        kept = below // CHAIN_STRIDE
        out = bytes(self._links[32 * kept:32 * kept + 32])
        for _ in range(below - kept * CHAIN_STRIDE):
            out = hashlib.sha256(out).digest()
        return out.hex()

    def intact(self) -> bool:
        """Whether the stored secret still hashes to the published head."""
        return is_hex32(self.secret) and hmac.compare_digest(self.seed(0), self.head)

    def public(self) -> dict[str, Any]:
        """What anyone may know of the chain (no secret)."""
        return {"chain": self.number, "first": self.first, "length": self.length, "head": self.head}

    def to_dict(self) -> dict[str, Any]:
        """The stored form (with the secret)."""
        return {**self.public(), "secret": self.secret}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Chain:
        """The inverse of :meth:`to_dict`."""
        return cls(int(d["chain"]), int(d["first"]), int(d["length"]), str(d["head"]), str(d["secret"]))


def _walk(value_hex: str, times: int) -> str:
    out = bytes.fromhex(value_hex)
    for _ in range(times):
        out = hashlib.sha256(out).digest()
    return out.hex()


@dataclass(frozen=True)
class FairShuffle:
    """One hand's shuffle: the deck, its seed (``salt``, secret until the hand is over), the
    commitment ``SHA-256(seed)`` and the public record stored with the hand."""

    deck: list[str]
    salt: str
    commitment: str
    record: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None


def record_problem(record: dict[str, Any] | None, deck: list[str], seed: str, commitment: str,
                   chain: Chain | None = None) -> str | None:
    """Why a hand's stored shuffle no longer agrees with its commitment, or ``None`` when it does."""
    if not record or record.get("scheme") != SCHEME:
        return "the hand has no chained shuffle record"
    contributions = [str(c.get("value")) for c in record.get("contributions") or []]
    if not is_hex32(seed) or sha256_hex(seed) != commitment:
        return "its seed does not hash to its commitment"
    if record.get("commitment") != commitment:
        return "its commitment is not the one published for it"
    if chain is not None and (int(record.get("chain", -1)) != chain.number or record.get("head") != chain.head
                              or chain.seed(int(record.get("index", 0)) - 1) != commitment):
        return "its commitment is not the chain's link for this hand"
    try:
        if derive_deck(seed, contributions) != list(deck):
            return "its deck is not the one its seed and the contributions give"
    except ValueError as exc:
        return f"its contributions are malformed ({exc})"
    return None


class Fairness:
    """A table's chains and the contributions waiting for the next hand (stored in the table's state)."""

    def __init__(self, chains: list[Chain], pending: dict[int, str] | None = None, pending_hand: int = 0,
                 tampered: dict[str, str] | None = None, draw: Callable[[], bytes] | None = None) -> None:
        self.chains = chains
        #: Where a new chain's 32-byte secret comes from: the operating system's secure randomness
        #: (``None``), or a seeded generator's bytes (a tournament's core, reproducible from its seed).
        self.draw = draw
        self.pending = dict(pending or {})
        self.pending_hand = pending_hand
        self.tampered = dict(tampered or {})

    @classmethod
    def from_state(cls, data: dict[str, Any] | None, next_hand: int, length: int | None = None,
                   draw: Callable[[], bytes] | None = None) -> tuple[Fairness, list[str]]:
        """The stored fairness state (a new chain if there is none) and notices to announce; ``draw``
        gives new chains' secrets (see :attr:`draw`)."""
        notices: list[str] = []
        if not data or not data.get("chains"):
            chain = Chain.new(number=1, first=next_hand, length=length or CHAIN_LENGTH,
                              secret=draw() if draw is not None else None)
            notices.append(f"Shuffle chain 1 opened: head {chain.head} commits to the server seed of hands "
                           f"{chain.first}-{chain.first + chain.length - 1}")
            return cls([chain], draw=draw), notices
        chains = [Chain.from_dict(c) for c in data["chains"]]
        fair = cls(chains, {int(k): str(v) for k, v in (data.get("pending") or {}).items()},
                   int(data.get("pending_hand", 0)), data.get("tampered"), draw)
        current = fair.chain_for(next_hand) or chains[-1]
        if not current.intact():
            notices.append(f"WARNING: the stored secret of shuffle chain {current.number} no longer hashes to its "
                           f"published head {current.head}: the coming shuffles cannot be verified")
        return fair, notices

    def to_dict(self) -> dict[str, Any]:
        """The stored form."""
        return {"chains": [c.to_dict() for c in self.chains], "pending": {str(k): v for k, v in self.pending.items()},
                "pending_hand": self.pending_hand, "tampered": self.tampered}

    def chain_for(self, hand: int) -> Chain | None:
        """The chain that seeds hand number ``hand``."""
        for chain in reversed(self.chains):
            if chain.covers(hand):
                return chain
        return None

    def contribute(self, seat: int, hand: int, value: str, next_hand: int) -> bool:
        """Record ``seat``'s contribution to hand ``hand``; ``True`` if it is new. ``ValueError`` says
        why one is refused (another hand, or a different value for the same seat)."""
        if hand != next_hand:
            raise ValueError(f"contributions are taken for hand {next_hand} until it is dealt, not for hand {hand}")
        if not is_hex32(value):
            raise ValueError("a contribution is 64 lowercase hex digits (32 random bytes)")
        if self.pending_hand != hand:
            self.pending, self.pending_hand = {}, hand
        old = self.pending.get(seat)
        if old is not None:
            if old == value:
                return False
            raise ValueError(f"seat {seat + 1} already contributed {old[:12]}… to hand {hand}")
        self.pending[seat] = value
        return True

    def pending_for(self, hand: int) -> list[dict[str, Any]]:
        """The contributions received so far for hand ``hand``, sorted by value."""
        if self.pending_hand != hand:
            return []
        return sorted(({"seat": s, "value": v} for s, v in self.pending.items()), key=lambda c: (c["value"], c["seat"]))

    def deal(self, hand: int) -> tuple[FairShuffle, list[str]]:
        """The shuffle of hand ``hand`` from the chain and the pending contributions, and notices
        (a new chain when this hand is the last of the current one)."""
        notices: list[str] = []
        chain = self.chain_for(hand)
        if chain is None:  # a chain runs out only if the table skipped its announcement; start one now
            chain = self._next_chain(hand, notices)
        index = chain.index(hand)
        seed = chain.seed(index)
        commitment = sha256_hex(seed)
        contributions = self.pending_for(hand)
        record = {"scheme": SCHEME, "chain": chain.number, "head": chain.head, "index": index,
                  "commitment": commitment, "contributions": contributions}
        deck = derive_deck(seed, [c["value"] for c in contributions])
        self.pending, self.pending_hand = {}, hand + 1
        if index == chain.length:
            self._next_chain(hand + 1, notices)
        return FairShuffle(deck, seed, commitment, record), notices

    def _next_chain(self, first: int, notices: list[str]) -> Chain:
        old = self.chains[-1] if self.chains else None
        chain = Chain.new(number=old.number + 1 if old else 1, first=first,
                          length=old.length if old else CHAIN_LENGTH, secret=self.draw() if self.draw else None)
        self.chains = [*self.chains, chain][-20:]
        ended = f" (chain {old.number} ends with hand {first - 1}; its last seed is revealed after that hand)" if old else ""
        notices.append(f"Shuffle chain {chain.number} opened: head {chain.head} commits to the server seed of hands "
                       f"{chain.first}-{chain.first + chain.length - 1}{ended}")
        return chain

    def restore(self, number: int, record: dict[str, Any] | None, deck: list[str], seed: str,
                commitment: str) -> FairShuffle:
        """A stored hand's shuffle, checked against the chain: ``problem`` says what no longer agrees."""
        if not record:
            return FairShuffle(list(deck), seed, commitment, {}, None)
        chain = next((c for c in self.chains if c.number == record.get("chain")), None)
        problem = record_problem(record, deck, seed, commitment, chain)
        if problem is None and str(number) in self.tampered:
            problem = self.tampered[str(number)]
        if problem is not None:
            self.tampered[str(number)] = problem
            self.tampered = dict(list(self.tampered.items())[-50:])
        return FairShuffle(list(deck), seed, commitment, dict(record), problem)


def resume_table(stored: dict[str, Any], hand_number: int, deck: list[str] | None,
                 draw: Callable[[], bytes] | None = None) -> tuple[Fairness, FairShuffle | None, list[str]]:
    """A table's chains as stored (``{"fair": Fairness.to_dict(), "record": its hand's shuffle record}``),
    the committed shuffle of its hand ``hand_number`` (dealt from ``deck``) checked against them, or
    ``None`` when there is none to restore, and the notices to announce (see :meth:`Fairness.from_state`)."""
    fair, notices = Fairness.from_state(stored.get("fair"), hand_number + 1, draw=draw)
    record = stored.get("record")
    chain = fair.chain_for(hand_number)
    if not record or not deck or chain is None or record.get("chain") != chain.number:
        return fair, None, notices
    seed = chain.seed(chain.index(hand_number))
    return fair, fair.restore(hand_number, record, deck, seed, str(record.get("commitment"))), notices


def deal_from_chain(fairs: dict[int, Fairness], key: int, hand: int, note: Callable[[list[str]], None],
                    length: int | None = None, draw: Callable[[], bytes] | None = None) -> FairShuffle:
    """The committed shuffle of hand ``hand`` of table ``key`` among ``fairs`` (a tournament's tables), its
    chain opened at the table's first hand (``length`` and ``draw`` as in :meth:`Fairness.from_state`);
    ``note`` tells the table's log what the chains announce (a chain opened, a new one at a chain's end)."""
    fair = fairs.get(key)
    if fair is None:
        fair, notices = Fairness.from_state(None, hand, length=length, draw=draw)
        fairs[key] = fair
        note(notices)
    shuffle, notices = fair.deal(hand)
    if notices:
        note(notices)
    return shuffle


__all__ = ["CHAIN_LENGTH", "CHAIN_STRIDE", "SCHEME", "Chain", "FairShuffle", "Fairness", "deal_from_chain", "derive_deck",
           "full_deck", "is_hex32", "record_problem", "resume_table", "sha256_hex"]
