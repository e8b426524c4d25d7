"""Issue 56, the screens' side: Settings in pages with renju-only rows hidden and teaching mode
explained, "Teaching mode on" in play, the level's note under the Level row, the help screen
(menu and F1, back to the very screen it was opened over), and a Latin ellipsis."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import click_button, frames, press

from game.i18n import set_language, tr
from game.model import Game, GameConfig, Player
from game.rules import Rule
from game.storage import Settings
from game.ui import layout_check, text
from game.ui.layout_check import RecordingSurface, recording

SMALL = (760, 540)


def _drawn_texts(app) -> list[str]:
    surface = RecordingSurface(app.screen.get_size())
    with recording(app.screen.get_size()) as recorder:
        app.manager.current.draw(surface)
    return [drawn.text for drawn in recorder.texts]


def _vs_computer(rule: Rule = Rule.FREESTYLE) -> Game:
    return Game(GameConfig(rule=rule, size=15, black=Player.human("Player"), white=Player.ai("beginner")))


@pytest.mark.parametrize("rule, shown", [("freestyle", False), ("standard", False), ("renju", True)])
def test_settings_shows_the_renju_only_rows_only_under_renju(make_app, rule, shown):
    app = make_app(Settings(rule=rule), size=SMALL)
    app.manager.switch("settings")
    frames(app, 2)
    for field in ("named_opening", "forbidden_loses"):
        assert app.manager.current.focus.find(field).visible is shown


def test_switching_the_rule_to_renju_brings_its_rows_in(make_app):
    app = make_app(Settings(rule="standard"), size=SMALL)
    app.manager.switch("settings")
    frames(app, 2)
    row = app.manager.current.focus.find("rule")
    while row.value != "renju":
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.arrow_rects()[1].center, button=1))
        frames(app)
        row = app.manager.current.focus.find("rule")
    assert app.manager.current.focus.find("forbidden_loses").visible


@pytest.mark.parametrize("language", ["en", "zh"])
def test_settings_pages_hold_few_rows_in_readable_type_and_explain_teaching_mode(make_app, language):
    app = make_app(Settings(language=language, rule="renju"), size=SMALL)
    app.manager.switch("settings")
    frames(app, 2)
    scene = app.manager.current
    for page in ("rules", "game", "display"):
        click_button(app, f"page_{page}")
        frames(app)
        rows = [w for w in scene.focus.widgets if w.visible and hasattr(w, "choices")]
        assert 0 < len(rows) <= 8
        assert all(row.rect.height >= 36 for row in rows), [row.rect.height for row in rows]
    click_button(app, "page_game")
    assert tr("settings.teaching_note")[:12] in "".join(_drawn_texts(app))


def test_the_engines_button_ends_in_three_dots_not_a_centred_ellipsis():
    set_language("en")
    assert text.latin_ellipsis(tr("settings.engines")).endswith("...")
    assert text.latin_ellipsis("请稍候……") == "请稍候……"


@pytest.mark.parametrize("teaching", [True, False])
def test_play_says_when_teaching_mode_is_on(make_app, teaching):
    app = make_app(Settings(teaching_mode=teaching), size=SMALL)
    app.manager.switch("play", game=_vs_computer())
    frames(app, 2)
    assert (tr("play.teaching_on") in _drawn_texts(app)) is teaching


@pytest.mark.parametrize("size", [SMALL, (1120, 800), (1920, 1080)])
def test_the_levels_note_sits_right_under_the_level_row(make_app, size):
    app = make_app(Settings(ai_level="ladder", ladder_rung="1550"), size=size)
    app.manager.switch("menu")
    frames(app, 2)
    scene = app.manager.current
    rung = scene.focus.find("rung")
    below = scene.focus.widgets[scene.focus.widgets.index(rung) + 1]
    assert scene.note_lines and rung.rect.bottom <= scene.notes_top < rung.rect.bottom + 16
    assert below.rect.top >= scene.notes_top + len(scene.note_lines) * int(scene.note_size * 1.3)


def test_help_opens_from_the_menu_and_goes_back_to_it(make_app):
    app = make_app(size=SMALL)
    frames(app)
    click_button(app, "help")
    frames(app)
    assert app.manager.current_name == "help"
    click_button(app, "topic_coach")
    assert app.manager.current.topic == "coach"
    click_button(app, "back")
    frames(app)
    assert app.manager.current_name == "menu"


def test_f1_opens_help_over_a_game_and_back_returns_to_that_game(make_app):
    app = make_app(size=SMALL)
    game = _vs_computer()
    game.play((7, 7))
    app.manager.switch("play", game=game)
    frames(app, 2)
    play = app.manager.current
    press(app, pygame.K_F1)
    frames(app)
    assert app.manager.current_name == "help"
    press(app, pygame.K_ESCAPE)
    frames(app)
    assert app.manager.current is play and app.manager.current.game.moves[0] == (7, 7)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_help_covers_every_topic_the_issue_asks_for(language):
    from game.scenes.help.scene import TOPICS, topic_paragraphs

    set_language(language)
    try:
        assert set(TOPICS) == {"rules", "openings", "forbidden", "ladder", "puzzles", "coach"}
        everything = " ".join(" ".join(topic_paragraphs(topic)) for topic in TOPICS)
        for word in ("VCF", "VCT", "Swap2"):
            assert word in everything
    finally:
        set_language("en")


def test_a_long_help_topic_scrolls_and_says_so(make_app):
    app = make_app(size=SMALL)
    app.manager.switch("help", topic="coach")
    frames(app, 2)
    scene = app.manager.current
    scene.panel.height = 160  # a topic longer than its panel
    scene._lay_out_text()
    assert scene.max_scroll > 0
    assert tr("help.more_below") in _drawn_texts(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False))
    frames(app)
    assert scene.scroll == scene.max_scroll and tr("help.more_above") in _drawn_texts(app)


def test_a_shown_line_is_lettered_and_the_better_move_is_a_diamond_not_a_number():
    """Issue 56 item 7: the proof's stones and the better-move marker were numbered 1, 2, 3 on a
    board whose own stones are numbered too."""
    from game.rules import Board, Stone
    from game.ui.analysis_view import draw_better_move, draw_line_stones, line_label
    from game.ui.layout import screen_layout

    pygame.font.init()
    grid = screen_layout(*SMALL, 15).grid
    board = Board(15)
    board.push((7, 7))
    surface = RecordingSurface(SMALL)
    with recording(SMALL) as recorder:
        draw_line_stones(surface, grid, 24, Stone.WHITE, ((8, 8), (9, 9), (10, 10)), board)
    assert [drawn.text for drawn in recorder.texts] == ["A", "B", "C"]
    with recording(SMALL) as recorder:
        draw_better_move(surface, grid, 24, Stone.BLACK, (3, 3), (64, 196, 120))
    assert recorder.texts == []  # a shape, no number
    x, y = grid.pixel_of((3, 3))
    assert tuple(surface.get_at((x, y - 24 // 2 - 4)))[:3] == (64, 196, 120)  # the diamond's top corner
    assert [line_label(i) for i in (0, 25, 26)] == ["A", "Z", "A2"]


@pytest.mark.parametrize("size", [SMALL, (1120, 800), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_notice_in_play_covers_no_button_and_not_the_board(make_app, size, language):
    """Issue 56 item 16: "analysis counts as a hint" covered the Analysis button and the
    board's bottom coordinates."""
    from game.ui import chrome

    app = make_app(Settings(language=language), size=size)
    app.manager.switch("play", game=_vs_computer())
    frames(app, 2)
    scene = app.manager.current
    message = tr("analysis.on_hint")
    surface = RecordingSurface(size)
    with recording(size) as recorder:
        chrome.draw_toast(surface, message, 1.0, scene.toast_area())
    box = next(drawn.rect for drawn in recorder.texts if drawn.text == message)
    assert not box.colliderect(pygame.Rect(scene.layout.board_rect))
    assert not any(widget.rect.colliderect(box) for widget in scene.focus.widgets if widget.visible)
    assert recorder.problems() == []


