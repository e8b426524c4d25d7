#!/usr/bin/env python3
"""Whole online games between a headless host and a headless guest over 127.0.0.1, and the protocol fuzz counts.

    python benchmarks/net_loopback.py [--games 30] [--seed 1] [--fuzz 10000] [--fuzz-tcp 300]

Each game's host and guest talk over a real TCP connection on the loopback interface (and
nothing else). The games cycle through freestyle, renju and swap2; in each kind one game has
a take-back, one a resignation and one a fallen flag (the guest's clock, with the host's
clock as reference); the rest play on to five, a forbidden point or a full board. Moves are
seeded random picks near the stones, with an immediate five taken when there is one. Every
game ends with both sides holding the same moves and result, or the script says which did not.

The fuzz part feeds seeded bad lines (garbage, truncated, mutated, oversized, out of order)
to sessions directly and, over TCP, to a host with a connected guest; it reports how many
ended with a named fault, how many were ignored as documented, and any crash or hang.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "net"))

from game.net import Client, EventKind, Host, LinkState, NetRules, Timeouts  # noqa: E402
from game.net.protocol import encode, message  # noqa: E402
from game.rules import Rule  # noqa: E402
from game.rules.opening import Choice, OpeningRule  # noqa: E402

LOOPBACK = "127.0.0.1"
KINDS = {
    "freestyle": NetRules(rule=Rule.FREESTYLE, undo_limit=2, clock_seconds=600),
    "renju": NetRules(rule=Rule.RENJU, undo_limit=2, clock_seconds=600),
    "swap2": NetRules(rule=Rule.FREESTYLE, opening=OpeningRule.SWAP2, undo_limit=2, clock_seconds=600),
}
EVENTS = ("takeback", "resign", "timeout")


class Clock:
    """Real time plus a jump the script adds to make a flag fall without waiting."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.offset


