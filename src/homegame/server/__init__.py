"""The home-game server: an ASGI app, its websocket protocol, storage and provable shuffles.

Transport only: the table logic lives in :mod:`homegame.table`, the rules in :mod:`homegame.rules`.
Build the app with :func:`homegame.server.app.create_app`.
"""
