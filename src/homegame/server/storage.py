"""Storage: SQLAlchemy models, Alembic migrations, and the few queries the server needs.

SQLite by default (``./data/homegame.db`` or ``$HOMEGAME_DB``), PostgreSQL by URL. Every hand is
written as it happens: its start, its deck (secret until the hand is over), then each action in its own
transaction, so a server killed mid-hand rebuilds the hand exactly from here.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    event,
    insert,
    select,
    tuple_,
    update,
)
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from homegame.server.revisions import head_revision, known_revisions
from homegame.server.wire import dumps

#: Where the database lives unless ``$HOMEGAME_DB`` or an explicit URL says otherwise.
DEFAULT_PATH = Path("data") / "homegame.db"
MIGRATIONS = Path(__file__).with_name("migrations")


class Base(DeclarativeBase):
    """Declarative base of the server's tables."""


class TableRow(Base):
    """A table: its hashed capability tokens and its state between hands (JSON)."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    host_hash: Mapped[str] = mapped_column(String(64))
    invite_hash: Mapped[str] = mapped_column(String(64))
    watch_hash: Mapped[str] = mapped_column(String(64))
    state: Mapped[str] = mapped_column(Text)
    #: The hashes of the seats' tokens in ``state``, space-separated (``NULL`` before its first write since 0005).
    seat_hashes: Mapped[str | None] = mapped_column(Text, nullable=True)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    #: A one-way hash of the address that opened it (:func:`homegame.server.policy.opener_key`), or ``NULL``.
    opened_by: Mapped[str | None] = mapped_column(String(32), nullable=True)


class HandRow(Base):
    """One hand: how it started, the committed deck, and once over its history and payoffs."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("table_id", "number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: A cash table's id, or a dealt tournament table's key (no foreign key since revision 0008).
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    number: Mapped[int] = mapped_column(Integer)
    start: Mapped[str] = mapped_column(Text)
    deck: Mapped[str] = mapped_column(Text)
    salt: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    payoffs: Mapped[str | None] = mapped_column(Text, nullable=True)
    history: Mapped[str | None] = mapped_column(Text, nullable=True)
    started_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class ActionRow(Base):
    """One action of a hand, in order (``seat`` is the seat number within the hand)."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("hand_id", "idx"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id", ondelete="CASCADE"), index=True)
    idx: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class GameFileRow(Base):
    """A game file's text, stored once under its SHA-256 (hands refer to it by ``file_sha256``)."""

    __tablename__ = "game_files"
    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)


class TournamentRow(Base):
    """A tournament: its hashed host and clock tokens and its stored form (JSON, see
    :mod:`homegame.server.tournaments`); ``revision`` counts its writes."""

    __tablename__ = "tournaments"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    host_hash: Mapped[str] = mapped_column(String(64))
    watch_hash: Mapped[str] = mapped_column(String(64))
    state: Mapped[str] = mapped_column(Text)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    opened_by: Mapped[str | None] = mapped_column(String(32), nullable=True)


class LeaseRow(Base):
    """Which process owns a table, until when, and the fencing number of that ownership."""

    __tablename__ = "leases"
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64))
    fence: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[float] = mapped_column(Float)
    acquired_at: Mapped[float] = mapped_column(Float)


#: The fence check of every write of a leased table (a no-op update that locks the row), built once.
_FENCE_CHECK = (update(LeaseRow).where(LeaseRow.table_id == bindparam("tid"), LeaseRow.fence == bindparam("fence"))
                .values(fence=LeaseRow.fence))
_FENCE_CHECK_MANY = (update(LeaseRow).where(tuple_(LeaseRow.table_id, LeaseRow.fence).in_(bindparam("pairs", expanding=True)))
                     .values(fence=LeaseRow.fence))


