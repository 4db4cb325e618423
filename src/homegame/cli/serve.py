"""``homegame serve``, ``homegame bot --url LINK`` and ``homegame verify HAND``."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from homegame.cli import app

if TYPE_CHECKING:
    from homegame.server.policy import Policy


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(help="Database URL or SQLite file (default $HOMEGAME_DB or ./data/homegame.db).")] = None,
    redis: Annotated[str | None, typer.Option(help="Redis URL of the message bus between server processes (default $HOMEGAME_REDIS; none: one process).")] = None,
    workers: Annotated[int, typer.Option(help="Server processes sharing the port (more than 1 needs --redis and PostgreSQL).")] = 1,
    shared: Annotated[bool, typer.Option("--shared", help="Other server processes use the same database (behind a load balancer): wait for a table's lease instead of taking it (implied by --redis).")] = False,
    route: Annotated[bool, typer.Option("--route", help="Relay clients of a table owned by another process to it through Redis (needs --redis).")] = False,
    lease_seconds: Annotated[float, typer.Option(help="How long a table stays with a process that stopped renewing its lease, before another may take it over.")] = 15.0,
    idle_seconds: Annotated[float | None, typer.Option(help="Seconds a table stays in memory once nobody is connected to it (default $HOMEGAME_IDLE_SECONDS, or 300; with --shared or --redis, --lease-seconds); it loads again from the database, where it was, on the next connection.")] = None,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
    log_format: Annotated[str, typer.Option(help="Log lines as text or json (one JSON object a line).")] = "text",
    compress: Annotated[bool, typer.Option(help="Compress websocket messages (less traffic, more CPU).")] = False,
    open_tables: Annotated[str, typer.Option(help="Who may open a table: anyone, key (the host key), or auto: a key on a public address, anyone on loopback or a LAN (default $HOMEGAME_OPEN_TABLES or auto).")] = "",
    host_key: Annotated[str | None, typer.Option(help="The host key that opening a table needs (default $HOMEGAME_HOST_KEY; made up and printed when needed and not given).")] = None,
    origins: Annotated[str | None, typer.Option(help="Comma-separated origins, besides the server's own, whose pages may open websockets (default $HOMEGAME_ORIGINS).")] = None,
    tables_per_hour: Annotated[int | None, typer.Option(help="Tables one address may open an hour (default $HOMEGAME_TABLES_PER_HOUR or 30).")] = None,
    connections_per_address: Annotated[int | None, typer.Option(help="Websockets one address may hold open (default $HOMEGAME_CONNECTIONS_PER_ADDRESS or 40).")] = None,
    messages_per_second: Annotated[float | None, typer.Option(help="Messages a second one address may send over all its websockets (default $HOMEGAME_MESSAGES_PER_SECOND or 100).")] = None,
    hello_seconds: Annotated[float | None, typer.Option(help="Seconds a websocket has to say hello before it is closed (default $HOMEGAME_HELLO_SECONDS or 10).")] = None,
    bots_alone_seconds: Annotated[float | None, typer.Option(help="Seconds a table deals with bots and no person connected before it pauses (default $HOMEGAME_BOTS_ALONE_SECONDS or 600).")] = None,
    limit_loopback: Annotated[bool, typer.Option("--limit-loopback", help="Apply the per-address limits to loopback clients too.")] = False,
) -> None:
    """Run the home-game server: open http://HOST:PORT, open a table, send the link."""
    import os

    import uvicorn

    from homegame.server.app import create_app, idle_period
    from homegame.server.bus import BusUnavailable
    from homegame.server.bus import shown as shown_redis
    from homegame.server.logs import log_config
    from homegame.server.policy import PolicyError
    from homegame.server.storage import StorageError, Store, database_url, shown

    redis = redis or os.environ.get("HOMEGAME_REDIS") or None
    try:
        logging_config = log_config(log_format, log_level)
        if not 1 <= lease_seconds <= 600:
            raise ValueError(f"--lease-seconds must be from 1 to 600, not {lease_seconds:g}")
        idle = (idle_period(idle_seconds) if idle_seconds is not None else
                idle_period(os.environ.get("HOMEGAME_IDLE_SECONDS"), "$HOMEGAME_IDLE_SECONDS"))
        if workers < 1:
            raise ValueError(f"--workers must be at least 1, not {workers}")
        if route and redis is None:
            raise ValueError("--route needs --redis (the processes relay their clients through Redis)")
        if workers > 1 and redis is None:
            raise ValueError("--workers above 1 needs --redis (the processes share their tables through Redis)")
        policy, made = serve_policy(host, open_tables, host_key, origins, limit_loopback,
                                    tables_per_hour=tables_per_hour, connections_per_address=connections_per_address,
                                    messages_per_second=messages_per_second, hello_seconds=hello_seconds,
                                    bots_alone_seconds=bots_alone_seconds)
        if made and (shared or redis is not None):
            raise ValueError("processes sharing a database need one host key between them: set $HOMEGAME_HOST_KEY "
                             "(or --host-key) on each, or --open-tables anyone on a trusted network")
        url = database_url(db)
        if workers > 1 and url.startswith("sqlite"):
            raise ValueError("--workers above 1 needs a PostgreSQL --db (SQLite serves one process)")
        if redis is not None:
            asyncio.run(_reach_redis(redis))
        if workers == 1:
            application = create_app(url, redis_url=redis, shared=shared, lease_seconds=lease_seconds,
                                     route=route, idle_seconds=idle, policy=policy)
        else:
            Store(url).close()  # checked and migrated once, before the workers start
    except (StorageError, BusUnavailable, OSError, ValueError, PolicyError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    from homegame.cli.warm import compiling_once
    from homegame.server.app import warm_up

    with compiling_once("play"):  # the evaluator's kernels before the first table, said once on a new install
        warm_up()
    bus = f", redis {shown_redis(redis)}" if redis else ""
    typer.echo(f"homegame: http://{host}:{port}  (database {shown(url)}{bus}"
               f"{f', {workers} processes' if workers > 1 else ''})")
    if policy.host_key is None:
        typer.echo("homegame: anyone who reaches this address may open a table (--open-tables key to need a key)")
    elif made:
        typer.echo(f"homegame: opening a table needs the host key; open http://{host}:{port}/#key={policy.host_key} "
                   "(or set $HOMEGAME_HOST_KEY to keep one key across restarts)")
    else:
        typer.echo("homegame: opening a table needs the host key (--host-key or $HOMEGAME_HOST_KEY)")
    options = {"host": host, "port": port, "log_level": log_level, "log_config": logging_config,
               "ws_max_size": 1 << 20, "ws_per_message_deflate": compress, "ws_ping_interval": 20,
               "ws_ping_timeout": 20}
    if workers == 1:
        uvicorn.run(application, **options)  # type: ignore[arg-type]
    else:
        os.environ["HOMEGAME_DB"] = url
        os.environ["HOMEGAME_REDIS"] = redis or ""
        os.environ["HOMEGAME_SHARED"] = "1"
        os.environ["HOMEGAME_ROUTE"] = "1" if route else ""
        os.environ["HOMEGAME_LEASE_SECONDS"] = str(lease_seconds)
        os.environ["HOMEGAME_IDLE_SECONDS"] = "" if idle is None else str(idle)
        os.environ.update(policy.to_env())
        uvicorn.run("homegame.server.app:app_from_env", factory=True, workers=workers, **options)  # type: ignore[arg-type]


def serve_policy(host: str, open_tables: str, host_key: str | None, origins: str | None, limit_loopback: bool,
                 **limits: float | None) -> tuple[Policy, bool]:
    """The server's policy from the options of ``homegame serve`` over its environment variables
    (docs/security.md); also whether the host key was made up here (then it is printed)."""
    import dataclasses
    import os

    from homegame.server.policy import Policy, policy_for

    base = Policy.from_env()
    changes: dict[str, object] = {k: v for k, v in limits.items() if v is not None}
    if origins is not None:
        changes["origins"] = tuple(o.strip() for o in origins.split(",") if o.strip())
    if limit_loopback:
        changes["limit_loopback"] = True
    base = dataclasses.replace(base, **changes)  # type: ignore[arg-type]
    key = host_key or os.environ.get("HOMEGAME_HOST_KEY") or None
    return policy_for(host, open_tables or os.environ.get("HOMEGAME_OPEN_TABLES") or "auto", key, base)


async def _reach_redis(url: str) -> None:
    """:class:`BusUnavailable` in one line unless Redis at ``url`` answers."""
    from homegame.server.bus import Bus

    bus = Bus(url)
    try:
        await bus.start()
    finally:
        await bus.close()


@app.command()
def bot(
    url: Annotated[str, typer.Option("--url", help="The table's invite link (or a seat link).")],
    kind: Annotated[str, typer.Option(help="Bot style: rule, random or equity.")] = "rule",
    name: Annotated[str, typer.Option(help="Name to sit under.")] = "Bot",
    count: Annotated[int, typer.Option(help="How many bots to seat from this link.")] = 1,
    hands: Annotated[int | None, typer.Option(help="Stop after this many hands (default: play on).")] = None,
) -> None:
    """Play a seat over the public websocket protocol, like a browser would."""
    from homegame.server.client import BotClient, LinkError, parse_link

    try:
        parse_link(url)
    except LinkError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    def finished(bot: BotClient, msg: dict[str, Any]) -> None:
        of = f" of {hands}" if hands is not None else ""
        typer.echo(f"{bot.name}: hand {msg['hand']} over, {bot.finished}{of} played")

    bots = [BotClient(url, name=name if count == 1 else f"{name} {i + 1}", kind=kind, seed=i, hands=hands,
                      on_hand=finished) for i in range(count)]
    typer.echo(f"{count} {kind} bot{'s' if count > 1 else ''} joining table {parse_link(url).table_id}; "
               "Ctrl-C stops")

    async def main() -> None:
        await asyncio.gather(*(b.run() for b in bots))

    try:
        asyncio.run(main())
    except LinkError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        pass


@app.command()
def verify(
    hand: Annotated[str, typer.Argument(help="A hand file (JSON from the table page), its URL, a JSON list or "
                                             "JSON lines of hands, or a folder of hand files.")],
    recorded: Annotated[Path | None, typer.Option("--recorded", help="The fairness record a player's page "
                                                                     "exported: check the hands against the "
                                                                     "commitments it saw.")] = None,
) -> None:
    """Check hands' provable shuffles against the seed chain (docs/fairness.md): exit 0 verified,
    1 not verified, 2 nothing to verify or unreadable."""
    from homegame.server.verify import NotAHandFile, hands_in, load_hands, verify_table

    try:
        if hand.startswith(("http://", "https://")):
            import httpx

            from homegame.server.harness import token_out_of

            address, auth = token_out_of(hand)  # a link's token travels in the header
            try:
                response = httpx.get(address, headers=auth, timeout=10)
                response.raise_for_status()
            except httpx.HTTPError as exc:
                raise OSError(str(exc)) from None
            hands = hands_in(response.json(), hand)
        else:
            hands = load_hands(Path(hand))
        record = None if recorded is None else json.loads(recorded.read_text(encoding="utf-8"))
    except NotAHandFile as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from None
    except (OSError, ValueError) as exc:
        typer.echo(f"error: cannot read {hand if recorded is None else f'{hand} or {recorded}'}: {exc}", err=True)
        raise typer.Exit(2) from None
    if record is not None and (not isinstance(record, dict) or record.get("format") != "homegame-fairness-record"):
        typer.echo(f"error: {recorded} is not a fairness record exported by the table page", err=True)
        raise typer.Exit(2)
    verdicts = verify_table(hands, record)
    for number, verdict in verdicts:
        if len(verdicts) > 1:
            typer.echo(f"hand {number}: {'verified' if verdict.ok else 'NOT verified'}")
        for what, passed in verdict.checks:
            if len(verdicts) == 1 or not passed:
                typer.echo(f"{'  ' if len(verdicts) > 1 else ''}{'ok  ' if passed else 'FAIL'} {what}")
    bad = [n for n, v in verdicts if not v.ok]
    if len(verdicts) == 1:
        typer.echo("verified" if not bad else "NOT verified")
    else:
        typer.echo(f"{len(verdicts) - len(bad)} of {len(verdicts)} hands verified"
                   + (f"; NOT verified: {', '.join(map(str, bad))}" if bad else ""))
    raise typer.Exit(0 if not bad else 1)


