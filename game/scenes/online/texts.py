"""How the online game reads on screen: faults, connection states, results and chat, translated.

Every line comes from our catalogue; the only text from the other side shown is the
player's name, where the catalogue puts one (a refusal's or an error's own text never is).
"""

from __future__ import annotations

from typing import Any

from game.i18n import tr
from game.net import VERSION, Fault, LinkState
from game.net.session import NetSession
from game.rules import Reason, Stone


def fault_text(fault: Fault | None, detail: str = "") -> str:
    """The player's words for a connection fault (`detail`, the other side's or the socket's
    words, is kept for logs and tests, never shown)."""
    if fault is None:
        return ""
    return tr(f"online.fault.{fault.value}")


def refusal_text(fault: Fault, their_version: int | None = None) -> str:
    """Why the host refused us, in our words; a version refusal names both numbers."""
    if fault is Fault.VERSION:
        theirs = "?" if their_version is None else str(their_version)
        return tr("online.refused.version", detail=tr("online.version_detail", theirs=theirs, ours=VERSION))
    if fault in (Fault.CODE, Fault.BUSY, Fault.NAME, Fault.SEAT, Fault.WAIT, Fault.SHUT):
        return tr(f"online.refused.{fault.value}")
    return fault_text(fault)


def lost_text(endpoint: Any, peer: str) -> str:
    """The guest's words for a lost connection: the host closed the game, the host stopped
    answering, or the connection dropped (a dead program looks like a drop); else the fault."""
    fault = endpoint.fault
    name = peer or tr("online.friend")
    if endpoint.state is LinkState.REFUSED:
        return refusal_text(fault, getattr(endpoint, "refused_version", None))
    if fault is Fault.LEFT:
        return tr("online.peer_closed", name=name)
    if fault is Fault.SILENCE:
        return tr("online.peer_silent", name=name)
    if fault is Fault.CLOSED:
        if endpoint.session is None and getattr(endpoint, "address", None):
            host, port = endpoint.address
            return tr("online.cannot_reach", address=f"{host}:{port}")
        return tr("online.link_dropped", name=name)
    return tr("online.lost", reason=fault_text(fault))


def state_text(state: LinkState) -> str:
    return tr(f"online.state.{state.value}")


def phrase_text(phrase: str) -> str:
    return tr(f"online.chat.{phrase}")


def player_label(session: NetSession, colour: Stone) -> str:
    """The name on a player card: ours marked "(you)"."""
    if colour is session.my_colour:
        return tr("online.you", name=session.my_name)
    return session.peer_name or tr("online.friend")


def result_lines(session: NetSession) -> tuple[str, str]:
    """(headline, how) for a finished game, from this side's point of view."""
    result = session.game.result
    if result is None:
        return "", ""
    if result.winner is None:
        headline = tr("online.over.draw")
    elif result.winner is session.my_colour:
        headline = tr("online.over.win")
    else:
        headline = tr("online.over.loss", name=session.peer_name)
    reason = "agreement" if session.draw_agreed else "abandoned" if session.abandoned else result.reason.value
    if result.reason is Reason.BOARD_FULL and not session.draw_agreed:
        reason = "board_full"
    return headline, tr(f"online.reason.{reason}")
