"""Crafted games for the coach tests (alternating play, black first)."""

#: Small time per position keeps the tests fast; the proofs get their own generous bound
#: (they end by themselves long before it), so the flags do not depend on the machine's load.
FAST_MS = 100
PROOF_MS = 3000


# Two games of the Casual level against itself (seeded), found by scanning self-play for
# forced wins with find_win. GAME_MISSED_VCT: white's move 40 (j10) lets black win by VCT,
# and black's move 41 (l6) misses it; no other position of the game has a forced win.
GAME_MISSED_VCT = [
    (7, 7), (8, 8), (7, 9), (7, 6), (8, 9), (7, 8), (6, 9), (5, 9), (9, 9), (10, 9), (9, 8), (9, 10), (8, 10),
    (8, 11), (11, 8), (7, 12), (6, 13), (10, 7), (10, 8), (11, 7), (12, 8), (13, 8), (9, 11), (6, 8), (6, 12),
    (7, 11), (5, 8), (6, 10), (4, 8), (12, 7), (9, 7), (13, 7), (14, 7), (13, 9), (13, 10), (10, 5), (10, 12),
    (11, 13), (11, 6), (9, 5), (11, 9), (13, 5), (13, 6), (11, 5),
]
# GAME_MISSED_VCF: white follows a forced win from move 20, then at move 22 plays j7 where
# a VCF (l10 ...) wins at once, and the win is gone.
GAME_MISSED_VCF = [
    (7, 7), (8, 8), (7, 8), (9, 7), (7, 9), (7, 10), (7, 6), (7, 5), (5, 7), (8, 6), (10, 8), (8, 7), (8, 9),
    (6, 4), (5, 3), (8, 5), (8, 4), (9, 5), (6, 5), (9, 9), (4, 7), (9, 8), (9, 6), (9, 10),
]
