"""With no audio device the whole game plays, autosaves and ends normally, in silence."""

import pygame
import pytest

from game.model import Game, GameConfig, Player
from game.ui.sound import SilentSound


@pytest.fixture
def no_audio_device(monkeypatch):
    pygame.mixer.quit()

    def refuse(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    yield
    pygame.mixer.quit()


def test_a_hot_seat_game_plays_to_the_end_without_audio(no_audio_device, make_app, store):
    app = make_app()
    game = Game(GameConfig(black=Player.human("Ann"), white=Player.human("Bob")))
    app.manager.switch("play", game=game)
    app.step(dt=1 / 60)
    scene = app.manager.current
    scene.place((7, 7))
    scene.place((7, 7))  # refused: the "invalid" sound is silent too
    assert store.load_game().moves == [(7, 7)]  # autosaved after the move
    for point in [(0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3), (11, 7)]:
        scene.place(point)
    app.step(dt=1 / 60)
    assert game.is_over and app.manager.current_name == "result"
    assert app.sound.is_silent
    assert all(isinstance(s, SilentSound) for variants in app.sound._loaded().values() for s in variants)
    assert not store.has_game()  # a finished game is not offered to continue
