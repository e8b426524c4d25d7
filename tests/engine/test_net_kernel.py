"""The learned network in C (native/eval/net.c): its value and policy logits equal the numpy
reference (build_scripts/nettrain/quantized.py's int_forward) to the last bit, on random and
real positions, after any sequence of makes and unmakes (the incremental state equals one
built from scratch), and a damaged weights file is refused with a message, never a crash."""

from __future__ import annotations

import gzip
import math
import random
import sys
import zlib
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build_scripts"))

from game.engine.backend.native import KERNEL, NET_PATH, load_net  # noqa: E402
from game.rules import Rule  # noqa: E402
from netdata.records import unpack_columns  # noqa: E402
from nettrain import quantized  # noqa: E402
from nettrain.features import boards_from  # noqa: E402
from markers import kernel_in_use  # noqa: E402

pytestmark = pytest.mark.skipif(KERNEL is None, reason="the compiled kernel is not built")

WEIGHTS = NET_PATH.read_bytes()
SEEDED_GAMES = ROOT / "build_scripts" / "netdata" / "data" / "sample-freestyle-seed1.bin.gz"
MIDDLEGAMES = ROOT / "benchmarks" / "data" / "middlegames.txt"


def _random_weights(seed: int, **sizes: int) -> bytes:
    """Random weights; `sizes` (h1, h2, p) other than the shipped 32, 32, 16 take the C layers'
    padded rows (widths not a multiple of 8) and tails (rows not a multiple of 4)."""
    net = quantized.FloatNet.random(np.random.default_rng(seed), **sizes)
    return quantized.to_bytes(quantized.quantize(net))


def _board(data: bytes = WEIGHTS):
    from game.engine.backend.native.board import NativeBoard

    board = NativeBoard(15, Rule.FREESTYLE)
    board.kernel.attach_net(KERNEL.Net(data))
    return board


