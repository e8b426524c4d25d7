"""Sound: every event plays on the dummy driver, and no audio device means silence, not a crash."""

import wave
from array import array

import pygame
import pytest

from game.resources import AssetNotFoundError, asset_path
from game.ui import sound as sound_module
from game.rules import Stone
from game.ui.sound import SOUND_EVENTS, SOUND_FILES, SilentSound, SoundBoard, UnknownSoundError, result_sound


@pytest.fixture(autouse=True)
def fresh_mixer():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


class RecordingSound:
    def __init__(self, name, log):
        self.name, self.log, self.volume = name, log, None

    def play(self):
        self.log.append((self.name, self.volume))

    def set_volume(self, value):
        self.volume = value


@pytest.fixture
def recorded(monkeypatch):
    """A SoundBoard whose sounds only write down what they were asked to play."""
    log = []
    board = {event: [RecordingSound(name, log) for name in names] for event, names in SOUND_FILES.items()}
    monkeypatch.setattr(sound_module, "_load_board", lambda: board)
    return log


def test_every_event_plays_with_the_dummy_audio_driver():
    board = SoundBoard()
    for event in SOUND_EVENTS:
        board.play(event)
    assert pygame.mixer.get_init() is not None
    assert not board.is_silent


def test_every_event_has_a_real_sound_file():
    board = SoundBoard()
    board.play("click")
    for event, variants in board._loaded().items():
        assert all(isinstance(s, pygame.mixer.Sound) for s in variants), event
        assert all(s.get_length() > 0.01 for s in variants), event


def test_when_the_mixer_cannot_start_the_game_stays_silent(monkeypatch, caplog):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    board = SoundBoard()
    for event in SOUND_EVENTS:
        board.play(event)
    board.toggle_mute()
    board.play("place")
    assert board.is_silent
    assert sum("no audio" in r.getMessage() for r in caplog.records) == 1


def test_a_missing_file_silences_only_its_event(monkeypatch):
    def lookup(*parts):
        if parts[-1] == "win.wav":
            raise AssetNotFoundError("win.wav not found")
        return asset_path(*parts)

    monkeypatch.setattr(sound_module, "asset_path", lookup)
    board = SoundBoard()
    board.play("win")
    loaded = board._loaded()
    assert isinstance(loaded["win"][0], SilentSound)
    assert isinstance(loaded["lose"][0], pygame.mixer.Sound)


def test_unknown_events_are_refused_by_name():
    with pytest.raises(UnknownSoundError, match="'plop'"):
        SoundBoard().play("plop")


def test_place_variants_are_used_in_turn(recorded):
    board = SoundBoard()
    for _ in range(5):
        board.play("place")
    names = [name for name, _ in recorded]
    assert names == ["place_1.wav", "place_2.wav", "place_3.wav", "place_4.wav", "place_1.wav"]


def test_muted_boards_play_nothing_and_m_toggles_back(recorded):
    board = SoundBoard(muted=True)
    board.play("win")
    assert recorded == []
    assert board.toggle_mute() is False
    board.play("win")
    assert [name for name, _ in recorded] == ["win.wav"]


def test_volume_is_applied_and_clamped(recorded):
    board = SoundBoard(volume=0.3)
    board.play("click")
    board.set_volume(7)
    board.play("click")
    board.set_volume(0)
    board.play("click")
    assert [volume for _, volume in recorded] == [0.3, 1.0]


def test_a_nonsense_volume_is_refused():
    with pytest.raises(ValueError, match="'loud'"):
        SoundBoard(volume="loud")


@pytest.mark.parametrize("name", [name for names in SOUND_FILES.values() for name in names])
def test_sound_files_are_short_unclipped_and_start_and_end_in_silence(name):
    with wave.open(str(asset_path("sounds", name)), "rb") as source:
        assert source.getsampwidth() == 2
        rate = source.getframerate()
        samples = array("h", source.readframes(source.getnframes()))
    assert 0.03 < len(samples) / rate < 2.0
    peak = max(abs(s) for s in samples)
    assert 0.2 * 32767 < peak < 0.95 * 32767  # audible, with headroom: no clipping
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200  # no click at either end


@pytest.mark.parametrize(
    "winner, humans, expected",
    [
        (None, (Stone.BLACK,), "draw"),
        (Stone.BLACK, (Stone.BLACK,), "win"),
        (Stone.WHITE, (Stone.BLACK,), "lose"),
        (Stone.WHITE, (Stone.BLACK, Stone.WHITE), "win"),
        (Stone.BLACK, (), "win"),
    ],
)
def test_result_sound_is_from_the_human_players_side(winner, humans, expected):
    assert result_sound(winner, humans) == expected


def _samples(name):
    with wave.open(str(asset_path("sounds", name)), "rb") as source:
        return array("h", source.readframes(source.getnframes()))


@pytest.mark.parametrize("ending", ["win.wav", "lose.wav", "draw.wav"])
def test_the_last_stone_and_the_result_sound_together_do_not_clip(ending):
    # The play scene plays "place" and then the result at once; the mixer adds them.
    result = _samples(ending)
    for place in SOUND_FILES["place"]:
        click = _samples(place)
        peak = max(abs(a + b) for a, b in zip(click, result))
        assert peak < 32767, (place, ending)
