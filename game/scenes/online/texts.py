"""How the online game reads on screen: faults, connection states, results and chat, translated."""

from __future__ import annotations

from game.i18n import tr
from game.net import Fault, LinkState
from game.net.session import NetSession
from game.rules import Reason, Stone


def fault_text(fault: Fault | None, detail: str = "") -> str:
    """The player's words for a connection fault; the version refusal keeps its numbers."""
    if fault is None:
        return detail
    if fault is Fault.VERSION and detail:
        return tr("online.refused.version", detail=detail)
    return tr(f"online.fault.{fault.value}")


def refusal_text(fault: Fault, detail: str) -> str:
    if fault is Fault.CODE:
        return tr("online.refused.code")
    if fault is Fault.BUSY:
        return tr("online.refused.busy")
    return tr("online.refused.version", detail=detail)


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
    reason = "agreement" if session.draw_agreed else result.reason.value
    if result.reason is Reason.BOARD_FULL and not session.draw_agreed:
        reason = "board_full"
    return headline, tr(f"online.reason.{reason}")
