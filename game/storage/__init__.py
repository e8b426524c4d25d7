"""What the game remembers between runs: settings, statistics and the unfinished game.

No pygame here. Files live in the user's config/data folders (platformdirs), never beside
the executable, and are written atomically.
"""

from .settings import Settings

__all__ = ["Settings"]
