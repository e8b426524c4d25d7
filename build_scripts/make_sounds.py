#!/usr/bin/env python3
"""Synthesise the game's sound effects into assets/sounds/ as 16-bit mono WAV files.

    python3 build_scripts/make_sounds.py            # needs numpy (build time only)

Every sound is built from sines and filtered noise with soft attacks and exponential decays,
normalised to a fixed peak below full scale (no clipping), and faded to silence at the end
(no click when it stops). A fixed seed makes the files identical on every run.
"""

from __future__ import annotations

import sys
import wave
from pathlib import Path

import numpy as np

RATE = 44100
# Peaks stay well under full scale: the last stone's click and the win chime overlap in the
# mixer, and their sum must not clip either.
PLACE_PEAK = 0.6
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"


def timeline(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def envelope(t: np.ndarray, attack: float, decay: float) -> np.ndarray:
    """A linear rise over `attack` seconds, then exponential decay with time constant `decay`."""
    rise = np.clip(t / attack, 0.0, 1.0) if attack > 0 else np.ones_like(t)
    return rise * np.exp(-np.maximum(t - attack, 0.0) / decay)


def bell(freq: float, seconds: float, decay: float, attack: float = 0.004) -> np.ndarray:
    """A soft bell-like note: the fundamental plus quieter, faster-dying upper partials."""
    t = timeline(seconds)
    partials = ((1.0, 1.0, 1.0), (2.0, 0.35, 0.6), (3.0, 0.12, 0.4), (4.2, 0.05, 0.25))
    tone = sum(
        gain * np.sin(2 * np.pi * freq * ratio * t) * envelope(t, attack, decay * life)
        for ratio, gain, life in partials
    )
    return tone


def lowpass(signal: np.ndarray, cutoff: float) -> np.ndarray:
    """A one-pole low-pass filter: enough to take the hiss off noise."""
    alpha = 1.0 - np.exp(-2 * np.pi * cutoff / RATE)
    out = np.empty_like(signal)
    acc = 0.0
    for i, x in enumerate(signal):
        acc += alpha * (x - acc)
        out[i] = acc
    return out


def wood_click(rng: np.random.Generator, pitch: float) -> np.ndarray:
    """A stone on a wooden board: a short filtered-noise tap plus a few damped wood modes."""
    t = timeline(0.16)
    tap = lowpass(rng.standard_normal(t.size), 3500.0) * envelope(t, 0.0008, 0.006)
    modes = ((1.0, 1.0, 0.030), (2.32, 0.45, 0.018), (4.1, 0.2, 0.010))
    body = sum(g * np.sin(2 * np.pi * pitch * r * t) * envelope(t, 0.0008, d) for r, g, d in modes)
    thock = 0.6 * np.sin(2 * np.pi * pitch * 0.22 * t) * envelope(t, 0.0015, 0.025)
    return 0.9 * tap + body + thock


def sequence(notes: list[tuple[float, float]], seconds: float, decay: float, gap_gain: float = 1.0) -> np.ndarray:
    """Notes (start time, frequency) mixed into one buffer, each a bell."""
    out = np.zeros(int(RATE * seconds))
    for index, (start, freq) in enumerate(notes):
        note = bell(freq, seconds - start, decay) * (gap_gain**index)
        begin = int(RATE * start)
        out[begin : begin + note.size] += note
    return out


def glide(start_hz: float, end_hz: float, seconds: float, decay: float) -> np.ndarray:
    """A sine whose pitch slides from `start_hz` to `end_hz` (exponentially, as the ear hears it)."""
    t = timeline(seconds)
    freq = start_hz * (end_hz / start_hz) ** (t / seconds)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    return (np.sin(phase) + 0.2 * np.sin(2 * phase)) * envelope(t, 0.01, decay)


def note_hz(name: str) -> float:
    """"C5" -> 523.25 Hz (equal temperament, A4 = 440)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    letter, rest = name[0], name[1:]
    shift = 0
    if rest.startswith("#"):
        shift, rest = 1, rest[1:]
    elif rest.startswith("b"):
        shift, rest = -1, rest[1:]
    semitones = steps[letter] + shift + 12 * (int(rest) - 4)
    return 440.0 * 2 ** (semitones / 12)


def finish(signal: np.ndarray, peak: float, fade: float = 0.02) -> np.ndarray:
    """Normalise to `peak` (of full scale) and fade both ends to exact silence."""
    signal = signal - signal.mean()
    signal = signal / np.max(np.abs(signal)) * peak
    tail = min(signal.size, int(RATE * fade))
    signal[-tail:] *= np.linspace(1.0, 0.0, tail)
    head = int(RATE * 0.0005)  # removing the mean may leave a tiny step at the start
    signal[:head] *= np.linspace(0.0, 1.0, head)
    return signal


def build_all() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(20261122)
    sounds: dict[str, np.ndarray] = {}
    for number, pitch in enumerate((880.0, 940.0, 830.0, 990.0), start=1):
        sounds[f"place_{number}.wav"] = finish(wood_click(rng, pitch), PLACE_PEAK)
    sounds["click.wav"] = finish(
        np.sin(2 * np.pi * 1800 * timeline(0.05)) * envelope(timeline(0.05), 0.001, 0.008), 0.35, fade=0.01
    )
    sounds["invalid.wav"] = finish(sequence([(0.0, 233.08), (0.11, 196.0)], 0.36, 0.07), 0.45)
    sounds["undo.wav"] = finish(glide(660.0, 390.0, 0.2, 0.08), 0.4)
    sounds["win.wav"] = finish(
        sequence([(0.0, note_hz("C5")), (0.11, note_hz("E5")), (0.22, note_hz("G5")), (0.33, note_hz("C6"))], 1.5, 0.45),
        0.55,
        fade=0.1,
    )
    sounds["lose.wav"] = finish(
        sequence([(0.0, note_hz("A4")), (0.28, note_hz("F4")), (0.56, note_hz("D4"))], 1.5, 0.35, gap_gain=0.9),
        0.45,
        fade=0.15,
    )
    sounds["draw.wav"] = finish(sequence([(0.0, note_hz("G4")), (0.2, note_hz("C5"))], 1.0, 0.3), 0.45, fade=0.1)
    return sounds


def write_wav(path: Path, signal: np.ndarray) -> None:
    samples = np.round(signal * 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, signal in build_all().items():
        write_wav(OUT / name, signal)
        print(f"{name:14s} {signal.size / RATE:5.2f} s  peak {np.max(np.abs(signal)):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