def _cell(board, c: int) -> int:
    return board.index(c % 15, c // 15)


def _assert_matches(board, played: list[int], reference) -> None:
    """C's value and policy for the side to move after `played` equal int_forward's."""
    side = 1 + len(played) % 2
    value, policy = quantized.int_forward(reference, boards_from([tuple(played)]))
    empties = [c for c in range(225) if c not in set(played)]
    assert board.kernel.net_value(side) == tuple(value[0])
    assert board.kernel.net_policy(side, [_cell(board, c) for c in empties]) == list(policy[0][empties])


def _assert_other_view_matches(board, played: list[int], reference) -> None:
    """C's value for the side that just moved equals int_forward's on the board with the
    colours swapped (each view is refreshed on its own, so this one may lag the other)."""
    other = 2 - len(played) % 2
    swapped = boards_from([tuple(played)])
    swapped = np.where(swapped == 1, 2, np.where(swapped == 2, 1, swapped))
    value, _ = quantized.int_forward(reference, swapped)
    assert board.kernel.net_value(other) == tuple(value[0])


@pytest.mark.parametrize("weights", ["shipped", "random", "odd sizes"])
def test_make_and_unmake_keep_the_logits_equal_to_the_reference(weights):
    data = {"shipped": WEIGHTS, "random": _random_weights(7), "odd sizes": _random_weights(9, h1=21, h2=13, p=7)}[weights]
    reference = quantized.from_bytes(data)
    board = _board(data)
    rng = random.Random(3)
    played: list[int] = []
    seen_values = set()
    for _ in range(250):
        if played and (rng.random() < 0.35 or len(played) > 70):
            board.unmake()
            played.pop()
        else:
            cell = rng.choice([c for c in range(225) if c not in set(played)])
            board.make(_cell(board, cell), 1 + len(played) % 2)
            played.append(cell)
        if rng.random() < 0.4:  # read now and then: the state takes in several moves at once, or undoes some
            _assert_matches(board, played, reference)
            seen_values.add(board.kernel.net_value(1 + len(played) % 2))
        if rng.random() < 0.2:  # the other view, brought up on its own: its value as if the other side moved
            _assert_other_view_matches(board, played, reference)
    _assert_matches(board, played, reference)
    assert len(seen_values) > 50  # the positions differ, and so do their values


@pytest.mark.parametrize("past", ["w1", "b1", "b2"])
def test_a_value_head_past_an_int32_still_equals_the_reference(past):
    """Weights whose value-head sums pass an int32, which the kernel's int32 path (kept for the
    weights that cannot) would wrap: every empty cell at the largest h with W1 all large and
    positive, or biases of layer 1 or 2 next to the int32 limit."""
    net = quantized.FloatNet.random(np.random.default_rng(17))
    limit = (2**31 - 11) / quantized.BIAS
    if past == "w1":
        net.embed[:] = 0.5
        net.w1 = np.abs(net.w1) + 1.0
    else:
        getattr(net, past)[:] = np.where(np.arange(32) % 2, limit, -limit)
    data = quantized.to_bytes(quantized.quantize(net))
    reference = quantized.from_bytes(data)
    if past == "w1":
        assert int(np.abs(reference.w1.astype(np.int64)).sum(axis=1).min()) * 127 * 200 > 2**31  # past it
    board = _board(data)
    played: list[int] = []
    for cell in (112, 113, 127, 97, 141, 80):
        _assert_matches(board, played, reference)
        board.make(_cell(board, cell), 1 + len(played) % 2)
        played.append(cell)
    _assert_matches(board, played, reference)


def test_real_games_match_the_reference_at_every_ply_and_unwind_to_the_start():
    reference = quantized.from_bytes(WEIGHTS)
    games = unpack_columns(gzip.decompress(SEEDED_GAMES.read_bytes()))[:6]
    board = _board()
    empty_value = board.kernel.net_value(1)
    for game in games:
        for ply, cell in enumerate(game.stones):
            board.make(_cell(board, cell), 1 + ply % 2)
            _assert_matches(board, list(game.stones[: ply + 1]), reference)
        for _ in game.stones:
            board.unmake()
        assert board.kernel.net_value(1) == empty_value


def test_a_net_attached_mid_game_equals_one_followed_from_the_start():
    rng = random.Random(5)
    cells = rng.sample(range(225), 40)
    followed, late = _board(), _board()
    late.kernel.attach_net(None)
    for ply, cell in enumerate(cells):
        followed.make(_cell(followed, cell), 1 + ply % 2)
        late.make(_cell(late, cell), 1 + ply % 2)
    late.kernel.attach_net(KERNEL.Net(WEIGHTS))
    empties = [_cell(late, c) for c in range(225) if c not in cells]
    for side in (1, 2):
        assert late.kernel.net_value(side) == followed.kernel.net_value(side)
        assert late.kernel.net_policy(side, empties) == followed.kernel.net_policy(side, empties)
    for _ in range(25):  # the stones made before the attach come off right too
        late.unmake()
        followed.unmake()
    assert late.kernel.net_value(1) == followed.kernel.net_value(1)


def _fresh_copy(board, stones: list[tuple[int, int]], data: bytes):
    """A board with the same stones, its network built from scratch when attached."""
    fresh = _board(data)
    fresh.kernel.attach_net(None)
    for cell, colour in stones:
        fresh.make(_cell(fresh, cell), colour)
    fresh.kernel.attach_net(KERNEL.Net(data))
    return fresh


@pytest.mark.parametrize("weights", ["shipped", "random"])
def test_moves_taken_back_and_made_again_between_reads_leave_the_network_as_built_afresh(weights):
    """A view holds its own position until read, and then takes in only the cells where the
    board's differs: the same stone made again (a re-search), the other colour on a cell, the
    same stones in another order, several plies back and forth. Each read equals a network
    attached to the position from scratch (for both views, value and policy)."""
    data = WEIGHTS if weights == "shipped" else _random_weights(13)
    board = _board(data)
    rng = random.Random(11)
    stones: list[tuple[int, int]] = []
    kinds = set()
    for step in range(300):
        taken = [stones.pop() for _ in range(min(len(stones), rng.choice((0, 1, 1, 2, 3))))]
        for _ in taken:
            board.unmake()
        kind = rng.choice(("again", "swapped", "recoloured", "new"))
        if kind == "again":
            remade = taken[::-1]
        elif kind == "swapped":
            remade = taken
        elif kind == "recoloured":
            remade = [(cell, 3 - colour) for cell, colour in taken[::-1]]
        else:
            remade = []
        if len(stones) < 60 or not remade:
            free = [c for c in range(225) if c not in {cell for cell, _ in stones + remade}]
            remade = remade + [(rng.choice(free), rng.choice((1, 2)))]
        for cell, colour in remade:
            board.make(_cell(board, cell), colour)
            stones.append((cell, colour))
        if rng.random() < 0.3:  # read now and then, one view or both
            kinds.add(kind if taken else "plain")
            fresh = _fresh_copy(board, stones, data)
            empties = [_cell(board, c) for c in range(225) if c not in {cell for cell, _ in stones}]
            for side in rng.sample((1, 2), rng.choice((1, 2))):
                assert board.kernel.net_value(side) == fresh.kernel.net_value(side), (step, kind, side)
                assert board.kernel.net_policy(side, empties) == fresh.kernel.net_policy(side, empties)
    assert kinds == {"again", "swapped", "recoloured", "new", "plain"}
    while stones:  # and back to the empty board
        board.unmake()
        stones.pop()
    assert board.kernel.net_value(1) == _board(data).kernel.net_value(1)


LANES_SEARCHES = """
import sys
sys.path.insert(0, sys.argv[1])
from game.engine import Level, Limit, Position, search
from game.engine.backend.native import NET
from game.rules import Board, Rule
print(NET.lanes())
lines = [line.split("#", 1)[0].split() for line in open(sys.argv[2], encoding="utf-8")]
for tokens in [tokens for tokens in lines if tokens][:6]:
    board = Board(15, Rule.FREESTYLE)
    for token in tokens:
        board.push(tuple(int(n) for n in token.split(",")))
    result = search(Position.from_board(board), Limit(nodes=20000), Level.MASTER, seed=0)
    print(result.move, result.score, result.nodes)
"""


@kernel_in_use
def test_the_network_evaluation_searches_alike_in_the_sse2_and_the_avx2_lanes():
    """Loaded with GOMOKU_NET_NO_AVX2, the weights take the SSE2 lanes (the AVX2 ones otherwise,
    where the CPU has them): fixed-node searches with the network as the evaluation find the
    same moves, scores and node counts either way."""
    import os
    import subprocess

    answers = {}
    for switch in ("", "1"):
        env = {**os.environ, "GOMOKU_NET_NO_AVX2": switch, "GOMOKU_PURE_PYTHON": "",
               "GOMOKU_ENGINE_FEATURES": "keep_table,node_vcf,counter,aspiration,vcf_cap,net_eval"}
        if not switch:
            del env["GOMOKU_NET_NO_AVX2"]
        done = subprocess.run([sys.executable, "-S", "-c", LANES_SEARCHES, str(ROOT), str(MIDDLEGAMES)],
                              capture_output=True, text=True, timeout=300, env=env)
        assert done.returncode == 0, done.stderr
        answers[switch] = done.stdout.splitlines()
    default, narrow = answers[""], answers["1"]
    assert narrow[0] != "avx2" and (default[0] == "avx2" or default[0] == narrow[0]), (default[0], narrow[0])
    assert len(default) == 7 and default[1:] == narrow[1:]


def test_a_network_evaluation_search_gives_the_board_its_totals_back():
    """The network's search lets its makes leave the hand evaluation's totals alone (nothing in it
    reads them) and its unmakes put them back: after it the board's totals are still the Python
    reference's, and its makes keep them again."""
    from game.engine import Clock, EngineBoard

    lines = [line.split("#", 1)[0].split() for line in MIDDLEGAMES.read_text().splitlines()]
    for tokens in [tokens for tokens in lines if tokens][:3]:
        board, python = _board(), EngineBoard(15, Rule.FREESTYLE, compiled=False)
        for number, token in enumerate(tokens):
            x, y = (int(n) for n in token.split(","))
            for each in (board, python):
                each.make(each.index(x, y), 1 + number % 2)
        side = 1 + len(tokens) % 2
        assert list(board.total) == python.total
        score, nodes, _, _ = _search_over(board, PVS | NET_EVAL).negamax(
            9, -10**9, 10**9, 0, side, Clock(None, 30000).kernel_state())
        assert nodes > 1000 and list(board.total) == python.total
        for cell in [m for m in python.board_cells if not python.cells[m]][:: 37]:
            for each in (board, python):
                each.make(cell, side)
            assert list(board.total) == python.total
            side = 3 - side


def test_a_threat_search_leaves_the_network_as_it_was():
    from game.engine import Clock, ThreatSearch

    reference = quantized.from_bytes(WEIGHTS)
    board = _board()
    played = [112, 113, 127, 128, 142, 98, 97, 143, 111, 96]
    for ply, cell in enumerate(played):
        board.make(_cell(board, cell), 1 + ply % 2)
    assert ThreatSearch(board, Clock(None, None)).vcf(1, 10) is not None  # (the search made and unmade)
    _assert_matches(board, played, reference)


def _search_over(board, features: int, noise: int = 0, noise_key: int = 0):
    """A bare compiled Search over `board` (hand-set evaluation numbers), for its evaluate()."""
    from array import array

    history = array("q", bytes(8 * board.length))
    return KERNEL.Search(board.kernel, KERNEL.Memo(), history, KERNEL.Table(0), 10, 0, noise, noise_key, True, False,
                         features)


PVS, NET_EVAL = 256, 2048


@pytest.mark.parametrize("weights", ["shipped", "random"])
def test_the_network_evaluation_is_the_log_odds_of_int_forwards_win_rate(weights):
    data = WEIGHTS if weights == "shipped" else _random_weights(11)
    reference = quantized.from_bytes(data)
    games = unpack_columns(gzip.decompress(SEEDED_GAMES.read_bytes()))[:3]
    board = _board(data)
    net, hand = _search_over(board, PVS | NET_EVAL), _search_over(board, PVS)
    scores, differs = set(), 0
    for game in games:
        for ply, cell in enumerate(game.stones):
            board.make(_cell(board, cell), 1 + ply % 2)
            side = 1 + (ply + 1) % 2
            value, _ = quantized.int_forward(reference, boards_from([tuple(game.stones[: ply + 1])]))
            p = float(quantized.win_rate(value)[0])
            expected = KERNEL.NET_EVAL_SCALE * math.log(p / (1 - p)) if 0 < p < 1 else math.copysign(1e9, p - 0.5)
            expected = max(-KERNEL.NET_EVAL_CLAMP, min(KERNEL.NET_EVAL_CLAMP, expected))
            score = net.evaluate(side)
            assert abs(score - expected) <= 1, (ply, score, expected)
            scores.add(score)
            differs += score != hand.evaluate(side)
        for _ in game.stones:
            board.unmake()
    assert len(scores) > 30 and differs > 30  # the net's scores vary, and are not the hand evaluation's


def test_the_network_evaluation_gets_the_same_noise_as_the_hand_evaluation():
    board = _board()
    for ply, cell in enumerate([112, 113, 127, 128, 142, 98, 97, 143]):
        board.make(_cell(board, cell), 1 + ply % 2)
    offsets = []
    for key in range(1, 40):
        net = [_search_over(board, PVS | NET_EVAL, 60, key * 7919 if noisy else 0).evaluate(1) for noisy in (0, 1)]
        hand = [_search_over(board, PVS, 60, key * 7919 if noisy else 0).evaluate(1) for noisy in (0, 1)]
        assert net[1] - net[0] == hand[1] - hand[0]
        offsets.append(net[1] - net[0])
    assert len(set(offsets)) > 10 and all(-60 <= o <= 60 for o in offsets)


def test_without_a_net_on_the_board_the_switch_keeps_the_hand_evaluation():
    from game.engine.backend.native.board import NativeBoard

    plain = NativeBoard(15, Rule.FREESTYLE)
    for ply, cell in enumerate([112, 113, 127]):
        plain.make(_cell(plain, cell), 1 + ply % 2)
    assert _search_over(plain, PVS | NET_EVAL).evaluate(2) == _search_over(plain, PVS).evaluate(2)
    with pytest.raises(ValueError, match="side must be 1 or 2"):
        _search_over(plain, PVS).evaluate(3)


def _resealed(data: bytes) -> bytes:
    """`data` with its checksum made right again, so that only what was changed is wrong."""
    return data[:-4] + zlib.crc32(data[:-4]).to_bytes(4, "little")


@pytest.mark.parametrize("damage, message", [
    (lambda d: d[:10], "too short"),
    (lambda d: b"XNET" + d[4:], "magic"),
    (lambda d: d[:-5] + d[-4:], "length"),
    (lambda d: d[:1000] + bytes([d[1000] ^ 1]) + d[1001:], "checksum"),
    (lambda d: _resealed(d[:18] + (10).to_bytes(2, "little") + d[20:]), "scale shift"),
])
def test_a_damaged_file_is_refused_with_a_message(damage, message):
    with pytest.raises(ValueError, match=message):
        KERNEL.Net(damage(WEIGHTS))


def test_a_missing_or_damaged_file_leaves_the_engine_without_the_net(tmp_path, caplog):
    damaged = tmp_path / "damaged.gnet"
    damaged.write_bytes(WEIGHTS[:-1] + bytes([WEIGHTS[-1] ^ 0xFF]))
    assert load_net(damaged) is None
    assert load_net(tmp_path / "missing.gnet") is None
    assert len(caplog.records) == 2 and "running without it" in caplog.records[0].getMessage()
    assert load_net(NET_PATH) is not None


def test_reading_a_board_without_a_net_or_a_stone_cell_is_an_error():
    from game.engine.backend.native.board import NativeBoard

    plain = NativeBoard(15, Rule.FREESTYLE)
    with pytest.raises(RuntimeError, match="no network"):
        plain.kernel.net_value(1)
    board = _board()
    board.make(_cell(board, 112), 1)
    with pytest.raises(ValueError, match="not an empty cell"):
        board.kernel.net_policy(2, [_cell(board, 112)])
    with pytest.raises(TypeError):
        board.kernel.attach_net("weights")


DEFAULTS = "keep_table,node_vcf,counter,aspiration,vcf_cap"


def _middlegames():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from speed import load_positions

    return load_positions()[:6]


@kernel_in_use  # the public search() is the pure engine under GOMOKU_PURE_PYTHON
@pytest.mark.parametrize("switches", [",net_order", ",net_eval", ",net_order,net_eval"])
def test_the_network_switches_change_the_tree_not_the_proofs(monkeypatch, switches):
    from game.engine import WIN_THRESHOLD, Level, Limit, search

    found = {}
    for features in (DEFAULTS, DEFAULTS + switches):
        monkeypatch.setenv("GOMOKU_ENGINE_FEATURES", features)
        found[features] = [search(p, Limit(depth=8), Level.MASTER, seed=0) for p in _middlegames()]
    plain, netted = found[DEFAULTS], found[DEFAULTS + switches]
    assert [r.nodes for r in plain] != [r.nodes for r in netted]  # the network did change the tree
    for position, before, after in zip(_middlegames(), plain, netted):
        assert position.to_board().is_empty(after.move)  # a legal move
        if abs(before.score) > WIN_THRESHOLD:  # a proven win or loss stays proven, to the same length
            assert after.score == before.score
        elif "net_eval" in switches and abs(after.score) < KERNEL.UNPROVEN_THRESHOLD:  # (beam-clamped losses aside)
            assert abs(after.score) <= KERNEL.NET_EVAL_CLAMP + 1000  # a network score stays a score, never a mate
    again = [search(p, Limit(depth=8), Level.MASTER, seed=0) for p in _middlegames()]
    assert [(r.move, r.score, r.nodes) for r in again] == [(r.move, r.score, r.nodes) for r in netted]


@kernel_in_use  # the public search() is the pure engine under GOMOKU_PURE_PYTHON
@pytest.mark.parametrize("switch", ["net_order", "net_eval"])
def test_the_network_switches_are_dropped_off_freestyle_15x15(monkeypatch, switch):
    from game.engine import EngineBoard, Level, Limit, Position, search
    from game.rules import Board

    monkeypatch.setenv("GOMOKU_ENGINE_FEATURES", DEFAULTS + "," + switch)
    board = Board(15, Rule.RENJU)
    for point in ((7, 7), (8, 8), (8, 6), (6, 8), (9, 7)):
        board.push(point)
    result = search(Position.from_board(board), Limit(depth=4), Level.MASTER, seed=0)
    assert board.is_empty(result.move)
    with pytest.raises(ValueError, match="up to 16x16"):
        EngineBoard(19, Rule.FREESTYLE, compiled=True).follow_net(KERNEL.Net(WEIGHTS))
