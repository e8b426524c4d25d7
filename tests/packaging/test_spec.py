"""The PyInstaller spec must ship assets/, build one-dir without UPX, and name both programs."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "build_scripts" / "gomoku.spec"


def _calls(name: str) -> list[ast.Call]:
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", None) == name]


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def test_spec_ships_the_assets_folder():
    text = SPEC.read_text(encoding="utf-8")
    assert 'ASSETS = ROOT / "assets"' in text
    game = _calls("Analysis")[0]
    assert "(str(ASSETS), 'assets')" in ast.unparse(_keyword(game, "datas"))


def test_spec_ships_the_ladder_table_where_the_rating_reads_it():
    datas = ast.unparse(_keyword(_calls("Analysis")[0], "datas"))
    assert "(str(ROOT / 'game' / 'engine' / 'levels' / 'ladder_table.json'), 'game/engine/levels')" in datas


def test_spec_ships_the_network_weights_with_both_programs():
    text = SPEC.read_text(encoding="utf-8")
    assert 'NET_WEIGHTS = (str(ROOT / "game" / "engine" / "eval" / "weights" / "*.gnet"), "game/engine/eval/weights")' in text
    for analysis in _calls("Analysis")[:2]:
        assert "NET_WEIGHTS" in ast.unparse(_keyword(analysis, "datas"))


def test_spec_builds_a_windowed_game_and_a_console_brain_without_upx():
    exes = {ast.literal_eval(_keyword(call, "name")): call for call in _calls("EXE")}
    assert set(exes) == {"gomoku", "pbrain-gomoku"}
    assert ast.literal_eval(_keyword(exes["gomoku"], "console")) is False
    assert ast.literal_eval(_keyword(exes["pbrain-gomoku"], "console")) is True
    for call in _calls("EXE") + _calls("COLLECT"):
        assert ast.literal_eval(_keyword(call, "upx")) is False


def test_spec_is_one_dir_with_both_programs_in_one_folder():
    for call in _calls("EXE"):
        assert ast.literal_eval(_keyword(call, "exclude_binaries")) is True  # one-file would bundle them
    (collect,) = _calls("COLLECT")
    assert {getattr(arg, "id", None) for arg in collect.args} >= {"game_exe", "brain_exe"}


def test_spec_icon_and_entry_scripts_exist():
    assert (ROOT / "assets" / "icon" / "gomoku.ico").is_file()
    assert (ROOT / "build_scripts" / "entry" / "gomoku_game.py").is_file()
    assert (ROOT / "build_scripts" / "entry" / "pbrain_gomoku.py").is_file()


def test_game_entry_calls_freeze_support_before_importing_the_game():
    text = (ROOT / "build_scripts" / "entry" / "gomoku_game.py").read_text(encoding="utf-8")
    assert text.index("multiprocessing.freeze_support()") < text.index("from game.__main__")
