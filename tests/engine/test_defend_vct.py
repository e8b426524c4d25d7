"""The must-defend positions (kind defend-vct): the attacker has a VCT with open threes.

The files come from benchmarks/spot_defend_vct.py (the engine spots candidates in arena
games), then benchmarks/verify_defend_vct.py and recheck_defend_vct.py, which ask the
independent oracle in benchmarks/reference.py (rules core only, no engine code) for every
verdict, under PyPy. Here the oracle re-checks the cheapest two, on CPython, with the
bounds each file's header states; the engine's solve rate is benchmarks/tactics.py.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine_positions import load_tactics

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import reference as ref  # noqa: E402
from recheck_defend_vct import BOUNDS as RECHECK_BOUNDS  # noqa: E402
from verify_defend_vct import BOUNDS  # noqa: E402

from game.rules import Board, Rule, Stone  # noqa: E402

DEFEND_VCT = [t for t in load_tactics() if t.kind == "defend-vct"]
#: The node cap here only keeps a broken oracle from hanging the suite.
NODES = 1_000_000


def _header(tactic) -> str:
    return (Path(__file__).resolve().parents[1] / "data" / "tactics" / f"{tactic.name}.txt").read_text().splitlines()[0]


def _source(tactic) -> str:
    match = re.search(r"From (\S+ game \d+) ply \d+", _header(tactic))
    assert match, f"{tactic.name} does not say which game it comes from"
    return match.group(1)


_BOUNDS_TEXT = r"at most (\d+) threes, (\d+) fours and (\d+) attacker moves"


def _bounds(tactic, recheck: bool = False) -> ref.VctBounds:
    """The oracle bounds the file's header says it was verified (or its accepted moves re-checked) with."""
    header = _header(tactic)
    if recheck:
        assert " Re-checked with " in header, f"{tactic.name} was not re-checked (recheck_defend_vct.py)"
        header = header.split(" Re-checked with ")[1]
    match = re.search(_BOUNDS_TEXT, header)
    assert match, f"{tactic.name} does not state the oracle's bounds"
    threes, fours, moves = map(int, match.groups())
    return ref.VctBounds(threes=threes, fours=fours, moves=moves, nodes=NODES)


#: How many the set holds today (the issue asks for 40 beyond the first 70 tactics).
LANDED = 47


def test_every_must_defend_position_was_verified_with_the_generators_bounds():
    """A change to verify_defend_vct.BOUNDS or recheck_defend_vct.BOUNDS means regenerating the set."""
    for tactic in DEFEND_VCT:
        assert _bounds(tactic).describe() == BOUNDS.describe(), tactic.name
        assert _bounds(tactic, recheck=True).describe() == RECHECK_BOUNDS.describe(), tactic.name


