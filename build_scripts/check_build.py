#!/usr/bin/env python3
"""CI check of the packaged build: build once, then run what a player and a Gomocup manager would.

    python build_scripts/check_build.py              # build, then check
    python build_scripts/check_build.py --no-build   # check an existing build
    python build_scripts/check_build.py --zip        # build, check, then zip it for a release

On macOS the programs checked are the ones inside dist/Gomoku.app, as a player runs them.

Checks: `gomoku --self-test` (every asset loads, an AI-vs-AI game through the engine worker
process) and a short protocol conversation with `pbrain-gomoku` (START, BEGIN -> a legal move,
TURN -> a legal move, END), `gomoku match` driving the packaged `pbrain-gomoku` as an
external engine against a built-in level, and `gomoku analyse` on a short record (one JSON
object per move, an annotated SGF written, exit status 2 for a broken record). Prints a timing
line per step and exits non-zero on any failure.
The checks run with SDL's dummy drivers and a throwaway user folder, so a CI machine needs no
display and no one's settings are touched.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_exe import BuildError, build, executable, folder_size, make_zip, package_dir  # noqa: E402

SELF_TEST_TIMEOUT = 120.0
REPLY_TIMEOUT = 30.0
MOVE_LINE = re.compile(r"^(\d+),(\d+)$")


class CheckFailed(RuntimeError):
    """One check of the build failed; the message says what was expected and what came."""


def check_env(user_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GOMOKU_USER_DIR=str(user_dir))
    return env


def check_self_test(app_dir: Path, env: dict[str, str]) -> str:
    """Run the built `gomoku --self-test`; returns its summary line or raises CheckFailed."""
    return self_test([str(executable("gomoku", app_dir))], env)


def self_test(game: list[str], env: dict[str, str], require_kernel: bool | None = None) -> str:
    """Run `<game> --self-test`; returns its summary line or raises CheckFailed.

    `require_kernel` (default: the GOMOKU_REQUIRE_KERNEL variable) fails a run on the
    pure-Python engine, so a broken C build cannot pass quietly.
    """
    if require_kernel is None:
        require_kernel = bool(os.environ.get("GOMOKU_REQUIRE_KERNEL"))
    command = [*game, "--self-test"]
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=SELF_TEST_TIMEOUT, env=env)
    except subprocess.TimeoutExpired as error:
        raise CheckFailed(f"--self-test did not finish within {SELF_TEST_TIMEOUT:.0f}s") from error
    # A windowed Windows build has no stdout: there the summary is only in the log file.
    log_file = Path(env["GOMOKU_USER_DIR"]) / "logs" / "gomoku.log"
    log_text = log_file.read_text(encoding="utf-8", errors="replace") if log_file.exists() else ""
    lines = [line for line in completed.stdout.splitlines() if line.startswith("self-test ok")]
    lines += [line.split(": ", 1)[1] for line in log_text.splitlines() if "game.selftest: self-test ok" in line]
    if completed.returncode != 0 or not lines:
        raise CheckFailed(
            f"--self-test exited {completed.returncode}\nstdout: {completed.stdout.strip()}\n"
            f"stderr: {completed.stderr.strip()[-2000:]}"
        )
    if require_kernel and "engine compiled" not in lines[-1]:
        raise CheckFailed(f"the build has no compiled engine kernel: {lines[-1]}")
    return lines[-1]


class BrainConversation:
    """A running brain with a reader thread, so a silent brain times out instead of hanging CI."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def reply(self, after: str) -> str:
        """The next line that is not MESSAGE/DEBUG chatter; raises CheckFailed on timeout or exit."""
        deadline = time.monotonic() + REPLY_TIMEOUT
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise CheckFailed(f"no reply to {after!r} within {REPLY_TIMEOUT:.0f}s") from None
            if line is None:
                raise CheckFailed(f"the brain exited after {after!r} (status {self.process.wait()})")
            if line and not line.startswith(("MESSAGE", "DEBUG")):
                return line

    def close(self) -> int:
        try:
            return self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise CheckFailed("the brain did not exit within 10s of END") from None


def _expect_move(line: str, after: str, taken: set[tuple[int, int]]) -> tuple[int, int]:
    match = MOVE_LINE.match(line)
    if match is None:
        raise CheckFailed(f"expected a move 'x,y' after {after!r}, got {line!r}")
    move = (int(match.group(1)), int(match.group(2)))
    if not (0 <= move[0] < 15 and 0 <= move[1] < 15) or move in taken:
        raise CheckFailed(f"illegal move {line!r} after {after!r}")
    taken.add(move)
    return move


def check_brain(command: list[str], env: dict[str, str]) -> str:
    """START 15, BEGIN, TURN, END with the brain `command`. Returns a short transcript."""
    brain = BrainConversation(command, env)
    taken: set[tuple[int, int]] = set()
    try:
        brain.send("START 15")
        if (answer := brain.reply("START 15")) != "OK":
            raise CheckFailed(f"expected 'OK' after 'START 15', got {answer!r}")
        brain.send("INFO timeout_turn 1000")
        brain.send("BEGIN")
        first = _expect_move(brain.reply("BEGIN"), "BEGIN", taken)
        opponent = next((x, 7) for x in range(15) if (x, 7) not in taken)
        taken.add(opponent)
        brain.send(f"TURN {opponent[0]},{opponent[1]}")
        second = _expect_move(brain.reply("TURN"), "TURN", taken)
        brain.send("END")
        status = brain.close()
    finally:
        if brain.process.poll() is None:
            brain.process.kill()
    if status != 0:
        raise CheckFailed(f"the brain exited with status {status} after END")
    return f"START 15 -> OK, BEGIN -> {first[0]},{first[1]}, TURN -> {second[0]},{second[1]}, END -> exit 0"


