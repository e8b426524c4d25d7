"""Joining a friend's game: type the address and the code, or pick a game announced on this network.

The list comes from a discovery listener bound to the address in the settings
(`discovery_interface`), open only while this screen is shown. Picking a game fills in its
address; the code must still be typed (announcements never carry it).
"""

from __future__ import annotations

import ipaddress
from typing import Any

import pygame

from game.i18n import tr
from game.net import Client
from game.net.discovery import DISCOVERY_PORT, DiscoveryListener, HostedGame
from game.net.join_code import is_well_formed, normalise
from game.ui import text, theme
from game.ui.text_field import TextField
from game.ui.widgets import Button, FocusGroup

from ..base import Scene
from . import form

#: How many discovered games the list shows at most.
LISTED = 4
POLL_SECONDS = 0.25


def parse_address(typed: str, default_port: int) -> tuple[str, int] | None:
    """'192.168.1.20:48512', '192.168.1.20' (the usual port) or '[::1]:48512' -> (host, port); None if malformed."""
    typed = typed.strip()
    if not typed or any(ch.isspace() for ch in typed):
        return None
    host, port_text = typed, ""
    if typed.startswith("["):
        host, _, rest = typed[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    elif typed.count(":") == 1:
        host, _, port_text = typed.partition(":")
    try:
        ipaddress.ip_address(host)  # numbers only: looking a name up could block the window
    except ValueError:
        return None
    if port_text == "":
        return host, default_port
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        return None
    return host, int(port_text)


class OnlineJoinScene(Scene):
    def enter(self, **params: Any) -> None:
        settings = self.app.settings
        self.focus = FocusGroup()
        self.time = 0.0
        self.message, self.message_colour = "", theme.TEXT_DIM
        self.name_field = TextField("name", tr("online.name_hint"), settings.player_name)
        self.address_field = TextField("address", tr("online.address_hint"), params.get("address", ""))
        self.code_field = TextField("code", tr("online.code_hint"), params.get("code", ""))
        self.games: list[HostedGame] = []
        self.discovery_problem = ""
        try:
            self.listener: DiscoveryListener | None = DiscoveryListener(settings.discovery_interface,
                                                                        params.get("discovery_port", DISCOVERY_PORT))
        except OSError as error:
            self.listener = None
            self.discovery_problem = tr("online.discovery_off", address=settings.discovery_interface,
                                        error=error.strerror or error)
        self.resize(self.app.screen.get_size())
        first_empty = next((f for f in (self.name_field, self.address_field, self.code_field) if not f.text), None)
        if first_empty is not None:
            self.focus.focus = self.focus.widgets.index(first_empty)

    def exit(self) -> None:
        if self.listener is not None:
            self.listener.close()  # listening only while this screen is shown
            self.listener = None

    @property
    def fields(self) -> tuple[TextField, ...]:
        return (self.name_field, self.address_field, self.code_field)

    @property
    def takes_text(self) -> bool:
        return self.focus.focused in self.fields

    def next_change(self) -> float | None:
        return POLL_SECONDS  # the list of games, and the caret

    def resize(self, size: tuple[int, int]) -> None:
        widgets: list[Any] = [*self.fields, Button("join", tr("online.join"), primary=True)]
        for index in range(LISTED):
            widgets.append(Button(f"pick:{index}", "", visible=index < len(self.games)))
        widgets += [Button("host", tr("online.go_host")), Button("back", tr("common.back"), hint="Esc")]
        extra = 1 if self.games else 2  # the list's heading, and its "looking…" line while empty
        row_h, bottom = form.column_rows(widgets, size, form.title_bottom(size), extra_rows=extra)
        gap = max(4, row_h // 5)
        self.row_h = row_h
        self.list_heading_y = widgets[3].rect.bottom + gap
        shift = extra * (row_h + gap)
        for widget in widgets[4:]:
            widget.rect = widget.rect.move(0, shift)
        self.rows_bottom = bottom + shift
        self.focus.set_widgets(widgets)
        self._label_games()

    def _label_games(self) -> None:
        for index, game in enumerate(self.games[:LISTED]):
            button = self.focus.find(f"pick:{index}")
            if button is not None:
                rule = tr(f"rule.{game.rule}")  # discovery lists only the rules we know
                address = f"[{game.address}]:{game.port}" if ":" in game.address else f"{game.address}:{game.port}"
                key = "online.discovered_duplicate" if game.duplicate else "online.discovered_game"
                button.label = tr(key, name=game.name, rule=rule, address=address)

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.takes_text:
            field = self.focus.focused
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if field is self.code_field:
                    self.join()
                else:
                    self.focus.move_focus(1)
                return
            if event.type in (pygame.TEXTINPUT, pygame.KEYDOWN) and field.handle(event):
                field.text = field.text[:24 if field is self.name_field else 64]
                return
        activation = self.focus.handle_event(event)
        if activation is not None:
            self.app.play_sound("click")
            self.perform(activation.action)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.switch("menu")

    def perform(self, action: str) -> None:
        name, _, index = action.partition(":")
        if action in ("name", "address", "code"):
            self.focus.focus = self.focus.widgets.index(next(f for f in self.fields if f.action == action))
        elif action == "join":
            self.join()
        elif name == "pick" and index.isdigit() and int(index) < len(self.games):
            game = self.games[int(index)]
            self.address_field.text = f"{game.address}:{game.port}"
            self.focus.focus = self.focus.widgets.index(self.code_field)
            self.focus.keyboard_used = True
        elif action == "host":
            self.app.manager.switch("online_host")
        elif action == "back":
            self.app.manager.switch("menu")

    def join(self) -> None:
        name = self.name_field.text.strip()
        address = parse_address(self.address_field.text, self.app.settings.online_port)
        if not name:
            return self._say(tr("online.need_name"), theme.BAD)
        if address is None:
            return self._say(tr("online.bad_address"), theme.BAD)
        if not is_well_formed(self.code_field.text):
            return self._say(tr("online.bad_code"), theme.BAD)
        self.app.update_settings(self.app.settings.with_changes(player_name=name))
        client = Client(address[0], address[1], normalise(self.code_field.text), name)
        self.app.manager.switch("online_game", endpoint=client)

    def _say(self, message: str, colour: tuple[int, int, int]) -> None:
        self.message, self.message_colour = message, colour
        self.mark_dirty()

    def update(self, dt: float) -> None:
        self.time += dt
        if self.listener is not None:
            games = self.listener.poll()[:LISTED]
            if games != self.games:
                self.games = games
                self.resize(self.app.screen.get_size())
                self.mark_dirty()

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        form.draw_backdrop(surface)
        form.draw_title(surface, tr("online.join_title"), max(12, surface.get_height() // 40))
        form.draw_widgets(surface, self.focus, (self.time * 2) % 2 < 1.2)
        width = surface.get_width()
        size = max(13, int(self.row_h * 0.4))
        column_w = int(min(560, max(320, width * 0.5)))
        heading = text.fitted(tr("online.discovered"), size, theme.ACCENT, column_w, bold=True)
        surface.blit(heading, (width // 2 - column_w // 2, self.list_heading_y))
        note = self.discovery_problem or ("" if self.games else tr("online.none_found"))
        if note:
            image = text.fitted(note, max(12, size - 2), theme.BAD if self.discovery_problem else theme.TEXT_DIM, column_w)
            surface.blit(image, (width // 2 - column_w // 2, self.list_heading_y + heading.get_height() + 4))
        form.draw_message(surface, self.message, self.message_colour, self.rows_bottom)
