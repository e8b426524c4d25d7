"""Every scene, at the smallest, the default and a full-HD window, in English and Chinese:
no text leaves its panel, button or card, and no panel or control leaves the window.

The drawing helpers report what they draw (game.ui.layout_check), so a scene added later is
checked here too: it is opened with the parameters in SCENE_PARAMS, or with none.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Callable

import pytest

from game.engine import Level
from game.model import Game, GameConfig, Player
from game.rating.glicko2 import Rating
from game.rating.ladder import LADDER_VERSION
from game.rating.rated_game import RatingChange, Unrated
from game.rules import Rule, Stone
from game.scenes import scene_registry
from game.storage import Settings, save_game_records
from game.storage.rating_store import PlayerRating
from game.ui import chrome
from game.ui.layout import MIN_WINDOW
from game.ui.layout_check import RecordingSurface, recording

from gui_driver import frames

WINDOWS = {"minimum": MIN_WINDOW, "default": (1120, 800), "full-hd": (1920, 1080)}
# Five in a row on row 8 for black, white's replies scattered.
_FIVE = [(3, 7), (10, 3), (4, 7), (11, 12), (5, 7), (2, 2), (6, 7), (12, 10), (7, 7)]


def _vs_computer(human: Stone = Stone.BLACK, rule: Rule = Rule.RENJU, clock: float | None = 600.0) -> Game:
    you, computer = Player.human("Player"), Player.ai("master")
    black, white = (you, computer) if human is Stone.BLACK else (computer, you)
    return Game(GameConfig(rule=rule, size=15, black=black, white=white, clock_seconds=clock))


def _played(game: Game, moves: list[tuple[int, int]]) -> Game:
    for point in moves:
        game.play(point)
    return game


def _hot_seat() -> Game:
    return _played(Game(GameConfig(rule=Rule.STANDARD, size=19, black=Player.human("Black"), white=Player.human("White"))), _FIVE[:6])


# scene name -> the ways to open it worth checking (each a function returning switch parameters)
SCENE_PARAMS: dict[str, list[Callable[[], dict[str, Any]]]] = {
    "settings": [dict, lambda: {"page": "game"}, lambda: {"page": "display"}],
    "help": [lambda topic=topic: {"topic": topic} for topic in ("rules", "openings", "forbidden", "ladder", "puzzles", "coach")],
    "play": [
        lambda: {"game": _played(_vs_computer(), _FIVE[:4])},
        lambda: {"game": _hot_seat()},
    ],
    "result": [
        lambda: {"game": _played(_vs_computer(rule=Rule.FREESTYLE), _FIVE), "rating": _rating_change()},  # the human won
        lambda: {"game": _played(_vs_computer(rule=Rule.FREESTYLE), _FIVE), "rating": Unrated.ANALYSIS},
        lambda: {"game": _played(_vs_computer(Stone.WHITE, Rule.FREESTYLE), _FIVE)},  # the computer won
        lambda: {"game": _resigned()},
    ],
    "review": [lambda: {"game": _played(_vs_computer(rule=Rule.FREESTYLE), _FIVE)}],
    "coach_review": [lambda: {"game": _played(_vs_computer(rule=Rule.FREESTYLE), _FIVE), "back": "result"}],
    "puzzles": [
        lambda: {"seed": 1, "demo": "failed"},
        lambda: {"puzzle_id": "f0004-14w", "demo": "failed"},  # a win: the key point is named
        lambda: {"seed": 3, "demo": "hinted-solved"},  # one sentence after a hint
        lambda: {"seed": 2, "demo": "hint"},
        lambda: {"seed": 3, "demo": "solved"},
        lambda: {"source": "games"},
    ],
}


def _rating_change() -> RatingChange:
    return RatingChange(Rating(1234, 80), Rating(1251, 78), Level.R1550, 1.0)


def _resigned() -> Game:
    game = _played(_hot_seat(), [(9, 9)])
    game.resign(Stone.WHITE)
    return game


def _prepare_store(store) -> None:
    """A saved game (Continue shows), two saved records (Load lists them), some statistics."""
    store.save_game(_played(_vs_computer(), _FIVE[:2]))
    finished = _played(_vs_computer(rule=Rule.FREESTYLE), _FIVE)
    for day in (1, 2):
        save_game_records(finished, store.records_dir, when=datetime(2026, 3, day, 21, 30))
    stats = store.load_stats()
    for result in ("win", "loss", "draw", "win"):
        stats.record("master", "renju", result)
        stats.record("beginner", "freestyle", result)
    store.save_stats(stats)
    player = PlayerRating(ladder_version=LADDER_VERSION)
    for number, score in enumerate((1.0, 0.0, 1.0, 1.0, 0.5, 0.0, 1.0)):
        player = player.after("1550", 1400.0, score, Rating(1000 + 40 * number, 350 - 40 * number))
    store.save_rating(player, LADDER_VERSION)


def _ways_to_open(name: str) -> list[Callable[[], dict[str, Any]]]:
    return SCENE_PARAMS.get(name, [dict])


def _problems_on_screen(app) -> list[str]:
    size = app.screen.get_size()
    surface = RecordingSurface(size)
    with recording(size) as recorder:
        app.manager.current.draw(surface)
        chrome.draw_toast(surface, app.toast or "", 1.0, app.manager.current.toast_area())
    assert recorder.texts, "the recorder saw no text at all: the drawing helpers stopped reporting"
    return recorder.problems()


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("window", list(WINDOWS), ids=list(WINDOWS))
def test_no_text_leaves_its_container_in_any_scene(make_app, store, window, language):
    _prepare_store(store)
    app = make_app(Settings(language=language), size=WINDOWS[window])
    failures = []
    for name in sorted(scene_registry()):
        for index, make_params in enumerate(_ways_to_open(name)):
            try:
                app.manager.switch(name, **make_params())
                frames(app, 2)
            except Exception as error:  # noqa: BLE001 - a scene this test cannot open must be told about
                pytest.fail(f"cannot open scene {name!r} ({error!r}): add its parameters to SCENE_PARAMS in {__file__}")
            failures += [f"{name}[{index}]: {problem}" for problem in _problems_on_screen(app)]
    assert failures == []


def test_the_check_finds_text_cut_off_by_the_window(make_app):
    """The recorder itself: a label drawn half outside the window is reported."""
    from game.ui import text, theme

    app = make_app()
    width, height = app.screen.get_size()
    surface = RecordingSurface((width, height))
    with recording((width, height)) as recorder:
        label = text.render("Changes are saved at once", 20, theme.TEXT)
        surface.blit(label, label.get_rect(midtop=(width // 2, height - 5)))
    assert len(recorder.problems()) == 1 and "leaves its window" in recorder.problems()[0]


def test_the_check_finds_text_wider_than_its_button(make_app):
    import pygame

    from game.ui import layout_check, text, theme

    app = make_app()
    surface = RecordingSurface(app.screen.get_size())
    with recording(app.screen.get_size()) as recorder:
        with layout_check.inside(pygame.Rect(100, 100, 40, 30)):
            surface.blit(text.render("A label far too long", 16, theme.TEXT), (104, 104))
    assert len(recorder.problems()) == 1 and "leaves its widget" in recorder.problems()[0]


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("window", list(WINDOWS), ids=list(WINDOWS))
@pytest.mark.parametrize("choice", ["ladder", "adaptive"])
def test_the_menu_fits_with_the_ladder_or_adaptive_chosen_and_a_rating(make_app, store, window, language, choice):
    _prepare_store(store)
    app = make_app(Settings(language=language, ai_level=choice, ladder_rung="1550"), size=WINDOWS[window])
    app.manager.switch("menu")
    frames(app, 2)
    assert app.manager.current.level_notes(), "a rated player choosing the ladder or Adaptive gets a note"
    assert app.manager.current.focus.find("rung").visible is (choice == "ladder")
    assert _problems_on_screen(app) == []


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_ladder_rung_reads_at_the_rows_full_size_in_the_smallest_window(make_app, store, language):
    """The rung row's values are not shrunk to fit (they once read 'Ladder 1550' in a tiny font)."""
    from game.ui import text, theme

    app = make_app(Settings(language=language, ai_level="ladder", ladder_rung="1550"), size=WINDOWS["minimum"])
    app.manager.switch("menu")
    frames(app, 2)
    row = app.manager.current.focus.find("rung")
    size = max(12, int(row.rect.height * 0.42))
    left, _ = row.arrow_rects()
    room = row.value_rect().width - 2 * left.width - 8
    too_wide = [value for value in row.choices if text.render(row.describe(value), size, theme.TEXT, True).get_width() > room]
    assert too_wide == []


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("rung", [rung.value for rung in Level.rungs()])
def test_every_rungs_description_fits_the_menu_in_the_smallest_window(make_app, store, language, rung):
    _prepare_store(store)
    app = make_app(Settings(language=language, ai_level="ladder", ladder_rung=rung), size=WINDOWS["minimum"])
    app.manager.switch("menu")
    frames(app, 2)
    assert _problems_on_screen(app) == []