def test_the_must_defend_positions_come_from_many_matches():
    assert len(DEFEND_VCT) >= LANDED
    per_game = Counter(_source(t) for t in DEFEND_VCT)
    assert max(per_game.values()) <= 3
    matches = {source.split(" game ")[0] for source in per_game}
    assert len(matches) >= min(len(DEFEND_VCT) // 3, 10)


def test_every_must_defend_position_has_a_defender_to_move_and_a_few_answers():
    for tactic in DEFEND_VCT:
        board = tactic.position.to_board()
        assert tactic.accept, tactic.name
        assert all(board.is_empty(p) for p in tactic.accept), tactic.name
        assert len(tactic.accept) * 2 <= len(ref.near_empty(board, 3)), tactic.name


def _cheapest(count: int):
    """The positions with the fewest stones near the threat: the oracle checks them fastest."""
    return sorted(DEFEND_VCT, key=lambda t: (len(t.position.stones), t.name))[:count]


@pytest.mark.parametrize("tactic", _cheapest(2), ids=lambda t: t.name)
def test_the_oracle_confirms_the_attack_and_a_refutation(tactic):
    board = tactic.position.to_board()
    defender = tactic.position.to_move
    attacker = defender.opponent
    bounds = _bounds(tactic)
    oracle = ref.ThreatOracle(board, bounds)
    shortest = ref.shortest_vct(oracle, attacker)
    assert shortest is not None and shortest >= 3  # at least five plies
    assert not ref.has_vcf(oracle, attacker) and not ref.has_vcf(oracle, defender)
    refutation = min(tactic.accept)
    oracle.push(refutation[1] * board.size + refutation[0], defender)
    assert not oracle.attacker_wins(attacker, bounds.threes, bounds.fours, bounds.moves)
    oracle.pop()
    # A move left out lost within the first bounds, or within the re-check's larger ones.
    larger = _bounds(tactic, recheck=True)
    oracle = ref.ThreatOracle(board, larger)
    others = [p for p in ref.near_empty(board, 2) if p not in tactic.accept and not ref.fives_through(_with(board, p, defender), p, defender)]
    oracle.push(others[0][1] * board.size + others[0][0], defender)
    assert oracle.attacker_wins(attacker, larger.threes, larger.fours, larger.moves)


def _with(board: Board, point, stone: Stone) -> Board:
    copy = board.copy()
    copy.push(point, stone)
    return copy


def test_the_oracle_sees_an_open_three_win_and_its_blocks():
    """A hand-made check of the oracle itself: two crossing twos make a double three."""
    board = Board(15, Rule.FREESTYLE)
    for point, stone in [((7, 7), Stone.BLACK), ((0, 0), Stone.WHITE), ((8, 7), Stone.BLACK), ((0, 2), Stone.WHITE),
                         ((7, 8), Stone.BLACK), ((0, 4), Stone.WHITE), ((7, 9), Stone.BLACK), ((14, 14), Stone.WHITE)]:
        board.push(point, stone)
    oracle = ref.ThreatOracle(board, ref.VctBounds(threes=2, fours=2, moves=3))
    # Black's open three on the column (7,7)-(7,9) already threatens an open four.
    assert oracle.open_four_points(Stone.BLACK) == {7 * 15 + 7 - 15, 10 * 15 + 7}
    assert oracle.attacker_wins(Stone.BLACK, 0, 0, 1)
    assert not oracle.attacker_wins(Stone.WHITE, 2, 2, 3)


@pytest.mark.skipif(not __import__("game.engine.backend", fromlist=["x"]).kernel_available(),
                    reason="the defence walks the VCT's proof tree only with the compiled kernel")
@pytest.mark.parametrize("tactic", [t for t in DEFEND_VCT if t.name == "defend-vct-08"], ids=lambda t: t.name)
def test_the_root_defence_keeps_only_moves_that_refute_the_whole_sequence(tactic):
    """Given time, the root keeps only refutations, not the answers to his first threat that
    lose to his next ones.

    A guard on a position where it is exact today: on 31 of the 47 the root also keeps
    moves that lose to attacks longer than it reads (4 threes or up to 10 moves, found by
    recheck_defend_vct.py), so the set's accepted moves are stricter than the engine."""
    import time

    from game.engine import Level
    from game.engine.backend import AlphaBeta
    from game.engine.move_search.clock import Clock
    from game.engine.move_search.defence import RootDefence
    from game.engine.levels.config import level_config
    from game.engine.backend import EngineBoard
    from game.engine.backend import ThreatSearch

    engine = EngineBoard.from_board(tactic.position.to_board())
    side = int(tactic.position.to_move)
    config = level_config(Level.MASTER)
    clock = Clock(None, None)
    ordered = AlphaBeta(engine, config, clock, ThreatSearch(engine, clock), 0).ordered_moves(side, 0, -1, 10_000)
    defence = RootDefence(engine, side, config, time.perf_counter() + 60, None, 30_000, 10)
    kept = {engine.point(m) for m in defence.refute(ordered, ordered[:20])}
    assert kept and kept <= tactic.accept


def test_the_verify_stage_imports_no_engine_code():
    """verify_defend_vct.py, recheck_defend_vct.py and judge_defend_move.py run under PyPy,
    without the compiled kernel, and stay independent of the engine they judge."""
    import subprocess

    root = Path(__file__).resolve().parents[2]
    code = ("import sys; sys.path[:0] = [sys.argv[1], sys.argv[1] + '/benchmarks']; "
            "import verify_defend_vct, recheck_defend_vct, judge_defend_move; "
            "print(sorted(m for m in sys.modules if m.startswith('game.engine')))")
    result = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_a_position_file_reads_back_as_written(tmp_path):
    from engine_positions import load_tactic
    from tactic_files import read_position, write_position

    board = Board(15, Rule.FREESTYLE)
    for point in [(7, 7), (7, 8), (8, 8), (9, 9), (6, 6)]:
        board.push(point)
    path = tmp_path / "defend-vct-99.txt"
    write_position(path, board, board.to_move, "defend-vct", [(5, 5), (10, 10)], "a header, at most 3 threes")
    read, side, accept, header = read_position(path)
    assert read.cells == board.cells and side is Stone.WHITE
    assert accept == [(5, 5), (10, 10)] and header == "# defend-vct: a header, at most 3 threes"
    tactic = load_tactic(path)
    assert tactic.position.to_move is Stone.WHITE and tactic.accept == {(5, 5), (10, 10)}