def pump(ends, until, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for end in ends:
            end.poll()
        if until():
            return True
        time.sleep(0.0005)
    return False


def pick_move(session, rng: random.Random):
    game = session.game
    board = game.board
    empties = list(board.empty_points())
    for point in empties:  # take a five if there is one (checked on a copy through the rules)
        trial = board.copy()
        trial.push(point)
        outcome = trial.outcome()
        if outcome is not None and outcome.winner is session.my_colour:
            return point
    near = [p for p in empties if any(not board.is_empty((p[0] + dx, p[1] + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                      if board.in_bounds((p[0] + dx, p[1] + dy)))]
    candidates = near or [(board.size // 2, board.size // 2)]
    rng.shuffle(candidates)
    for point in candidates:
        if not (game.rule is Rule.RENJU and board.is_forbidden(point) and rng.random() < 0.9):
            return point
    return candidates[0]


def play_game(kind: str, event: str | None, rng: random.Random) -> dict:
    clock = Clock()
    timeouts = Timeouts(heartbeat=0.5, silence=5.0, line=3.0, handshake=3.0, connect=3.0)
    host = Host(KINDS[kind], "Host", LOOPBACK, 0, timeouts=timeouts, now=clock, rng=rng)
    guest = Client(*host.address, host.code, "Guest", timeouts=timeouts, now=clock)
    started = time.perf_counter()
    latencies: list[float] = []
    try:
        if not pump([host, guest], lambda: host.state is LinkState.PLAYING and guest.state is LinkState.PLAYING):
            return {"kind": kind, "ok": False, "why": "no connection"}
        plies = 0
        while not host.session.game.is_over and plies < 400:
            plies += 1
            mover = host if host.session.my_turn else guest
            other = guest if mover is host else host
            session = mover.session
            if event == "takeback" and session.game.move_count == 10 and session.game.undos_used[session.my_colour] == 0:
                mover.ask_takeback()
                pump([host, guest], lambda: other.session.asked is not None)
                other.answer(True)
                pump([host, guest], lambda: mover.session.game.move_count < 10)
                continue
            if event == "resign" and session.game.move_count == 16:
                mover.resign()
                pump([host, guest], lambda: other.session.game.is_over)
                break
            if event == "timeout" and mover is guest and session.game.move_count >= 12:
                for _ in range(310):  # the guest sits on its move past its whole clock, 2 s at a step
                    clock.offset += 2.0  # (the heartbeats keep flowing, so the link stays up)
                    if pump([host, guest], lambda: guest.session.game.is_over, seconds=0.003):
                        break
                break
            ply = other.session.ply
            sent = time.perf_counter()
            if session.game.opening_options:
                options = session.game.opening_options
                mover.choose(Choice.PLACE_TWO if Choice.PLACE_TWO in options and rng.random() < 0.5 else rng.choice(options))
            else:
                mover.play(pick_move(session, rng))
            if not pump([host, guest], lambda: other.session.ply != ply or other.session.game.is_over):
                return {"kind": kind, "ok": False, "why": f"ply {ply} never arrived"}
            latencies.append(time.perf_counter() - sent)
        pump([host, guest], lambda: guest.session.game.is_over and host.session.game.is_over, seconds=2)
        same = host.session.game.moves == guest.session.game.moves and host.session.game.result == guest.session.game.result
        result = host.session.game.result
        return {
            "kind": kind, "event": event or "-", "ok": same and result is not None, "moves": host.session.game.move_count,
            "reason": "agreement" if host.session.draw_agreed else (result.reason.value if result else "unfinished"),
            "seconds": time.perf_counter() - started, "latencies": latencies,
            "takebacks": sum(host.session.game.undos_used.values()),
        }
    finally:
        host.leave()
        guest.leave()


def fuzz_sessions(count: int, seed: int) -> dict:
    from fuzz_lines import apply_line, bad_line, fresh_session

    rng = random.Random(seed)
    counts = {"fault": 0, "ignored": 0, "accepted": 0, "crash": 0}
    session = None
    for number in range(count):
        if number % 20 == 0:
            session = fresh_session(rng)
        try:
            counts[apply_line(session, bad_line(rng))] += 1
        except Exception as error:  # a crash is what this counts  # noqa: BLE001
            counts["crash"] += 1
            print(f"  crash: {type(error).__name__}: {error}")
    return counts


def fuzz_tcp(count: int, seed: int) -> dict:
    from fuzz_lines import bad_line

    rng = random.Random(seed)
    timeouts = Timeouts(heartbeat=0.2, silence=2.0, line=1.0, handshake=1.0, connect=1.0)
    host = Host(NetRules(), "Host", LOOPBACK, 0, timeouts=timeouts)
    guest = Client(*host.address, host.code, "Guest", timeouts=timeouts)
    counts = {"fault": 0, "ignored": 0, "hang": 0, "crash": 0, "game_lost": 0}
    try:
        pump([host, guest], lambda: guest.state is LinkState.PLAYING)
        host.play((7, 7))
        pump([host, guest], lambda: guest.session.ply == 1)
        for _ in range(count):
            guest.connection.sock.sendall(bad_line(rng) + b"\n" + encode(message("chat", phrase="thanks")))
            heard, deadline = False, time.monotonic() + 3
            try:
                while host.state is not LinkState.WAITING and not heard and time.monotonic() < deadline:
                    heard = any(e.kind is EventKind.CHAT for e in host.poll())
                    guest.poll()
            except Exception as error:  # noqa: BLE001
                counts["crash"] += 1
                print(f"  crash: {type(error).__name__}: {error}")
                break
            if host.state is LinkState.WAITING:
                counts["fault"] += 1
                if host.session.game.moves[:1] != [(7, 7)]:
                    counts["game_lost"] += 1
                pump([guest], lambda: guest.state is LinkState.DROPPED, seconds=3)
                guest.resume()
                if not pump([host, guest], lambda: guest.state is LinkState.PLAYING and host.state is LinkState.PLAYING):
                    counts["hang"] += 1
                    break
            elif heard:
                counts["ignored"] += 1
            else:
                counts["hang"] += 1
    finally:
        host.leave()
        guest.leave()
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fuzz", type=int, default=10000, help="bad lines fed to sessions directly")
    parser.add_argument("--fuzz-tcp", type=int, default=300, help="bad lines sent over a loopback connection")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    plan = []
    for number in range(args.games):
        kind = list(KINDS)[number % len(KINDS)]
        event = EVENTS[(number // len(KINDS)) % len(EVENTS)] if number < len(KINDS) * len(EVENTS) else None
        plan.append((kind, event))
    results = []
    print(f"{'#':>3} {'kind':<10} {'event':<9} {'moves':>5} {'end':<12} {'s':>6}  same on both sides")
    for number, (kind, event) in enumerate(plan, start=1):
        outcome = play_game(kind, event, rng)
        results.append(outcome)
        print(f"{number:>3} {outcome['kind']:<10} {outcome.get('event', '-'):<9} {outcome.get('moves', 0):>5} "
              f"{outcome.get('reason', outcome.get('why', '')):<12} {outcome.get('seconds', 0):>6.2f}  "
              f"{'yes' if outcome['ok'] else 'NO'}")
    latencies = [value for outcome in results for value in outcome.get("latencies", [])]
    good = sum(1 for outcome in results if outcome["ok"])
    print(f"\ngames: {len(results)}, both sides agree: {good}, failed: {len(results) - good}")
    ends: dict[str, int] = {}
    for outcome in results:
        ends[outcome.get("reason", "failed")] = ends.get(outcome.get("reason", "failed"), 0) + 1
    print("endings: " + ", ".join(f"{key} {value}" for key, value in sorted(ends.items())))
    if latencies:
        ordered = sorted(latencies)
        print(f"move round trip (send -> seen by the other side): median {statistics.median(ordered) * 1000:.2f} ms, "
              f"p99 {ordered[int(0.99 * (len(ordered) - 1))] * 1000:.2f} ms over {len(ordered)} moves")
    if args.fuzz:
        counts = fuzz_sessions(args.fuzz, args.seed)
        print(f"fuzz (sessions): {args.fuzz} lines: {counts['fault']} named faults, {counts['ignored']} ignored as "
              f"documented, {counts['accepted']} happened to be legal, {counts['crash']} crashes")
    if args.fuzz_tcp:
        started = time.monotonic()
        counts = fuzz_tcp(args.fuzz_tcp, args.seed)
        print(f"fuzz (tcp, 127.0.0.1): {args.fuzz_tcp} lines in {time.monotonic() - started:.1f} s: {counts['fault']} "
              f"ended the connection with a named fault, {counts['ignored']} ignored as documented, {counts['hang']} "
              f"hangs, {counts['crash']} crashes, {counts['game_lost']} games lost")
    return 0 if good == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
