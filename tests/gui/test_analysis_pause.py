"""The live analysis pauses itself when nobody is there or the position is settled, says so on
the panel, resumes on input, and the window is not redrawn while nothing new comes.

Time is a stand-in clock the tests move by hand, and the analyst is a stand-in worker whose
snapshots the tests send, so nothing here sleeps or depends on the engine's speed.
"""

from __future__ import annotations

import pygame
import pytest

from game.engine import Analysis, AnalysisReply, Candidate, EngineReply, Limit, Purpose
from game.i18n import set_language, tr
from game.loop_pacing import MAX_IDLE_SECONDS
from game.model import Game, GameConfig, Player
from game.rules import Board, Rule, Stone
from game.scenes.shared.analysis_pause import AnalysisPause, PauseReason, PauseRules
from game.scenes.shared.live_analysis import POLL_SECONDS, LiveAnalysis
from game.storage import Settings
from game.ui.layout import MIN_WINDOW
from game.ui.layout_check import RecordingSurface, recording

from gui_driver import frames

RULES = PauseRules(idle_seconds=90.0, settle_seconds=30.0, chance_band=0.03, longest_seconds=180.0)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Analyst:
    """Stands in for the engine worker: remembers requests and cancels; replies when told."""

    pid = None
    busy = False

    def __init__(self) -> None:
        self.requests = 0
        self.cancels = 0
        self.job = 0
        self.replies: list[EngineReply] = []

    def request_analysis(self, position, n_best=3, limit=None) -> int:
        self.requests += 1
        self.job += 1
        return self.job

    def cancel(self) -> None:
        self.cancels += 1

    def poll(self) -> EngineReply | None:
        return self.replies.pop(0) if self.replies else None

    def send(self, analysis: Analysis) -> None:
        self.replies.append(AnalysisReply(self.job, Purpose.ANALYSIS, analysis))

    def close(self) -> None:
        pass


def snapshot(depth: int, move=(7, 7), score: int = 300) -> Analysis:
    return Analysis(Stone.BLACK, (Candidate(move, score, (move,)),), depth, 1000 * depth, 100 * depth, None, False)


def key(code: int = pygame.K_LEFT) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def mouse_move() -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 0), buttons=(0, 0, 0))


# ----------------------------------------------------------------------------- the rules alone
def test_an_analysis_nobody_touches_pauses_after_the_idle_time():
    clock = Clock()
    pause = AnalysisPause(RULES, clock)
    pause.searching(True)
    clock.now += 89.0
    assert pause.due() is None
    clock.now += 1.0
    assert pause.due() is PauseReason.IDLE


def test_input_and_a_new_position_put_the_idle_time_off():
    clock = Clock()
    pause = AnalysisPause(RULES, clock)
    clock.now += 80.0
    pause.touched(deliberate=False)
    clock.now += 80.0
    assert pause.due() is None
    pause.new_position()
    clock.now += 80.0
    assert pause.due() is None


def test_any_input_ends_an_idle_pause_a_mouse_movement_too():
    clock = Clock()
    pause = AnalysisPause(RULES, clock)
    clock.now += 90.0
    assert pause.due() is PauseReason.IDLE
    assert pause.touched(deliberate=False)
    assert pause.paused is None and pause.due() is None


def test_the_same_best_move_and_chance_for_long_enough_settles_the_position():
    clock = Clock()
    pause = AnalysisPause(RULES, clock)
    pause.searching(True)
    pause.saw(snapshot(8, score=300))
    clock.now += 20.0
    pause.touched(deliberate=False)  # someone is there: only the settling can pause it
    pause.saw(snapshot(9, score=320))  # the chance moved less than the band
    clock.now += 9.0
    assert pause.due() is None
    clock.now += 1.0
    assert pause.due() is PauseReason.SETTLED


def test_a_best_move_that_keeps_changing_is_not_settled():
    clock = Clock()
    pause = AnalysisPause(RULES, clock)
    pause.searching(True)
    for depth in range(4, 10):
        pause.saw(snapshot(depth, move=(7, depth)))
        clock.now += 20.0
        pause.touched(deliberate=False)
        assert pause.due() is None


def test_a_chance_that_moves_more_than_the_band_is_not_settled():
    clock = Clock()
    pause = AnalysisPause(RULES, clock)
    pause.searching(True)
    pause.saw(snapshot(8, score=0))
    clock.now += 20.0
    pause.touched(deliberate=False)
    pause.saw(snapshot(9, score=1500))  # same move, the chance jumped
    clock.now += 20.0
    assert pause.due() is None