ANALYSE_TIMEOUT = 120.0
#: A short game for `gomoku analyse` (PSQ, 1-based x,y,ms): black h8 i9 h9 ... white replies.
_SHORT_GAME = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,9,0\n9,8,0\n8,10,0\n8,7,0\n-1\n"


def check_analyse(command: list[str], env: dict[str, str]) -> str:
    """`<command> analyse` on a short record: JSON per move, an annotated SGF, and exit 2 for a bad record.

    `command` is the executable (or `python -m game` from source). A windowed Windows build
    has no stdout, so there only the written SGF is checked.
    """
    folder = Path(env["GOMOKU_USER_DIR"])
    record, annotated, broken = folder / "short.psq", folder / "short-reviewed.sgf", folder / "broken.psq"
    record.write_text(_SHORT_GAME, encoding="utf-8")
    broken.write_text(_SHORT_GAME.replace("9,9,0", "8,8,0"), encoding="utf-8")  # move 2 on move 1's point
    try:
        done = subprocess.run([*command, "analyse", str(record), "--json", "--time-ms", "50", "--lang", "en",
                               "--out", str(annotated)], capture_output=True, text=True, timeout=ANALYSE_TIMEOUT, env=env)
        bad = subprocess.run([*command, "analyse", str(broken)], capture_output=True, text=True, timeout=ANALYSE_TIMEOUT, env=env)
    except subprocess.TimeoutExpired as error:
        raise CheckFailed(f"analyse did not finish within {ANALYSE_TIMEOUT:.0f}s") from error
    if done.returncode != 0:
        raise CheckFailed(f"analyse exited {done.returncode}\nstderr: {done.stderr.strip()[-2000:]}")
    text = annotated.read_text(encoding="utf-8") if annotated.exists() else ""
    if "GC[" not in text or text.count("C[") < 7:
        raise CheckFailed(f"analyse --out wrote no annotated record: {text[:200]!r}")
    if bad.returncode != 2 or (sys.platform != "win32" and "line 3" not in bad.stderr):
        raise CheckFailed(f"a broken record gave status {bad.returncode} and {bad.stderr.strip()!r} (expected 2, naming line 3)")
    if sys.platform == "win32":
        return "annotated SGF written; broken record refused"
    moves = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    if [move.get("move") for move in moves] != [1, 2, 3, 4, 5, 6] or not all("class" in move for move in moves):
        raise CheckFailed(f"expected 6 JSON moves, got {done.stdout.strip()[:300]!r}")
    return f"6 moves ({', '.join(move['class'] for move in moves)}); broken record refused"


def check_match(app_dir: Path, env: dict[str, str]) -> str:
    """`gomoku match` with the packaged brain as an external engine (by its path, as a player
    would give it) against a built-in level: two games, then the score and the Elo line."""
    brain = str(executable("pbrain-gomoku", app_dir))
    command = [str(executable("gomoku", app_dir)), "match", brain, "builtin:beginner", "--games", "2", "--time-ms", "100"]
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=SELF_TEST_TIMEOUT, env=env)
    except subprocess.TimeoutExpired as error:
        raise CheckFailed(f"gomoku match did not finish within {SELF_TEST_TIMEOUT:.0f}s") from error
    lines = completed.stdout.splitlines()
    games = [line for line in lines if line.startswith(("[1/2]", "[2/2]"))]
    elo = [line for line in lines if line.startswith("Elo difference")]
    if completed.returncode != 0 or len(games) != 2 or not elo or "GomokuDesktop" not in games[0]:
        raise CheckFailed(
            f"gomoku match exited {completed.returncode}\nstdout: {completed.stdout.strip()}\n"
            f"stderr: {completed.stderr.strip()[-2000:]}"
        )
    return f"{games[1]} | {elo[0]}"


def timed(label: str, step) -> bool:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    try:
        detail = step()
    except (CheckFailed, BuildError, OSError) as error:
        print(f"FAIL {label} ({time.perf_counter() - started:.1f}s): {error}", flush=True)
        return False
    print(f"ok   {label} ({time.perf_counter() - started:.1f}s): {detail}", flush=True)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="check the existing build")
    parser.add_argument("--zip", action="store_true", help="after the checks pass, zip the build for a release")
    args = parser.parse_args(argv)
    app_dir = package_dir()
    if not args.no_build and not timed("build", lambda: f"{build():.1f}s, {folder_size(app_dir) / 1e6:.1f} MB"):
        return 1
    with tempfile.TemporaryDirectory(prefix="gomoku-check-") as user_dir:
        env = check_env(Path(user_dir))
        results = [
            timed("gomoku --self-test", lambda: check_self_test(app_dir, env)),
            timed("pbrain-gomoku conversation", lambda: check_brain([str(executable("pbrain-gomoku", app_dir))], env)),
            timed("gomoku match (packaged brain vs built-in)", lambda: check_match(app_dir, env)),
            timed("gomoku analyse", lambda: check_analyse([str(executable("gomoku", app_dir))], env)),
        ]
    if not all(results):
        return 1
    if args.zip and not timed("zip", lambda: _zipped(make_zip())):
        return 1
    return 0


def _zipped(archive: Path) -> str:
    return f"{archive} ({archive.stat().st_size / 1e6:.1f} MB)"


if __name__ == "__main__":
    sys.exit(main())
