"""Hosting a game: the host's name, rule, opening, colours, clock, take-backs and the address to listen on.

Pressing Start opens the listening socket on the chosen address only (game.net.Host) and
moves to the online game screen, which shows the address, the port and the join code
until the friend arrives.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

import pygame

from game.i18n import tr
from game.net import Host, HostingError, NetRules
from game.net.discovery import DISCOVERY_PORT, Announcer, broadcast_for, local_addresses
from game.rules import Rule
from game.rules.opening import OpeningRule, Seat
from game.storage.settings import CLOCK_MINUTES, MAX_UNDO_CHOICE
from game.ui import theme
from game.ui.text_field import TextField
from game.ui.widgets import Button, FocusGroup, OptionRow

from ..base import Scene
from . import form

ONLINE_OPENINGS = (OpeningRule.FREE.value, OpeningRule.SWAP1.value, OpeningRule.SWAP2.value)
COLOURS = ("black", "white", "random")
CLOCKS = (None,) + CLOCK_MINUTES
TAKEBACKS = tuple(range(MAX_UNDO_CHOICE + 1)) + (None,)


def default_interface(settings: Any, addresses: list[str]) -> str:
    """The setting if it is one of this machine's addresses, else the first non-loopback one."""
    if settings.online_interface in addresses:
        return settings.online_interface
    return next((a for a in addresses if not a.startswith("127.")), addresses[0])


def guest_seat_for(colour: str, rng: random.Random) -> Seat:
    """Where the guest sits for the host's colour choice ("black" = the host opens)."""
    if colour == "random":
        colour = rng.choice(("black", "white"))
    return Seat.SECOND if colour == "black" else Seat.FIRST


class OnlineHostScene(Scene):
    def enter(self, **params: Any) -> None:
        settings = self.app.settings
        self.focus = FocusGroup()
        self.time = 0.0
        self.message, self.message_colour = "", theme.TEXT_DIM
        self.addresses = local_addresses()
        if settings.online_interface and settings.online_interface not in self.addresses:
            self.addresses.append(settings.online_interface)
        self.name_field = TextField("name", tr("online.name_hint"), settings.player_name)
        self.rows = {
            "rule": OptionRow("rule", tr("online.rule"), [rule.value for rule in Rule], describe=lambda v: tr(f"rule.{v}")),
            "opening": OptionRow("opening", tr("online.opening"), ONLINE_OPENINGS, describe=lambda v: tr(f"opening.{v}")),
            "colour": OptionRow("colour", tr("online.colour"), COLOURS, describe=lambda v: tr(f"colour.{v}")),
            "clock": OptionRow("clock", tr("online.clock"), CLOCKS, describe=_clock_label),
            "takebacks": OptionRow("takebacks", tr("online.takebacks"), TAKEBACKS,
                                   describe=lambda v: tr("common.unlimited") if v is None else str(v)),
            "interface": OptionRow("interface", tr("online.interface"), self.addresses),
        }
        self.rows["rule"].select(settings.rule)
        self.rows["opening"].select(settings.opening if settings.opening in ONLINE_OPENINGS else OpeningRule.FREE.value)
        self.rows["clock"].select(settings.clock_minutes)
        self.rows["takebacks"].select(settings.undo_limit)
        self.rows["interface"].select(default_interface(settings, self.addresses))
        self.resize(self.app.screen.get_size())
        if not self.name_field.text:
            self.focus.focus = 0

    @property
    def takes_text(self) -> bool:
        return self.focus.focused is self.name_field

    def next_change(self) -> float | None:
        return 0.5 if self.takes_text else None  # the caret blinks

    def resize(self, size: tuple[int, int]) -> None:
        widgets = [self.name_field, *self.rows.values(),
                   Button("start", tr("online.start_hosting"), primary=True),
                   Button("join", tr("online.go_join")),
                   Button("back", tr("common.back"), hint="Esc")]
        _, self.rows_bottom = form.column_rows(widgets, size, form.title_bottom(size), extra_rows=1)
        self.focus.set_widgets(widgets)

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.takes_text:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.focus.move_focus(1)
                return
            if event.type in (pygame.TEXTINPUT, pygame.KEYDOWN) and self.name_field.handle(event):
                self.name_field.text = self.name_field.text[:24]
                return
        activation = self.focus.handle_event(event)
        if activation is not None:
            self.app.play_sound("click")
            self.perform(activation.action)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.switch("menu")

    def perform(self, action: str) -> None:
        if action == "name":
            self.focus.focus = self.focus.widgets.index(self.name_field)
        elif action == "start":
            self.start()
        elif action == "join":
            self.app.manager.switch("online_join")
        elif action == "back":
            self.app.manager.switch("menu")

    def start(self) -> None:
        """Open the listening socket and go to the game screen; a failure is shown here."""
        name = self.name_field.text.strip()
        if not name:
            self._say(tr("online.need_name"), theme.BAD)
            return
        settings = self.app.settings
        interface = self.rows["interface"].value
        rules = NetRules(
            rule=Rule(self.rows["rule"].value),
            opening=OpeningRule(self.rows["opening"].value),
            undo_limit=self.rows["takebacks"].value,
            clock_seconds=None if self.rows["clock"].value is None else 60.0 * self.rows["clock"].value,
        )
        seat = guest_seat_for(self.rows["colour"].value, random.Random())
        try:
            try:
                host = Host(rules, name, interface, settings.online_port, guest_seat=seat)
            except HostingError:  # the usual port is taken: any free port will do, it is shown
                host = Host(rules, name, interface, 0, guest_seat=seat)
        except (HostingError, OSError) as error:
            self._say(tr("online.host_failed", address=interface, error=error), theme.BAD)
            return
        destination = settings.discovery_address or broadcast_for(interface)
        try:
            announcer: Announcer | None = Announcer((destination, DISCOVERY_PORT), name, host.address[1], rules.rule.value,
                                                    rules.opening.value, secrets.token_hex(4),  # never the code
                                                    interface=interface)
        except OSError:
            announcer = None  # the friend can still type the address
        self.app.update_settings(settings.with_changes(player_name=name, online_interface=interface))
        self.app.manager.switch("online_game", endpoint=host, announcer=announcer)

    def _say(self, message: str, colour: tuple[int, int, int]) -> None:
        self.message, self.message_colour = message, colour
        self.mark_dirty()

    def update(self, dt: float) -> None:
        self.time += dt

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        form.draw_backdrop(surface)
        form.draw_title(surface, tr("online.host_title"), max(12, surface.get_height() // 40))
        form.draw_widgets(surface, self.focus, (self.time * 2) % 2 < 1.2)
        form.draw_message(surface, self.message, self.message_colour, self.rows_bottom)


def _clock_label(minutes: int | None) -> str:
    return tr("online.no_clock") if minutes is None else tr("online.minutes", minutes=minutes)
