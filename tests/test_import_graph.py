"""No import circles in game/, and no screen package importing another (issue 29).

The checker reads the source (build_scripts/import_graph.py), so imports under TYPE_CHECKING
and inside functions count. The synthetic trees below show it does report what it guards.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build_scripts"))

import import_graph  # noqa: E402


def write_tree(root: Path, files: dict[str, str]) -> None:
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")


def test_game_has_no_import_circles():
    assert import_graph.circles(import_graph.build_graph(ROOT)) == []


def test_no_screen_package_imports_another_screen():
    graph = import_graph.build_graph(ROOT)
    screens = {import_graph.scene_package(name, graph) for name in graph} - {None}
    assert {"play", "review", "coach_review", "menu"} <= screens  # the rule really sees the packages
    assert import_graph.screen_violations(graph) == []


def test_circles_through_type_checking_and_function_imports_are_found(tmp_path):
    write_tree(tmp_path, {
        "game/__init__.py": "",
        "game/low.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.high import High\n",
        "game/high.py": "from .low import thing\n",
        "game/a.py": "def later():\n    from . import b\n",
        "game/b.py": "import game.a\n",
        "game/selfish.py": "from game import selfish\n",
        "game/fine.py": "import os\nfrom game.low import thing\n",
    })
    found = import_graph.circles(import_graph.build_graph(tmp_path))
    assert found == [["game.a", "game.b"], ["game.high", "game.low"], ["game.selfish"]]


def test_a_screen_importing_another_screen_is_reported(tmp_path):
    write_tree(tmp_path, {
        "game/__init__.py": "",
        "game/scenes/__init__.py": "",
        "game/scenes/base.py": "",
        "game/scenes/shared/__init__.py": "",
        "game/scenes/shared/names.py": "from ..review.scene import ReviewScene\n",
        "game/scenes/play/__init__.py": "",
        "game/scenes/play/scene.py": "from ..base import Scene\nfrom ..shared.names import x\nfrom .panel import draw\n"
                                     "from game.scenes.review import coach\n",
        "game/scenes/play/panel.py": "",
        "game/scenes/review/__init__.py": "",
        "game/scenes/review/scene.py": "from ..base import Scene\n",
        "game/scenes/review/coach.py": "",
    })
    graph = import_graph.build_graph(tmp_path)
    assert import_graph.screen_violations(graph) == [
        ("game.scenes.play.scene", "game.scenes.review.coach"),
        ("game.scenes.shared.names", "game.scenes.review.scene"),
    ]
    assert import_graph.circles(graph) == []


def test_the_command_prints_the_counts(capsys):
    assert import_graph.main([]) == 0
    out = capsys.readouterr().out
    assert "import circles in game/: 0" in out
    assert "screen-rule breaks (a scene package importing another screen's): 0" in out