@pytest.mark.parametrize("size", [SMALL, (1120, 800), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_swap2_is_explained_under_the_opening_row_and_the_menu_still_fits(make_app, store, size, language):
    """Issue 56 item 8: Swap2 was explained nowhere."""
    from test_gui_text_fits import _prepare_store, _problems_on_screen

    _prepare_store(store)
    app = make_app(Settings(language=language, opening="swap2"), size=size)
    app.manager.switch("menu")
    frames(app, 2)
    scene = app.manager.current
    opening = scene.focus.find("opening")
    tops = [top for top, lines in scene.placed_notes if lines and lines[0] == text.wrap(tr("menu.opening_note.swap2"), scene.note_size, opening.rect.width)[0]]
    assert tops and opening.rect.bottom <= tops[0] < opening.rect.bottom + 16
    assert _problems_on_screen(app) == []


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_coachs_words_outside_the_help_screen_carry_no_jargon(language):
    """Issue 56 item 8: "(VCF)", "(VCT)", "by a proven attack" and "threat sequences" side by side."""
    from game.i18n import en, zh

    table = en.STRINGS if language == "en" else zh.STRINGS
    jargon = ("VCF", "VCT", "proven attack", "threat sequence", "threat search", "搜索证明")
    offending = {key: value for key, value in table.items()
                 if not key.startswith("help.") and any(word in value for word in jargon)}
    assert offending == {}


def test_a_move_list_too_long_for_its_box_says_which_moves_are_left_out():
    """Issue 56 item 17: the result screen's list silently started at move 3 or 20."""
    from game.rules import Stone
    from game.ui.panel import draw_move_list

    pygame.font.init()
    set_language("en")
    moves = [(Stone.BLACK if n % 2 else Stone.WHITE, f"h{n}") for n in range(1, 31)]
    surface = RecordingSurface(SMALL)
    with recording(SMALL) as recorder:
        draw_move_list(surface, pygame.Rect(10, 10, 240, 100), moves, 14)
    drawn = [d.text for d in recorder.texts]
    numbers = sorted(int(t[:-1]) for t in drawn if t.endswith(".") and t[:-1].isdigit())
    assert numbers[-1] == 30 and numbers == list(range(numbers[0], 31))
    assert text.latin_ellipsis(tr("moves.earlier", last=numbers[0] - 1)) in drawn
    assert recorder.problems() == []
    with recording(SMALL) as recorder:
        draw_move_list(surface, pygame.Rect(10, 10, 240, 400), moves[:6], 14)
    assert not any("1–" in d.text for d in recorder.texts)  # all shown: no mark


@pytest.mark.parametrize("size", [SMALL, (1120, 800)])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_analysis_panel_keeps_its_best_moves_and_the_score_tags_never_pile_up(make_app, size, language):
    """Issue 56 item 15: at 760x540 the panel lost its list of best moves and the % tags piled up."""
    from test_analysis_pause import RULES, Analyst, Clock

    from game.engine import Analysis, Candidate
    from game.rules import Stone
    from game.scenes.shared.analysis_pause import AnalysisPause

    app = make_app(Settings(language=language), size=size)
    game = Game(GameConfig(rule=Rule.FREESTYLE, size=15, black=Player.human("Black"), white=Player.human("White")))
    for point in [(7, 7), (8, 8), (7, 8), (8, 7), (6, 9), (9, 6), (8, 9), (6, 7)]:
        game.play(point)
    analyst = Analyst()
    app._worker = analyst
    try:
        app.manager.switch("play", game=game)
        frames(app, 2)
        scene = app.manager.current
        scene.coach.analysis.pause = AnalysisPause(RULES, Clock())
        scene.coach.toggle()
        frames(app, 2)
        app.step(dt=10.0)
        moves = ((7, 9), (9, 9), (7, 6))
        candidates = tuple(Candidate(move, score, (move,)) for move, score in zip(moves, (420, 260, 150)))
        analyst.send(Analysis(Stone.BLACK, candidates, 12, 120000, 1200, None, False))
        frames(app, 3)
        surface = RecordingSurface(size)
        with recording(size) as recorder:
            scene.draw(surface)
        panel = pygame.Rect(scene.layout.panel_rect)
        in_panel = [d.text for d in recorder.texts if panel.contains(d.rect)]
        assert {"h6", "j6", "h9"} <= set(in_panel), in_panel  # all three best moves listed
        board = pygame.Rect(scene.layout.board_rect)
        tags = [d.rect for d in recorder.texts if board.contains(d.rect) and d.text.endswith("%")]
        assert all(a.inflate(6, 0).colliderect(b.inflate(6, 0)) is False for i, a in enumerate(tags) for b in tags[i + 1:])
        if scene.layout.grid.cell < 34:
            assert tags == []
        assert recorder.problems() == []
    finally:
        app._worker = None


def test_a_row_of_counts_never_leaves_one_alone_on_the_last_line():
    """Issue 56 item 19: "Blunder 1" wrapped onto a line of its own in the review."""
    from game.ui.panel import chip_rows

    widths = [60, 60, 90, 70, 70]  # Best, Good, Inaccuracy, Mistake, Blunder
    rows = chip_rows(widths, 290)
    assert sorted(i for row in rows for i in row) == list(range(5))
    assert all(sum(widths[i] for i in row) <= 290 for row in rows)
    assert len(rows[-1]) >= 2, rows
    assert chip_rows(widths, 1000) == [[0, 1, 2, 3, 4]]