# What every step writes, built once, on the tables themselves (not the ORM classes): a write is on
# every action's path, and building a statement anew costs more than running it.
_hands, _actions, _tables = (cast(Table, row.__table__) for row in (HandRow, ActionRow, TableRow))
_NEW_HAND = insert(_hands)
_NEW_ACTIONS = insert(_actions)
_HAND_OVER = (update(_hands).where(_hands.c.id == bindparam("hid"))
              .values(over=True, payoffs=bindparam("payoffs"), history=bindparam("history"),
                      finished_at=bindparam("at")))
_NEW_STATE = (update(_tables).where(_tables.c.id == bindparam("tid"))
              .values(state=bindparam("state"), seat_hashes=bindparam("seats"), revision=_tables.c.revision + 1,
                      updated_at=bindparam("at")))


def seat_hashes(state: dict[str, Any]) -> str:
    """The hashes of the seat tokens of a table's stored ``state``, space-separated: each seat's token
    and the link the host showed for it and nobody opened yet.

    >>> seat_hashes({"table": {"seats": [{"token_hash": "ab", "shown_hash": "cd"}, {"token_hash": ""}, {"name": "Bot"}]}})
    'ab cd'
    """
    seats = (state.get("table") or {}).get("seats") or []
    return " ".join(str(s[key]) for s in seats if isinstance(s, dict)
                    for key in ("token_hash", "shown_hash") if s.get(key))


#: Game file texts read back, by hash (content-addressed: an entry never goes stale).
_FILES_KEPT = 64


def file_out(record: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, str] | None]:
    """``record`` (a hand's start or history) with its game file's text replaced by the text's hash
    (``file_sha256``), and ``(hash, text)`` to store once; a record without a file as it is.

    >>> file_out({"game": "mine", "file": "name = 'mine'"})[0]["file_sha256"][:12]
    '69f5165be3e1'
    >>> file_out({"game": "holdem"})
    ({'game': 'holdem'}, None)
    """
    text = record.get("file")
    if not isinstance(text, str):
        return record, None
    digest = hashlib.sha256(text.encode()).hexdigest()
    out = {k: v for k, v in record.items() if k != "file"}
    out["file_sha256"] = digest
    return out, (digest, text)


class LeaseLost(RuntimeError):
    """A write refused because another process now owns the table (its lease has a newer fence)."""

    def __init__(self, table_id: str, fence: int) -> None:
        super().__init__(f"this server no longer owns table {table_id}: another server took it over "
                         f"(our fencing number {fence} is stale), so it did not write")
        self.table_id, self.fence = table_id, fence


class StorageError(ValueError):
    """A database URL the server cannot use."""


def database_url(url: str | None = None) -> str:
    """The URL to use: ``url``, else ``$HOMEGAME_DB`` (a URL or a file path), else the default file.

    PostgreSQL URLs get the psycopg (version 3) driver, which must be installed
    (``pip install 'homegame[postgres]'``):

    >>> database_url("postgres://ann@db.example:5432/homegame")
    'postgresql+psycopg://ann@db.example:5432/homegame'
    >>> database_url("sqlite:///:memory:")
    'sqlite:///:memory:'
    """
    url = url or os.environ.get("HOMEGAME_DB") or str(DEFAULT_PATH)
    if "://" not in url:
        path = Path(url)
        path.parent.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{path}"
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("postgresql+psycopg://") and importlib.util.find_spec("psycopg") is None:
        raise StorageError("a PostgreSQL URL needs the psycopg driver, which is not installed; "
                           "install it with pip install 'homegame[postgres]', or use a SQLite file")
    return url


