"""PyInstaller entry of the windowed game. A script, not `game/__main__.py`, because
PyInstaller runs its entry as `__main__`, where the package's relative imports would fail."""

import multiprocessing
import sys

if __name__ == "__main__":
    from game.logs import replace_missing_streams

    # A windowed build has no stdout/stderr, and that includes the spawned engine worker,
    # which stops in freeze_support below: make its streams safe before it gets there.
    replace_missing_streams()
    # Next: a spawned engine worker re-runs this executable and must stop here.
    multiprocessing.freeze_support()
    from game.__main__ import main

    sys.exit(main())
