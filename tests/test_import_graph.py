"""No import circles in game/, no screen package importing another (issue 29), and nothing
outside the engine importing past its front door (issue 52).

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
    assert "imports of engine internals from outside the engine (game, tests; not game/engine, tests/engine): 0" in out


def test_nothing_outside_the_engine_imports_an_engine_module():
    assert import_graph.door_breaks(ROOT) == []
    # The lab scripts are only counted; the count shows the checker does see engine modules.
    assert import_graph.door_breaks(ROOT, scopes=import_graph.LAB_SCOPES, exempt=())


def test_imports_past_the_engines_front_door_are_reported(tmp_path):
    write_tree(tmp_path, {
        "setup.py": 'from setuptools import Extension\nExtension("game.engine._kernel", [])\n',
        "game/__init__.py": "",
        "game/engine/__init__.py": "from .analysis import Analysis\nfrom . import state\n",
        "game/engine/analysis.py": "from .state import EngineBoard\n",
        "game/engine/state.py": "from . import _kernel\n",
        "game/coach/__init__.py": "",
        "game/coach/fine.py": "from game.engine import Analysis\nimport game.engine\n",
        "game/coach/deep.py": "from game.engine.analysis import Analysis\n",
        "game/coach/module.py": "def later():\n    from game.engine import state\n",
        "game/coach/dotted.py": "import game.engine.state\n",
        "game/coach/kernel.py": "from game.engine import _kernel\n",
        "game/storage/relative.py": "from ..engine.analysis import Analysis\n",
        "tests/test_coach.py": "from game.engine.state import EngineBoard\n",
        "tests/engine/test_state.py": "from game.engine.state import EngineBoard\n",
    })
    assert sorted(import_graph.door_breaks(tmp_path)) == [
        ("game/coach/deep.py", "game.engine.analysis"),
        ("game/coach/dotted.py", "game.engine.state"),
        ("game/coach/kernel.py", "game.engine._kernel"),
        ("game/coach/module.py", "game.engine.state"),
        ("game/storage/relative.py", "game.engine.analysis"),
        ("tests/test_coach.py", "game.engine.state"),
    ]


def test_no_call_circles_between_the_engines_c_files():
    import c_call_graph

    graph = c_call_graph.build_graph()
    assert {"qsearch", "search_pvs", "binding", "board"} <= set(graph)  # it reads the subfolders
    assert "qsearch" in graph["search_pvs"]  # and sees calls
    assert c_call_graph.circles(graph) == []


def test_c_call_circles_are_found_and_file_local_functions_are_not_calls(tmp_path):
    import c_call_graph

    write_tree(tmp_path, {
        "search/tree.h": "int tree(int depth);\nstatic inline int\ntick(int n)\n{\n    return n + 1;\n}\n",
        "search/tree.c": '#include "tree.h"\nint\ntree(int depth)\n{\n    return horizon(depth) + tick(depth);\n}\n',
        "search/horizon.c": "int\nhorizon(int depth)\n{\n    return depth ? tree(depth - 1) : 0; /* calls tree() */\n}\n",
        "eval/shape.c": "static int\nrank(int x)\n{\n    return x;\n}\nint\nshape(int x)\n{\n    return rank(x);\n}\n",
        "eval/line.c": "static int\nrank(int x)\n{\n    return -x;\n}\nint\nline(int x)\n{\n    return rank(x) + tick(x);\n}\n",
    })
    graph = c_call_graph.build_graph(tmp_path)
    assert graph["line"] == {"tree"} and graph["shape"] == set()
    assert c_call_graph.circles(graph) == [["horizon", "tree"]]
