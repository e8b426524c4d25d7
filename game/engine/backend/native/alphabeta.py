"""NativeAlphaBeta: backend/pure/alphabeta.py's search with the tree below the root in C
(native/search/search.c, node for node the Python search under `reference`; with its own
additions, the features below, in play). The root loop stays the Python one."""

from __future__ import annotations

import functools
import os
from array import array

from ...levels.config import DEPTH_SHAPED, LevelConfig
from ...move_search.clock import Clock, SearchStopped
from ..pure.alphabeta import AlphaBeta
from . import KERNEL, NETS
from .board import NativeBoard
from .threats import NativeThreatSearch

#: Why the compiled search stopped (its `halt` code).
_HALT_REASONS = {1: "stop flag set", 2: "deadline passed", 3: "node budget spent"}
#: What the compiled search may add to the Python search, by name: bits of its features
#: (FEATURE_* in native/search/search.h), and "keep_table" (its transposition table kept across
#: the time-limited searches of a process).
FEATURE_BITS = {
    "keep_table": 0, "tempo": 1, "node_vcf": 2, "counter": 4, "deep_lmr": 8, "futility": 16, "aspiration": 32,
    "vcf_cap": 64, "prove": 128, "net_order": 1024, "net_eval": 2048,
}
#: "net_order": the learned network's policy orders the moves of the depth-shaped search's deeper
#: nodes (native/search/params.h: NET_ORDER_PLIES), on a 15x15 board whose rule has weights
#: loaded (NETS); elsewhere the bit is dropped. Off by default: see benchmarks/README.md.
#: "net_eval": the network's value (the log-odds of its win rate, native/search/params.h:
#: NET_EVAL_SCALE) is the depth-shaped search's static evaluation, on the same terms, on every turn.
#: "net_eval_long" (no bit of its own): the same, only where the config asks for it
#: (LevelConfig.net_value: root.py sets it on long timed turns). It gained 7.0 +- 3.6 points at
#: 1000 ms a move and lost 5.0 +- 5.9 at 250 ms (benchmarks/LOG.md).
#: The bit that runs the depth-shaped search (native/search/search_pvs.h) for a config with search="pvs",
#: and the one added for search="pvs-narrow" (late moves reduced about twice as much).
_PVS_BIT = 256
_PVS_NARROW_BIT = 512
#: Switches named like features that are not bits of the compiled search.
_SWITCHES = ("keep_table", "net_eval_long")
#: The additions used in play (vcf_cap and net_eval_long only where the level config asks for
#: them: on short turns, on long ones). GOMOKU_ENGINE_FEATURES (names joined by commas, or "none")
#: replaces them, so that a match can weigh one against another without a rebuild.
DEFAULT_FEATURES = ("keep_table", "node_vcf", "counter", "aspiration", "vcf_cap", "net_eval_long")


def _features() -> tuple[int, frozenset[str]]:
    """(feature bits, the switches chosen) from GOMOKU_ENGINE_FEATURES or the defaults."""
    names = os.environ.get("GOMOKU_ENGINE_FEATURES")
    chosen = DEFAULT_FEATURES if names is None else [n.strip() for n in names.split(",") if n.strip() not in ("", "none")]
    unknown = [name for name in chosen if name not in FEATURE_BITS and name not in _SWITCHES]
    if unknown:
        known = sorted(set(FEATURE_BITS) | set(_SWITCHES))
        raise ValueError(f"unknown engine feature(s) {unknown!r} in GOMOKU_ENGINE_FEATURES; known: {known}")
    return sum(FEATURE_BITS.get(name, 0) for name in set(chosen)), frozenset(chosen) & frozenset(_SWITCHES)


#: Run the compiled search as the Python search, node for node (tests set it to compare).
REFERENCE_SEARCH = False
#: Entries of the transposition table the compiled search keeps across the moves of a game.
_TABLE_ENTRIES = 1 << 19


