"""Tournaments: the prize model for deals (``icm``, ``chip_chop``) and a pure tournament core that runs
many ``homegame.table.Table`` objects through their public methods (no I/O; ``now`` is passed in)."""
