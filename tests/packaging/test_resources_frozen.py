"""Asset lookup in a fake PyInstaller one-dir layout: dist/gomoku/{gomoku, _internal/assets/...}."""

import sys

import pytest

from game import resources


@pytest.fixture
def frozen_layout(tmp_path, monkeypatch):
    app_dir = tmp_path / "gomoku"
    internal = app_dir / "_internal"
    (internal / "assets" / "sounds").mkdir(parents=True)
    (internal / "assets" / "sounds" / "place.wav").write_bytes(b"RIFF")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(internal), raising=False)
    monkeypatch.setattr(sys, "executable", str(app_dir / "gomoku"))
    return app_dir


def test_asset_resolves_inside_the_bundle(frozen_layout):
    expected = frozen_layout / "_internal" / "assets" / "sounds" / "place.wav"
    assert resources.asset_path("sounds", "place.wav") == expected


def test_missing_asset_in_a_frozen_build_lists_bundle_and_executable_folders(frozen_layout):
    with pytest.raises(resources.AssetNotFoundError) as error:
        resources.asset_path("fonts", "missing.ttf")
    message = str(error.value)
    assert str(frozen_layout / "_internal" / "assets" / "fonts" / "missing.ttf") in message
    assert str(frozen_layout / "assets" / "fonts" / "missing.ttf") in message


def test_bundled_assets_lists_files_of_the_bundle(frozen_layout):
    assert resources.bundled_assets() == [frozen_layout / "_internal" / "assets" / "sounds" / "place.wav"]


def test_no_assets_folder_anywhere_names_the_roots(tmp_path, monkeypatch):
    monkeypatch.setattr(resources, "asset_roots", lambda: [tmp_path / "x", tmp_path / "y"])
    with pytest.raises(resources.AssetNotFoundError, match="tried: .*x, .*y"):
        resources.assets_folder()