def test_a_position_searched_for_the_longest_time_settles_whatever_the_engine_says():
    clock = Clock()
    pause = AnalysisPause(RULES, clock)
    pause.searching(True)
    for depth in range(1, 19):
        pause.saw(snapshot(depth, move=(depth, 7)))
        clock.now += 10.0
        pause.touched(deliberate=False)
        expected = PauseReason.SETTLED if depth == 18 else None
        assert pause.due() is expected


def test_mouse_movement_does_not_wake_a_settled_analysis_a_key_does_and_it_must_then_go_deeper():
    clock = Clock()
    pause = AnalysisPause(RULES, clock)
    pause.searching(True)
    pause.saw(snapshot(10))
    clock.now += 30.0
    pause.touched(deliberate=False)
    assert pause.due() is PauseReason.SETTLED
    assert not pause.touched(deliberate=False) and pause.paused is PauseReason.SETTLED
    assert pause.touched(deliberate=True) and pause.paused is None
    pause.searching(True)
    pause.saw(snapshot(10))  # the search starts again and gets back to where it was
    clock.now += 40.0
    pause.touched(deliberate=False)
    assert pause.due() is None  # not deeper than before: keep going
    pause.saw(snapshot(11))
    clock.now += 30.0
    pause.touched(deliberate=False)
    assert pause.due() is PauseReason.SETTLED


def test_a_new_position_ends_a_pause():
    clock = Clock()
    pause = AnalysisPause(RULES, clock)
    clock.now += 90.0
    assert pause.due() is PauseReason.IDLE
    pause.new_position()
    assert pause.paused is None


# ----------------------------------------------------------------------------- LiveAnalysis
def _live(clock: Clock) -> tuple[LiveAnalysis, Analyst, Board]:
    analyst = Analyst()
    live = LiveAnalysis(lambda: analyst, AnalysisPause(RULES, clock))
    live.toggle()
    board = Board(15, Rule.FREESTYLE)
    board.push((7, 7), Stone.BLACK)
    return live, analyst, board


def test_an_idle_pause_stops_the_engine_keeps_the_snapshot_and_input_starts_it_again():
    clock = Clock()
    live, analyst, board = _live(clock)
    live.update(board)
    analyst.send(snapshot(6))
    live.update(board)
    assert live.running and analyst.requests == 1
    clock.now += 90.0
    live.update(board)
    assert live.paused is PauseReason.IDLE and not live.running
    assert analyst.cancels == 1  # the worker stops searching
    assert live.showing(board) is not None  # the panel keeps what it had
    for _ in range(5):
        live.update(board)
    assert analyst.requests == 1  # nothing is started while paused
    assert live.note_input(mouse_move())
    live.update(board)
    assert live.paused is None and live.running and analyst.requests == 2


def test_a_settled_position_stops_the_engine_until_a_key_is_pressed():
    clock = Clock()
    live, analyst, board = _live(clock)
    live.update(board)
    analyst.send(snapshot(9))
    live.update(board)
    clock.now += 30.0
    live.note_input(mouse_move())
    live.update(board)
    assert live.paused is PauseReason.SETTLED and analyst.cancels == 1
    assert not live.note_input(mouse_move())
    live.update(board)
    assert analyst.requests == 1
    assert live.note_input(key())
    live.update(board)
    assert live.running and analyst.requests == 2


def test_a_move_on_the_board_ends_the_pause_and_analyses_the_new_position():
    clock = Clock()
    live, analyst, board = _live(clock)
    live.update(board)
    clock.now += 90.0
    live.update(board)
    assert live.paused is PauseReason.IDLE
    board.push((8, 8), Stone.WHITE)
    live.update(board)
    assert live.paused is None and live.running and analyst.requests == 2


def test_a_proven_result_ends_the_analysis_without_a_pause():
    clock = Clock()
    live, analyst, board = _live(clock)
    live.update(board)
    final = Analysis(Stone.BLACK, (Candidate((7, 8), 30000, ((7, 8),), "vcf"),), 5, 100, 10, None, True)
    analyst.send(final)
    live.update(board)
    assert not live.running and live.paused is None and live.note == ""
    clock.now += 500.0
    live.update(board)
    assert live.paused is None and analyst.requests == 1


def test_limited_analyses_are_never_paused():
    """Teaching mode's short checks end by themselves and must not wait for input."""
    clock = Clock()
    live, analyst, board = _live(clock)
    live.toggle()  # the panel is closed; teaching mode still wants its check
    clock.now += 500.0
    live.update(board, limit=Limit(time_ms=900), wanted=True)
    live.update(board, limit=Limit(time_ms=900), wanted=True)
    assert live.running and live.paused is None


