"""The combination tables' generator (build_scripts/make_combo_tables.py, build_scripts/combo/):
the teacher's output parsed, the driver, the games' determinism, and the fit's."""

import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build_scripts"))

from combo.games import DataError, generate, load, save  # noqa: E402
from combo.teacher import MATE_SCORE, Answer, Report, Teacher, TeacherError, parse_message, read_answer  # noqa: E402
from game.match.openings import default_openings  # noqa: E402

#: Lines Rapfi (classical) printed for one move, as recorded.
RECORDED = """\
MESSAGE OptiTime 26s | MaxTime 29s
MESSAGE Depth 2-3 | Eval 126 | Time 1ms | I7 G9
MESSAGE Depth 10-11 | Eval -194 | Time 3ms | I7 G9
MESSAGE Speed 450K | Depth 17-36 | Eval -415 | Node 50K | Time 111ms
8,6
"""


def test_the_last_score_before_the_move_is_the_answer():
    assert read_answer(RECORDED.splitlines()) == Answer((8, 6), -415, 17, False)


@pytest.mark.parametrize("line, report", [
    ("MESSAGE Depth 8-9 | Eval 125 | Time 1ms | H10 H9 G11", Report(8, 125)),
    ("MESSAGE Depth 25-2 | Eval +M3 | Time 0ms | G8", Report(25, MATE_SCORE - 3, True)),
    ("MESSAGE Depth 12-20 | Eval -M6 | Time 5ms | G8", Report(12, -(MATE_SCORE - 6), True)),
    ("MESSAGE Speed 0 | Depth 0-0 | Eval VAL_NONE | Node 0 | Time 0ms", None),
    ("MESSAGE Load config from config.toml", None),
    ("DEBUG Depth 3 | Eval 5", None),
])
def test_message_lines_are_parsed(line, report):
    assert parse_message(line) == report


def test_an_error_or_no_move_is_a_teacher_error():
    with pytest.raises(TeacherError, match="ERROR Unknown command"):
        read_answer(["MESSAGE Depth 2-3 | Eval 1 | Time 1ms", "ERROR Unknown command: 7,7,2"])
    with pytest.raises(TeacherError, match="without a move"):
        read_answer(RECORDED.splitlines()[:-1])


#: A stand-in teacher: deterministic moves and scores, and it loses the first YXHASHCLEAR it
#: is sent, as a brain winding a search down can.
FAKE_BRAIN = textwrap.dedent("""
    import sys
    swallowed, stones, reading = False, [], False
    for line in sys.stdin:
        command = line.strip()
        if command.startswith("START"):
            print("OK", flush=True)
        elif command == "YXHASHCLEAR":
            if swallowed:
                print("MESSAGE Transposition table cleared.", flush=True)
            swallowed = True
        elif command == "BOARD":
            stones, reading = [], True
        elif command == "DONE":
            reading = False
            taken = {tuple(s) for s in stones}
            near = sorted({(x + dx, y + dy) for x, y in taken for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                           if 0 <= x + dx < 15 and 0 <= y + dy < 15} - taken)
            pick = sum((x * 31 + y * 17) * (i + 1) for i, (x, y) in enumerate(stones)) % len(near)
            score = "+M5" if len(stones) >= 30 else str(len(stones) * 37 % 300 - 150)
            print(f"MESSAGE Depth 4-6 | Eval {score} | Time 0ms | A1", flush=True)
            print(f"{near[pick][0]},{near[pick][1]}", flush=True)
        elif reading:
            x, y, _ = command.split(",")
            stones.append((int(x), int(y)))
        elif command == "END":
            break
""")


@pytest.fixture
def fake_brain(tmp_path):
    path = tmp_path / "brain.py"
    path.write_text(FAKE_BRAIN, encoding="utf-8")
    return [sys.executable, str(path)]


def _generate(command, seed, positions=60):
    with Teacher(command, "freestyle", 1000, timeout=20) as teacher:
        return [row for game in generate(teacher, "freestyle", default_openings(), positions, seed) for row in game]


def test_the_same_seed_gives_the_same_data(fake_brain):
    first = _generate(fake_brain, 5)
    assert len(first) >= 60
    assert first == _generate(fake_brain, 5)
    assert first != _generate(fake_brain, 6)


def test_a_mate_ends_the_game_and_names_the_winner(fake_brain):
    rows = _generate(fake_brain, 5, positions=30)
    last = rows[-1]
    assert last.mate and last.score == MATE_SCORE - 5
    mover = 1 + len(last.moves) % 2
    assert all(row.winner == mover for row in rows if row.game == last.game)


def test_data_survives_saving_and_a_bad_line_is_named(fake_brain, tmp_path):
    rows = _generate(fake_brain, 5, positions=20)
    path = tmp_path / "data.jsonl"
    save(path, rows)
    assert load(path) == rows
    path.write_text(path.read_text(encoding="utf-8") + '{"rule": "freestyle"}\n', encoding="utf-8")
    with pytest.raises(DataError, match=f"line {len(rows) + 1}"):
        load(path)


def test_a_teacher_that_exits_is_reported():
    with pytest.raises(TeacherError, match="exited"):
        Teacher([sys.executable, "-c", "pass"], "freestyle", 1000, timeout=10)


def test_the_fit_is_deterministic(fake_brain):
    np = pytest.importorskip("numpy")
    from combo import fit

    rows = _generate(fake_brain, 5, positions=300)
    reports = [[], []]
    runs = [fit.fit_rule("freestyle", rows, report) for report in reports]
    assert runs[0] == runs[1]
    assert np.any(np.array(runs[0]["order_own"]))
    assert sum("today's best fit" in line for line in reports[0]) == 1


def test_the_report_puts_the_table_on_todays_scale():
    pytest.importorskip("numpy")
    from combo import fit
    from game.engine.eval import combo_eval

    # Today's evaluation at 1 logit per 1,440 units, the table at 1 per EVAL_SCALE.
    note = fit.scale_note(1 / 1440)
    assert note.endswith(f"x{1440 / combo_eval.EVAL_SCALE:.3f}")
    assert "no positive slope" in fit.scale_note(-3e-8)
