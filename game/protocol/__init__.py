"""The Gomocup brain: pure line parsers, a pure session, and a loop over stdin/stdout.

Managers such as Piskvork, Yixin Board and our arena start ``pbrain-gomoku`` (or
``python -m game.protocol``) and talk to it in lines. Never imports pygame.
"""

from .clock import StopSignal, TimeControl, think_time_ms
from .commands import ProtocolError, parse_command
from .loop import Brain
from .session import Reply, Session, ThinkRequest

__all__ = [
    "Brain",
    "ProtocolError",
    "Reply",
    "Session",
    "StopSignal",
    "ThinkRequest",
    "TimeControl",
    "parse_command",
    "think_time_ms",
]
