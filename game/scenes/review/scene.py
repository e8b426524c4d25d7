"""Review: step through a finished or loaded game move by move, then maybe play on from any move.

Reached from the result screen (with the Game) and from Load (with a GameRecord). The
position shown is always the first `index` moves replayed through the rules, so the board,
the numbers on the stones and the result can never disagree with the record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import tr
from game.model import Game, Player
from game.rating.ladder import level_for_choice
from game.records import GameRecord, point_to_notation
from game.rules import Board, IllegalMoveError, Outcome, Reason, Stone
from game.storage import game_from_record, record_from_game
from game.ui import chrome, text, theme
from game.ui.board_view import BoardMarks, BoardView, fit_board_view
from game.ui.widgets import Button, FocusGroup

from ..base import Scene
from ..shared.names import colour_name, player_name
from .coach import ReviewCoach

_REASON_KEYS = {
    Reason.FIVE: "result.by_five",
    Reason.FORBIDDEN: "result.by_forbidden",
    Reason.RESIGNATION: "result.by_resignation",
    Reason.TIMEOUT: "result.by_timeout",
    Reason.BOARD_FULL: "result.by_full_board",
}
_STEP_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
#: Seconds between moves when the review plays itself (the P key).
AUTOPLAY_SECONDS = 0.9


@dataclass(frozen=True)
class ReviewPosition:
    """Which move of a record is on the board: 0 is the empty board, `total` the last move."""

    total: int
    index: int = 0

    def __post_init__(self) -> None:
        if self.total < 0 or not 0 <= self.index <= self.total:
            raise ValueError(f"move index must be 0..{self.total}, got {self.index!r}")

    def step(self, delta: int) -> "ReviewPosition":
        return ReviewPosition(self.total, min(self.total, max(0, self.index + delta)))

    def first(self) -> "ReviewPosition":
        return ReviewPosition(self.total, 0)

    def last(self) -> "ReviewPosition":
        return ReviewPosition(self.total, self.total)

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == self.total


def playable_moves(record: GameRecord) -> tuple[list[tuple[int, int]], str]:
    """The record's moves up to the first one the rules refuse, and that refusal ("" if none)."""
    board = Board(record.size, record.rule)
    for number, point in enumerate(record.moves, start=1):
        try:
            board.push(tuple(point))
        except IllegalMoveError as error:
            return list(record.moves[: number - 1]), tr("review.bad_move", number=number, error=error)
    return list(record.moves), ""


