"""Playing a friend on another computer: the wire protocol, the shared game, hosting, joining, discovery.

No pygame here (the screens in game.scenes.online drive these classes from the loop); the
rules are game.rules through game.model, never a copy. Start with `protocol` (the messages),
then `session` (the game between two machines), `transport` (lines over TCP), and `host` /
`client` (the two ends).
"""

from .client import Client
from .endpoint import LinkState
from .events import Event, EventKind
from .host import Host, HostingError
from .protocol import VERSION, Fault, ProtocolError
from .session import ActionRefused, NetRules, NetSession
from .transport import Timeouts

__all__ = [
    "ActionRefused",
    "Client",
    "Event",
    "EventKind",
    "Fault",
    "Host",
    "HostingError",
    "LinkState",
    "NetRules",
    "NetSession",
    "ProtocolError",
    "Timeouts",
    "VERSION",
]
