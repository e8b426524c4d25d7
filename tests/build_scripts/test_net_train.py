"""The network's training (build_scripts/nettrain/model.py, train.py, train_net.py): skipped
when PyTorch is missing, as it is in the game's own environment (it is build time only).
Run with the training venv: see build_scripts/train_net.py."""

import sys
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build_scripts"))

from netdata.records import read_games  # noqa: E402
from nettrain import quantized as q  # noqa: E402
from nettrain.dataset import positions, split, teacher_scale  # noqa: E402
from nettrain.model import LineNet  # noqa: E402
from nettrain.train import predict, train  # noqa: E402

SAMPLE = ROOT / "build_scripts" / "netdata" / "data" / "sample-freestyle-seed1.bin.gz"


def _sample(count=1500):
    data = positions(read_games(SAMPLE))
    return data.subset(np.arange(len(data)) < count)


def test_the_torch_model_computes_what_the_numpy_one_does():
    torch.manual_seed(0)
    model = LineNet(16, 8, 8, 4)
    boards = _sample(50).boards
    value, policy = predict(model, boards)
    np_value, np_policy = q.float_forward(model.to_float_net(), boards)
    empty = boards.reshape(len(boards), -1) == 0
    assert np.allclose(value, np_value, atol=1e-4)
    assert np.allclose(policy[empty], np_policy[empty], atol=1e-4)


def test_training_learns_the_teachers_moves_and_keeps_weights_in_int8_range():
    data = _sample()
    training, held = split(data)
    scale = teacher_scale(training)
    model = train(training, held, scale, (16, 8, 8, 8), epochs=3, batch=64, rate=5e-3, log=lambda _: None)
    _, policy = predict(model, training.boards)
    chosen = policy[np.arange(len(training)), training.best]
    top6 = np.mean((policy >= chosen[:, None]).sum(axis=1) <= 6)
    assert top6 > 0.3
    for layer in (model.v1, model.v2, model.v3, model.p1, model.p2):
        assert layer.weight.abs().max().item() <= q.WEIGHT_MAX + 1e-6


def test_the_command_writes_weights_that_match_the_model(tmp_path):
    import train_net

    assert train_net.main(["--data", str(SAMPLE), "--out", str(tmp_path), "--epochs", "1", "--sizes", "8,8,8,4",
                           "--max-positions", "800", "--compare-limit", "30", "--fit-limit", "60"]) == 0
    net = q.load(tmp_path / "freestyle.gnet")
    floats = q.FloatNet(**dict(np.load(tmp_path / "freestyle-float.npz")))
    boards = _sample(40).boards
    float_rates = q.win_rate(q.float_forward(floats, boards)[0])
    assert np.abs(float_rates - q.win_rate(q.int_forward(net, boards)[0])).max() < 0.02
    report = (tmp_path / "report.txt").read_text()
    assert "today's evaluation" in report and "top-6" in report


def test_every_design_trains_and_the_table_names_each(capsys):
    """net_designs.py: each design in nettrain/designs.py trains on the same positions and gets a
    row of held-out numbers; an unknown name is refused with the known ones listed."""
    import net_designs
    from nettrain.designs import DESIGNS

    assert net_designs.main(["--data", str(SAMPLE), "--positions", "600", "--epochs", "1",
                             "--designs", ",".join(DESIGNS)]) == 0
    table = capsys.readouterr().out.split("| design |", 1)[1]
    for name in DESIGNS:
        row = next(line for line in table.splitlines() if line.startswith(f"| {name} |"))
        teacher, result = (float(cell) for cell in row.split("|")[2:4])
        assert 0.3 < teacher < 1.0 and 0.3 < result < 1.5
    assert net_designs.main(["--data", str(SAMPLE), "--designs", "shipped,nonesuch"]) == 2
    assert "nonesuch" in capsys.readouterr().err


def test_a_design_changes_the_numbers_and_not_the_shapes():
    """Each design gives (B, 3) values and (B, 225) policies, -1e9 on stones, and (from the same
    seed) not the shipped design's numbers: it changes something."""
    from nettrain.designs import DESIGNS
    from nettrain.train import inputs

    boards = _sample(20).boards
    ids, empty = inputs(boards)
    outputs = {}
    for name, (design, sizes) in DESIGNS.items():
        torch.manual_seed(0)
        model = design(*sizes)
        for parameter in model.parameters():  # the zero-initialised mixes too
            torch.nn.init.normal_(parameter, 0.0, 0.05)
        model.eval()
        with torch.no_grad():
            value, policy = model(ids, empty)
        assert value.shape == (20, 3) and policy.shape == (20, 225)
        assert torch.all(policy[empty == 0] <= -1e8)
        outputs[name] = value
    for name, value in outputs.items():
        if name != "shipped" and DESIGNS[name][1] == DESIGNS["shipped"][1]:
            assert not torch.allclose(value, outputs["shipped"]), name


def test_a_training_can_start_from_given_weights_and_computes_them_at_first():
    """model.start_from (train_net.py --start, another rule's training from freestyle's weights):
    the model computes what the float weights do, the normalisation unfolded on a sample."""
    from nettrain.model import start_from
    from nettrain.train import inputs

    net = q.FloatNet.random(np.random.default_rng(5), 16, 8, 8, 4)
    boards = _sample(200).boards
    model = LineNet(16, 8, 8, 4)
    start_from(model, net, *inputs(boards[:100]))
    value, policy = predict(model, boards)
    np_value, np_policy = q.float_forward(net, boards)
    empty = boards.reshape(len(boards), -1) == 0
    assert np.allclose(value, np_value, atol=1e-3)
    assert np.allclose(policy[empty], np_policy[empty], atol=1e-4)
    fresh = LineNet(16, 8, 8, 4)
    assert not np.allclose(predict(fresh, boards)[0], np_value, atol=1e-2)
