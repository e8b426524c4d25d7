"""One external brain process: started in its own folder and process group, read by threads,
and always ended, with everything it started.

A reader thread stamps every stdout line with its arrival time, so lateness is judged by
when a line came, not when we looked. stderr is read too (a full stderr pipe would freeze
the brain) and its last lines are kept for error messages. The brain runs in a new process
group (a new session on POSIX), so `kill` also ends the helpers a brain or a shell wrapper
started: no process is left behind.
"""

from __future__ import annotations

import collections
import os
import queue
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Sequence

#: Lines longer than this are cut (a brain printing a megabyte without a newline is garbage anyway).
MAX_LINE = 2000
_EOF = None


def split_command(command: str | Sequence[str]) -> list[str]:
    """A command line as argv. A string that names an existing file is one path, spaces and all;
    otherwise it is split like a shell would (quotes group words). Raises ValueError if empty."""
    if not isinstance(command, str):
        argv = [str(part) for part in command]
    else:
        text = command.strip()
        if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'" and Path(text[1:-1]).is_file():
            text = text[1:-1]
        argv = [text] if text and Path(text).is_file() else split_words(text, windows=os.name == "nt")
    if not argv or not argv[0]:
        raise ValueError("an engine command cannot be empty")
    return argv


def split_words(text: str, windows: bool) -> list[str]:
    """Split a command line into words. Windows paths keep their backslashes (no escapes there),
    and the quotes that group a word with spaces are removed on both systems."""
    if not windows:
        return shlex.split(text)
    words = shlex.split(text, posix=False)
    return [word[1:-1] if len(word) >= 2 and word[0] == word[-1] == '"' else word for word in words]


def working_folder(argv: Sequence[str]) -> Path | None:
    """The brain's own folder when its program is given as a path (brains read their config and
    weights from there, as Piskvork runs them); None for a bare name found on PATH ("python3")."""
    program = argv[0]
    if _is_path(program):
        return Path(program).resolve().parent
    return None


def _is_path(program: str) -> bool:
    """A program given as a path (with a folder, or a file right here) rather than a name on PATH."""
    return os.sep in program or bool(os.altsep and os.altsep in program) or Path(program).is_file()


class BrainProcess:
    """A running brain. Raises OSError from the constructor when the program cannot be started."""

    def __init__(self, argv: Sequence[str], cwd: Path | None = None) -> None:
        self.argv = list(argv)
        program = self.argv[0]
        if _is_path(program):
            if not Path(program).is_file():
                raise FileNotFoundError(f"there is no file at {program!r}")
            program = str(Path(program).resolve())  # it is run from its own folder
        elif shutil.which(program) is None:
            raise FileNotFoundError(f"no program named {program!r} on the PATH")
        options: dict = {}
        if os.name == "nt":
            # no console window pops up over the game; a group so the whole tree can be ended
            options["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP | getattr(subprocess, "CREATE_NO_WINDOW", 0)
        else:
            options["start_new_session"] = True
        self.process = subprocess.Popen(
            [program, *self.argv[1:]],
            cwd=str(cwd) if cwd is not None else None,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
            **options,
        )
        self.lines: queue.Queue[tuple[float, str | None]] = queue.Queue()
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=8)
        self._threads = [
            threading.Thread(target=self._read_stdout, name="brain-stdout", daemon=True),
            threading.Thread(target=self._read_stderr, name="brain-stderr", daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    @property
    def pid(self) -> int:
        return self.process.pid

    def _read_stdout(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        try:
            for line in stream:
                self.lines.put((time.monotonic(), line.rstrip("\r\n")[:MAX_LINE]))
        except (OSError, ValueError):
            pass
        self.lines.put((time.monotonic(), _EOF))

    def _read_stderr(self) -> None:
        stream = self.process.stderr
        assert stream is not None
        try:
            for line in stream:
                text = line.rstrip("\r\n")[:200]
                if text.strip():
                    self.stderr_tail.append(text)
        except (OSError, ValueError):
            pass

    def send(self, *lines: str) -> bool:
        """Write lines to the brain; False if its input is closed (it died)."""
        stream = self.process.stdin
        if stream is None:
            return False
        try:
            stream.write("".join(line + "\n" for line in lines))
            stream.flush()
            return True
        except (BrokenPipeError, OSError, ValueError):
            return False

    def next_line(self, deadline: float) -> tuple[float, str | None] | None:
        """The next (arrival time, line) before `deadline` (monotonic); line None at end of output;
        None itself when nothing came in time."""
        remaining = deadline - time.monotonic()
        try:
            return self.lines.get(timeout=remaining) if remaining > 0 else self.lines.get_nowait()
        except queue.Empty:
            return None

    def drain(self) -> list[str]:
        """Lines that arrived unasked (an end of output is kept for the next read)."""
        drained: list[str] = []
        while True:
            try:
                stamp, line = self.lines.get_nowait()
            except queue.Empty:
                return drained
            if line is _EOF:
                self.lines.put((stamp, line))
                return drained
            drained.append(line)

    def finish_stderr(self, seconds: float) -> None:
        """Give the stderr reader a moment to take a dead brain's last words."""
        self._threads[1].join(timeout=seconds)

    @property
    def exit_code(self) -> int | None:
        return self.process.poll()

    def wait_exit(self, seconds: float) -> int | None:
        try:
            return self.process.wait(timeout=max(0.0, seconds))
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        """End the brain and everything in its process group, now, and reap it."""
        if os.name == "nt":
            if self.process.poll() is None:
                subprocess.run(
                    ["taskkill", "/F", "/T", "/PID", str(self.process.pid)],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
                )
        else:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)  # the group outlives its leader
            except (ProcessLookupError, PermissionError):
                pass
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self._close_pipes()

    def _close_pipes(self) -> None:
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                if stream is not None:
                    stream.close()
            except (OSError, ValueError):
                pass

    def close(self, grace: float) -> bool:
        """Ask the brain to end (END), wait up to `grace` seconds, then kill its group.

        Returns True when it ended by itself. Its helpers are ended either way.
        """
        if self.process.poll() is None:
            self.send("END")
        ended = self.wait_exit(grace) is not None
        self.kill()
        return ended


def python_command(*args: str) -> list[str]:
    """argv that runs this Python with `args` (for tests and the built-in brain from source)."""
    return [sys.executable, *args]
