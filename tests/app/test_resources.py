import sys

import pytest

from game import resources


def test_asset_lookup_finds_files_in_the_source_tree(tmp_path, monkeypatch):
    (tmp_path / "assets" / "images").mkdir(parents=True)
    (tmp_path / "assets" / "images" / "wood.png").write_bytes(b"png")
    monkeypatch.setattr(resources, "asset_roots", lambda: [tmp_path / "nowhere", tmp_path / "assets"])
    assert resources.asset_path("images", "wood.png") == tmp_path / "assets" / "images" / "wood.png"


def test_missing_asset_names_every_path_tried(tmp_path, monkeypatch):
    roots = [tmp_path / "a", tmp_path / "b"]
    monkeypatch.setattr(resources, "asset_roots", lambda: roots)
    with pytest.raises(resources.AssetNotFoundError) as error:
        resources.asset_path("sounds", "missing.wav")
    for root in roots:
        assert str(root / "sounds" / "missing.wav") in str(error.value)


def test_frozen_build_looks_in_the_bundle_first(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.asset_roots()[0] == tmp_path / "assets"
