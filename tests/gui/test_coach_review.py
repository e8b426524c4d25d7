"""The game review screen: progress and cancel, the graph, move classes, proofs on the board,
saving with notes, and the entry points (result screen, review scene, loaded records)."""

from pathlib import Path

import pygame
import pytest
from gui_driver import click, click_button, frames, press, run_until

from game.coach import GameReview, MoveClass, MoveReview, PlayerSummary
from game.engine import Proof
from game.model import Game, GameConfig, Player
from game.records import GameRecord
from game.rules import Rule, Stone

#: A short game and a hand-made review of it (the stand-in runner returns it): move 5 is a
#: mistake that missed a VCF, move 8 a blunder that allowed a five.
MOVES = [(3, 3), (10, 10), (4, 3), (11, 11), (9, 8), (12, 12), (5, 3), (1, 13), (6, 3)]
MISSED = Proof(Stone.BLACK, "vcf", ((5, 3), (6, 3), (2, 3)))
ALLOWED = Proof(Stone.BLACK, "five", ((2, 3),))


def hand_made_review() -> GameReview:
    moves = []
    chances = [0.5]
    for number, point in enumerate(MOVES, start=1):
        stone = Stone.BLACK if number % 2 else Stone.WHITE
        move_class, missed, allowed, best = MoveClass.BEST, None, None, None
        if number == 5:
            move_class, missed, best = MoveClass.MISTAKE, MISSED, (5, 3)
        if number == 8:
            move_class, allowed, best = MoveClass.BLUNDER, ALLOWED, (2, 3)
        moves.append(MoveReview(number, point, stone, move_class, 0.6, 0.4, best, (best,) if best else (),
                                missed, allowed, False))
        chances.append(0.3 + 0.07 * number)
    summaries = {Stone.BLACK: PlayerSummary(88.0, {c: 0 for c in MoveClass} | {MoveClass.BEST: 4, MoveClass.MISTAKE: 1}),
                 Stone.WHITE: PlayerSummary(70.0, {c: 0 for c in MoveClass} | {MoveClass.BEST: 3, MoveClass.BLUNDER: 1})}
    return GameReview(15, Rule.FREESTYLE, tuple(moves), tuple(chances), summaries)


class FakeRunner:
    """Stands in for the background review process: finishes when the test says so."""

    made: list["FakeRunner"] = []

    def __init__(self):
        self.points, self.done, self.result, self.cancelled, self.closed, self.error = [], 0, None, False, False, ""
        FakeRunner.made.append(self)

    def start(self, size, rule, points, time_ms=None):
        self.points = list(points)

    def progress(self):
        return self.done, len(self.points)

    def poll(self):
        result, self.result = self.result, None
        return result

    def cancel(self):
        self.cancelled = True

    def close(self):
        self.closed = True


@pytest.fixture
def fake_runner(monkeypatch):
    FakeRunner.made.clear()
    monkeypatch.setattr("game.scenes.coach_review.scene.ReviewRunner", FakeRunner)
    return FakeRunner


def open_review(app, **params):
    frames(app)
    record = GameRecord(size=15, rule=Rule.FREESTYLE, moves=list(MOVES))
    app.manager.switch("coach_review", record=params.pop("record", record), **params)
    frames(app)
    assert app.manager.current_name == "coach_review"
    return app.manager.current


def test_progress_shows_and_cancel_stops_the_background_review(app, fake_runner):
    scene = open_review(app)
    runner = fake_runner.made[-1]
    assert runner.points == MOVES and scene.state == "running"
    runner.done = 4
    frames(app)
    assert scene.progress == (4, len(MOVES))
    click_button(app, "cancel")
    assert runner.cancelled and scene.state == "cancelled"
    assert scene.focus.find("again").visible and not scene.focus.find("cancel").visible
    click_button(app, "again")
    assert len(fake_runner.made) == 2 and runner.closed and scene.state == "running"


def test_a_click_on_the_graph_jumps_to_that_move(app, fake_runner):
    scene = open_review(app)
    fake_runner.made[-1].result = hand_made_review()
    frames(app, 2)
    assert scene.state == "done" and scene.graph_rect.width > 0
    rect = scene.graph_rect
    click(app, (rect.x + round(rect.width * 3 / len(MOVES)), rect.centery))
    assert scene.index == 3 and scene.board.move_count == 3
    click(app, (rect.x, rect.centery))
    assert scene.index == 0


def test_next_mistake_and_the_proof_played_out_on_the_board(app, fake_runner, monkeypatch):
    monkeypatch.setattr("game.scenes.coach_review.scene.PROOF_STEP_SECONDS", 0.01)
    scene = open_review(app)
    fake_runner.made[-1].result = hand_made_review()
    frames(app, 2)
    scene.go_to(0)
    press(app, pygame.K_n)
    assert scene.index == 5 and scene.current().move_class is MoveClass.MISTAKE
    assert scene.focus.find("proof").enabled
    click_button(app, "proof")
    assert scene.proof is not None and scene.board.move_count == 4  # the line starts before the missed move
    frames(app, 10)
    assert scene.proof_shown == len(MISSED.line)
    press(app, pygame.K_n)
    assert scene.index == 8 and scene.proof is None
    press(app, pygame.K_s)
    assert scene.proof[1] == 8 and scene.board.move_count == 8  # a win it allowed starts after the move