@functools.lru_cache(maxsize=2)
def _shared_table(rule: str, size: int, config: LevelConfig, noise_key: int):
    """The transposition table kept across searches with the same settings (its entries stay
    true for them: a position's hash is the same in every game)."""
    return KERNEL.Table(_TABLE_ENTRIES)


class NativeAlphaBeta(AlphaBeta):
    """AlphaBeta whose negamax is one call of the compiled search."""

    board: NativeBoard

    def __init__(
        self, board: NativeBoard, config: LevelConfig, clock: Clock, threats: NativeThreatSearch, seed: int,
        reference: bool | None = None, prove: bool = False,
    ) -> None:
        """With `reference` (default: REFERENCE_SEARCH) exactly as the Python search does, with a
        fresh exact table, without the compiled search's own additions. Time-limited searches
        share a transposition table with the searches before them. `prove` as AlphaBeta's."""
        super().__init__(board, config, clock, threats, seed, prove)
        if reference is None:
            reference = REFERENCE_SEARCH
        # Kept across moves only under a deadline alone: a depth- or node-limited search
        # (a ladder rung has both a node cap and a deadline) must not depend on what was
        # searched before it (it is deterministic).
        features, switches = (0, frozenset()) if reference else _features()
        keep = "keep_table" in switches
        if not config.capped_vcf:  # a short turn's setting (root.py)
            features &= ~FEATURE_BITS["vcf_cap"]
        if config.net_value and "net_eval_long" in switches:  # a long turn's setting (root.py)
            features |= FEATURE_BITS["net_eval"]
        features = features | FEATURE_BITS["prove"] if prove else features & ~FEATURE_BITS["prove"]
        if config.search in DEPTH_SHAPED and not reference:
            # With the evaluation's tempo term: the depth-shaped search prunes by margins
            # on the static score, which the tempo keeps from swinging between odd and even
            # plies (300 ms against Rapfi at 40 ms, 100 games: 66% with it, 50.5% without).
            features |= _PVS_BIT | FEATURE_BITS["tempo"]
            if config.search == "pvs-narrow":
                features |= _PVS_NARROW_BIT
            self.depth_shaped = True
        net_bits = FEATURE_BITS["net_order"] | FEATURE_BITS["net_eval"]
        if features & net_bits:
            net = NETS.get(board.rule) if board.size == 15 else None
            if features & _PVS_BIT and net is not None:
                board.follow_net(net)
            else:
                features &= ~net_bits
        self.features = features  # the compiled search's bits, as it runs (tests read them)
        self.aspiration = bool(features & FEATURE_BITS["aspiration"])
        keep = keep and clock.deadline is not None and clock.max_nodes is None
        # Otherwise a fresh exact table (Table(0)), as the Python search's dict. Its
        # transposition table, killers and history live in C; it shares the VCF failure memo
        # with `threats`.
        table = _shared_table(board.rule.value, board.size, config, self.noise_key) if keep else KERNEL.Table(0)
        self.native = KERNEL.Search(
            board.kernel, threats.vcf_memo, self.history, table, config.width, config.node_vcf, config.noise,
            self.noise_key, config.sees_threes, config.quiet_threes, features,
            evaluation=self.weights.search_constants(),
        )

    @staticmethod
    def _new_history(length: int) -> array:
        """An array, which the compiled ordering and search read in place."""
        return array("q", bytes(8 * length))

    def negamax(self, depth: int, alpha: int, beta: int, ply: int, side: int) -> int:
        """The whole tree in C, on the Python clock's count (so it stops where Python would)."""
        clock = self.clock
        score, clock.nodes, clock.next_check, halt = self.native.negamax(
            depth, alpha, beta, ply, side, clock.kernel_state())
        if halt:
            raise SearchStopped(_HALT_REASONS[halt])
        return score

    def _tt_move(self, colour: int) -> int:
        return self.native.tt_move(colour)
