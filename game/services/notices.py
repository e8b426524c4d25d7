"""The store's notices turned into one message for the player."""

from __future__ import annotations

from typing import Any, Callable

from game.i18n import tr


class StoreNotices:
    """Tells the player when a damaged file was set aside (as .bak) or a file could not be written."""

    def __init__(self, store: Any, notify: Callable[[str], None]) -> None:
        self.store = store
        self.notify = notify

    def show(self) -> None:
        """Say what the store has noticed since the last call (nothing when it noticed nothing)."""
        take = getattr(self.store, "take_notices", None)
        notices = take() if callable(take) else []
        messages = []
        for notice in notices:
            kind = getattr(notice, "kind", "settings")
            kind = kind if kind in ("settings", "stats", "autosave", "rating") else "settings"
            problem = getattr(getattr(notice, "problem", None), "value", "unreadable")
            if problem == "carried_over":
                messages.append(tr("notice.carried_rating"))
            elif problem == "not_saved":
                messages.append(tr(f"notice.not_saved_{kind}"))
            else:
                messages.append(tr(f"notice.corrupt_{kind}", backup=getattr(notice, "backup", "") or ""))
        if messages:
            self.notify("  ".join(dict.fromkeys(messages)))
