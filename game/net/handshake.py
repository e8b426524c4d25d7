"""Proving the join code without sending it, and keeping guessers and silent connections from locking the host.

The host sends a fresh nonce; the guest answers with an HMAC of the nonce and its name keyed
by the code (or, to resume, by the token the host gave it when it joined). A listener on the
wire learns neither the code nor a reusable answer.

`GuessGuard` limits wrong answers. Per address, the first FREE_GUESSES wrong answers cost
nothing; each further one locks that address out for twice as long as the last (from
LOCK_SECONDS up to LOCK_MAX_SECONDS). In total, every ROTATE_AFTER wrong answers the code is
replaced by a new one (the host is told and reads the new one out) and all first joins wait
a lockout that doubles with each rotation; after SHUT_AFTER_ROTATIONS rotations the game
takes no new guest at all (a guest with a token can still resume). So a code sees at most
ROTATE_AFTER wrong guesses, whatever number of addresses the guesser has.

`Admission` decides which connections that have not yet proven anything the host keeps:
at most MAX_PENDING in all and PER_ADDRESS_PENDING per address, the oldest pushed out by a
newcomer, so a flood of silent connections cannot keep a real guest (who answers at once)
out.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import OrderedDict

from .join_code import normalise

FREE_GUESSES = 3
LOCK_SECONDS = 2.0
LOCK_MAX_SECONDS = 300.0
ROTATE_AFTER = 20
SHUT_AFTER_ROTATIONS = 5
#: Addresses remembered at most (the oldest forgotten first), so memory stays flat.
REMEMBERED_ADDRESSES = 4096

MAX_PENDING = 64
PER_ADDRESS_PENDING = 8


def new_nonce() -> str:
    return secrets.token_hex(16)


def new_token() -> str:
    return secrets.token_hex(16)


def proof(secret: str, nonce: str, name: str) -> str:
    """The hello's proof: HMAC-SHA256 of the nonce and the name, keyed by the code or a token.

    A code is normalised first (case, spaces and dashes do not matter); a token is 32 hex digits."""
    key = (secret if len(secret) == 32 else normalise(secret)).encode("utf-8")
    text = f"gomoku-join|{nonce}|{name}".encode("utf-8")
    return hmac.new(key, text, hashlib.sha256).hexdigest()


def proof_matches(secret: str, nonce: str, name: str, answer: str) -> bool:
    return hmac.compare_digest(proof(secret, nonce, name).encode(), answer.encode("ascii", "replace"))


class GuessGuard:
    """Wrong answers per address and in total, and the lockouts they earn."""

    def __init__(self) -> None:
        self._wrong: OrderedDict[str, int] = OrderedDict()
        self._locked_until: dict[str, float] = {}
        self.total_wrong = 0
        self.rotations = 0
        self._all_locked_until = 0.0

    @property
    def shut(self) -> bool:
        """Too many wrong guesses in total: no new guest (resumes with a token still work)."""
        return self.rotations >= SHUT_AFTER_ROTATIONS

    def wait_for(self, address: str, now: float, first_join: bool) -> float:
        """Seconds `address` must still wait before its answer is checked (0: check it now)."""
        wait = self._locked_until.get(address, 0.0) - now
        if first_join:
            wait = max(wait, self._all_locked_until - now)
        return max(0.0, wait)

    def wrong(self, address: str, now: float) -> bool:
        """Count a wrong answer from `address`; True when the code must be replaced now."""
        count = self._wrong.pop(address, 0) + 1
        self._wrong[address] = count
        while len(self._wrong) > REMEMBERED_ADDRESSES:
            forgotten, _ = self._wrong.popitem(last=False)
            self._locked_until.pop(forgotten, None)
        if count > FREE_GUESSES:
            self._locked_until[address] = now + min(LOCK_MAX_SECONDS, LOCK_SECONDS * 2 ** (count - FREE_GUESSES - 1))
        self.total_wrong += 1
        if self.total_wrong % ROTATE_AFTER:
            return False
        self.rotations += 1
        self._all_locked_until = now + min(LOCK_MAX_SECONDS, LOCK_SECONDS * 2 ** (self.rotations - 1))
        return True

    def right(self, address: str) -> None:
        self._wrong.pop(address, None)
        self._locked_until.pop(address, None)


def address_of(peer: str) -> str:
    """The address part of LineConnection.peer ("127.0.0.1:5000", "::1:5000")."""
    return peer.rsplit(":", 1)[0] if ":" in peer else peer
