"""What a networked game tells the screen: one small value per thing that happened."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class EventKind(Enum):
    """`Event.data` holds the details named in each comment."""

    # the game (game.net.session)
    MOVED = "moved"  # point, by_peer
    CHOSE = "chose"  # choice, by_peer
    TAKEBACK_ASKED = "takeback_asked"  # the peer asks; answer with answer(yes)
    TAKEBACK_DONE = "takeback_done"  # moves (how many), colour (whose take-back it cost)
    TAKEBACK_DECLINED = "takeback_declined"
    DRAW_OFFERED = "draw_offered"
    DRAW_DECLINED = "draw_declined"
    REMATCH_ASKED = "rematch_asked"
    REMATCH_DECLINED = "rematch_declined"
    REMATCH_STARTED = "rematch_started"  # game_no
    CHAT = "chat"  # phrase, by_peer
    GAME_OVER = "game_over"  # winner (Stone or None), reason (protocol.REASONS)
    CLOCK = "clock"
    # the connection (game.net.endpoint)
    CONNECTED = "connected"  # resumed (bool), peer (name)
    REFUSED = "refused"  # fault, text: a handshake refused (the guest cannot join; the host keeps waiting)
    DROPPED = "dropped"  # fault, text: the connection ended; the game is kept
    GUESSING = "guessing"  # host: a wrong code was tried; wrong (total), code_changed (bool: a new code now), shut (bool)


@dataclass(frozen=True)
class Event:
    kind: EventKind
    data: dict[str, Any] = field(default_factory=dict)