def test_save_with_notes_writes_an_sgf_that_the_review_scene_shows(app, store, fake_runner):
    store.records_dir.mkdir(parents=True, exist_ok=True)
    scene = open_review(app, source="lesson.sgf")
    fake_runner.made[-1].result = hand_made_review()
    frames(app, 2)
    click_button(app, "save")
    saved = Path(scene.saved_to)
    assert saved.exists() and saved.name == "lesson-review.sgf"
    assert "C[" in saved.read_text(encoding="utf-8")
    # Load shows the file; opening it in review shows the comment of each annotated move
    app.manager.switch("load")
    frames(app)
    load = app.manager.current
    index = next(i for i, entry in enumerate(load.entries) if entry.name == saved.name)
    load.open(load.entries[index])
    frames(app)
    review = app.manager.current
    assert app.manager.current_name == "review" and review.coach.comments
    review.go_to(review.position.first().step(5))
    assert review.coach.comment() != ""


def test_analyse_game_from_the_result_screen_and_back(app, fake_runner):
    game = Game(GameConfig(black=Player.human("A"), white=Player.human("B")))
    for point in [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3), (11, 7)]:
        game.play(point)
    frames(app)
    app.manager.switch("result", game=game)
    frames(app)
    press(app, pygame.K_g)
    frames(app)
    assert app.manager.current_name == "coach_review"
    assert fake_runner.made[-1].points == game.moves
    press(app, pygame.K_ESCAPE)
    frames(app)
    assert app.manager.current_name == "result" and fake_runner.made[-1].closed


def test_the_review_scene_opens_the_game_review_and_comes_back_to_the_same_record(app, fake_runner):
    record = GameRecord(size=15, rule=Rule.FREESTYLE, moves=list(MOVES))
    frames(app)
    app.manager.switch("review", record=record, back="menu", source="mine.sgf")
    frames(app)
    click_button(app, "analyse")
    frames(app)
    assert app.manager.current_name == "coach_review" and app.manager.current.source == "mine.sgf"
    click_button(app, "back")
    frames(app)
    assert app.manager.current_name == "review" and app.manager.current.record.moves == MOVES


def test_the_real_background_review_finishes_and_classifies_every_move(app):
    """No stand-in: the coach's own ReviewRunner analyses a short game with a missed win."""
    # black has d4 e4 f4 open; at move 7 he plays far away instead of making the open four
    moves = [(3, 3), (10, 10), (4, 3), (11, 12), (5, 3), (12, 10), (0, 14), (13, 13)]
    scene = open_review(app, record=GameRecord(size=15, rule=Rule.FREESTYLE, moves=moves))
    assert run_until(app, lambda: scene.state != "running", seconds=120), scene.progress
    assert scene.state == "done", scene.error
    review = scene.review
    assert [move.point for move in review.moves] == moves and len(review.black_chances) == len(moves) + 1
    seventh = review.moves[6]
    assert seventh.missed_win is not None and seventh.move_class.is_flagged
    scene.go_to(7)
    assert scene.focus.find("proof").enabled
    frames(app)  # the summary, graph and move details draw without error


def test_the_proofs_last_stone_is_drawn_without_any_input(app, fake_runner, monkeypatch):
    """Issue 56: the window stopped redrawing one step early (4 of 5 until the mouse moved)."""
    monkeypatch.setattr("game.scenes.coach_review.scene.PROOF_STEP_SECONDS", 0.01)
    scene = open_review(app)
    fake_runner.made[-1].result = hand_made_review()
    frames(app, 2)
    scene.go_to(5)
    click_button(app, "proof")
    drawn = []
    real_draw = scene.draw
    monkeypatch.setattr(scene, "draw", lambda surface: (drawn.append(scene.proof_shown), real_draw(surface)))
    frames(app, 10)  # no events: only the scene's own redraw hooks decide
    assert scene.proof_shown == len(MISSED.line)
    assert drawn and drawn[-1] == len(MISSED.line)


def test_the_rating_line_is_still_there_after_analyse_game_and_the_replay(app, fake_runner):
    """Issue 56: back from "Analyse game" the result screen had lost "1115 -> 1043 (-72)"."""
    game = Game(GameConfig(black=Player.human("A"), white=Player.ai("1300")))
    for point in [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3), (11, 7)]:
        game.play(point)
    app.record_result(game)
    rating = app.ratings.outcome(game)
    assert rating is not None
    frames(app)
    app.manager.switch("result", game=game, rating=rating)
    frames(app)
    press(app, pygame.K_g)  # Analyse game, then back
    frames(app)
    assert app.manager.current_name == "coach_review"
    press(app, pygame.K_ESCAPE)
    frames(app)
    assert app.manager.current_name == "result" and app.manager.current.rating == rating
    click_button(app, "review")  # the replay, then back
    frames(app)
    assert app.manager.current_name == "review"
    click_button(app, "back")
    frames(app)
    assert app.manager.current_name == "result" and app.manager.current.rating == rating
