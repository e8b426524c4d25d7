"""Sound effects for game events, silent (never crashing) when there is no audio device.

The mixer starts on the first sound, not at import, so a machine without audio pays nothing
until a sound is wanted, and then only logs once. A missing file becomes a silent stand-in
for that event alone (the pygame "NoneSound" idea).
"""

from __future__ import annotations

import logging
from typing import Iterable, Protocol

import pygame

from ..resources import AssetNotFoundError, asset_path
from ..rules import Stone

log = logging.getLogger(__name__)

#: Every event the game plays, and the files behind it (several variants are used in turn).
SOUND_FILES: dict[str, tuple[str, ...]] = {
    "place": ("place_1.wav", "place_2.wav", "place_3.wav", "place_4.wav"),
    "invalid": ("invalid.wav",),
    "undo": ("undo.wav",),
    "win": ("win.wav",),
    "lose": ("lose.wav",),
    "draw": ("draw.wav",),
    "click": ("click.wav",),
}
SOUND_EVENTS = tuple(SOUND_FILES)


def result_sound(winner: Stone | None, human_sides: Iterable[Stone]) -> str:
    """The event for a finished game: "draw", "lose" if every human lost, else "win".

    In hot-seat (two humans) somebody always won, so it is "win"; with no human it is "win" too.
    """
    if winner is None:
        return "draw"
    humans = tuple(human_sides)
    return "lose" if humans and winner not in humans else "win"


class UnknownSoundError(ValueError):
    """An event name that is not in SOUND_EVENTS (a programming error, caught by the tests)."""


class _Playable(Protocol):
    def play(self) -> object: ...

    def set_volume(self, value: float) -> None: ...


class SilentSound:
    """Stands in for a sound that cannot play; accepts the same calls and does nothing."""

    def play(self) -> None:
        return None

    def set_volume(self, value: float) -> None:
        return None


class SoundBoard:
    """Plays the sound for a game event at the player's volume, unless muted."""

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self._volume = _clamp(volume)
        self.muted = bool(muted)
        self._sounds: dict[str, list[_Playable]] | None = None  # loaded on first play
        self._turn: dict[str, int] = {}

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def is_silent(self) -> bool:
        """True once loading found no audio device (every event is a SilentSound)."""
        sounds = self._loaded()
        return all(isinstance(s, SilentSound) for variants in sounds.values() for s in variants)

    def play(self, event: str) -> None:
        """Play `event`'s sound (variants in turn). Raises UnknownSoundError for an unknown name."""
        if event not in SOUND_FILES:
            raise UnknownSoundError(f"unknown sound event {event!r}; expected one of {', '.join(SOUND_EVENTS)}")
        if self.muted or self._volume <= 0.0:
            return
        variants = self._loaded()[event]
        turn = self._turn.get(event, 0)
        self._turn[event] = (turn + 1) % len(variants)
        sound = variants[turn]
        try:
            sound.set_volume(self._volume)
            sound.play()
        except pygame.error as error:  # the device went away mid-game: carry on in silence
            log.warning("sound %r failed (%s); continuing silently", event, error)
            self._sounds = _silent_board()

    def preload(self) -> None:
        """Start the mixer and load every sound now (e.g. behind the menu), so the first
        stone placed does not wait for the audio device."""
        self._loaded()

    def set_volume(self, volume: float) -> None:
        self._volume = _clamp(volume)

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)

    def toggle_mute(self) -> bool:
        """Flip mute (the M key); returns the new state so the caller can save it."""
        self.muted = not self.muted
        return self.muted

    def _loaded(self) -> dict[str, list[_Playable]]:
        if self._sounds is None:
            self._sounds = _load_board()
        return self._sounds


def _clamp(volume: float) -> float:
    try:
        return min(1.0, max(0.0, float(volume)))
    except (TypeError, ValueError):
        raise ValueError(f"volume must be a number from 0 to 1, got {volume!r}") from None


def _silent_board() -> dict[str, list[_Playable]]:
    return {event: [SilentSound()] for event in SOUND_FILES}


def _start_mixer() -> bool:
    if pygame.mixer.get_init():
        return True
    try:
        pygame.mixer.pre_init(44100, -16, 2, 512)  # a small buffer keeps the click on the move
        pygame.mixer.init()
    except (pygame.error, OSError, NotImplementedError) as error:
        log.warning("no audio (%s); the game will be silent", error)
        return False
    return bool(pygame.mixer.get_init())


def _load_board() -> dict[str, list[_Playable]]:
    if not _start_mixer():
        return _silent_board()
    board: dict[str, list[_Playable]] = {}
    for event, names in SOUND_FILES.items():
        variants: list[_Playable] = []
        for name in names:
            try:
                variants.append(pygame.mixer.Sound(asset_path("sounds", name)))
            except (AssetNotFoundError, pygame.error, OSError) as error:
                log.warning("sound %s unavailable (%s); that event will be silent", name, error)
        board[event] = variants or [SilentSound()]
    return board
