"""The network's inputs and its quantized file (build_scripts/nettrain/features.py,
quantized.py), in numpy only: the line-shape ids, their symmetry and locality, the file's
round trip and damage, and the integer forward pass against the float one."""

import struct
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build_scripts"))

from nettrain import quantized as q  # noqa: E402
from nettrain.features import CANONICAL, CODE_COUNT, SIDE_CODES, boards_from, line_ids, symmetry  # noqa: E402

#: the shipped weights (the one copy: train_net.py writes beside its report, then it is copied here)
WEIGHTS = ROOT / "game" / "engine" / "eval" / "weights" / "freestyle.gnet"
#: How close the integer forward pass stays to the float one (win rate; policy logits): the int8
#: weights at 64 a unit are the coarsest step (a trained net: 0.011 and 0.17 at most over 3000 positions).
WIN_RATE_TOLERANCE = 0.02
POLICY_TOLERANCE = 0.25


def _random_boards(seed, count=40):
    rng = np.random.default_rng(seed)
    stones = [tuple(int(c) for c in rng.choice(225, n, replace=False)) for n in rng.integers(1, 80, count)]
    return boards_from(stones)


def test_a_line_and_its_mirror_share_an_id_and_others_do_not():
    assert CODE_COUNT == (SIDE_CODES * SIDE_CODES + SIDE_CODES) // 2
    left, right = 57, 88
    assert CANONICAL[left * SIDE_CODES + right] == CANONICAL[right * SIDE_CODES + left]
    assert CANONICAL[left * SIDE_CODES + right] != CANONICAL[left * SIDE_CODES + right + 1]
    assert len(set(CANONICAL.tolist())) == CODE_COUNT


def test_the_board_edge_is_part_of_the_shape():
    ids = line_ids(boards_from([()]))[0]
    # the corner (0,0), a cell one step in, and the centre all see different empty lines
    assert ids[0, 0] != ids[16, 0] != ids[112, 0]
    assert (ids[112] == ids[112, 0]).all()


def test_the_side_to_move_decides_mine_and_theirs():
    black_to_move = boards_from([(112, 113)])[0]
    white_to_move = boards_from([(112, 113, 0)])[0]
    assert black_to_move.reshape(-1)[112] == 1 and white_to_move.reshape(-1)[112] == 2


def test_the_eight_symmetries_permute_the_cells_shapes():
    boards = _random_boards(1, 6)
    ids = line_ids(boards)
    for which in range(8):
        moved, where = symmetry(boards, np.arange(225), which)
        moved_ids = line_ids(moved)
        for row in range(len(boards)):
            assert (np.sort(moved_ids[row, where], axis=1) == np.sort(ids[row], axis=1)).all()