class ReviewScene(Scene):
    """Params: `game` (a Game, from the result screen) or `record` (a GameRecord, from Load);
    `back` names the scene Esc returns to, `source` is a file name to show."""

    def enter(
        self,
        game: Game | None = None,
        record: GameRecord | None = None,
        back: str | None = None,
        source: str = "",
        path: str | None = None,
        **params: Any,
    ) -> None:
        if record is None and game is None:
            raise ValueError("the review scene needs a game or a record")
        self.game = game
        self.record = record if record is not None else record_from_game(game)  # type: ignore[arg-type]
        self.back = back or ("result" if game is not None and game.is_over else "menu")
        self.rating = params.get("rating")  # the result screen's rating line, shown again on the way back
        self.source = source
        self.path = path  # the file it came from: an annotated SGF shows its comments
        self.moves, self.problem = playable_moves(self.record)
        self.position = ReviewPosition(len(self.moves)).last()
        self.view: BoardView | None = None
        self.focus = FocusGroup()
        self.time = 0.0
        self.autoplay = False
        self._autoplay_wait = 0.0
        self.coach = ReviewCoach(self, path)  # analysis panel (A), "Analyse game", annotations
        self._rebuild_board()
        self.resize(self.app.screen.get_size())

    def exit(self) -> None:
        self.coach.stop()

    # ----------------------------------------------------------------- state
    def _rebuild_board(self) -> None:
        board = Board(self.record.size, self.record.rule)
        for point in self.moves[: self.position.index]:
            board.push(tuple(point))
        self.board = board

    def go_to(self, position: ReviewPosition) -> None:
        if position == self.position:
            return
        self.position = position
        self._rebuild_board()
        self._refresh_buttons()
        self.mark_dirty()

    def continue_game(self) -> Game | None:
        """A live game from the position on the board, or None when that position is over."""
        record = GameRecord(size=self.record.size, rule=self.record.rule, moves=self.moves[: self.position.index])
        if self.game is not None:
            config = self.game.config
            black, white = config.black, config.white
            undo_limit, forbidden_loses = config.undo_limit, config.forbidden_loses
        else:
            settings = self.app.settings
            human_side = self.board.to_move  # the player takes the side whose move it is
            level = level_for_choice(settings.ai_level, settings.ladder_rung, self.app.ratings.current().rating)
            human, computer = Player.human("Player"), Player.ai(level.value)
            black, white = (human, computer) if human_side is Stone.BLACK else (computer, human)
            undo_limit, forbidden_loses = settings.undo_limit, settings.forbidden_loses
        game = game_from_record(record, black, white, undo_limit, forbidden_loses)
        return None if game.is_over else game

    # ----------------------------------------------------------------- layout
    def resize(self, size: tuple[int, int]) -> None:
        self.layout, self.view = fit_board_view(self.view, size, self.record.size, self.app.settings.show_coordinates)
        px, py, pw, ph = self.layout.panel_rect
        row_h = int(min(48, max(34, ph * 0.07)))
        gap = max(8, row_h // 5)
        quarter = (pw - 5 * gap) // 4
        back_y = py + ph - gap - row_h
        play_y = back_y - gap - row_h
        step_y = play_y - gap - row_h
        steps = [("first", "review.first", "Home"), ("previous", "review.previous", "←"),
                 ("next", "review.next", "→"), ("last", "review.last", "End")]
        buttons = [
            Button(action, tr(key), pygame.Rect(px + gap + i * (quarter + gap), step_y, quarter, row_h))
            for i, (action, key, _) in enumerate(steps)
        ]
        half = (pw - 3 * gap) // 2
        buttons.append(Button("play_on", tr("review.play_on"), pygame.Rect(px + gap, play_y, half, row_h)))
        buttons.append(Button("analyse", tr("gamereview.analyse"), pygame.Rect(px + 2 * gap + half, play_y, half, row_h),
                              visible=self.app.manager.has_scene("coach_review"), hint="G"))
        buttons.append(Button("analysis", tr("analysis.button"), pygame.Rect(px + gap, back_y, half, row_h), hint="A"))
        buttons.append(Button("back", tr("common.back"), pygame.Rect(px + 2 * gap + half, back_y, half, row_h), hint="Esc"))
        self.buttons_top = step_y
        self.focus.set_widgets(buttons)
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        states = {
            "first": not self.position.at_start,
            "previous": not self.position.at_start,
            "next": not self.position.at_end,
            "last": not self.position.at_end,
            "play_on": self.board.outcome() is None and not self.board.is_full,
        }
        for widget in self.focus.widgets:
            if widget.action in states:
                widget.enabled = states[widget.action]

    # ----------------------------------------------------------------- input
    def toggle_autoplay(self) -> None:
        """Play the moves by themselves, one every AUTOPLAY_SECONDS; from the start if at the end."""
        self.autoplay = not self.autoplay
        self._autoplay_wait = AUTOPLAY_SECONDS
        if self.autoplay and self.position.at_end:
            self.go_to(self.position.first())

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.coach.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_p:
            self.toggle_autoplay()
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            self.autoplay = False  # any other input takes the review back into the player's hands
        if event.type == pygame.KEYDOWN and event.key in _STEP_KEYS:
            self.go_to(self.position.step(_STEP_KEYS[event.key]))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.go_to(self.position.first() if event.key == pygame.K_HOME else self.position.last())
            return
        if event.type == pygame.MOUSEWHEEL:
            self.go_to(self.position.step(-1 if event.y > 0 else 1))
            return
        activation = self.focus.handle_event(event)
        if activation is not None:
            self.app.play_sound("click")
            self.perform(activation.action)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.perform("back")

    def perform(self, action: str) -> None:
        moves = {"first": self.position.first, "last": self.position.last}
        if action in moves:
            self.go_to(moves[action]())
        elif action in ("previous", "next"):
            self.go_to(self.position.step(-1 if action == "previous" else 1))
        elif action == "play_on":
            game = self.continue_game()
            if game is not None:
                self.app.manager.switch("play", game=game)
        elif action == "analysis":
            self.coach.toggle()
        elif action == "analyse":
            self.coach.analyse_game()
        elif action == "back":
            if self.back == "result" and self.game is not None:
                self.app.manager.switch("result", game=self.game, rating=self.rating)
            else:
                self.app.manager.switch(self.back)

    def animating(self) -> bool:
        """Autoplay steps and the winning five's pulse need every frame; otherwise input only."""
        outcome = self.board.outcome() if not self.autoplay else None
        return self.autoplay or (outcome is not None and outcome.reason is Reason.FIVE)

    def next_update(self) -> float | None:
        """A running analysis is polled this often; the screen is redrawn only for its news."""
        return self.coach.next_poll()

    def update(self, dt: float) -> None:
        self.time += dt
        self.coach.update(dt)
        if not self.autoplay:
            return
        self._autoplay_wait -= dt
        if self._autoplay_wait <= 0:
            self._autoplay_wait = AUTOPLAY_SECONDS
            self.go_to(self.position.step(1))
            self.app.play_sound("place")
            if self.position.at_end:
                self.autoplay = False

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        chrome.draw_background(surface)
        last = self.board.last_move
        outcome = self.board.outcome()
        marks = BoardMarks(
            last_move=last.point if last else None,
            winning_line=outcome.line if outcome is not None and outcome.reason is Reason.FIVE else (),
            show_numbers=True,
            pulse=(self.time * 0.6) % 1.0,
        )
        assert self.view is not None
        self.view.draw(surface, self.board, marks)
        self.coach.draw_board(surface)
        self._draw_panel(surface)

    def _player_lines(self) -> list[str]:
        """"Black: Ann" lines, left out where the name would only repeat the colour."""
        if self.game is not None:
            if not self.game.config.is_vs_ai:
                return []
            names = {stone: player_name(self.game, stone) for stone in (Stone.BLACK, Stone.WHITE)}
        else:
            names = {Stone.BLACK: self.record.black, Stone.WHITE: self.record.white}
        return [
            tr("review.player", side=colour_name(stone), name=name)
            for stone, name in names.items()
            if name.strip() and name.strip().lower() not in (stone.name.lower(), colour_name(stone).lower())
        ]

    def _result_lines(self) -> list[str]:
        """Who won and how, once the last move is on the board (or the five is)."""
        outcome: Outcome | None = self.board.outcome()
        recorded = self.record.result
        if outcome is None and self.position.at_end and recorded is not None:
            if recorded.reason is None:
                return [tr("result.draw") if recorded.winner is None else tr("result.side_wins", side=colour_name(recorded.winner))]
            outcome = Outcome(recorded.winner, recorded.reason)
        if outcome is None:
            return [tr("review.unfinished")] if self.position.at_end else []
        if outcome.winner is None:
            headline, loser = tr("result.draw"), ""
        else:
            headline, loser = tr("result.side_wins", side=colour_name(outcome.winner)), colour_name(outcome.winner.opponent)
        key = _REASON_KEYS.get(outcome.reason)
        return [headline] + ([tr(key, loser=loser, winner="")] if key else [])

    def _draw_panel(self, surface: pygame.Surface) -> None:
        px, py, pw, ph = self.layout.panel_rect
        chrome.draw_panel(surface, (px, py, pw, ph))
        pad = max(12, pw // 18)
        inner = pw - 2 * pad
        y = py + pad
        title_size = int(min(36, max(22, ph * 0.055)))
        title = text.fitted(tr("review.title"), title_size, theme.ACCENT, inner, bold=True)
        surface.blit(title, (px + pad, y))
        y += title.get_height() + 4
        body = max(14, int(title_size * 0.55))
        rule_line = tr("play.heading", rule=tr(f"rule.{self.record.rule.value}"), size=self.record.size)
        lines: list[tuple[str, tuple[int, int, int], bool]] = [(rule_line, theme.TEXT_DIM, False)]
        if self.source:
            lines.append((self.source, theme.TEXT_DIM, False))
        lines.extend((line, theme.TEXT, False) for line in self._player_lines())
        for line, colour, bold in lines:
            image = text.fitted(line, body, colour, inner, bold)
            surface.blit(image, (px + pad, y))
            y += image.get_height() + 4
        y += pad // 2
        counter = tr("review.move_of", number=self.position.index, total=self.position.total)
        image = text.fitted(counter, int(body * 1.3), theme.TEXT, inner, bold=True)
        surface.blit(image, (px + pad, y))
        y += image.get_height() + 2
        last = self.board.last_move
        if last is not None:
            where = f"{colour_name(last.stone)} {point_to_notation(last.point, self.record.size)}"
            image = text.fitted(where, body, theme.ACCENT, inner)
            surface.blit(image, (px + pad, y))
            y += image.get_height() + 4
        y += pad // 2
        keys_h = max(12, int(body * 0.8)) + pad
        coach_top = self.coach.draw_panel(surface, pygame.Rect(px + pad, y, inner, self.buttons_top - keys_h - y), body)
        messages = [(line, theme.TEXT) for line in self._result_lines()] + [(self.problem, theme.BAD)]
        for message, colour in messages:
            for line in text.wrap(message, body, inner) if message else []:
                if y + body > coach_top:
                    break
                image = text.render(line, body, colour)
                surface.blit(image, (px + pad, y))
                y += image.get_height()
        keys = text.fitted(tr("review.keys"), max(12, int(body * 0.8)), theme.TEXT_DIM, inner)
        surface.blit(keys, (px + pad, self.buttons_top - pad // 2 - keys.get_height()))
        self.focus.draw(surface)
