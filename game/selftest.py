"""`gomoku --self-test`: prove that a build works end to end, without a window or a sound card.

It loads every file under assets/ with pygame (images, sounds, fonts, the icon), then plays a
short AI-vs-AI game through the real EngineWorker, which starts a "spawn" process. In a
PyInstaller build that is the part most likely to break (a missing data file, a forgotten
`freeze_support()`), so CI runs the self-test on the built executable.

It prints one summary line, e.g.
`self-test ok: 12 assets, 31 moves, winner black, engine compiled, 4.2s` ("engine python"
when the compiled kernel is missing from the build: it still plays, at a third of the speed),
and logs it too, because a windowed Windows build has no stdout. Exit status 0 means it passed.
"""

from __future__ import annotations

import io
import logging
import os
import struct
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.resources import AssetNotFoundError, assets_folder, bundled_assets

if TYPE_CHECKING:
    from game.engine import EngineReply, EngineWorker

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp", ".tga"}
SOUND_SUFFIXES = {".wav", ".ogg", ".mp3", ".flac"}
FONT_SUFFIXES = {".ttf", ".otf"}
ICON_SUFFIXES = {".ico"}

#: A fast level and budget, so the whole game takes a few seconds on a slow machine.
GAME_TIME_MS = 60
MAX_MOVES = 120
#: A move that takes this long means the worker is stuck, not slow.
MOVE_TIMEOUT_SECONDS = 30.0


class SelfTestError(RuntimeError):
    """A check of the self-test failed; the message names the file or step."""


@dataclass(frozen=True)
class SelfTestReport:
    """What the self-test did, as the numbers in its summary line."""

    assets: int
    moves: int
    winner: str
    seconds: float
    engine: str = "python"

    def summary(self) -> str:
        return (f"self-test ok: {self.assets} assets, {self.moves} moves, winner {self.winner}, "
                f"engine {self.engine}, {self.seconds:.1f}s")


# ----------------------------------------------------------------------------- assets
def ico_images(data: bytes) -> list[bytes]:
    """The images inside an .ico file (ICONDIR, ICONDIRENTRY list). Raises SelfTestError if malformed."""
    if len(data) < 6:
        raise SelfTestError(f"icon file too short ({len(data)} bytes)")
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    if reserved != 0 or kind != 1 or count == 0:
        raise SelfTestError(f"not an icon file: header {(reserved, kind, count)!r}")
    images = []
    for index in range(count):
        entry_at = 6 + 16 * index
        if entry_at + 16 > len(data):
            raise SelfTestError(f"icon directory entry {index} is cut off")
        size, offset = struct.unpack_from("<II", data, entry_at + 8)
        if offset + size > len(data):
            raise SelfTestError(f"icon image {index} runs past the end of the file")
        images.append(data[offset : offset + size])
    return images


def load_asset(path: Path) -> bool:
    """Load one asset with pygame. False for files that are not media (licences, notes).

    Raises SelfTestError naming the file when pygame cannot load it.
    """
    import pygame

    suffix = path.suffix.lower()
    try:
        if suffix in IMAGE_SUFFIXES:
            pygame.image.load(str(path))
        elif suffix in SOUND_SUFFIXES:
            if pygame.mixer.Sound(str(path)).get_length() <= 0:
                raise SelfTestError(f"sound {path} is empty")
        elif suffix in FONT_SUFFIXES:
            font = pygame.font.Font(str(path), 24)
            if font.render("Gomoku 五子棋", True, (0, 0, 0)).get_width() <= 0:
                raise SelfTestError(f"font {path} renders nothing")
        elif suffix in ICON_SUFFIXES:
            for image in ico_images(path.read_bytes()):
                pygame.image.load(io.BytesIO(image), "icon.png")
        else:
            return False
    except (pygame.error, OSError, ValueError) as error:
        raise SelfTestError(f"cannot load asset {path}: {error}") from error
    return True


def load_every_asset() -> int:
    """Start pygame on the dummy drivers and load each asset. Returns how many were loaded."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    pygame.font.init()
    try:
        pygame.mixer.init()
    except pygame.error as error:
        raise SelfTestError(f"the mixer does not start even on the dummy audio driver: {error}") from error
    try:
        pygame.display.set_mode((64, 64))
        try:
            files = bundled_assets()
        except AssetNotFoundError as error:
            raise SelfTestError(str(error)) from error
        loaded = 0
        for path in files:
            if load_asset(path):
                loaded += 1
            else:
                log.info("self-test: skipped non-media file %s", path)
        if loaded == 0:
            raise SelfTestError(f"no images, sounds or fonts found in {assets_folder()}")
        return loaded
    finally:
        pygame.quit()


# ----------------------------------------------------------------------------- engine game
def play_engine_game(max_moves: int = MAX_MOVES, time_ms: int = GAME_TIME_MS) -> tuple[int, str]:
    """Play Beginner against itself through the EngineWorker process. Returns (moves, winner).

    The winner is "black", "white", "draw", or "none" when `max_moves` ran out first.
    Raises SelfTestError when the worker fails, hangs or plays an illegal move.
    """
    from game.engine import EngineWorker, FailedReply, Level, Limit, MoveReply, Position
    from game.rules import Board, IllegalMoveError, Rule

    board = Board(15, Rule.FREESTYLE)
    with EngineWorker() as worker:
        for move_number in range(max_moves):
            job = worker.request(Position.from_board(board), Level.BEGINNER, Limit(time_ms=time_ms), seed=move_number)
            reply = _wait_for_reply(worker, job)
            if not isinstance(reply, MoveReply):
                why = reply.error if isinstance(reply, FailedReply) else type(reply).__name__
                raise SelfTestError(f"engine worker failed on move {move_number + 1}: {why}")
            if worker.pid == os.getpid():
                raise SelfTestError("the engine ran in the game process, not in a worker process")
            try:
                board.push(reply.result.move)
            except IllegalMoveError as error:
                raise SelfTestError(f"engine played an illegal move {reply.result.move!r}: {error}") from error
            outcome = board.outcome()
            if outcome is not None:
                winner = "draw" if outcome.winner is None else outcome.winner.name.lower()
                return board.move_count, winner
    return board.move_count, "none"


def _wait_for_reply(worker: EngineWorker, job: int) -> EngineReply:
    reply = worker.wait(MOVE_TIMEOUT_SECONDS)
    if reply is None:
        raise SelfTestError(f"engine worker gave no reply to job {job} within {MOVE_TIMEOUT_SECONDS:.0f}s")
    return reply


# ----------------------------------------------------------------------------- entry
def run_self_test() -> int:
    """Run every check, print and log one summary line. Returns the process exit status."""
    started = time.perf_counter()
    try:
        assets = load_every_asset()
        moves, winner = play_engine_game()
    except SelfTestError as error:
        return _fail(str(error))
    except Exception as error:  # a check command reports any breakage as a failure line, not a crash
        log.exception("self-test crashed")
        return _fail(f"unexpected {type(error).__name__}: {error}")
    from game.engine import kernel_available

    engine = "compiled" if kernel_available() else "python"
    report = SelfTestReport(assets, moves, winner, time.perf_counter() - started, engine)
    log.info(report.summary())
    print(report.summary(), flush=True)
    return 0


def _fail(reason: str) -> int:
    message = f"self-test FAILED: {reason}"
    log.error(message)
    print(message, file=sys.stderr, flush=True)
    return 1
