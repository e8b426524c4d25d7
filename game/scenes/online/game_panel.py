"""The online game's side panel: the heading, the connection, both players, the status, the chat and the buttons.

Drawing only: it reads the scene and its session and changes nothing.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.i18n import tr
from game.net import Fault, Host, LinkState, NetSession
from game.rules import Stone
from game.ui import text, theme
from game.ui.layout import ScreenLayout
from game.ui.panel import draw_player_card, format_duration
from game.ui.widgets import FocusGroup

from .texts import lost_text, player_label, result_lines, state_text


class OnlineGameScene(Protocol):
    """What the panel reads of the online game screen. A Protocol, so drawing the panel never
    imports the screen."""

    layout: ScreenLayout
    focus: FocusGroup
    endpoint: Any  # game.net.Host or Client
    buttons_top: int
    status: str
    status_left: float
    status_colour: str | None
    chat: list[str]

    @property
    def session(self) -> NetSession | None: ...

    @property
    def state(self) -> LinkState: ...

_STATE_COLOURS = {
    LinkState.PLAYING: theme.GOOD,
    LinkState.DROPPED: theme.BAD,
    LinkState.REFUSED: theme.BAD,
    LinkState.CLOSED: theme.TEXT_DIM,
}


def draw_online_panel(surface: pygame.Surface, scene: OnlineGameScene) -> None:
    px, py, pw, ph = scene.layout.panel_rect
    pad = max(10, pw // 22)
    inner_w = pw - 2 * pad
    x, y = px + pad, py + pad
    heading_size = max(15, int(min(24, ph * 0.04)))
    small = max(12, int(heading_size * 0.75))
    session = scene.session
    rules = session.rules if session is not None else getattr(scene.endpoint, "rules", None)
    if rules is not None:
        heading = tr("online.heading", rule=tr(f"rule.{rules.rule.value}"), opening=tr(f"opening.{rules.opening.value}"),
                     size=rules.size)
        image = text.fitted(heading, heading_size, theme.ACCENT, inner_w, bold=True)
        surface.blit(image, (x, y))
        y += image.get_height() + pad // 3
    y = _draw_connection(surface, scene, x, y, inner_w, small) + pad // 3
    card_h = int(min(80, max(50, ph * 0.11)))
    for colour in (Stone.BLACK, Stone.WHITE):
        rect = pygame.Rect(x, y, inner_w, card_h)
        _draw_card(surface, scene, colour, rect)
        y += card_h + pad // 3
    bottom = scene.buttons_top - pad // 3
    for line, colour in _panel_lines(scene):
        size = small
        if line == _code_line(scene):  # the code is read out over the phone: large
            size = int(small * 1.6)
        for part in text.wrap(line, size, inner_w):
            if y + int(size * 1.3) > bottom:
                break
            image = text.render(part, size, colour, bold=size != small)
            surface.blit(image, (x, y))
            y += int(size * 1.3)
    scene.focus.draw(surface)


def _draw_connection(surface: pygame.Surface, scene: OnlineGameScene, x: int, y: int, width: int, size: int) -> int:
    state = scene.state
    colour = _STATE_COLOURS.get(state, theme.ACCENT)
    radius = max(4, size // 3)
    label = state_text(state)
    if scene.session is not None and state is LinkState.PLAYING:
        label = f"{label} · {tr('online.game_no', number=scene.session.game_no)}"
    image = text.fitted(label, size, theme.TEXT, width - 3 * radius - 6)
    pygame.draw.circle(surface, colour, (x + radius, y + image.get_height() // 2), radius)
    surface.blit(image, (x + 3 * radius, y))
    return y + image.get_height()


def _draw_card(surface: pygame.Surface, scene: OnlineGameScene, colour: Stone, rect: pygame.Rect) -> None:
    session = scene.session
    if session is None:  # waiting for the guest: the host's own card and an empty seat
        endpoint = scene.endpoint
        mine = isinstance(endpoint, Host) and (endpoint.guest_seat.value == "second") == (colour is Stone.BLACK)
        name = tr("online.you", name=endpoint.name) if mine else tr("online.friend")
        draw_player_card(surface, rect, colour, name, [], False)
        return
    game = session.game
    details = [tr("play.undos_left", count=tr("common.infinity") if game.undos_left[colour] is None
                  else game.undos_left[colour])]
    left = session.clock_left(colour)
    if left is not None:
        details.append(tr("play.clock", time=format_duration(left)))
    acting = not game.is_over and session.seat_to_act() is not None and (
        session.colour_of(session.seat_to_act()) is colour if game.opening_actor is None
        else (colour is Stone.BLACK) == (game.opening_actor.value == "first"))
    badge = tr("play.to_move") if acting else ""
    draw_player_card(surface, rect, colour, player_label(session, colour), details, acting, badge)


def _code_line(scene: OnlineGameScene) -> str:
    endpoint = scene.endpoint
    return tr("online.code_line", code=endpoint.code) if isinstance(endpoint, Host) else ""


def _panel_lines(scene: OnlineGameScene) -> list[tuple[str, tuple[int, int, int]]]:
    """What the panel says under the cards, most urgent first."""
    lines: list[tuple[str, tuple[int, int, int]]] = []
    session, endpoint, state = scene.session, scene.endpoint, scene.state
    if isinstance(endpoint, Host) and state is LinkState.WAITING:
        if session is None:
            lines.append((tr("online.waiting_title"), theme.ACCENT))
            lines.append((tr("online.tell_friend"), theme.TEXT))
        else:
            lines.append((lost_text(endpoint, session.peer_name), theme.BAD))
            claim_in = session.claim_in()
            if claim_in is not None:
                lines.append((tr("online.claim_ready", name=session.peer_name) if claim_in == 0 else
                              tr("online.claim_wait", name=session.peer_name, seconds=int(claim_in + 0.999)), theme.TEXT))
            else:
                lines.append((tr("online.lost_host", name=session.peer_name, code=endpoint.code), theme.TEXT))
        if endpoint.guard.shut:
            lines.append((tr("online.shut"), theme.BAD))
        host, port = endpoint.address
        lines.append((tr("online.address_line", address=f"{host}:{port}"), theme.TEXT))
        lines.append((_code_line(scene), theme.ACCENT))
    elif state in (LinkState.DROPPED, LinkState.REFUSED):
        peer = session.peer_name if session is not None else getattr(endpoint, "host_name", "")
        lines.append((lost_text(endpoint, peer), theme.BAD))
        if session is not None and endpoint.fault is not Fault.LEFT:
            lines.append((tr("online.lost_guest"), theme.TEXT))
    elif session is not None:
        game = session.game
        if game.is_over:
            headline, how = result_lines(session)
            lines.append((f"{headline} {how}", theme.ACCENT))
        elif session.asked is not None:
            lines.append((tr(f"online.asked.{session.asked.value}", name=session.peer_name), theme.ACCENT))
        elif session.waiting_for_answer:
            lines.append((tr("online.waiting_answer", name=session.peer_name), theme.TEXT_DIM))
        elif session.my_turn:
            lines.append((tr("online.your_turn"), theme.TEXT))
        else:
            lines.append((tr("online.their_turn", name=session.peer_name), theme.TEXT_DIM))
        lines.append((tr("play.moves_and_time", moves=game.move_count, time=format_duration(game.duration)),
                      theme.TEXT_DIM))
    for line in scene.chat:
        lines.append((line, theme.TEXT_DIM))
    if scene.status_left > 0 and scene.status and all(scene.status != line for line, _ in lines):
        lines.insert(0, (scene.status, theme.BAD if scene.status_colour == "bad" else theme.ACCENT))
    return lines
