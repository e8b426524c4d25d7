"""The guest's way back into an unfinished online game after its window closed: where, who, and the seat's token.

Written (atomically) when the guest joins or resumes, removed when the game ends or the host
closes it, so the menu can offer "Resume online game with NAME" exactly while there is a
game to go back to. The token is the guest's proof of its seat (game.net.handshake); the
file holds no join code. A file that is unreadable or malformed is treated as absent.
"""

from __future__ import annotations

import ipaddress
from dataclasses import asdict, dataclass
from pathlib import Path

from ..storage.jsonfile import UnreadableFileError, read_json, write_json
from .protocol import MAX_NAME_CHARS

TICKET_FILE = "online_resume.json"


@dataclass(frozen=True)
class ResumeTicket:
    address: str
    port: int
    name: str  # ours: the seat's name, which a resume must keep
    host_name: str
    token: str


def save_ticket(folder: Path, ticket: ResumeTicket) -> bool:
    """Keep `ticket` in `folder`; False when it could not be written (the game goes on anyway)."""
    try:
        write_json(folder / TICKET_FILE, asdict(ticket))
    except OSError:
        return False
    return True


def load_ticket(folder: Path) -> ResumeTicket | None:
    try:
        data = read_json(folder / TICKET_FILE)
    except (OSError, UnreadableFileError):
        return None
    if not isinstance(data, dict):
        return None
    try:
        ticket = ResumeTicket(str(data["address"]), data["port"], str(data["name"]), str(data["host_name"]),
                              str(data["token"]))
        ipaddress.ip_address(ticket.address)
    except (KeyError, ValueError):
        return None
    port_ok = isinstance(ticket.port, int) and not isinstance(ticket.port, bool) and 1 <= ticket.port <= 65535
    names_ok = all(0 < len(n) <= MAX_NAME_CHARS and n.isprintable() for n in (ticket.name, ticket.host_name))
    token_ok = len(ticket.token) == 32 and all(ch in "0123456789abcdef" for ch in ticket.token)
    return ticket if port_ok and names_ok and token_ok else None


def clear_ticket(folder: Path) -> None:
    try:
        (folder / TICKET_FILE).unlink(missing_ok=True)
    except OSError:
        pass
