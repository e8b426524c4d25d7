"""How much win rate Master's moves give away, as Rapfi judges them: a fast screen for engine changes.

    python benchmarks/move_regret.py --make GAMES.jsonl [GAMES.jsonl ...] --name pvs   # once: the positions
    python benchmarks/move_regret.py --time-ms 240 [--positions 400] [--label base] [--out runs/regret/base.json]
    python benchmarks/move_regret.py --compare runs/regret/base.json runs/regret/new.json
    python benchmarks/move_regret.py --stones-at-most 4 --judge-nodes 500000 --time-ms 1000   # the first free move

Arena matches against Rapfi take half an hour for an answer of +-50 Elo. Looking at the games
Master lost to Rapfi at 80 ms (the time plan's 200 games), most were not lost to one blunder:
Rapfi's score for Master's side fell by 50 to 250 points at most of Master's moves from the
opening on, until a forced win appeared. So the screen asks the question directly, on the same
positions for every build: from each position where Master was to move in such games (the
first 20 moves after the opening, while neither side is decided), Master chooses a move at
--time-ms; Rapfi-classical (`../shared/anchors/rapfi`, the teacher of build_scripts/combo, at a
fixed node budget with its table cleared, so the same position gets the same answer) scores the
position before and after it. The regret of a move is the win rate Rapfi gives the side to move
before (its best move) less the win rate after Master's move, with Rapfi's scale
(sigmoid(score / 210), fitted to its games' results; a mate is 0 or 1). Rapfi's answers are
cached by position in runs/regret/rapfi.json, so a second build pays only for its new moves.

--compare pairs two runs position by position: the mean difference of the regrets and its
standard error. A screen, not a verdict: a change is kept only if an arena match shows it helps
(benchmarks/LOG.md).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build_scripts.combo.teacher import MATE_SCORE, Teacher  # noqa: E402

from game.engine import Level, Limit, Position, search  # noqa: E402
from game.records.atomic import atomic_write_text  # noqa: E402
from game.rules import Board, Rule  # noqa: E402

DATA = ROOT / "benchmarks" / "data" / "regret_positions.txt"
CACHE = ROOT / "runs" / "regret" / "rapfi.json"
RAPFI = ROOT.parent / "shared" / "anchors" / "rapfi" / "pbrain-rapfi-classical"
#: Rapfi's score scale: its win rate is sigmoid(score / SCALE) (build_scripts/combo's fit).
SCALE = 210
#: Rapfi's node budget when judging; about 0.2 s a position on this machine.
NODES = 100_000
#: Positions come from the first this many moves after the opening of each game.
MOVES_PER_GAME = 20
#: A game's positions stop once Rapfi's score at the last Master move was beyond this (decided).
DECIDED = 1500


def win_rate(score: int) -> float:
    if abs(score) >= MATE_SCORE - 1000:
        return 1.0 if score > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-score / SCALE))


def parse_moves(text: str) -> list[tuple[int, int]]:
    return [tuple(int(v) for v in token.split(",")) for token in text.split()]


def key_of(moves) -> str:
    """The position's key: each colour's stones sorted, and the side to move."""
    black = sorted(moves[0::2])
    white = sorted(moves[1::2])
    return f"{len(moves) % 2}|" + " ".join(f"{x},{y}" for x, y in black) + "|" + " ".join(f"{x},{y}" for x, y in white)


class Judge:
    """Rapfi's score for the side to move, cached by position."""

    def __init__(self, nodes: int = NODES) -> None:
        self.nodes = nodes
        # One cache per budget: a position's answer depends on it.
        self.cache_path = cache = CACHE if nodes == NODES else CACHE.with_name(f"rapfi-{nodes}.json")
        self.cache = json.loads(cache.read_text()) if cache.exists() else {}
        self.teacher: Teacher | None = None
        self.asked = 0

    def score(self, moves) -> int:
        key = key_of(moves)
        if key not in self.cache:
            if self.teacher is None:
                self.teacher = Teacher([str(RAPFI)], "freestyle", self.nodes, cwd=str(RAPFI.parent))
            answer = self.teacher.think(list(moves))
            self.cache[key] = answer.score if answer.score is not None else 0
            self.asked += 1
        return self.cache[key]

    def save(self) -> None:
        self.cache_path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.cache_path, json.dumps(self.cache))

    def close(self) -> None:
        if self.teacher is not None:
            self.teacher.close()
        self.save()


