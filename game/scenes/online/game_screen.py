"""The networked game: the board, both players, the clocks, the connection, and what the friend asks.

The endpoint (game.net.Host or Client) is polled once per update and never blocks, so the
window keeps its frame rate whatever the network does. Everything about the game is read
from `endpoint.session`; this scene keeps only what is about the screen (hover, the status
line, the chat lines, a resign waiting for its second press).

A finished game is saved (SGF and PSQ) and counted in the statistics once, under the
friend's name. A dropped connection keeps the game: the host keeps listening for the same
guest (its token and name), the guest can reconnect, and either can save and leave. While
the guest is away its clock runs, and after the grace the host may claim the game. The
guest keeps a ticket (game.net.ticket) while its game is unfinished, so the menu can offer
it back after the window closed.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import tr
from game.net import ActionRefused, Client, EventKind, Fault, Host, LinkState
from game.net.discovery import Announcer
from game.net.events import Event
from game.net.protocol import CHAT_PHRASES
from game.net.records import count_online_game, save_online_game
from game.net.ticket import ResumeTicket
from game.rules import Board, IllegalMoveError, Point, Rule
from game.rules.opening import Choice, OpeningError
from game.ui import chrome
from game.ui.board_view import BoardMarks, BoardView, fit_board_view
from game.ui.widgets import Button, FocusGroup

from ..base import Scene
from ..shared.online_resume import keep_ticket
from .game_panel import draw_online_panel
from .texts import phrase_text, refusal_text

#: How often the network is polled (each poll redraws): quickly for a few seconds after
#: anything happened, then ten times a second, so a waiting screen costs little CPU.
POLL_SECONDS = 1 / 30
IDLE_POLL_SECONDS = 0.1
BUSY_SECONDS = 3.0
STATUS_SECONDS = 4.0
CONFIRM_SECONDS = 3.0
CHAT_LINES = 3


class OnlineGameScene(Scene):
    def enter(self, endpoint: Host | Client | None = None, announcer: Announcer | None = None,
              ticket: ResumeTicket | None = None, **params: Any) -> None:
        if endpoint is None and ticket is not None:  # from the menu: back into an unfinished game
            endpoint = Client(ticket.address, ticket.port, "", ticket.name, token=ticket.token,
                              host_name=ticket.host_name)
        if endpoint is None:  # opened without a game (e.g. from a test of every scene): host one first
            self.app.manager.switch("online_host")
        self.endpoint = endpoint
        self.announcer = announcer
        self.is_host = isinstance(endpoint, Host)
        self.view: BoardView | None = None
        self.focus = FocusGroup()
        self.hover: Point | None = None
        self.status, self.status_colour, self.status_left = "", None, 0.0
        self.chat: list[str] = []
        self.phrase_index = 0
        self.armed_left = 0.0
        self.time = 0.0
        self.active_at = 0.0  # scene time of the last network event or action
        self.counted: set[int] = set()  # game numbers already saved and counted
        self.saved_paths: list[str] = []
        self._forbidden_key: tuple[Any, ...] | None = None
        self._forbidden: tuple[Point, ...] = ()
        self.resize(self.app.screen.get_size())

    def exit(self) -> None:
        if self.endpoint is not None:
            self.endpoint.leave()
        if self.announcer is not None:
            self.announcer.close()

    # ----------------------------------------------------------------- reading
    @property
    def session(self):
        return None if self.endpoint is None else self.endpoint.session

    @property
    def state(self) -> LinkState:
        return LinkState.CLOSED if self.endpoint is None else self.endpoint.state

    @property
    def board(self) -> Board:
        if self.session is not None:
            return self.session.game.board
        rules = getattr(self.endpoint, "rules", None)
        return Board(rules.size if rules else 15, rules.rule if rules else Rule.FREESTYLE)

    @property
    def playing(self) -> bool:
        return self.state is LinkState.PLAYING and self.session is not None

    def next_change(self) -> float | None:
        """The network is read at this pace even when nothing is pressed."""
        return POLL_SECONDS if self.time - self.active_at < BUSY_SECONDS else IDLE_POLL_SECONDS

    # ----------------------------------------------------------------- layout
    def resize(self, size: tuple[int, int]) -> None:
        self.layout, self.view = fit_board_view(self.view, size, self.board.size, self.app.settings.show_coordinates)
        px, py, pw, ph = self.layout.panel_rect
        row_h = int(min(46, max(30, ph * 0.062)))
        gap = max(6, row_h // 5)
        half = (pw - 3 * gap) // 2
        third = (pw - 4 * gap) // 3
        left, right = px + gap, px + 2 * gap + half
        bottom = py + ph - gap
        rows = [bottom - (index + 1) * row_h - index * gap for index in range(4)]  # from the bottom up
        phrase = Button("phrase", self._phrase_label(), pygame.Rect(left, rows[1], pw - 3 * gap - third, row_h))
        widgets: list[Any] = [
            Button("accept", tr("online.accept"), pygame.Rect(left, rows[3], half, row_h), primary=True),
            Button("decline", tr("online.decline"), pygame.Rect(right, rows[3], half, row_h)),
            Button("choose_black", tr("opening.play_black"), pygame.Rect(left, rows[3], third, row_h), primary=True),
            Button("choose_white", tr("opening.play_white"), pygame.Rect(left + third + gap, rows[3], third, row_h),
                   primary=True),
            Button("choose_place_two", tr("opening.place_two_button"),
                   pygame.Rect(left + 2 * (third + gap), rows[3], third, row_h)),
            Button("resume", tr("online.resume"), pygame.Rect(left, rows[3], pw - 2 * gap, row_h), primary=True),
            Button("claim", tr("online.claim"), pygame.Rect(left, rows[3], pw - 2 * gap, row_h), primary=True),
            Button("rematch", tr("online.rematch"), pygame.Rect(left, rows[3], half, row_h), primary=True),
            Button("review", tr("online.review"), pygame.Rect(right, rows[3], half, row_h)),
            Button("takeback", tr("online.takeback"), pygame.Rect(left, rows[2], half, row_h), hint="U"),
            Button("draw", tr("online.draw"), pygame.Rect(right, rows[2], half, row_h)),
            phrase,
            Button("send", tr("online.send"), pygame.Rect(px + pw - gap - third, rows[1], third, row_h)),
            Button("resign", tr("online.resign"), pygame.Rect(left, rows[0], half, row_h)),
            Button("leave", tr("online.save_leave"), pygame.Rect(right, rows[0], half, row_h)),
        ]
        self.buttons_top = rows[3] - gap
        self.focus.set_widgets(widgets)
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        """Show the buttons that make sense now; relabel Resign while it waits for its second press."""
        session, playing = self.session, self.playing
        over = session is not None and session.game.is_over
        asked = session.asked if playing else None
        options = session.game.opening_options if playing and session.my_turn else ()
        visible = {
            "accept": asked is not None, "decline": asked is not None,
            "choose_black": asked is None and Choice.BLACK in options,
            "choose_white": asked is None and Choice.WHITE in options,
            "choose_place_two": asked is None and Choice.PLACE_TWO in options,
            "resume": not self.is_host and self.state in (LinkState.DROPPED, LinkState.REFUSED)
            and self.endpoint.fault is not Fault.LEFT,  # a host that closed the game is not listening
            "claim": self.is_host and self.state is LinkState.WAITING and session is not None and not over,
            "rematch": playing and over and asked is None, "review": over and asked is None and self.state is not
            LinkState.DROPPED,
            "takeback": True, "draw": True, "phrase": True, "send": True, "resign": True, "leave": True,
        }
        if visible["resume"] or visible["claim"]:
            visible["review"] = False
        enabled = {
            "takeback": playing and not over and session.question is None,
            "draw": playing and not over and session.question is None,
            "resign": playing and not over and not session.waiting_for_answer,
            "phrase": playing, "send": playing,
            "rematch": playing and over and session.question is None,
            "claim": visible["claim"] and session.claim_in() == 0,
        }
        for widget in self.focus.widgets:
            widget.visible = visible.get(widget.action, True)
            widget.enabled = enabled.get(widget.action, True)
        resign = self.focus.find("resign")
        resign.label = tr("online.confirm") if self.armed_left > 0 else tr("online.resign")
        leave = self.focus.find("leave")
        leave.label = tr("online.save_leave") if session is not None and session.game.move_count else tr("online.leave")

    # ----------------------------------------------------------------- the loop
    def update(self, dt: float) -> None:
        self.time += dt
        self.status_left = max(0.0, self.status_left - dt)
        if self.armed_left > 0:
            self.armed_left = max(0.0, self.armed_left - dt)
            if self.armed_left == 0:
                self.refresh_buttons()
        if self.endpoint is None:
            return
        events = self.endpoint.poll()
        if self.announcer is not None:
            if self.is_host and self.state is LinkState.WAITING:
                self.announcer.poll()  # announced only while waiting for the friend
        for event in events:
            self._on_event(event)
        claimable = self.is_host and self.session is not None and self.session.claim_in() == 0
        if claimable != getattr(self, "_claimable", False):
            self._claimable = claimable
            self.refresh_buttons()
            self.mark_dirty()
        if events:
            self.active_at = self.time
            self.refresh_buttons()
            self._keep_finished_game()

    def _on_event(self, event: Event) -> None:
        kind, data = event.kind, event.data
        peer = self.session.peer_name if self.session is not None else ""
        if kind is EventKind.MOVED:
            self.app.play_sound("place")
        elif kind is EventKind.CONNECTED:
            self._keep_ticket()
            if data["resumed"]:
                self._say(tr("online.back_again" if self.is_host else "online.reconnected", name=data["peer"]))
            else:
                self._say(tr("online.joined" if self.is_host else "online.connected_to", name=data["peer"]))
            if self.session is not None and self.session.game.board.size != self.layout.grid.size:
                self.resize(self.app.screen.get_size())
        elif kind is EventKind.REFUSED:
            reason = refusal_text(data["fault"], getattr(self.endpoint, "refused_version", None))
            self._say(reason if not self.is_host else tr("online.refused_here", reason=reason), bad=True)
            if not self.is_host and data["fault"] in (Fault.CODE, Fault.NAME, Fault.SEAT, Fault.SHUT) \
                    and self.endpoint.token:
                keep_ticket(self.app, None)  # that seat is gone (the host restarted, or it is not ours)
        elif kind is EventKind.GUESSING:
            if data["shut"]:
                self._say(tr("online.shut"), bad=True)
            elif data["code_changed"]:
                self._say(tr("online.code_changed", code=self.endpoint.code), bad=True)
            else:
                self._say(tr("online.guessing", count=data["wrong"]), bad=True)
        elif kind is EventKind.DROPPED:  # the panel says so for as long as it lasts
            self.status_left = 0.0
            self.app.play_sound("invalid")
            if not self.is_host and data["fault"] is Fault.LEFT:
                keep_ticket(self.app, None)  # the host closed the game: there is nothing to go back to
        elif kind in (EventKind.TAKEBACK_ASKED, EventKind.DRAW_OFFERED, EventKind.REMATCH_ASKED):
            what = {EventKind.TAKEBACK_ASKED: "takeback", EventKind.DRAW_OFFERED: "draw", EventKind.REMATCH_ASKED: "rematch"}
            self._say(tr(f"online.asked.{what[kind]}", name=peer))
        elif kind in (EventKind.TAKEBACK_DECLINED, EventKind.DRAW_DECLINED, EventKind.REMATCH_DECLINED):
            what = {EventKind.TAKEBACK_DECLINED: "takeback", EventKind.DRAW_DECLINED: "draw",
                    EventKind.REMATCH_DECLINED: "rematch"}
            self._say(tr(f"online.declined.{what[kind]}", name=peer))
        elif kind is EventKind.TAKEBACK_DONE:
            self.app.play_sound("undo")
            self._say(tr("online.took_back", count=data["moves"]))
        elif kind is EventKind.REMATCH_STARTED:
            self.chat.clear()
            self._say(tr("online.game_no", number=data["game_no"]))
        elif kind is EventKind.CHAT:
            self._add_chat(peer, data["phrase"])
        elif kind is EventKind.GAME_OVER:
            if not self.is_host:
                keep_ticket(self.app, None)
            winner = data["winner"]
            mine = self.session is not None and winner is self.session.my_colour
            self.app.play_sound("draw" if winner is None else ("win" if mine else "lose"))
        self.mark_dirty()

    def _keep_finished_game(self) -> None:
        """Save and count a game once, when it ends."""
        session = self.session
        if session is None or not session.game.is_over or session.game_no in self.counted:
            return
        self.counted.add(session.game_no)
        folder = getattr(self.app.store, "records_dir", None)  # None: a store that keeps no records
        try:
            if folder is not None:
                self.saved_paths = [str(path) for path in save_online_game(session, folder)]
        except (OSError, ValueError) as error:
            self.app.notify(tr("notice.save_failed", error=error))
        try:
            stats = self.app.store.load_stats()
            count_online_game(session, stats)
            self.app.store.save_stats(stats)
        except (OSError, ValueError) as error:
            self.app.notify(tr("notice.save_failed", error=error))

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        self.active_at = self.time
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.layout.grid.point_at(*event.pos)
        activation = self.focus.handle_event(event)
        if activation is not None:
            self.app.play_sound("click")
            self.perform(activation.action, activation.value)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            point = self.layout.grid.point_at(*event.pos)
            if point is not None:
                self.place(point)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_u:
            self.perform("takeback")

    def place(self, point: Point) -> None:
        session = self.session
        if not self.playing or session.game.is_over:
            return
        if not session.my_turn:
            self._say(tr("online.not_your_turn", name=session.peer_name))
            return
        if session.waiting_for_answer:
            self._say(tr("online.waiting_answer", name=session.peer_name))
            return
        try:
            self._act(lambda: self.endpoint.play(point))
        except IllegalMoveError:
            self._say(tr("status.occupied"), bad=True)
            self.app.play_sound("invalid")
            return
        except (ValueError, OpeningError):  # ForbiddenMoveError when forbidden points are refused
            self._say(tr("status.forbidden"), bad=True)
            self.app.play_sound("invalid")
            return
        self.app.play_sound("place")

    def perform(self, action: str, value: Any = None) -> None:
        session = self.session
        if action in ("accept", "decline"):
            self._act(lambda: self.endpoint.answer(action == "accept"))
        elif action.startswith("choose_"):
            self._act(lambda: self.endpoint.choose(Choice(action[len("choose_"):])))
        elif action == "takeback" and self.playing:
            self._take_back()
        elif action == "draw" and self.playing:
            self._act(self.endpoint.offer_draw)
            self._say(tr("online.waiting_answer", name=session.peer_name))
        elif action == "resign" and self.playing:
            if self.armed_left <= 0:
                self.armed_left = CONFIRM_SECONDS
                self._say(tr("online.confirm_resign"))
            else:
                self.armed_left = 0.0
                self._act(self.endpoint.resign)
        elif action == "phrase":  # the fixed phrases in turn; Send sends the one shown
            self.phrase_index = (self.phrase_index + 1) % len(CHAT_PHRASES)
            self.focus.find("phrase").label = self._phrase_label()
        elif action == "send" and self.playing:
            phrase = CHAT_PHRASES[self.phrase_index]
            self._act(lambda: self.endpoint.chat(phrase))
            self._add_chat(session.my_name, phrase)
        elif action == "rematch":
            self._act(self.endpoint.ask_rematch)
            self._say(tr("online.waiting_answer", name=session.peer_name))
        elif action == "review" and session is not None:
            self.app.manager.switch("review", game=session.game, back="menu")
        elif action == "claim" and self.is_host:
            self._act(self.endpoint.claim)
        elif action == "resume" and isinstance(self.endpoint, Client):
            self.endpoint.resume()
            self._say(tr("online.state.connecting"))
        elif action == "leave":
            self.save_and_leave()
        self.refresh_buttons()
        self.mark_dirty()

    def _take_back(self) -> None:
        session = self.session
        colour = session.my_colour
        left = session.game.undos_left[colour]
        if left is not None and left <= 0:
            self._say(tr("status.no_undo"), bad=True)
        elif session.takeback_moves(colour) == 0:
            self._say(tr("status.nothing_to_undo"), bad=True)
        else:
            self._act(self.endpoint.ask_takeback)
            self._say(tr("online.waiting_answer", name=session.peer_name))

    def _act(self, action) -> None:
        """Run an endpoint action; a refusal (not now) is shown, a game-over or a move is handled by its events."""
        try:
            events = action()
        except ActionRefused:
            self._say(tr("online.not_your_turn", name=self.session.peer_name if self.session else ""))
            return
        for event in events or []:
            self._on_event(event)
        self._keep_finished_game()
        self.refresh_buttons()

    def save_and_leave(self) -> None:
        """Keep an unfinished game as a record (finished ones are kept already), say goodbye, go back."""
        session = self.session
        folder = getattr(self.app.store, "records_dir", None)
        if folder is not None and session is not None and session.game.move_count and session.game_no not in self.counted:
            try:
                save_online_game(session, folder)
            except (OSError, ValueError) as error:
                self.app.notify(tr("notice.save_failed", error=error))
        self.app.manager.switch("menu")

    def _keep_ticket(self) -> None:
        """Guest: remember the way back while the game is unfinished (the menu offers it)."""
        endpoint, session = self.endpoint, self.session
        if self.is_host or not isinstance(endpoint, Client) or session is None:
            return
        if session.game.is_over or not endpoint.token:
            keep_ticket(self.app, None)
            return
        keep_ticket(self.app, ResumeTicket(endpoint.address[0], endpoint.address[1], endpoint.name,
                                           endpoint.host_name or session.peer_name, endpoint.token))

    def _say(self, message: str, bad: bool = False) -> None:
        self.status, self.status_left, self.status_colour = message, STATUS_SECONDS, ("bad" if bad else None)
        self.mark_dirty()

    def _phrase_label(self) -> str:
        return tr("online.say_phrase", phrase=phrase_text(CHAT_PHRASES[self.phrase_index]))

    def _add_chat(self, name: str, phrase: str) -> None:
        self.chat = (self.chat + [tr("online.chat_line", name=name, phrase=phrase_text(phrase))])[-CHAT_LINES:]

    # ----------------------------------------------------------------- drawing
    def marks(self) -> BoardMarks:
        session = self.session
        board = self.board
        last = board.last_move
        hover = None
        if self.playing and session.my_turn and not session.game.is_over and session.game.opening_options == ():
            hover = self.hover if self.hover is not None and board.is_empty(self.hover) else None
        return BoardMarks(
            last_move=last.point if last else None,
            winning_line=session.game.winning_line if session is not None else (),
            forbidden=self._forbidden_points(),
            hover=hover,
            hover_stone=board.to_move if hover is not None else None,
            pulse=(self.time * 0.8) % 1.0,
        )

    def _forbidden_points(self) -> tuple[Point, ...]:
        """Black's forbidden points under renju, worked out once per position."""
        session = self.session
        if session is None or session.rules.rule is not Rule.RENJU or session.game.is_over:
            return ()
        key = (session.game_no, session.ply)
        if key != self._forbidden_key:
            self._forbidden_key = key
            self._forbidden = tuple(session.game.forbidden_points())
        return self._forbidden

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(chrome.backdrop(surface.get_size(), self.layout.board_rect, self.layout.panel_rect), (0, 0))
        if self.view is not None:
            self.view.draw(surface, self.board, self.marks())
        draw_online_panel(surface, self)
