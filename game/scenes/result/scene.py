"""The end of a game: the final board stays in view with the winning five lit, and a panel
beside it says who won, how, in how many moves and how long; then play again or go back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.i18n import tr
from game.model import Game
from game.rating.glicko2 import UNKNOWN_DEVIATION
from game.rating.rated_game import RatingChange, Unrated
from game.records import RecordError, point_to_notation
from game.storage import save_game_records
from game.ui import chrome, text, theme
from game.ui.board_view import BoardMarks, BoardView, fit_board_view
from game.ui.panel import draw_move_list, format_duration
from game.ui.stones import stone_surface
from game.ui.widgets import Button, FocusGroup

from ..base import Scene
from ..shared.adaptive import next_game
from ..shared.names import headline, human_side, player_name, reason_text

#: The winning five pulses for three beats, then stays lit, so an idle result screen does
#: not redraw 60 times a second.
WIN_PULSE_HZ = 0.6
WIN_PULSE_SECONDS = 3 / WIN_PULSE_HZ


class ResultScene(Scene):
    def enter(self, game: Game | None = None, rating: RatingChange | Unrated | None = None, **params: Any) -> None:
        """`rating` is what the game did to the player's rating: the change, or why it was not
        rated (None says nothing: a game finished before a restart)."""
        if game is None or game.result is None:
            raise ValueError("the result scene needs a finished game")
        self.game = game
        self.rating = rating
        self.view: BoardView | None = None
        self.focus = FocusGroup()
        self.time = 0.0
        self.saved_to = ""
        self.resize(self.app.screen.get_size())

    def _records_dir(self) -> Any:
        return getattr(self.app.store, "records_dir", None)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout, self.view = fit_board_view(self.view, size, self.game.config.size, self.app.settings.show_coordinates)
        px, py, pw, ph = self.layout.panel_rect
        row_h = int(min(50, max(36, ph * 0.075)))
        gap = max(8, row_h // 5)
        buttons = [
            Button("again", tr("result.play_again"), primary=True, hint="N"),
            Button("review", tr("result.review"), visible=self.app.manager.has_scene("review")),
            Button("analyse", tr("gamereview.analyse"), visible=self.app.manager.has_scene("coach_review"), hint="G"),
            Button("save", tr("result.save_record"), visible=self._records_dir() is not None),
            Button("menu", tr("play.menu"), hint="Esc"),
        ]
        visible = [b for b in buttons if b.visible]
        y = py + ph - gap - len(visible) * (row_h + gap) + gap
        for button in visible:
            button.rect = pygame.Rect(px + gap, y, pw - 2 * gap, row_h)
            y += row_h + gap
        self.buttons_top = visible[0].rect.top
        self.focus.set_widgets(buttons)
        if self.focus.focus is None:
            self.focus.focus = 0  # Enter plays again straight away

    def handle_event(self, event: pygame.event.Event) -> None:
        activation = self.focus.handle_event(event)
        if activation is not None:
            self.app.play_sound("click")
            self.perform(activation.action)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_n:
                self.perform("again")
            elif event.key == pygame.K_g:
                self.perform("analyse")
            elif event.key == pygame.K_ESCAPE:
                self.perform("menu")

    def perform(self, action: str) -> None:
        if action == "again":
            self.app.manager.switch("play", game=next_game(self.app, self.game))
        elif action == "review":
            self.app.manager.switch("review", game=self.game, rating=self.rating)  # kept for the way back
        elif action == "analyse":
            self.app.manager.switch("coach_review", game=self.game, back="result",
                                    back_params={"game": self.game, "rating": self.rating})
        elif action == "save":
            self.save_record()
        elif action == "menu":
            self.app.manager.switch("menu")

    def save_record(self) -> None:
        """Write the game as SGF and PSQ into the records folder, never overwriting a file."""
        folder = self._records_dir()
        if folder is None:
            return
        try:
            paths = save_game_records(self.game, Path(folder))
        except (OSError, RecordError) as error:
            self.app.notify(tr("notice.save_failed", error=error))
            return
        self.saved_to = str(paths[0])
        self.app.notify(tr("result.saved", path=paths[0]))

    def update(self, dt: float) -> None:
        self.time += dt

    def animating(self) -> bool:
        return bool(self.game.winning_line) and self.time < WIN_PULSE_SECONDS

    def _pulse(self) -> float:
        return (self.time * WIN_PULSE_HZ) % 1.0 if self.time < WIN_PULSE_SECONDS else 0.0

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.blit(chrome.backdrop(surface.get_size(), layout.board_rect, layout.panel_rect), (0, 0))
        game = self.game
        last = game.last_move
        marks = BoardMarks(
            last_move=last.point if last else None,
            winning_line=game.winning_line,
            show_numbers=self.app.settings.show_move_numbers,
            pulse=self._pulse(),
        )
        assert self.view is not None
        self.view.draw(surface, game.board, marks)
        self._draw_panel(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        game = self.game
        px, py, pw, ph = self.layout.panel_rect
        pad = max(12, pw // 18)
        inner = pw - 2 * pad
        y = py + pad
        title_size = int(min(44, max(26, ph * 0.07)))
        winner = game.result.winner if game.result else None
        colour = theme.ACCENT
        human = human_side(game)
        if human is not None and winner is not None and winner is not human:
            colour = theme.BAD
        title = text.fitted(headline(game), title_size, colour, inner - title_size, bold=True)
        title_rect = title.get_rect(midtop=(px + pw // 2, y))
        if winner is not None:  # the winner's stone beside the headline
            icon = stone_surface(winner, int(title_size * 0.8))
            title_rect.x += icon.get_width() // 2 + 4
            surface.blit(icon, icon.get_rect(midright=(title_rect.left - 8, title_rect.centery)))
        surface.blit(title, title_rect)
        y += title.get_height() + 4
        body = max(14, int(title_size * 0.45))
        for line in text.wrap(reason_text(game), body + 2, inner):
            image = text.render(line, body + 2, theme.TEXT)
            surface.blit(image, image.get_rect(midtop=(px + pw // 2, y)))
            y += image.get_height()
        for line, line_colour in self._rating_lines(inner, body):
            image = text.render(line, body, line_colour, bold=line_colour is not theme.TEXT_DIM)
            surface.blit(image, image.get_rect(midtop=(px + pw // 2, y)))
            y += image.get_height()
        y += pad
        rows = [
            (tr("result.moves"), str(game.move_count)),
            (tr("result.duration"), format_duration(game.duration)),
        ]
        for stone in game.config.human_sides:  # the computer never takes back or asks for hints
            name = player_name(game, stone)
            rows.append((tr("result.undos_used", name=name), str(game.undos_used[stone])))
            rows.append((tr("result.hints_used", name=name), str(game.hints_used[stone])))
        for label, value in rows:
            if y + body > self.buttons_top - pad:
                break
            value_img = text.render(value, body, theme.TEXT, bold=True)
            label_img = text.fitted(label, body, theme.TEXT_DIM, inner - value_img.get_width() - 12)
            surface.blit(label_img, (px + pad, y))
            surface.blit(value_img, value_img.get_rect(topright=(px + pw - pad, y)))
            y += max(label_img.get_height(), value_img.get_height()) + 6
            pygame.draw.line(surface, theme.PANEL_EDGE, (px + pad, y - 3), (px + pw - pad, y - 3))
        y += pad // 2
        size = game.config.size
        moves = [(move.stone, point_to_notation(move.point, size)) for move in game.board.history]
        draw_move_list(surface, pygame.Rect(px + pad, y, inner, self.buttons_top - y - pad), moves, max(12, body - 2))
        self.focus.draw(surface)

    def _rating_lines(self, width: int, size: int) -> list[tuple[str, tuple[int, int, int]]]:
        """The rating change (up in green, down in red) and the opponent's rung, or why the game
        was unrated; nothing for a game without a single human against the computer."""
        rating = self.rating
        if isinstance(rating, RatingChange):
            before, after = round(rating.before.rating), round(rating.after.rating)
            colour = theme.GOOD if rating.delta > 0 else theme.BAD if rating.delta < 0 else theme.TEXT
            if rating.before.deviation >= UNKNOWN_DEVIATION:
                headline = tr("rating.first", after=after)
            else:
                headline = tr("rating.change", before=before, after=after, delta=f"{rating.delta:+d}")
            lines = [(line, colour) for line in text.wrap(headline, size, width)]
            opponent = tr("rating.opponent", level=rating.opponent.value)
            return lines + [(line, theme.TEXT_DIM) for line in text.wrap(opponent, size, width)]
        if isinstance(rating, Unrated) and self.game.config.is_vs_ai:
            reason = tr("rating.unrated", reason=tr(f"rating.unrated_{rating.value}"))
            return [(line, theme.TEXT_DIM) for line in text.wrap(reason, size, width)]
        return []