def make_positions(paths: list[str], name: str, out: Path) -> None:
    """Master-to-move positions from arena games (games.jsonl) where Master played as `name`."""
    judge = Judge()
    lines = []
    for path in paths:
        for line in Path(path).read_text().splitlines():
            game = json.loads(line)
            if name not in (game["black"], game["white"]) or game.get("rule", "freestyle") != "freestyle":
                continue
            moves = parse_moves(" ".join(game["moves"]))
            colour = 0 if game["black"] == name else 1
            start = game["n_opening"]
            for k in range(start, min(len(moves), start + MOVES_PER_GAME)):
                if k % 2 != colour:
                    continue
                before = judge.score(moves[:k])
                if abs(before) > DECIDED:
                    break
                lines.append(" ".join(f"{x},{y}" for x, y in moves[:k]))
    judge.close()
    sources = ", ".join(Path(path).name for path in paths)
    out.write_text(f"# Master ({name}) to move, from arena games against Rapfi ({sources}; benchmarks/move_regret.py --make)\n"
                   + "\n".join(lines) + "\n")
    print(f"{len(lines)} positions -> {out}")


def load(path: Path = DATA) -> list[list[tuple[int, int]]]:
    return [parse_moves(line) for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]


def select(positions, stones_at_most: int = 0, first: int = 0):
    """The positions with at most `stones_at_most` stones (0: any), then the first `first` of them (0: all)."""
    if stones_at_most:
        positions = [moves for moves in positions if len(moves) <= stones_at_most]
    return positions[:first] if first else positions


def run(positions, time_ms: int, label: str, judge_nodes: int = NODES) -> dict:
    judge = Judge(judge_nodes)
    regrets, chosen, started = [], [], time.perf_counter()
    try:
        for number, moves in enumerate(positions, 1):
            position = _position(moves)
            result = search(position, Limit(time_ms=time_ms), Level.MASTER)
            move = tuple(result.move)
            before = judge.score(moves)
            after = -judge.score(moves + [move])
            regrets.append(win_rate(before) - win_rate(after))
            chosen.append(list(move))
            if number % 50 == 0:
                judge.save()
                print(f"  {number}/{len(positions)}: mean regret {statistics.mean(regrets):.4f}", flush=True)
    finally:
        judge.close()
    mean = statistics.mean(regrets)
    error = statistics.stdev(regrets) / math.sqrt(len(regrets)) if len(regrets) > 1 else 0.0
    print(f"{label}: {len(regrets)} positions, mean regret {mean:.4f} +- {error:.4f} (win rate), "
          f"moves giving away over 0.10: {sum(r > 0.10 for r in regrets)}, Rapfi asked {judge.asked}, "
          f"{time.perf_counter() - started:.0f} s")
    return {"label": label, "time_ms": time_ms, "regrets": regrets, "moves": chosen}


def _position(moves) -> Position:
    board = Board(15, Rule.FREESTYLE)
    for move in moves:
        board.push(move)
    return Position.from_board(board)


def compare(first: Path, second: Path) -> None:
    a, b = json.loads(first.read_text()), json.loads(second.read_text())
    pairs = list(zip(a["regrets"], b["regrets"]))
    diffs = [y - x for x, y in pairs]
    mean = statistics.mean(diffs)
    error = statistics.stdev(diffs) / math.sqrt(len(diffs))
    same = sum(ma == mb for ma, mb in zip(a["moves"], b["moves"]))
    print(f"{b['label']} - {a['label']}: mean regret {statistics.mean(y for _, y in pairs):.4f} vs "
          f"{statistics.mean(x for x, _ in pairs):.4f}, difference {mean:+.4f} +- {error:.4f} "
          f"(95%: {mean - 1.96 * error:+.4f} .. {mean + 1.96 * error:+.4f}); same move in {same} of {len(pairs)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--make", nargs="+", metavar="GAMES", help="arena games.jsonl files to take positions from")
    parser.add_argument("--name", default="pvs", help="Master's name in those games")
    parser.add_argument("--time-ms", type=int, default=240)
    parser.add_argument("--positions", type=int, default=0, help="only the first N (0: all)")
    parser.add_argument("--stones-at-most", type=int, default=0,
                        help="only positions with at most this many stones (4: the first free move after a 3-stone opening)")
    parser.add_argument("--judge-nodes", type=int, default=NODES, help="Rapfi's node budget when judging")
    parser.add_argument("--label", default="run")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BASE", "NEW"))
    args = parser.parse_args()
    if args.make:
        make_positions(args.make, args.name, DATA)
        return
    if args.compare:
        compare(*args.compare)
        return
    positions = select(load(), args.stones_at_most, args.positions)
    result = run(positions, args.time_ms, args.label, args.judge_nodes)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result))


if __name__ == "__main__":
    main()
