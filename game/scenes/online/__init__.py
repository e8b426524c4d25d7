"""Playing a friend on another computer: the host screen, the join screen and the networked game.

The network itself is game.net (no pygame); these screens only drive it from the loop.
"""

from .game_screen import OnlineGameScene
from .host_screen import OnlineHostScene
from .join_screen import OnlineJoinScene

__all__ = ["OnlineGameScene", "OnlineHostScene", "OnlineJoinScene"]
