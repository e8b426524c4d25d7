"""The way back into an unfinished online game, shared by the menu and the online game screen.

The online game screen keeps the ticket (game.net.ticket) while the guest has an unfinished
game; the menu shows "Resume online game with NAME" while one is kept, and opens the online
game screen with `ticket=` (that screen connects with it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.net.ticket import ResumeTicket, clear_ticket, load_ticket, save_ticket


def ticket_folder(app: Any) -> Path | None:
    """Where the app keeps its data (None: a store that keeps nothing, as in some tests)."""
    locations = getattr(app.store, "locations", None)
    return getattr(locations, "data_dir", None)


def saved_online_game(app: Any) -> ResumeTicket | None:
    folder = ticket_folder(app)
    return None if folder is None else load_ticket(folder)


def keep_ticket(app: Any, ticket: ResumeTicket | None) -> None:
    """Save `ticket`, or remove the saved one when None."""
    folder = ticket_folder(app)
    if folder is None:
        return
    if ticket is None:
        clear_ticket(folder)
    else:
        save_ticket(folder, ticket)
