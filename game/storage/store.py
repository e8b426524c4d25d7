"""The user's settings, statistics and unfinished game on disk.

Loading never fails: a missing file gives defaults, and a corrupt or foreign file is moved
aside to `<name>.bak`, defaults are used, and a StoreNotice tells the GUI so it can say so.
Saving never raises either: a failed write (disk full, read-only folder) keeps the previous
file intact, is logged, and is reported once per file as a notice.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Callable

from ..model import Game, game_from_dict, game_to_dict
from .jsonfile import UnreadableFileError, move_aside, read_json, remove_stale_temps, write_json
from .locations import StoreLocations
from .rating_store import PlayerRating, RatingFileError
from .settings import Settings
from .stats import Statistics, StatisticsError

log = logging.getLogger(__name__)

SETTINGS_FORMAT = "gomoku-settings"
SETTINGS_VERSION = 1
SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"
AUTOSAVE_FILE = "autosave.json"
RATING_FILE = "rating.json"


class NoticeProblem(Enum):
    """What went wrong with a file."""

    UNREADABLE = "unreadable"  # moved aside to .bak; defaults are used
    NOT_SAVED = "not_saved"  # a write failed; the previous file is unchanged
    CARRIED_OVER = "carried_over"  # kept under an older version and carried over (the rating)


@dataclass(frozen=True)
class StoreNotice:
    """Something the player should hear about a file. `kind` is "settings", "stats", "autosave" or "rating".

    `backup` is where the unreadable file was moved (None when nothing was moved);
    `detail` is the underlying error message, for a log or a tooltip.
    """

    kind: str
    path: Path
    backup: Path | None
    problem: NoticeProblem = NoticeProblem.UNREADABLE
    detail: str = ""


class _FileRejected(ValueError):
    """Internal: the file parsed but is not ours; carries the reason."""


class UserStore:
    """Settings, statistics, the autosave and the records folder for one user.

    `root` keeps everything in one folder (tests, portable installs); None uses the
    platform's per-user folders (see StoreLocations.for_user).
    """

    def __init__(self, root: Path | None = None, now: Callable[[], float] = time.monotonic) -> None:
        self.locations = StoreLocations.for_user() if root is None else StoreLocations.under(Path(root))
        self.notices: list[StoreNotice] = []
        self._now = now
        self._failed_writes: set[str] = set()

    # ------------------------------------------------------------------ paths
    @property
    def settings_path(self) -> Path:
        return self.locations.config_dir / SETTINGS_FILE

    @property
    def stats_path(self) -> Path:
        return self.locations.data_dir / STATS_FILE

    @property
    def autosave_path(self) -> Path:
        return self.locations.data_dir / AUTOSAVE_FILE

    @property
    def rating_path(self) -> Path:
        return self.locations.data_dir / RATING_FILE

    @property
    def records_dir(self) -> Path:
        """The folder saved records go to and Load lists. It is created by the first save,
        not here, so merely looking (the result screen, Load) leaves no empty folder behind."""
        return self.locations.records_dir

    def take_notices(self) -> list[StoreNotice]:
        """The notices gathered so far, emptying the list (so each is shown once)."""
        taken, self.notices = self.notices, []
        return taken

    # --------------------------------------------------------------- settings
    def load_settings(self) -> Settings:
        data = self._load("settings", self.settings_path, _settings_payload)
        return Settings() if data is None else Settings.from_dict(data)

    def save_settings(self, settings: Settings) -> bool:
        document = {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, "settings": settings.to_dict()}
        return self._save("settings", self.settings_path, document)

    # ------------------------------------------------------------- statistics
    def load_stats(self) -> Statistics:
        stats = self._load("stats", self.stats_path, _stats_from)
        return Statistics() if stats is None else stats

    def save_stats(self, stats: Statistics) -> bool:
        return self._save("stats", self.stats_path, stats.to_dict())

    # ----------------------------------------------------------------- rating
    def load_rating(self, ladder_version: int) -> PlayerRating:
        """The player's rating against the ladder; a new player's before the first rated game.
        A rating kept under another ladder version is carried over, with a notice."""
        player = self._load("rating", self.rating_path, lambda data: _rating_from(data, ladder_version))
        if player is None:
            return PlayerRating(ladder_version=ladder_version)
        if player.carried_from:
            log.info("rating carried over from ladder version %s to %s", player.carried_from, ladder_version)
            self.notices.append(StoreNotice("rating", self.rating_path, None, NoticeProblem.CARRIED_OVER,
                                            f"ladder version {player.carried_from} -> {ladder_version}"))
        return player

    def save_rating(self, player: PlayerRating, ladder_version: int) -> bool:
        return self._save("rating", self.rating_path, player.to_dict(ladder_version))

    # --------------------------------------------------------------- autosave
    def save_game(self, game: Game) -> bool:
        """Keep `game` so Continue can resume it after a restart or a crash."""
        return self._save("autosave", self.autosave_path, game_to_dict(game))

    def load_game(self) -> Game | None:
        """The autosaved game if there is one still in progress, else None."""
        game = self._load("autosave", self.autosave_path, lambda data: _game_from(data, self._now))
        if game is None or game.is_over:
            return None
        return game

    def has_game(self) -> bool:
        """Whether there is an autosave file at all (cheap check for enabling Continue)."""
        return self.autosave_path.is_file()

    def clear_game(self) -> None:
        """Forget the autosave (the game ended or the player started a new one)."""
        try:
            self.autosave_path.unlink(missing_ok=True)
        except OSError as error:
            log.warning("cannot remove the autosave %s: %s", self.autosave_path, error)

    # ---------------------------------------------------------------- helpers
    def _load(self, kind: str, path: Path, parse: Callable[[Any], Any]) -> Any | None:
        remove_stale_temps(path)
        try:
            data = read_json(path)
            if data is None:
                return None
            return parse(data)
        except (UnreadableFileError, _FileRejected) as error:
            self._set_aside(kind, path, str(error))
        except OSError as error:  # unreadable (permissions, a folder in the way): leave it alone
            log.warning("cannot read %s: %s", path, error)
            self.notices.append(StoreNotice(kind, path, None, NoticeProblem.UNREADABLE, str(error)))
        return None

    def _set_aside(self, kind: str, path: Path, detail: str) -> None:
        try:
            backup: Path | None = move_aside(path)
        except OSError as error:
            log.warning("cannot move %s aside: %s", path, error)
            backup = None
        log.warning("%s file %s was unreadable (%s); using defaults, kept as %s", kind, path, detail, backup)
        self.notices.append(StoreNotice(kind, path, backup, NoticeProblem.UNREADABLE, detail))

    def _save(self, kind: str, path: Path, document: dict[str, Any]) -> bool:
        try:
            write_json(path, document)
        except OSError as error:
            log.warning("cannot save %s to %s: %s", kind, path, error)
            if kind not in self._failed_writes:  # one notice per file, not one per move
                self._failed_writes.add(kind)
                self.notices.append(StoreNotice(kind, path, None, NoticeProblem.NOT_SAVED, str(error)))
            return False
        self._failed_writes.discard(kind)
        return True


def _settings_payload(data: Any) -> Any:
    if not isinstance(data, dict) or data.get("format") != SETTINGS_FORMAT:
        raise _FileRejected("not a Gomoku settings file")
    if data.get("version") != SETTINGS_VERSION:
        raise _FileRejected(f"unsupported settings version {data.get('version')!r}")
    payload = data.get("settings")
    if not isinstance(payload, dict):
        raise _FileRejected(f"'settings' must be an object, got {payload!r}")
    return payload


def _stats_from(data: Any) -> Statistics:
    try:
        return Statistics.from_dict(data)
    except StatisticsError as error:
        raise _FileRejected(str(error)) from None


def _rating_from(data: Any, ladder_version: int) -> PlayerRating:
    try:
        return PlayerRating.from_dict(data, ladder_version)
    except RatingFileError as error:
        raise _FileRejected(str(error)) from None


def _game_from(data: Any, now: Callable[[], float]) -> Game:
    # The saved game is replayed through the rules; any malformation, including ones the
    # model does not anticipate (wrong container types), must mean "corrupt", never a crash.
    try:
        return game_from_dict(data, now)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        raise _FileRejected(f"bad saved game: {error}") from None
