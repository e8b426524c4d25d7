"""Games against an external engine count in the statistics, per engine name, after the built-in levels."""

from game.i18n import set_language
from game.model import Game, GameConfig, Player
from game.scenes.stats.scene import _label, table_rows
from game.storage import Statistics
from game.storage.stats import engine_level, engine_name

BLACK_WINS = [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3), (11, 7)]


def frames(app, count: int = 2) -> None:
    for _ in range(count):
        app.step(dt=1 / 60)


def finished_game(white: Player) -> Game:
    game = Game(GameConfig(black=Player.human(), white=white))
    for point in BLACK_WINS:
        game.play(point)
    return game


def test_a_game_against_an_engine_is_counted_under_its_name_on_the_statistics_screen(make_app, store):
    app = make_app()
    app.record_result(finished_game(Player.engine("/engines/pbrain-rapfi", "Rapfi")))
    app.record_result(finished_game(Player.engine("/engines/pbrain-embryo", "Embryo")))
    app.record_result(finished_game(Player.ai("casual")))
    stats = store.load_stats()
    assert stats.tally(engine_level("Rapfi"), "freestyle").wins == 1
    assert stats.tally(engine_level("Embryo"), "freestyle").games == 1
    app.manager.switch("stats")
    frames(app)
    rows = [(_label("level", level), tally.games) for level, _, tally in app.manager.current.rows]
    assert rows == [("Casual", 1), ("Embryo (engine)", 1), ("Rapfi (engine)", 1)]  # built-in levels first


def test_engine_rows_survive_the_file_and_read_in_chinese():
    stats = Statistics()
    stats.record(engine_level("Rapfi"), "renju", "loss")
    again = Statistics.from_dict(stats.to_dict())
    [(level, rule, tally)] = table_rows(again)
    assert engine_name(level) == "Rapfi" and tally.losses == 1 and engine_name("master") is None
    set_language("zh")
    try:
        assert _label("level", level) == "Rapfi（外部引擎）"
    finally:
        set_language("en")
