"""The network's data (build_scripts/make_net_data.py, build_scripts/netdata/): the record
format and its torn tails, the seeded openings, one game's determinism, and a run that
uses two processes and resumes where it stopped. A stand-in teacher keeps it fast."""

import random
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build_scripts"))

from combo.teacher import Teacher  # noqa: E402
from netdata.openings import random_opening  # noqa: E402
from netdata.play import Settings, play_game  # noqa: E402
from netdata.records import (GameRecord, RecordError, decode_stream, encode, pack, pack_columns,  # noqa: E402
                             read_games, repair, unpack_columns)
from netdata.run import RunError, games_path, run  # noqa: E402

SAMPLE = ROOT / "build_scripts" / "netdata" / "data" / "sample-freestyle-seed1.bin.gz"

#: A stand-in teacher: deterministic moves near the stones, a small score that depends on the
#: position, and a mate once 24 stones are down.
FAKE_BRAIN = textwrap.dedent("""
    import sys
    stones, reading = [], False
    for line in sys.stdin:
        command = line.strip()
        if command.startswith("START"):
            print("OK", flush=True)
        elif command == "YXHASHCLEAR":
            print("MESSAGE Transposition table cleared.", flush=True)
        elif command == "BOARD":
            stones, reading = [], True
        elif command == "DONE":
            reading = False
            taken = set(stones)
            near = sorted({(x + dx, y + dy) for x, y in taken for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                           if 0 <= x + dx < 15 and 0 <= y + dy < 15} - taken)
            pick = sum((x * 31 + y * 17) * (i + 1) for i, (x, y) in enumerate(stones)) % len(near)
            key = sum((x * 7 + y * 3) * (i + 1) for i, (x, y) in enumerate(stones))
            score = "+M3" if len(stones) >= 24 else str(key % 400 - 200)
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


def _game(index=3, stones=(112, 113, 97, 98, 82), first=3, scores=(10, -20, 30), best=(97, 98, 82), result=1):
    return GameRecord(index, "freestyle", 0, result, tuple(stones), first, tuple(scores), tuple(best))


def test_a_record_reads_back_as_written():
    games = [_game(), _game(index=70000, scores=(29997, -5, 0), result=2)]
    data = b"".join(encode(g) for g in games)
    assert decode_stream(data) == (games, len(data))
    assert len(encode(games[0])) < 40


def test_a_record_that_makes_no_sense_is_refused():
    with pytest.raises(RecordError):
        _game(stones=(112, 112, 97, 98, 82))
    with pytest.raises(RecordError):
        _game(scores=(1, 2), best=(3, 4, 5))
    with pytest.raises(RecordError):
        _game(first=4, scores=(1, 2, 3), best=(1, 2, 3))


def test_a_torn_or_damaged_tail_is_cut_and_the_file_goes_on(tmp_path):
    path = tmp_path / "games.bin"
    whole = encode(_game(1)) + encode(_game(2))
    path.write_bytes(whole + encode(_game(3))[:-3])
    assert [g.index for g in repair(path)] == [1, 2]
    assert path.read_bytes() == whole
    damaged = bytearray(whole)
    damaged[-6] ^= 0xFF
    assert [g.index for g in decode_stream(bytes(damaged))[0]] == [1]


def test_packing_sorts_and_is_the_same_every_time(tmp_path):
    games = [_game(5), _game(2), _game(9)]
    assert pack(games, tmp_path / "a.bin.gz") == 9
    assert pack(list(reversed(games)), tmp_path / "b.bin.gz") == 9
    assert (tmp_path / "a.bin.gz").read_bytes() == (tmp_path / "b.bin.gz").read_bytes()
    assert [g.index for g in read_games(tmp_path / "a.bin.gz")] == [2, 5, 9]
    assert pack(games, tmp_path / "c.bin.gz", max_positions=7) == 6


def test_packed_columns_keep_every_field_and_refuse_damage():
    games = [_game(2), _game(4, stones=(112, 113, 97, 98), first=3, scores=(5, 29990), best=(97, 99), result=2),
             GameRecord(6, "renju", 1, 0, (112, 113, 97), 3, (), ())]
    data = pack_columns(games)
    assert unpack_columns(data) == games
    with pytest.raises(RecordError):
        unpack_columns(data[:-3])
    with pytest.raises(RecordError):
        unpack_columns(b"NGPK\x09" + data[5:])


def test_openings_are_seeded_distinct_and_near_the_centre():
    first = [random_opening(random.Random(f"x{i}")) for i in range(50)]
    assert first == [random_opening(random.Random(f"x{i}")) for i in range(50)]
    assert len({tuple(o) for o in first}) > 40
    for opening in first:
        assert 3 <= len(opening) <= 6 and len(set(opening)) == len(opening)
        assert all(abs(x - 7) <= 3 and abs(y - 7) <= 3 for x, y in opening)
    with pytest.raises(ValueError):
        random_opening(random.Random(1), 5, 3)


def _play(command, settings, index):
    with Teacher(command, settings.rule, settings.nodes, timeout=20) as teacher:
        return play_game(teacher, settings, index)


def test_a_game_depends_on_its_seed_and_index_only(fake_brain):
    settings = Settings(seed=4, master_every=0)
    game = _play(fake_brain, settings, 7)
    assert game == _play(fake_brain, settings, 7)
    assert game != _play(fake_brain, settings, 8)
    assert game != _play(fake_brain, replace(settings, seed=5), 7)
    # the stand-in announces a mate at 24 stones: the mover wins, and that position is labelled
    assert len(game.stones) == 24 and game.scores[-1] > 29000 and game.result == 1 + 24 % 2
    assert game.first_label + len(game.scores) == len(game.stones) + 1
    for before, score, best in game.positions():
        assert best not in before and abs(score) <= 30000


def test_lopsided_openings_are_drawn_again(fake_brain):
    games = [_play(fake_brain, Settings(seed=1, balance=40, master_every=0), i) for i in range(4)]
    assert all(abs(g.scores[0]) <= 40 for g in games)


def test_master_plays_one_colour_every_nth_game(fake_brain):
    settings = Settings(seed=2, master_every=2, master_nodes=300)
    game = _play(fake_brain, settings, 1)
    assert game.source in (1, 2)
    assert _play(fake_brain, settings, 0).source == 0
    master_plies = [game.first_label + k for k in range(len(game.scores) - 1)
                    if (game.first_label + k) % 2 == game.source - 1]
    assert any(game.stones[p] != game.best[p - game.first_label] for p in master_plies)


def test_a_run_uses_two_processes_and_resumes(fake_brain, tmp_path):
    settings = Settings(seed=3, master_every=0)
    folder = tmp_path / "run"
    logged = []
    assert run(folder, settings, fake_brain, 60, 2, log=logged.append) >= 60
    first = games_path(folder, settings).read_bytes()
    assert "positions/s" in logged[-1]
    # a torn write, then a larger target: the whole games stay, the torn one is redone
    with open(games_path(folder, settings), "ab") as stream:
        stream.write(b"NG\x01")
    total = run(folder, settings, fake_brain, 150, 2, log=logged.append)
    games = read_games(games_path(folder, settings))
    assert games_path(folder, settings).read_bytes().startswith(first)
    assert total == sum(len(g.scores) for g in games) >= 150
    indices = [g.index for g in games]
    assert len(set(indices)) == len(indices)
    # each game is the same whoever played it and when
    assert all(g == _play(fake_brain, settings, g.index) for g in games[:3])
    with pytest.raises(RunError):
        run(folder, replace(settings, nodes=500), fake_brain, 10, 1, log=logged.append)


def test_the_committed_sample_reads():
    games = read_games(SAMPLE)
    assert sum(len(g.scores) for g in games) >= 2000
    assert all(g.rule == "freestyle" for g in games)
    assert [g.index for g in games] == sorted(g.index for g in games)


def test_the_command_counts_a_file_and_refuses_a_missing_teacher(tmp_path, capsys):
    import make_net_data

    assert make_net_data.main(["stats", str(SAMPLE), str(tmp_path / "missing.bin")]) == 0
    out = capsys.readouterr()
    assert "261 games" in out.out and "missing.bin" in out.err
    assert make_net_data.main(["run", "--out", str(tmp_path), "--teacher", str(tmp_path / "no-brain")]) == 2
    assert "no teacher" in capsys.readouterr().err
