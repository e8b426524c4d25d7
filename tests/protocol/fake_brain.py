"""A Gomocup brain that misbehaves in exactly one chosen way, for testing the manager side.

    python fake_brain.py [--fault NAME] [--name NAME]

Faults: none (plays the first empty point from the centre outwards), silent (never answers
a move), late (answers a move after 3 s), crash (exits on its second move), illegal (plays
the opponent's last point), forbidden (plays 7,7 whatever the board), garbage (prints a line
that is no answer), ignore-end (carries on after END), child (starts a sleeping child
process, then behaves), no-start (never answers START), refuse-nbest (UNKNOWN to YXNBEST),
crash-nbest (exits on its second YXNBEST), slow-stop (thinks about the empty board until
YXSTOP comes, then answers), slow-deaf (thinks about the empty board for 60 s whatever it is told).
Standard library only; it also writes its pid (and its child's) to --pid-file if given, and
every line it receives to --log.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fault", default="none")
    parser.add_argument("--name", default="FakeBrain")
    parser.add_argument("--pid-file")
    parser.add_argument("--log", help="append every line received to this file")
    args = parser.parse_args()
    fault = args.fault
    size = 15
    stones: dict[tuple[int, int], int] = {}
    last_opponent: tuple[int, int] | None = None
    moves_made = 0
    nbest_asked = 0
    board_lines: list[tuple[int, int, int]] | None = None
    pids = [os.getpid()]
    if fault == "child":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        pids.append(child.pid)
    if args.pid_file:
        with open(args.pid_file, "w") as handle:
            handle.write(" ".join(str(pid) for pid in pids))

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def choose() -> tuple[int, int]:
        centre = size // 2
        cells = sorted(((x, y) for x in range(size) for y in range(size)),
                       key=lambda p: (max(abs(p[0] - centre), abs(p[1] - centre)), p[1], p[0]))
        return next(point for point in cells if point not in stones)

    def answer_move() -> None:
        nonlocal moves_made
        moves_made += 1
        if fault == "slow-stop" and not stones:
            heard = sys.stdin.readline().strip()  # thinks until told something (YXSTOP), then answers
            if args.log:
                with open(args.log, "a") as log:
                    log.write(heard + "\n")
        if fault == "slow-deaf" and not stones:
            time.sleep(60)
        if fault == "silent":
            return
        if fault == "crash" and moves_made >= 2:
            sys.stderr.write("fake brain: segmentation fault (simulated)\n")
            sys.stderr.flush()
            os._exit(3)
        if fault == "late":
            time.sleep(3.0)
        if fault == "garbage":
            say("hello there, I am thinking about 7 and 7")
            return
        if fault == "illegal" and last_opponent is not None:
            say(f"{last_opponent[0]},{last_opponent[1]}")
            return
        point = (7, 7) if fault == "forbidden" else choose()
        stones[point] = 1
        say(f"MESSAGE depth 1-1 ev 0 n 1 n/ms 1 tm 1 pv {point[0]},{point[1]}")
        say(f"{point[0]},{point[1]}")

    for raw in sys.stdin:
        line = raw.strip()
        if args.log:
            with open(args.log, "a") as log:
                log.write(line + "\n")
        word = line.split(None, 1)[0].upper() if line else ""
        if board_lines is not None:
            if word == "DONE":
                stones.clear()
                for x, y, field in board_lines:
                    stones[(x, y)] = field
                think, board_lines = board_think, None
                if think:
                    answer_move()
            else:
                x, y, field = (int(v) for v in line.split(","))
                board_lines.append((x, y, field))
                if field == 2:
                    last_opponent = (x, y)
            continue
        if word == "START":
            if fault == "no-start":
                continue
            size = int(line.split()[1])
            stones.clear()
            say("OK")
        elif word == "INFO":
            continue
        elif word == "ABOUT":
            say(f'name="{args.name}", version="1.0", author="tests", country="Nowhere"')
        elif word == "BEGIN":
            answer_move()
        elif word == "TURN":
            x, y = (int(v) for v in line.split()[1].split(","))
            stones[(x, y)] = 2
            last_opponent = (x, y)
            answer_move()
        elif word in ("BOARD", "YXBOARD"):
            board_lines, board_think = [], word == "BOARD"
        elif word == "YXNBEST":
            if fault == "refuse-nbest":
                say(f"UNKNOWN {line}")
                continue
            nbest_asked += 1
            if fault == "crash-nbest" and nbest_asked >= 2:
                sys.stderr.write("fake brain: out of memory (simulated)\n")
                sys.stderr.flush()
                os._exit(3)
            if fault in ("slow-stop", "slow-deaf"):
                answer_move()
                continue
            first = choose()
            stones[first] = 1
            second = choose()
            del stones[first]
            say(f"MESSAGE depth 2-2 multipv 1 ev 40 n 10 n/ms 1 tm 1 pv {first[0]},{first[1]}")
            say(f"MESSAGE depth 2-2 multipv 2 ev -M3 n 10 n/ms 1 tm 1 pv {second[0]},{second[1]}")
            say(f"{first[0]},{first[1]}")
        elif word == "END":
            if fault == "ignore-end":
                continue
            return 0
        else:
            say(f"UNKNOWN {line}")
    if fault == "ignore-end":
        time.sleep(120)
    return 0


if __name__ == "__main__":
    sys.exit(main())
