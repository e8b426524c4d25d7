"""The Gomocup brain: pure line parsers, a pure session, and a loop over stdin/stdout.

Managers such as Piskvork, Yixin Board and our arena start ``pbrain-gomoku`` (or
``python -m game.protocol [--level master] [--log FILE] [--seed N]``) and talk to it in
lines. Never imports pygame.

Understood: START, RECTSTART (square only), RESTART, BEGIN, TURN, BOARD/DONE, INFO
(timeout_turn, timeout_match, time_left, max_memory, game_type, rule, evaluate, folder;
others ignored), TAKEBACK, END, ABOUT, and Yixin's YXBOARD, YXSTOP (also STOP),
YXSHOWFORBID and YXNBEST, and Gomocup's SWAP2BOARD (stones as ``x,y`` or ``x,y,field``
lines; see `swap2`). Anything else gets ``UNKNOWN``, bad arguments get ``ERROR ...``.

Modules: `commands` (line -> value), `session` (value -> state change and reply lines),
`clock` (time budget, stop flag), `thinking` (engine call and legality net), `replies`
(output formats), `loop` (threads and I/O), `__main__` (options, logging, stdout guard).
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
