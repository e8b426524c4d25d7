"""Watch mode: two players (built-in levels or the player's external engines) play while you
watch, with pause and stop; one game, or a short match over balanced openings with colours
swapped and the score shown. Every finished game is saved as a record.

The scene drives game.match.MatchRunner once a frame; the engines think in their own
processes, so the window keeps drawing. Stop (or leaving) ends every engine it started.
"""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

from game.engine import Level
from game.i18n import tr
from game.match import MatchRunner, default_openings
from game.match.elo import format_elo
from game.match.game_runner import GameResult, GameRunner
from game.match.players import PlayerSpec
from game.match.records import save_game_result
from game.records import point_to_notation
from game.rules import Reason, Stone
from game.storage.engines import ENGINE_MOVE_TIMES, engine_entries
from game.ui import chrome, text, theme
from game.ui.board_view import BoardMarks, BoardView, fit_board_view
from game.ui.panel import draw_move_list, draw_player_card, draw_spinner
from game.ui.widgets import Button, FocusGroup, OptionRow

from ..base import Scene

GAME_COUNTS = (1, 2, 4, 6, 10, 20)
#: Seconds the final position of a game stays up before the next game of a match starts.
BETWEEN_GAMES_SECONDS = 2.0
BUILTIN = "builtin:"


class WatchScene(Scene):
    def animating(self) -> bool:
        """Every frame while the engines play (spinner, replies) and while a new stone settles."""
        runner = self.runner
        playing = runner is not None and not runner.finished and not runner.paused
        return playing or self.time - self.placed_at < 0.3

    def enter(self, **params: Any) -> None:
        self.focus = FocusGroup()
        self.runner: MatchRunner | None = None
        self.shown: GameRunner | None = None
        self.view: BoardView | None = None
        self.time = 0.0
        self.status = ""
        self.status_colour = theme.TEXT_DIM
        self.hold_until = 0.0
        self.seen_moves = 0
        self.placed_at = -1.0
        entries = engine_entries(self.app.settings)
        self.engine_names = {entry.command: entry.label for entry in entries}
        self.choices = tuple(BUILTIN + level.value for level in Level) + tuple(self.engine_names)
        first_engine = next(iter(self.engine_names), BUILTIN + Level.STRONG.value)
        self.picks = {"player_a": first_engine, "player_b": BUILTIN + Level.MASTER.value,
                      "move_time": self.app.settings.engine_move_ms, "games": 1}
        self.resize(self.app.screen.get_size())

    def exit(self) -> None:
        if self.runner is not None:
            self.runner.stop()  # every engine it started ends (in the background)

    # ----------------------------------------------------------------- names
    def _label(self, choice: str) -> str:
        if choice.startswith(BUILTIN):
            return tr("watch.builtin", level=tr(f"level.{choice[len(BUILTIN):]}"))
        return self.engine_names.get(choice, choice)

    def _spec(self, choice: str) -> PlayerSpec:
        if choice.startswith(BUILTIN):
            return PlayerSpec(level=Level(choice[len(BUILTIN):]), name=self._label(choice))
        return PlayerSpec(command=choice, name=self._label(choice))

    # ----------------------------------------------------------------- layout
    def resize(self, size: tuple[int, int]) -> None:
        if self.runner is None:
            self._layout_setup(size)
        else:
            self._layout_watch(size)

    def _layout_setup(self, size: tuple[int, int]) -> None:
        width, height = size
        column_w = int(min(680, width * 0.72))
        row_h = int(min(48, max(30, height * 0.058)))
        gap = max(6, row_h // 4)
        rows: list[Any] = [
            OptionRow("player_a", tr("watch.black"), self.choices, describe=self._label),
            OptionRow("player_b", tr("watch.white"), self.choices, describe=self._label),
            OptionRow("move_time", tr("watch.move_time"), ENGINE_MOVE_TIMES,
                      describe=lambda ms: tr("engines.seconds", seconds=f"{ms / 1000:g}")),
            OptionRow("games", tr("watch.games"), GAME_COUNTS,
                      describe=lambda n: tr("watch.one_game") if n == 1 else tr("watch.n_games", count=n)),
            Button("start", tr("watch.start"), primary=True),
            Button("back", tr("common.back"), hint="Esc"),
        ]
        x = (width - column_w) // 2
        y = top = int(height * 0.2)
        for widget in rows:
            if isinstance(widget, OptionRow):
                widget.select(self.picks[widget.action])
                widget.rect = pygame.Rect(x, y, column_w, row_h)
            else:
                y += gap
                widget.rect = pygame.Rect(x + column_w // 4, y, column_w // 2, row_h)
            y += row_h + gap
        self.card = pygame.Rect(x - 24, top - 20, column_w + 48, y - top + 28)
        self.focus.set_widgets(rows)

    def _layout_watch(self, size: tuple[int, int]) -> None:
        board_size = self.shown.board.size if self.shown is not None else self.app.settings.board_size
        self.layout, self.view = fit_board_view(self.view, size, board_size, self.app.settings.show_coordinates)
        px, py, pw, ph = self.layout.panel_rect
        row_h = int(min(48, max(34, ph * 0.07)))
        gap = max(8, row_h // 5)
        half = (pw - 3 * gap) // 2
        bottom_y = py + ph - gap - row_h
        top_y = bottom_y - gap - row_h
        finished = self.runner is not None and self.runner.finished
        paused = self.runner is not None and self.runner.paused
        buttons = [
            Button("pause", tr("watch.resume") if paused else tr("watch.pause"),
                   pygame.Rect(px + gap, top_y, half, row_h), visible=not finished, hint="P"),
            Button("stop", tr("watch.stop"), pygame.Rect(px + 2 * gap + half, top_y, half, row_h), visible=not finished),
            Button("again", tr("watch.again"), pygame.Rect(px + gap, top_y, pw - 2 * gap, row_h), visible=finished,
                   primary=True),
            Button("back", tr("play.menu"), pygame.Rect(px + gap, bottom_y, pw - 2 * gap, row_h), hint="Esc"),
        ]
        self.buttons_top = top_y
        self.focus.set_widgets(buttons)

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        activation = self.focus.handle_event(event)
        if activation is not None:
            self.app.play_sound("click")
            self.perform(activation.action, activation.value)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.perform("back")
            elif event.key == pygame.K_p and self.runner is not None:
                self.perform("pause")

    def perform(self, action: str, value: Any = None) -> None:
        if action in self.picks:
            self.picks[action] = value
            if action == "move_time":
                self.app.update_settings(self.app.settings.with_changes(engine_move_ms=value))
        elif action == "start":
            self.start()
        elif action == "pause" and self.runner is not None and not self.runner.finished:
            self.runner.paused = not self.runner.paused
            self._say(tr("watch.paused") if self.runner.paused else "", theme.ACCENT)
            self._layout_watch(self.app.screen.get_size())
        elif action == "stop" and self.runner is not None:
            self.runner.stop()
            self._say(tr("watch.stopped"), theme.TEXT_DIM)
            self._layout_watch(self.app.screen.get_size())
        elif action == "again":
            self.runner = None
            self.shown = None
            self._say("", theme.TEXT_DIM)
            self._layout_setup(self.app.screen.get_size())
        elif action == "back":
            if self.runner is not None and not self.runner.finished:
                self.runner.stop()
            self.app.manager.switch("menu")

    def start(self) -> None:
        """Start the match with the players, move time and number of games chosen."""
        settings = self.app.settings
        games = self.picks["games"]
        self.runner = MatchRunner(
            self._spec(self.picks["player_a"]),
            self._spec(self.picks["player_b"]),
            games=games,
            turn_ms=self.picks["move_time"],
            openings=default_openings() if games > 1 else None,
            size=settings.board_size,
            rule=settings.rule_value,
            on_game_end=self._game_ended,
            seed=int(time.time()) % 100_000,
        )
        self.shown = None
        self._say("", theme.TEXT_DIM)
        self.runner.step()  # the first game's board appears at once
        self.shown = self.runner.current
        self._layout_watch(self.app.screen.get_size())

    def _game_ended(self, number: int, result: GameResult) -> None:
        self.hold_until = self.time + BETWEEN_GAMES_SECONDS
        self.app.play_sound("win" if result.winner is not None else "draw")
        folder = getattr(self.app.store, "records_dir", None)
        verdict = self._verdict(result)
        if folder is None:
            self._say(verdict, theme.TEXT)
            return
        try:
            stem = f"watch-{datetime.now():%Y-%m-%d-%H%M%S}-{number}"
            paths = save_game_result(result, Path(folder), stem)
            self._say(f"{verdict}  {tr('watch.saved', name=paths[0].name)}", theme.TEXT)
        except OSError as error:
            self._say(f"{verdict}  {tr('watch.not_saved', error=error)}", theme.BAD)

    def _verdict(self, result: GameResult) -> str:
        if result.winner is None:
            return tr("watch.draw")
        reason = result.reason if not result.detail or result.reason == "five" else f"{result.reason}: {result.detail}"
        return tr("watch.game_result", winner=result.winner_name, reason=reason)

    def _say(self, message: str, colour: tuple[int, int, int]) -> None:
        self.status, self.status_colour = message, colour
        self.mark_dirty()

    # ----------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        self.time += dt
        runner = self.runner
        if runner is None:
            return
        if not runner.finished and self.time >= self.hold_until:
            before = runner.finished
            runner.step()
            if runner.current is not None:
                self.shown = runner.current
            if runner.finished and not before:
                self._layout_watch(self.app.screen.get_size())
        if self.shown is not None:
            count = self.shown.board.move_count
            if count != self.seen_moves:
                if count > self.seen_moves:
                    self.placed_at = self.time
                    self.app.play_sound("place")
                self.seen_moves = count

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.runner is None or self.view is None:
            self._draw_setup(surface)
            return
        layout = self.layout
        surface.blit(chrome.backdrop(surface.get_size(), layout.board_rect, layout.panel_rect), (0, 0))
        board = self.shown.board if self.shown is not None else None
        if board is not None:
            outcome = board.outcome()
            last = board.last_move
            marks = BoardMarks(
                last_move=last.point if last else None,
                winning_line=outcome.line if outcome is not None and outcome.reason is Reason.FIVE else (),
                show_numbers=self.app.settings.show_move_numbers,
                pulse=(self.time * 0.8) % 1.0,
                settle=min(1.0, (self.time - self.placed_at) / 0.14),
            )
            self.view.draw(surface, board, marks)
        self._draw_panel(surface)

    def _draw_setup(self, surface: pygame.Surface) -> None:
        chrome.draw_background(surface)
        width, height = surface.get_size()
        chrome.draw_panel(surface, self.card)
        title = text.render(tr("watch.title"), int(min(56, max(30, height * 0.06))), theme.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midbottom=(width // 2, self.card.top - 10)))
        self.focus.draw(surface)
        rule = tr("menu.summary", rule=tr(f"rule.{self.app.settings.rule}"), size=self.app.settings.board_size)
        note = text.render(rule, max(13, height // 50), theme.TEXT_DIM)
        surface.blit(note, note.get_rect(midtop=(width // 2, self.card.bottom + 10)))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        runner = self.runner
        assert runner is not None
        px, py, pw, ph = self.layout.panel_rect
        pad = max(10, pw // 22)
        inner_w = pw - 2 * pad
        y = py + pad
        heading_size = max(16, int(min(26, ph * 0.042)))
        # between games the finished one stays on the board: number it, not the next
        number = runner.game_number if runner.current is not None else max(1, len(runner.results))
        heading = tr("watch.game_of", number=number, total=runner.games)
        image = text.fitted(heading, heading_size, theme.ACCENT, inner_w, bold=True)
        surface.blit(image, (px + pad, y))
        y += image.get_height() + pad // 2
        shown = self.shown
        card_h = int(min(80, max(54, ph * 0.12)))
        for stone in (Stone.BLACK, Stone.WHITE):
            name = shown.seats[stone].name if shown is not None else ""
            thinking = shown is not None and shown.thinking is stone and not runner.paused
            times = shown.think_ms[stone] if shown is not None else []
            average = f"{sum(times) / len(times) / 1000:.1f}" if times else ""
            details = [tr("watch.per_move", seconds=average)] if times else []
            rect = pygame.Rect(px + pad, y, inner_w, card_h)
            glow = (self.time * 1.2) % 1.0 if thinking else None
            draw_player_card(surface, rect, stone, name, details, thinking, "", glow)
            y += card_h + pad // 2
        info_size = max(13, int(heading_size * 0.8))
        score = runner.score
        if runner.games > 1 or score.games:
            a, b = runner.names
            points = f"{score.points:g}"
            other = f"{score.games - score.points:g}"
            line = text.fitted(tr("watch.score", a=a, points=points, other=other, b=b), info_size + 2, theme.TEXT, inner_w, bold=True)
            surface.blit(line, (px + pad, y))
            y += line.get_height() + 2
            if score.games:
                low, high = score.elo_interval
                elo = tr("watch.elo", elo=format_elo(score.elo), low=format_elo(low), high=format_elo(high))
                image = text.fitted(elo, info_size, theme.TEXT_DIM, inner_w)
                surface.blit(image, (px + pad, y))
                y += image.get_height()
            y += pad // 2
        message, colour = self.status, self.status_colour
        if not message:
            if runner.finished:
                message, colour = tr("watch.finished"), theme.TEXT
            elif runner.paused:
                message, colour = tr("watch.paused"), theme.ACCENT
            elif shown is not None and shown.thinking is not None:
                message, colour = tr("watch.thinking", name=shown.seats[shown.thinking].name), theme.ACCENT
        left = px + pad
        if shown is not None and shown.thinking is not None and not runner.paused and not runner.finished:
            radius = max(6, info_size // 2)
            draw_spinner(surface, (left + radius + 2, y + info_size // 2 + 4), radius, self.time)
            left += 2 * radius + 12
        for line_text in text.wrap(message, info_size, px + pw - pad - left)[:3]:
            image = text.render(line_text, info_size, colour)
            surface.blit(image, (left, y))
            y += image.get_height()
        y += pad // 2
        if shown is not None:
            size = shown.board.size
            moves = [(move.stone, point_to_notation(move.point, size)) for move in shown.board.history]
            list_rect = pygame.Rect(px + pad, y, inner_w, self.buttons_top - y - pad)
            draw_move_list(surface, list_rect, moves, max(12, int(info_size * 0.85)))
        self.focus.draw(surface)