def test_a_stone_changes_the_shapes_of_at_most_33_cells_all_on_its_lines():
    boards = _random_boards(2, 10)
    for board in boards:
        empty = np.flatnonzero(board.reshape(-1) == 0)
        cell = int(empty[len(empty) // 2])
        after = board.copy().reshape(-1)
        after[cell] = 1
        changed = np.flatnonzero((line_ids(board[None])[0] != line_ids(after.reshape(1, 15, 15))[0]).any(axis=1))
        assert len(changed) <= 33
        cx, cy = cell % 15, cell // 15
        for other in changed:
            dx, dy = other % 15 - cx, other // 15 - cy
            assert max(abs(dx), abs(dy)) <= 4 and (dx == 0 or dy == 0 or abs(dx) == abs(dy))


def test_the_file_reads_back_and_damage_is_named():
    net = q.quantize(q.FloatNet.random(np.random.default_rng(3), d=8, h1=8, h2=4, p=4))
    data = q.to_bytes(net)
    back = q.from_bytes(data)
    for name in ("embed",) + q.LAYERS:
        assert np.array_equal(getattr(back, name), getattr(net, name))
    damaged = bytearray(data)
    damaged[100] ^= 1
    with pytest.raises(q.NetFileError, match="checksum"):
        q.from_bytes(bytes(damaged))
    with pytest.raises(q.NetFileError):
        q.from_bytes(data[:-10])
    with pytest.raises(q.NetFileError):
        q.from_bytes(b"XNET" + data[4:])


def test_the_integer_forward_pass_matches_the_float_one():
    net = q.FloatNet.random(np.random.default_rng(4))
    boards = _random_boards(5)
    value, policy = q.float_forward(net, boards)
    int_value, int_policy = q.int_forward(q.from_bytes(q.to_bytes(q.quantize(net))), boards)
    assert np.abs(q.win_rate(value) - q.win_rate(int_value)).max() < WIN_RATE_TOLERANCE
    on_empty = boards.reshape(len(boards), -1) == 0
    assert np.abs(policy[on_empty] - int_policy[on_empty]).max() < POLICY_TOLERANCE
    assert np.isneginf(int_policy[~on_empty]).all()
    # not a trivial net: positions get different values and cells different policies
    assert np.std(q.win_rate(int_value)) > 0.01 and np.std(int_policy[on_empty]) > 0.05


def test_the_net_is_invariant_under_the_symmetries():
    net = q.quantize(q.FloatNet.random(np.random.default_rng(6)))
    boards = _random_boards(7, 5)
    value, policy = q.int_forward(net, boards)
    for which in range(1, 8):
        moved, where = symmetry(boards, np.arange(225), which)
        moved_value, moved_policy = q.int_forward(net, moved)
        assert np.array_equal(moved_value, value)
        assert np.array_equal(moved_policy[:, where], policy)


def test_the_committed_weights_load_and_agree_with_the_teacher_more_than_chance():
    sys.path.insert(0, str(ROOT))
    from netdata.records import read_games
    from nettrain.dataset import positions

    net = q.load(WEIGHTS)
    data = positions(read_games(ROOT / "build_scripts" / "netdata" / "data" / "sample-freestyle-seed1.bin.gz"))
    value, policy = q.int_forward(net, data.boards[:1000])
    chosen = policy[np.arange(1000), data.best[:1000]]
    top6 = np.mean((policy >= chosen[:, None]).sum(axis=1) <= 6)
    assert top6 > 0.3  # a uniform guess over ~200 empty cells gets about 3%
    assert np.isfinite(value).all()


def test_w1_takes_the_finest_scale_that_holds_it_and_keeps_its_numbers():
    """W1 carries the pooled sum's normalisation, so its range varies by net: the file stores
    the finest int16 scale that holds the largest weight, and the integer pass stays close to
    the float one at any scale."""
    rng = np.random.default_rng(5)
    boards = _random_boards(6)
    shifts = []
    for spread in (0.5, 8.0, 60.0):
        net = q.FloatNet.random(rng)
        net.w1 = net.w1 / np.abs(net.w1).max() * spread
        quantized = q.quantize(net)
        shifts.append(quantized.w1_shift)
        assert 16383 < np.abs(quantized.w1).max() <= 32767 or quantized.w1_shift == q.W1_SHIFT_MAX
        back = q.from_bytes(q.to_bytes(quantized))
        assert back.w1_shift == quantized.w1_shift and np.array_equal(back.w1, quantized.w1)
        value, _ = q.float_forward(net, boards)
        int_value, _ = q.int_forward(back, boards)
        assert np.abs(q.win_rate(value) - q.win_rate(int_value)).max() < WIN_RATE_TOLERANCE
    assert shifts[0] > shifts[1] > shifts[2]


def test_a_file_claiming_too_coarse_a_w1_scale_is_refused():
    data = bytearray(q.to_bytes(q.quantize(q.FloatNet.random(np.random.default_rng(6), d=8, h1=8, h2=4, p=4))))
    data[18:20] = (q.W1_SHIFT_MAX + 1).to_bytes(2, "little")
    body = bytes(data[:-4])
    with pytest.raises(q.NetFileError, match="scale shift"):
        q.from_bytes(body + struct.pack("<I", zlib.crc32(body)))


def test_compare_nets_measures_each_file_on_the_same_held_out_positions(tmp_path, capsys):
    import compare_nets

    sample = ROOT / "build_scripts" / "netdata" / "data" / "sample-freestyle-seed1.bin.gz"
    blank = q.load(WEIGHTS)
    blank = q.IntNet(**{name: (np.zeros_like(value) if isinstance(value, np.ndarray) else value)
                        for name, value in blank.__dict__.items()})
    q.save(blank, tmp_path / "blank.gnet")
    assert compare_nets.main(["--data", str(sample), "--weights", str(WEIGHTS), str(tmp_path / "blank.gnet")]) == 0
    lines = capsys.readouterr().out.splitlines()
    held = int(lines[0].split(" held-out positions")[0].rsplit(" ", 1)[1])
    assert held > 0
    losses = [float(line.split("vs teacher ")[1].split()[0]) for line in lines[1:]]
    assert len(losses) == 2
    # the blank net says an even game everywhere (log 2 against a win rate), the trained one does better
    assert losses[1] == pytest.approx(np.log(2), abs=0.01) and losses[0] < losses[1] - 0.03


def test_compare_nets_refuses_a_damaged_weights_file_with_a_message(tmp_path, capsys):
    import compare_nets

    damaged = tmp_path / "damaged.gnet"
    data = bytearray(WEIGHTS.read_bytes())
    data[100] ^= 0xFF
    damaged.write_bytes(bytes(data))
    sample = ROOT / "build_scripts" / "netdata" / "data" / "sample-freestyle-seed1.bin.gz"
    assert compare_nets.main(["--data", str(sample), "--weights", str(damaged)]) == 2
    assert "cannot read the input" in capsys.readouterr().err


def test_the_comparison_takes_at_most_the_quiet_positions_asked_for():
    """nettrain/compare.quiet_examples (train_net.py --compare-limit): none when 0 are asked
    for (it used to take one), at most the limit otherwise."""
    from netdata.records import read_games
    from nettrain.compare import quiet_examples
    from nettrain.dataset import positions

    data = positions(read_games(ROOT / "build_scripts" / "netdata" / "data" / "sample-freestyle-seed1.bin.gz"))
    data = data.subset(np.arange(len(data)) < 200)
    for limit, most in ((0, 0), (5, 5)):
        index, found = quiet_examples(data, "freestyle", limit)
        assert len(index) == len(found) <= most
    index, found = quiet_examples(data, "freestyle", 5)
    assert len(index) == 5
