"""External engines in the window: the Engines screen, an engine as the opponent (and its
failure mid-game), and Watch mode, all with real brain processes."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest
from gui_driver import click_button, frames, run_until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "protocol"))
from brain_processes import FAKE_BRAIN, own_brain_path, wait_gone  # noqa: E402

from game.model import PlayerKind  # noqa: E402
from game.storage import Settings  # noqa: E402
from game.storage.engines import WORKS, engine_entries  # noqa: E402


@pytest.fixture
def brain_path():
    try:
        return str(own_brain_path())
    except FileNotFoundError as error:
        pytest.skip(str(error))


def _type(app, typed: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=typed))
    frames(app)


def _enter(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    frames(app)


def test_adding_an_engine_by_path_tests_it_and_keeps_its_name(make_app, brain_path, store):
    app = make_app()
    app.manager.switch("engines")
    frames(app, 2)
    _type(app, str(Path(brain_path).parent / "no-such-brain"))
    _enter(app)
    assert "There is no file at" in app.manager.current.message and not engine_entries(app.settings)
    app.manager.current.field.text = ""
    _type(app, f'"{brain_path}"')  # a pasted path may come quoted
    _enter(app)
    assert run_until(app, lambda: engine_entries(app.settings) and engine_entries(app.settings)[0].status == WORKS, 30)
    entry = engine_entries(app.settings)[0]
    assert entry.command == brain_path and entry.name == "GomokuDesktop"
    assert engine_entries(store.load_settings())[0].name == "GomokuDesktop"  # kept in the settings file


def test_a_missing_engine_file_is_shown_not_fatal(make_app, tmp_path):
    gone = str(tmp_path / "moved" / "pbrain-old")
    app = make_app(Settings(engines=({"command": gone, "name": "Old", "status": "ok"},), opponent_engine=gone))
    app.manager.switch("engines")
    frames(app, 2)
    status, _ = app.manager.current._status(engine_entries(app.settings)[0])
    assert status.startswith("File missing")


def _engine_game(make_app, command: str, name: str):
    settings = Settings(engines=({"command": command, "name": name, "status": WORKS},), opponent_engine=command,
                        human_colour="white", engine_move_ms=250)
    app = make_app(settings)
    click_button(app, "play_ai")
    frames(app, 2)
    return app


def test_an_external_engine_is_the_opponent_and_plays_its_moves(make_app, brain_path):
    app = _engine_game(make_app, brain_path, "GomokuDesktop")
    scene = app.manager.current
    assert scene.game.config.black.kind is PlayerKind.ENGINE
    assert run_until(app, lambda: scene.game.move_count == 1, 30)  # the engine opened as black
    pid = app.external_engines.worker(brain_path).pid
    app.close()
    assert wait_gone([pid]) == []


def test_an_engine_that_crashes_mid_game_is_replaced_by_a_builtin_level(make_app):
    command = f'"{sys.executable}" "{FAKE_BRAIN}" --fault crash'
    app = _engine_game(make_app, command, "Crashy")
    scene = app.manager.current
    assert run_until(app, lambda: scene.game.move_count == 1, 30)
    scene.place((0, 0))
    assert run_until(app, lambda: scene.jobs.fallback_offered, 30)
    assert "Crashy" not in scene.jobs.error or "exited (code 3)" in scene.jobs.error
    assert scene.game.move_count == 2  # the game is as it was
    click_button(app, "fallback")
    assert scene.game.config.black.kind is PlayerKind.AI
    assert run_until(app, lambda: scene.game.move_count == 3, 30)  # the built-in level moved


def test_watch_mode_plays_an_engine_against_a_builtin_level_and_saves_the_record(make_app, brain_path, store):
    settings = Settings(engines=({"command": brain_path, "name": "GomokuDesktop", "status": WORKS},))
    app = make_app(settings)
    app.manager.switch("watch")
    frames(app, 2)
    scene = app.manager.current
    scene.picks.update(player_a=brain_path, player_b="builtin:beginner", move_time=250, games=2)
    click_button(app, "start")
    assert run_until(app, lambda: scene.shown is not None and scene.shown.board.move_count >= 6, 60)
    click_button(app, "pause")
    assert scene.runner.paused
    click_button(app, "pause")
    assert run_until(app, lambda: scene.runner.finished, 120)
    assert scene.runner.score.games == 2
    saved = sorted(path.name for path in store.records_dir.iterdir())
    assert len([name for name in saved if name.endswith(".sgf")]) == 2


def test_an_external_engine_gives_the_hint_when_chosen_for_hints(make_app):
    command = f'"{sys.executable}" "{FAKE_BRAIN}"'
    settings = Settings(engines=({"command": command, "name": "FakeBrain", "status": WORKS},), hint_engine=command,
                        engine_move_ms=250)
    app = make_app(settings)
    click_button(app, "hot_seat")
    frames(app, 2)
    scene = app.manager.current
    scene.place((0, 0))
    scene.ask_hint()
    assert run_until(app, lambda: scene.hint is not None, 30)
    assert scene.hint == (7, 7)  # the fake brain's choice (our engine would answer near the stone)
    assert app.external_engines.has(command)


def test_the_chosen_analyst_answers_in_the_analysis_shape(make_app):
    from game.engine import Position
    from game.rules import Board
    from game.scenes.shared.engine_players import analysis_worker

    command = f'"{sys.executable}" "{FAKE_BRAIN}"'
    app = make_app(Settings(engines=({"command": command, "name": "FakeBrain", "status": WORKS},), engine_move_ms=250))
    assert analysis_worker(app) is app.engine  # none chosen: the built-in analysis
    app.update_settings(app.settings.with_changes(analysis_engine=command))
    worker = analysis_worker(app)
    job = worker.request_analysis(Position.from_board(Board(15)), n_best=2)
    reply = worker.wait(20)
    assert reply is not None and reply.job_id == job and reply.analysis.final
    assert [candidate.move for candidate in reply.analysis.candidates] == [(7, 7), (6, 6)]


def test_an_opponent_engine_whose_file_is_gone_offers_the_builtin_level(make_app, tmp_path):
    gone = str(tmp_path / "moved" / "pbrain-old")
    app = _engine_game(make_app, gone, "Old")
    scene = app.manager.current
    assert run_until(app, lambda: scene.jobs.fallback_offered, 30)
    assert "there is no file at" in scene.jobs.error
    click_button(app, "fallback")
    assert run_until(app, lambda: scene.game.move_count == 1, 30)  # the built-in level opened


def test_a_folder_of_engines_adds_every_pbrain_in_it_and_a_dropped_file_is_added(make_app, brain_path, tmp_path):
    folder = tmp_path / "engines"
    folder.mkdir()
    for name in ("pbrain-one", "pbrain-two", "readme.txt"):
        (folder / name).write_text("#!/bin/sh\nexit 0\n")
        (folder / name).chmod(0o755)
    app = make_app()
    app.manager.switch("engines")
    frames(app, 2)
    _type(app, str(folder))
    _enter(app)
    assert [Path(entry.command).name for entry in engine_entries(app.settings)] == ["pbrain-one", "pbrain-two"]
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=brain_path))
    frames(app)
    assert engine_entries(app.settings)[-1].command == brain_path
    assert run_until(app, lambda: not app.manager.current.tests, 30)
    statuses = {Path(entry.command).name: entry.status for entry in engine_entries(app.settings)}
    assert statuses["pbrain-gomoku"] == WORKS and statuses["pbrain-one"] != WORKS  # it exits at once: a crash
