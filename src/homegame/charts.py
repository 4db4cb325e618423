"""matplotlib, an optional extra: the one way homegame's charts load it, saying how to install it when missing.

``pip install 'homegame[charts]'`` installs it (the ``test`` and ``rl`` extras include it); serving and
playing do not need it.

>>> plt = pyplot()  # the test extra installs matplotlib
>>> plt.get_backend().lower()
'agg'
"""

from __future__ import annotations

from typing import Any

INSTALL = "charts need matplotlib: pip install 'homegame[charts]' (or pip install matplotlib)"


class ChartsMissing(ValueError):
    """matplotlib is not installed; the message says how to install it."""


def pyplot() -> Any:
    """``matplotlib.pyplot`` drawing to files (the Agg backend); ChartsMissing when matplotlib is absent."""
    try:
        import matplotlib
    except ModuleNotFoundError:
        raise ChartsMissing(INSTALL) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt
