"""Where the user's files live: platformdirs folders, or one folder for tests and portable runs."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

APP_NAME = "GomokuDesktop"
#: Set this to a folder to keep every user file there (tests, CI, a portable install).
ROOT_ENV_VAR = "GOMOKU_USER_DIR"


@dataclass(frozen=True)
class StoreLocations:
    """The folders the store writes to. None of them needs to exist yet."""

    config_dir: Path
    data_dir: Path
    records_dir: Path

    @classmethod
    def under(cls, root: Path) -> "StoreLocations":
        """Everything in one folder: settings and saves at the top, records in `records/`."""
        root = Path(root)
        return cls(config_dir=root, data_dir=root, records_dir=root / "records")

    @classmethod
    def for_user(cls) -> "StoreLocations":
        """The platform's per-user folders, unless GOMOKU_USER_DIR points somewhere else."""
        override = os.environ.get(ROOT_ENV_VAR)
        if override:
            return cls.under(Path(override))
        import platformdirs

        config_dir = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
        data_dir = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
        return cls(config_dir=config_dir, data_dir=data_dir, records_dir=_records_folder(data_dir))


def _records_folder(data_dir: Path) -> Path:
    """Saved records go where players look for documents; the data folder if there is none."""
    import platformdirs

    try:
        documents = Path(platformdirs.user_documents_dir())
    except Exception:  # platformdirs can fail on unusual desktops; records still need a home
        documents = None
    if documents is not None and documents.is_dir() and documents != Path.home():
        return documents / "Gomoku"
    return data_dir / "records"
