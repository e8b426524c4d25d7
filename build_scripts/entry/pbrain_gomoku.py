"""PyInstaller entry of the console Gomocup brain (`pbrain-gomoku`)."""

import sys

if __name__ == "__main__":
    from game.protocol.__main__ import main

    sys.exit(main())
