"""PyInstaller entry of the windowed game. A script, not `game/__main__.py`, because
PyInstaller runs its entry as `__main__`, where the package's relative imports would fail."""

import multiprocessing
import sys

if __name__ == "__main__":
    # First thing: a spawned engine worker re-runs this executable and must stop here.
    multiprocessing.freeze_support()
    from game.__main__ import main

    sys.exit(main())
