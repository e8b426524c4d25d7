"""The short code a host reads out to a friend: six letters and digits that cannot be misread.

The code is the secret that lets a guest join (or rejoin) a hosted game: anyone who can
reach the port but lacks the code is refused. It leaves out 0/O, 1/I/L and U/V so it can be
said over the phone; case and spaces are ignored when it is typed.
"""

from __future__ import annotations

import hmac
import random
import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ"
LENGTH = 6


def new_code(rng: random.Random | None = None) -> str:
    """A fresh code; from the system's secure random source unless a seeded `rng` is given (tests)."""
    pick = rng.choice if rng is not None else secrets.choice
    return "".join(pick(ALPHABET) for _ in range(LENGTH))


def normalise(typed: str) -> str:
    """What the player typed, as a code: upper case, spaces and dashes dropped."""
    return "".join(ch for ch in typed.upper() if ch not in " -\t")


def is_well_formed(typed: str) -> bool:
    code = normalise(typed)
    return len(code) == LENGTH and all(ch in ALPHABET for ch in code)


def matches(expected: str, typed: str) -> bool:
    """Whether `typed` is the code `expected`, compared in constant time."""
    return hmac.compare_digest(normalise(expected).encode(), normalise(typed).encode())