@pytest.mark.parametrize("reason", list(PauseReason))
def test_every_pause_has_its_text_in_english_and_chinese(reason):
    try:
        texts = []
        for language in ("en", "zh"):
            set_language(language)
            texts.append(tr(f"analysis.paused_{reason.value}"))
        assert texts[0] != texts[1] and all(texts)
    finally:
        set_language("en")


# ----------------------------------------------------------------------------- in the window
def _hot_seat() -> Game:
    game = Game(GameConfig(rule=Rule.FREESTYLE, size=15, black=Player.human("Black"), white=Player.human("White")))
    for point in [(7, 7), (8, 8), (7, 8)]:
        game.play(point)
    return game


def _panel_open(app, clock: Clock, screen: str = "play") -> tuple[object, Analyst]:
    """The play or review screen of an unfinished hot-seat game, with the panel open."""
    analyst = Analyst()
    app._worker = analyst  # the built-in analyst is the app's worker (no external engine set)
    app.manager.switch(screen, game=_hot_seat())
    frames(app, 2)
    scene = app.manager.current
    scene.coach.analysis.pause = AnalysisPause(RULES, clock)
    scene.coach.toggle()
    frames(app, 2)
    app.step(dt=10.0)  # the "Analysis on." notice fades away
    frames(app, 2)
    return scene, analyst


@pytest.mark.parametrize("screen", ["play", "review"])
def test_the_window_is_redrawn_only_for_a_new_snapshot_and_not_at_all_while_paused(make_app, screen):
    app = make_app()
    clock = Clock()
    scene, analyst = _panel_open(app, clock, screen)
    try:
        assert scene.coach.analysis.running and not scene.animating()
        assert scene.next_update() == POLL_SECONDS  # polled, not animated
        before = app.draws
        frames(app, 30)
        assert app.draws == before  # the engine works but has nothing new: nothing to draw
        analyst.send(snapshot(7))
        frames(app)
        assert app.draws == before + 1
        frames(app, 10)
        assert app.draws == before + 1
        clock.now += 90.0
        frames(app)
        assert scene.coach.analysis.paused is PauseReason.IDLE
        assert app.draws == before + 2  # the panel now says it is paused
        assert scene.next_update() is None and not scene.animating()
        frames(app, 30)
        assert app.draws == before + 2 and analyst.requests == 1
        pygame.event.post(mouse_move())
        frames(app)
        assert scene.coach.analysis.running and analyst.requests == 2
    finally:
        app._worker = None


@pytest.mark.parametrize("screen", ["play", "review"])
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("reason", list(PauseReason))
def test_the_panel_says_the_analysis_is_paused_and_it_fits_the_smallest_window(make_app, language, reason, screen):
    app = make_app(Settings(language=language), size=MIN_WINDOW)
    clock = Clock()
    scene, analyst = _panel_open(app, clock, screen)
    try:
        analyst.send(snapshot(12))
        frames(app)
        scene.coach.analysis.pause.paused = reason  # however it came to pause, the panel says so
        frames(app)
        surface = RecordingSurface(app.screen.get_size())
        with recording(app.screen.get_size()) as recorder:
            scene.draw(surface)
        note = tr(f"analysis.paused_{reason.value}")
        shown = "".join(drawn.text for drawn in recorder.texts).replace(" ", "")
        assert note.replace(" ", "") in shown  # every word of it, on one line or two
        assert recorder.problems() == []
    finally:
        app._worker = None


def test_the_loop_wakes_to_poll_a_running_analysis_without_drawing(make_app, monkeypatch):
    app = make_app()
    clock = Clock()
    scene, analyst = _panel_open(app, clock)
    try:
        slept: list[float] = []
        monkeypatch.setattr("game.app.wait_for_input", lambda timeout: slept.append(timeout) or 0.0)
        monkeypatch.setattr(scene, "next_change", lambda: None)  # the game clock's ticks aside
        app.step()
        before = app.draws
        app.step()
        assert slept and max(slept) <= POLL_SECONDS
        assert app.draws == before  # woken to poll: nothing new, nothing drawn
        clock.now += 90.0
        app.step()
        slept.clear()
        app.step()
        assert slept == [MAX_IDLE_SECONDS]  # paused: nothing to poll, the loop sleeps as long as it may
    finally:
        app._worker = None
