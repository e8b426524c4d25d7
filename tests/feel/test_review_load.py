"""Review steps through a game; Load lists the records folder and opens files into Review."""

import pygame
import pytest

from game.model import Game, GameConfig, Player
from game.records import GameRecord, Result
from game.rules import Reason, Rule, Stone
from game.scenes.load.scene import visible_window
from game.scenes.review.scene import ReviewPosition, playable_moves
from game.storage import Settings, save_game_records

def frames(app, count: int = 2) -> None:
    for _ in range(count):
        app.step(dt=1 / 60)


def press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    frames(app, 1)


def records_folder(store):
    store.records_dir.mkdir(parents=True, exist_ok=True)
    return store.records_dir


FIVE = [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3), (11, 7)]


def finished_game(config: GameConfig | None = None) -> Game:
    game = Game(config or GameConfig())
    for point in FIVE:
        game.play(point)
    assert game.is_over
    return game


def open_scene(app, name: str, **params):
    app.manager.switch(name, **params)
    frames(app)
    assert app.manager.current_name == name
    return app.manager.current


# ------------------------------------------------------------------ pure parts
def test_review_position_steps_and_stops_at_both_ends():
    position = ReviewPosition(5, 2)
    assert position.step(1).index == 3
    assert position.step(-10).index == 0 and position.step(-10).at_start
    assert position.step(10).index == 5 and position.step(10).at_end
    assert position.first().index == 0 and position.last().index == 5


def test_review_position_refuses_an_index_outside_the_game():
    with pytest.raises(ValueError, match="7"):
        ReviewPosition(5, 7)


def test_playable_moves_stop_before_the_first_illegal_move():
    record = GameRecord(moves=[(7, 7), (8, 8), (7, 7), (9, 9)])
    moves, problem = playable_moves(record)
    assert moves == [(7, 7), (8, 8)]
    assert "3" in problem


def test_the_visible_window_follows_the_selection():
    assert visible_window(selected=0, first=0, rows=5, total=3) == 0
    assert visible_window(selected=7, first=0, rows=5, total=20) == 3
    assert visible_window(selected=2, first=3, rows=5, total=20) == 2
    assert visible_window(selected=19, first=0, rows=5, total=20) == 15


# ------------------------------------------------------------------ review
def test_review_from_the_result_starts_at_the_end_and_steps_back(make_app):
    app = make_app()
    game = finished_game()
    review = open_scene(app, "review", game=game)
    assert review.position.index == len(FIVE)
    assert review.board.outcome().reason is Reason.FIVE
    press(app, pygame.K_LEFT)
    assert review.board.moves == FIVE[:-1]
    press(app, pygame.K_HOME)
    assert review.board.move_count == 0
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert review.board.moves == FIVE[:2]
    press(app, pygame.K_END)
    assert review.board.move_count == len(FIVE)
    press(app, pygame.K_ESCAPE)
    frames(app)
    assert app.manager.current_name == "result"


def test_review_buttons_match_the_keys(make_app):
    app = make_app()
    review = open_scene(app, "review", game=finished_game())
    review.perform("first")
    assert review.position.at_start
    assert not review.focus.find("previous").enabled and review.focus.find("next").enabled
    review.perform("next")
    assert review.position.index == 1
    review.perform("last")
    assert review.position.at_end and not review.focus.find("play_on").enabled  # the five ended it


def test_play_on_from_a_move_keeps_the_players_and_the_moves_so_far(make_app):
    app = make_app()
    config = GameConfig(black=Player.human("Ann"), white=Player.human("Bob"), undo_limit=1)
    review = open_scene(app, "review", game=finished_game(config))
    review.go_to(ReviewPosition(len(FIVE), 4))
    review.perform("play_on")
    frames(app)
    assert app.manager.current_name == "play"
    game = app.manager.current.game
    assert game.moves == FIVE[:4]
    assert (game.config.black.name, game.config.white.name) == ("Ann", "Bob")
    assert game.config.undo_limit == 1


def test_a_loaded_record_continues_with_the_player_on_the_side_to_move(make_app):
    from game.engine import Level
    from game.rating.ladder import NAMED_RUNGS

    app = make_app(Settings(ai_level="strong"))
    record = GameRecord(moves=FIVE[:3], rule=Rule.STANDARD)
    review = open_scene(app, "review", record=record, back="load")
    game = review.continue_game()
    assert game.moves == FIVE[:3] and game.rule is Rule.STANDARD
    # the menu's named levels play as their places on the ladder
    assert game.config.white.is_human and game.config.black.level == NAMED_RUNGS[Level.STRONG].value


def test_a_recorded_resignation_is_shown_at_the_end(make_app):
    app = make_app()
    record = GameRecord(moves=FIVE[:4], result=Result(Stone.WHITE, Reason.RESIGNATION))
    review = open_scene(app, "review", record=record)
    assert review._result_lines() == ["White wins!", "Black resigned."]
    review.perform("previous")
    assert review._result_lines() == []


