"""``python -m homegame.cli``: the same as the ``homegame`` script."""

from homegame.cli import main

main()