def make_engine(url: str) -> Engine:
    """A SQLAlchemy engine; SQLite gets WAL journaling and foreign keys."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    # a database that does not answer is reported after a few seconds, not after the system's TCP timeout
    return create_engine(url, pool_pre_ping=True, connect_args={"connect_timeout": 5})


def shown(url: str) -> str:
    """``url`` as it may be printed: no password.

    >>> shown("postgresql+psycopg://ann:secret@db/homegame")
    'postgresql+psycopg://ann:***@db/homegame'
    """
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 - a URL SQLAlchemy cannot even parse is shown without its userinfo
        return url.split("@")[-1]


def _why(exc: BaseException) -> str:
    """A database error in a few words (the driver's message, not the statement)."""
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
    return text[:200]


def check(url: str) -> list[str]:
    """Refuse, with a :class:`StorageError` that says what to do, a database the server cannot use:
    one it cannot open, a corrupt file, another application's database, a schema newer than this
    homegame, or one that does not take writes. A fresh empty database passes (it is migrated).
    Returns the schema revisions the database is at (none when fresh)."""
    from sqlalchemy import inspect, text
    from sqlalchemy.exc import SQLAlchemyError

    where = shown(url)
    engine = create_engine(url, connect_args={"connect_timeout": 5}) if url.startswith("postgresql") else create_engine(url)
    try:
        with engine.connect() as conn:
            names = set(inspect(conn).get_table_names())
            revisions: list[str] = []
            if "alembic_version" in names:
                revisions = [str(r) for r in conn.scalars(text("SELECT version_num FROM alembic_version"))]
    except SQLAlchemyError as exc:
        reason = _why(exc)
        if "not a database" in reason or "malformed" in reason:
            raise StorageError(f"{where} is not a database homegame can read (the file is corrupt or not "
                               "SQLite); move it away or give --db another file") from None
        raise StorageError(f"cannot open the database {where}: {reason}") from None
    finally:
        engine.dispose()
    ours = {"tables", "hands", "actions"}
    if names and "alembic_version" not in names:
        raise StorageError(f"{where} is not a homegame database (it has other tables: "
                           f"{', '.join(sorted(names - ours)[:5]) or ', '.join(sorted(names)[:5])}); "
                           "give --db a new file or an empty database")
    unknown = [r for r in revisions if r not in known_revisions()]
    if unknown:
        raise StorageError(f"{where} was written by a newer homegame (schema revision {unknown[0]!r}, which "
                           "this version does not know); upgrade homegame or give --db another database")
    if names and not ours <= names:
        raise StorageError(f"{where} is not a homegame database (it lacks the tables "
                           f"{', '.join(sorted(ours - names))}); give --db a new file or an empty database")
    return revisions


def check_writable(engine: Engine, url: str) -> None:
    """A trial write, rolled back; :class:`StorageError` when the database is read-only."""
    from sqlalchemy import text
    from sqlalchemy.exc import SQLAlchemyError

    if engine.url.get_backend_name() == "sqlite" and engine.url.database in (None, "", ":memory:"):
        return  # a private in-memory database: always writable (and empty on each new connection)
    try:
        with engine.connect() as conn:
            trans = conn.begin()
            try:
                conn.execute(text("UPDATE alembic_version SET version_num = version_num"))
            finally:
                trans.rollback()
    except SQLAlchemyError as exc:
        raise StorageError(f"the database {shown(url)} is read-only or refuses writes ({_why(exc)}); "
                           "make it writable or give --db another database") from None


#: The PostgreSQL advisory lock that one process at a time holds while it checks and migrates the
#: schema (any 64-bit number that no other application on the database uses: "homegame" in ASCII).
MIGRATION_LOCK = 0x686F6D6567616D65


@contextlib.contextmanager
def migration_lock(url: str) -> Iterator[None]:
    """Hold :data:`MIGRATION_LOCK` on a PostgreSQL database meanwhile, so that processes started at
    once on an empty database migrate it one after another (the later ones find it done); nothing for
    SQLite, which one process serves."""
    if not url.startswith("postgresql"):
        yield
        return
    from sqlalchemy import pool, text
    from sqlalchemy.exc import SQLAlchemyError

    engine = create_engine(url, poolclass=pool.NullPool, connect_args={"connect_timeout": 5})
    try:
        try:
            conn = engine.connect()
            conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            conn.commit()
        except SQLAlchemyError as exc:
            raise StorageError(f"cannot open the database {shown(url)}: {_why(exc)}") from None
        try:
            yield
        finally:
            with contextlib.suppress(SQLAlchemyError):
                conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
                conn.commit()
            conn.close()
    finally:
        engine.dispose()


def migrate(url: str) -> None:
    """Bring the database at ``url`` to the newest schema with Alembic."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(cfg, "head")


@dataclass(frozen=True)
class StoredTable:
    """A table as stored."""

    id: str
    host_hash: str
    invite_hash: str
    watch_hash: str
    state: dict[str, Any]
    #: When the table's state was last written (seconds since the epoch, the writer's clock).
    updated_at: float = 0.0


@dataclass(frozen=True)
class StoredHand:
    """A hand as stored (``deck``/``salt`` are secret until ``over``)."""

    number: int
    start: dict[str, Any]
    deck: list[str]
    salt: str
    commitment: str
    over: bool
    payoffs: list[int] | None
    history: str | None
    actions: list[tuple[int, str]]
    #: When the hand was started (the writer's clock), and when each of ``actions`` was written.
    started_at: float = 0.0
    action_times: tuple[float, ...] = ()


class Store:
    """The server's storage (synchronous; each call is one short transaction)."""

    def __init__(self, url: str | None = None, *, run_migrations: bool = True) -> None:
        self.url = database_url(url)
        if run_migrations:
            with migration_lock(self.url):  # several processes starting at once migrate one by one
                at = check(self.url)
                try:
                    if at != [head_revision()]:  # at the newest schema already: nothing for Alembic to do
                        migrate(self.url)
                except Exception as exc:  # noqa: BLE001 - said in one line: the server cannot start on it
                    reason = _why(exc)
                    if "readonly" in reason.replace("-", "").replace(" ", "").lower():
                        raise StorageError(f"the database {shown(self.url)} is read-only ({reason}); make it "
                                           "writable or give --db another database") from None
                    raise StorageError(f"cannot prepare the database {shown(self.url)}: {reason}") from None
        self.engine = make_engine(self.url)
        if run_migrations:
            check_writable(self.engine, self.url)
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        files = cast(Table, GameFileRow.__table__)
        dialect = sqlite_insert if self.url.startswith("sqlite") else postgresql_insert
        #: Store a game file unless it is there already (another table's, or another process's meanwhile).
        self._new_file = dialect(files).on_conflict_do_nothing(index_elements=["sha256"])
        self._files: dict[str, str] = {}
        self._hand_ids: dict[tuple[str, int], int] = {}
        #: The fencing number of each table this process owns by a lease (see :mod:`homegame.server.lease`);
        #: every write of such a table checks it in the same transaction.
        self.fences: dict[str, int] = {}

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    def create_table(self, table_id: str, host_hash: str, invite_hash: str, watch_hash: str,
                     state: dict[str, Any], opened_by: str | None = None) -> None:
        """Store a new table (``opened_by``: the opener's :func:`~homegame.server.policy.opener_key`)."""
        now = time.time()
        with self._session.begin() as s:
            s.add(TableRow(id=table_id, host_hash=host_hash, invite_hash=invite_hash, watch_hash=watch_hash,
                           state=json.dumps(state), seat_hashes=seat_hashes(state), revision=0, created_at=now,
                           updated_at=now, opened_by=opened_by))

    def opened_since(self, opened_by: str, since: float, most: int) -> list[float]:
        """When ``opened_by`` opened tables and tournaments since ``since`` (wall-clock seconds), oldest
        first, at most the ``most`` latest: what every process sharing this database counts against the
        per-address limit."""
        times: list[float] = []
        with self._session() as s:
            for row in (TableRow, TournamentRow):
                times += s.scalars(select(row.created_at).where(row.opened_by == opened_by, row.created_at >= since)
                                   .order_by(row.created_at.desc()).limit(most)).all()
        return sorted(times)[-most:] if most > 0 else []

    def table(self, table_id: str) -> StoredTable | None:
        """A stored table, or ``None``."""
        with self._session() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            return StoredTable(row.id, row.host_hash, row.invite_hash, row.watch_hash, json.loads(row.state),
                               float(row.updated_at or 0.0))

    def capabilities(self, table_id: str) -> tuple[str, ...] | None:
        """The hashes of every token of a stored table (host, invite, spectator, each seat's), or
        ``None`` for an unknown id: what a token is checked against before the table is loaded."""
        with self._session() as s:
            row = s.execute(select(TableRow.host_hash, TableRow.invite_hash, TableRow.watch_hash, TableRow.seat_hashes)
                            .where(TableRow.id == table_id)).first()
            if row is None:
                return None
            held = row[3]
            if held is None:  # stored before revision 0005 and not written since: read its state once
                held = seat_hashes(json.loads(s.scalar(select(TableRow.state).where(TableRow.id == table_id)) or "{}"))
        return (str(row[0]), str(row[1]), str(row[2]), *held.split())

    def create_tournament(self, tournament_id: str, host_hash: str, watch_hash: str, state: dict[str, Any],
                          opened_by: str | None = None) -> None:
        """Store a new tournament (``opened_by`` as for :meth:`create_table`)."""
        now = time.time()
        with self._session.begin() as s:
            s.add(TournamentRow(id=tournament_id, host_hash=host_hash, watch_hash=watch_hash, state=json.dumps(state),
                                revision=0, created_at=now, updated_at=now, opened_by=opened_by))

    def tournament(self, tournament_id: str) -> tuple[str, str, dict[str, Any], int] | None:
        """A stored tournament's ``(host hash, clock hash, state, revision)``, or ``None``."""
        with self._session() as s:
            row = s.get(TournamentRow, tournament_id)
            if row is None:
                return None
            return row.host_hash, row.watch_hash, json.loads(row.state), int(row.revision)

    def write_tournament(self, tournament_id: str, state: dict[str, Any], revision: int,
                         fence_key: str | None = None, hands: list[tuple[str, dict[str, Any]]] | None = None) -> bool:
        """Replace a tournament's state if it is still at ``revision`` (one writer wins a race);
        whether it was written. With ``fence_key`` (the lease of a dealt tournament's owner, see
        :mod:`homegame.server.tournament_hall`) the write first checks that lease is still this
        process's (:class:`LeaseLost` otherwise), as a table's writes do. ``hands`` are the hands its
        tables finished since the last write, each ``(key, :meth:`write`'s keyword arguments)``, stored
        in the same transaction (and only if the state is)."""
        with self._session.begin() as s:
            if fence_key is not None:
                self._fenced(s, fence_key)
            done = s.execute(update(TournamentRow)
                             .where(TournamentRow.id == tournament_id, TournamentRow.revision == revision)
                             .values(state=json.dumps(state), revision=revision + 1, updated_at=time.time()))
            written = bool(getattr(done, "rowcount", 0))
            if written and hands:
                conn, hand_ids = s.connection(), dict[tuple[str, int], int]()
                for key, args in hands:
                    self._write(conn, key, hand_ids, **args)
            return written

    def tournament_ids(self) -> list[str]:
        """Every stored tournament's id."""
        with self._session() as s:
            return list(s.scalars(select(TournamentRow.id)))

    def table_ids(self) -> list[str]:
        """Every stored table's id."""
        with self._session() as s:
            return list(s.scalars(select(TableRow.id)))

    def write(self, table_id: str, *, state: dict[str, Any] | None = None,
              new_hand: tuple[dict[str, Any], list[str], str, str] | None = None,
              actions: list[tuple[int, int, str]] | None = None,
              finished: tuple[list[int], str] | None = None, number: int = 0, at: float | None = None) -> None:
        """In one transaction: a new hand (start, deck, salt, commitment), actions ``(idx, seat,
        action)`` of hand ``number``, its end ``(payoffs, history)``, the table's state; each stamped
        ``at`` (the caller's clock; now by default): a resumed hand's turn clocks are taken from these times.

        For a table in :attr:`fences`, the write first checks (and locks, until it commits) the table's
        lease row: :class:`LeaseLost`, and nothing written, when another owner has taken it over."""
        self.write_many([(table_id, {"state": state, "new_hand": new_hand, "actions": actions,
                                     "finished": finished, "number": number, "at": at})])

    def write_many(self, writes: list[tuple[str, dict[str, Any]]]) -> None:
        """Several :meth:`write` calls, each ``(table_id, its keyword arguments)``, in one transaction
        (one commit, one flush to disk): all of them are stored, or, when one fails, none."""
        hand_ids: dict[tuple[str, int], int] = {}
        with self.engine.begin() as conn:
            self._fenced_all(conn, {table_id for table_id, _ in writes})
            for table_id, args in writes:
                self._write(conn, table_id, hand_ids, **args)
        if len(self._hand_ids) > 5000:
            self._hand_ids.clear()
        self._hand_ids.update(hand_ids)  # only once committed: a rolled-back hand has no id

    def _write(self, conn: Any, table_id: str, hand_ids: dict[tuple[str, int], int], *,
               state: dict[str, Any] | None = None, new_hand: tuple[dict[str, Any], list[str], str, str] | None = None,
               actions: list[tuple[int, int, str]] | None = None, finished: tuple[list[int], str] | None = None,
               number: int = 0, at: float | None = None) -> None:
        now = time.time() if at is None else at
        key = (table_id, number)
        hid = hand_ids.get(key, self._hand_ids.get(key))
        if new_hand is not None:
            start, deck, salt, commitment = new_hand
            start = self._file_stored(conn, start, now)
            result = conn.execute(_NEW_HAND, {
                "table_id": table_id, "number": number, "start": dumps(start), "deck": " ".join(deck), "salt": salt,
                "commitment": commitment, "over": False, "started_at": now})
            inserted = result.inserted_primary_key
            assert inserted is not None
            hid = hand_ids[key] = int(inserted[0])
        if (actions or finished) and hid is None:
            found = conn.scalar(select(HandRow.id).where(HandRow.table_id == table_id, HandRow.number == number))
            if found is None:
                raise KeyError(f"table {table_id} has no hand {number}")
            hid = hand_ids[key] = int(found)
        if actions:
            conn.execute(_NEW_ACTIONS, [{"hand_id": hid, "idx": idx, "seat": seat, "action": action,
                                         "at": now} for idx, seat, action in actions])
        if finished is not None:
            payoffs, history = finished
            if '"file"' in history:
                history = dumps(self._file_stored(conn, json.loads(history), now))
            conn.execute(_HAND_OVER, {"hid": hid, "payoffs": dumps(payoffs), "history": history, "at": now})
        if state is not None:
            conn.execute(_NEW_STATE, {"tid": table_id, "state": dumps(state), "seats": seat_hashes(state), "at": now})

    def _file_stored(self, conn: Any, record: dict[str, Any], now: float) -> dict[str, Any]:
        """``record`` with its game file stored once and referred to by hash (:func:`file_out`)."""
        record, file = file_out(record)
        if file is not None:
            conn.execute(self._new_file, {"sha256": file[0], "text": file[1], "created_at": now})
            self._keep_file(*file)
        return record

    def _keep_file(self, digest: str, text: str) -> None:
        if len(self._files) >= _FILES_KEPT:
            self._files.pop(next(iter(self._files)))
        self._files[digest] = text

    def _file_in(self, s: Session, record: dict[str, Any]) -> dict[str, Any]:
        """``record`` with the text of the game file it refers to back in place (as first written)."""
        digest = record.get("file_sha256")
        if not isinstance(digest, str):
            return record
        text = self._files.get(digest)
        if text is None:
            text = s.scalar(select(GameFileRow.text).where(GameFileRow.sha256 == digest))
            if text is None:
                return record  # the file is gone (a downgrade): the record says which one it was
            self._keep_file(digest, text)
        out = {k: v for k, v in record.items() if k != "file_sha256"}
        out["file"] = text
        return out

    def _fenced(self, conn: Any, table_id: str) -> None:
        """Refuse (:class:`LeaseLost`) a write of a table whose lease has moved on; the row stays locked
        until the write commits, so a takeover waits for it and then reads it."""
        fence = self.fences.get(table_id)
        if fence is None:
            return
        held = conn.execute(_FENCE_CHECK, {"tid": table_id, "fence": fence})  # built once: a check per write
        if held.rowcount != 1:
            raise LeaseLost(table_id, fence)

    def _fenced_all(self, conn: Any, table_ids: set[str]) -> None:
        """:meth:`_fenced` for several tables: one statement checks (and locks) them all."""
        pairs = sorted((t, self.fences[t]) for t in table_ids if t in self.fences)
        if len(pairs) > 1 and conn.execute(_FENCE_CHECK_MANY, {"pairs": pairs}).rowcount == len(pairs):
            return
        for table_id, _ in pairs:  # one alone, or one of them lost: which one
            self._fenced(conn, table_id)

    def ping(self) -> None:
        """One round trip to the database (raises when it cannot be reached)."""
        from sqlalchemy import text

        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    def probe(self, table_id: str) -> None:
        """A trial write that is rolled back: raises when the database does not take writes (and
        :class:`LeaseLost` when the table's lease has moved to another owner)."""
        with self.engine.connect() as conn:
            trans = conn.begin()
            try:
                self._fenced(conn, table_id)
                conn.execute(update(TableRow).where(TableRow.id == table_id).values(revision=TableRow.revision))
            finally:
                trans.rollback()

    def _stored(self, s: Session, row: HandRow) -> StoredHand:
        acts = s.execute(select(ActionRow.seat, ActionRow.action, ActionRow.at).where(ActionRow.hand_id == row.id)
                         .order_by(ActionRow.idx)).all()
        history = row.history
        if history is not None and '"file_sha256"' in history:
            history = dumps(self._file_in(s, json.loads(history)))
        return StoredHand(row.number, self._file_in(s, json.loads(row.start)), row.deck.split(), row.salt,
                          row.commitment, row.over, None if row.payoffs is None else json.loads(row.payoffs), history,
                          [(int(a), str(b)) for a, b, _ in acts], float(row.started_at or 0.0),
                          tuple(float(t or 0.0) for _, _, t in acts))

    def hand(self, table_id: str, number: int) -> StoredHand | None:
        """One stored hand with its actions, or ``None``."""
        with self._session() as s:
            row = s.scalar(select(HandRow).where(HandRow.table_id == table_id, HandRow.number == number))
            return None if row is None else self._stored(s, row)

    def last_hand(self, table_id: str) -> StoredHand | None:
        """The table's latest hand, or ``None``."""
        with self._session() as s:
            row = s.scalar(select(HandRow).where(HandRow.table_id == table_id)
                           .order_by(HandRow.number.desc()).limit(1))
            return None if row is None else self._stored(s, row)

    def hand_list(self, table_id: str, *, with_start: bool = False) -> list[dict[str, Any]]:
        """A summary of each finished hand (and how it started, with ``with_start``)."""
        with self._session() as s:
            rows = s.execute(select(HandRow.number, HandRow.start, HandRow.payoffs, HandRow.commitment)
                             .where(HandRow.table_id == table_id, HandRow.over.is_(True))
                             .order_by(HandRow.number)).all()
            out = []
            for n, st, p, c in rows:
                start = json.loads(st)
                entry = {"number": n, "game": start["game"], "payoffs": json.loads(p or "[]"), "commitment": c}
                if with_start:
                    entry["start"] = start
                out.append(entry)
            return out


__all__ = ["DEFAULT_PATH", "MIGRATION_LOCK", "GameFileRow", "LeaseLost", "LeaseRow", "StorageError", "Store", "StoredHand", "StoredTable", "TournamentRow", "check", "check_writable",
           "database_url", "file_out", "known_revisions", "make_engine", "migrate", "migration_lock", "shown"]