# ------------------------------------------------------------------ load
def test_load_lists_saved_records_and_opens_one_into_review(make_app, store):
    app = make_app()
    game = finished_game()
    sgf, psq = save_game_records(game, records_folder(store))
    load = open_scene(app, "load")
    assert sorted(entry.name for entry in load.entries) == sorted([sgf.name, psq.name])
    index = next(i for i, entry in enumerate(load.entries) if entry.name == psq.name)
    load.perform(f"open:{index}")
    frames(app)
    assert app.manager.current_name == "review"
    review = app.manager.current
    assert review.record.moves == FIVE
    press(app, pygame.K_ESCAPE)
    frames(app)
    assert app.manager.current_name == "load"


@pytest.mark.parametrize(
    "name, content",
    [
        ("repeat.sgf", "(;FF[4]GM[4]SZ[15];B[hh];W[hh])"),
        ("cut.sgf", "(;FF[4]GM[4]SZ[15];B[hh"),
        ("off.psq", "Piskvorky 15x15, 11:11, 0\n16,1,0\n-1\n"),
        ("binary.psq", b"\xff\xfe\x00\x01"),
    ],
)
def test_a_malformed_file_shows_the_readers_message_and_stays_on_the_list(make_app, store, name, content):
    app = make_app()
    path = records_folder(store) / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    load = open_scene(app, "load")
    load.perform("open:0")
    frames(app)
    assert app.manager.current_name == "load"
    assert name in load.error and len(load.error) > len(name) + 20


def test_the_load_list_scrolls_with_the_keyboard(make_app, store):
    app = make_app()
    folder = records_folder(store)
    for number in range(40):
        (folder / f"game-{number:02}.psq").write_text("Piskvorky 15x15, 11:11, 0\n8,8,0\n-1\n")
    load = open_scene(app, "load")
    assert load.rows < 40
    for _ in range(load.rows + 3):
        press(app, pygame.K_DOWN)
    assert load.selected == load.rows + 3
    assert load.first <= load.selected < load.first + load.rows
    press(app, pygame.K_RETURN)
    frames(app)
    assert app.manager.current_name == "review"


# ------------------------------------------------------------------ both languages
@pytest.mark.parametrize("language", ["en", "zh"])
def test_review_and_load_draw_in_both_languages(make_app, store, language):
    app = make_app(Settings(language=language))
    save_game_records(finished_game(), records_folder(store))
    (store.records_dir / "broken.sgf").write_text("(;")
    load = open_scene(app, "load")
    load.perform(f"open:{[e.name for e in load.entries].index('broken.sgf')}")
    frames(app)
    assert load.error
    review = open_scene(app, "review", game=finished_game())
    for key in (pygame.K_HOME, pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_END):
        press(app, key)
    assert review.position.at_end


def test_load_with_no_records_folder_yet_shows_the_empty_list(make_app, store):
    app = make_app()
    assert not store.records_dir.exists()
    load = open_scene(app, "load")
    assert load.entries == []
    press(app, pygame.K_RETURN)  # the focus is on Back
    frames(app)
    assert app.manager.current_name == "menu"


def test_save_from_the_result_then_load_and_review_it(make_app, store):
    app = make_app()
    game = finished_game(GameConfig(black=Player.human("Ann"), white=Player.ai("master")))
    open_scene(app, "result", game=game)
    app.manager.current.perform("save")
    frames(app)
    saved = sorted(p.suffix for p in store.records_dir.iterdir())
    assert saved == [".psq", ".sgf"]
    assert str(store.records_dir) in app.toast
    load = open_scene(app, "load")
    sgf = next(i for i, entry in enumerate(load.entries) if entry.name.endswith(".sgf"))
    load.perform(f"open:{sgf}")
    frames(app)
    review = app.manager.current
    assert app.manager.current_name == "review"
    assert review.record.moves == FIVE
    assert review.record.black == "Ann"
    assert review._result_lines()[0] == "Black wins!"


def test_p_plays_the_game_by_itself_and_stops_at_the_end(make_app):
    from game.scenes.review.scene import AUTOPLAY_SECONDS

    app = make_app()
    review = open_scene(app, "review", game=finished_game())
    press(app, pygame.K_p)  # at the end: starts again from the empty board
    assert review.autoplay and review.position.at_start
    for expected in (1, 2):
        review.update(AUTOPLAY_SECONDS + 0.01)
        assert review.position.index == expected
    press(app, pygame.K_LEFT)  # the player's own input stops it
    assert not review.autoplay and review.position.index == 1
    press(app, pygame.K_p)
    for _ in range(len(FIVE)):
        review.update(AUTOPLAY_SECONDS + 0.01)
    assert review.position.at_end and not review.autoplay
