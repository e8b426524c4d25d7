"""The Gomoku AI: pattern evaluation, threat search and alpha-beta search.

Standard library only (never pygame). `search` takes a plain `Position` and returns a
`SearchResult`; whoever calls it owns the clock through `Limit` and the `stop` flag.

This is the engine's one front door: other packages import engine things from here, never
from a module inside (build_scripts/import_graph.py checks it). The engine's own tests
(tests/engine) and the lab scripts that tune its insides (benchmarks/, build_scripts/) may
reach further in.
"""

from .api import RENAMED_RUNGS, Candidate, Level, Limit, Position, PositionError, SearchResult, default_limit
from .backend import BLACK, WHITE, EngineBoard, ThreatSearch, ThreatSpaceSearch, any_cell, kernel_available, warm_up
from .backend import current as current_backend
from .coach.analysis import UNPROVEN_CHANCE, Analysis, Proof, analyse, find_win, proven_analysis, win_chance, wins_after
from .coach.opening_choice import OpeningDecision, black_view, choose_colour, decide, forced_win, place_two, propose_opening
from .eval.patterns import C_BLOCK4_FLEX3, C_FIVE, C_FLEX4, C_FORBIDDEN, DEFENCE_CLASSES, FOUR_CLASSES, THREE_CLASSES
from .levels.config import level_config
from .move_search.clock import Clock, SearchStopped, StopAt
from .move_search.root import StopFlag, search
from .move_search.scores import UNPROVEN_THRESHOLD, WIN, WIN_THRESHOLD, unproven
from .worker import (
    AnalysisReply, EngineJob, EngineReply, EngineWorker, FailedReply, MoveReply, OpeningReply, Purpose, TaskReply,
    WorkerClosedError,
)

__all__ = [
    # Play: one search, its limits and its answer.
    "Level", "Limit", "Position", "PositionError", "SearchResult", "Candidate", "default_limit", "search",
    "StopFlag", "RENAMED_RUNGS", "level_config", "kernel_available", "warm_up",
    # The backend in use: what it can afford (fast_threats: the larger proof budgets), its name.
    "current_backend",
    # The clock a search or proof runs under.
    "Clock", "SearchStopped", "StopAt",
    # Scores: the scale a search result's score is on.
    "WIN", "WIN_THRESHOLD", "UNPROVEN_THRESHOLD", "unproven",
    # The coach's services: analysis, proofs and the opening's choices.
    "Analysis", "Proof", "analyse", "find_win", "proven_analysis", "win_chance", "wins_after", "UNPROVEN_CHANCE",
    "OpeningDecision", "black_view", "choose_colour", "decide", "forced_win", "place_two", "propose_opening",
    # The worker process that keeps searches off the window's thread, and its job contract.
    "EngineWorker", "EngineJob", "Purpose", "EngineReply", "MoveReply", "OpeningReply", "AnalysisReply", "TaskReply",
    "FailedReply", "WorkerClosedError",
    # Threat search on an engine board (puzzles make and check their refutations with it).
    "EngineBoard", "BLACK", "WHITE", "any_cell", "ThreatSearch", "ThreatSpaceSearch",
    # The pattern classes an EngineBoard files each empty point under (read by the puzzle prover).
    "C_FIVE", "C_FLEX4", "C_BLOCK4_FLEX3", "C_FORBIDDEN", "FOUR_CLASSES", "THREE_CLASSES", "DEFENCE_CLASSES",
]
