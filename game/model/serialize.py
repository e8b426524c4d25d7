"""Games to and from plain data (JSON-ready dicts), so an unfinished game survives a restart.

Moves are replayed through the rules on load, so a tampered or corrupt save cannot put an
impossible position on the board: it raises SavedGameError instead.

This module sits above `session`: it builds a `Game`, and `Game` knows nothing of saving
(so the two never import each other).
"""

from __future__ import annotations

import time
from typing import Any, Callable

from ..rules import IllegalMoveError, Outcome, Reason, Rule, Stone
from ..rules.opening import OpeningError, OpeningRule, OpeningState
from .players import GameConfig, Player, PlayerKind
from .session import Game

FORMAT = "gomoku-game"
VERSION = 1


class SavedGameError(ValueError):
    """A saved game that cannot be read back; the message says which field is wrong."""


def _player_to_dict(player: Player) -> dict[str, Any]:
    return {"kind": player.kind.value, "name": player.name, "level": player.level}


def _player_from_dict(data: Any, side: str) -> Player:
    if not isinstance(data, dict):
        raise SavedGameError(f"{side} player must be an object, got {data!r}")
    try:
        kind = PlayerKind(data.get("kind", "human"))
    except ValueError:
        raise SavedGameError(f"{side} player has an unknown kind {data.get('kind')!r}") from None
    name = data.get("name", side.capitalize())
    level = data.get("level")
    if not isinstance(name, str) or (level is not None and not isinstance(level, str)):
        raise SavedGameError(f"{side} player name/level must be text, got {name!r}/{level!r}")
    return Player(kind, name, level)


def _stone_key(stone: Stone) -> str:
    return stone.name.lower()


def game_to_dict(game: Game) -> dict[str, Any]:
    """Plain data for saving an unfinished game; `game_from_dict` replays it through the rules."""
    config: GameConfig = game.config
    result = game.result
    return {
        "format": FORMAT,
        "version": VERSION,
        "config": {
            "rule": config.rule.value,
            "size": config.size,
            "black": _player_to_dict(config.black),
            "white": _player_to_dict(config.white),
            "undo_limit": config.undo_limit,
            "forbidden_loses": config.forbidden_loses,
            "clock_seconds": config.clock_seconds,
            "opening": config.opening.value,
            "setup": [list(point) for point in config.setup],
            "opening_name": config.opening_name,
        },
        "opening": game.opening.to_dict(),
        "moves": [[move.point[0], move.point[1], int(move.stone)] for move in game.board.history],
        "undos_left": {_stone_key(s): n for s, n in game.undos_left.items()},
        "undos_used": {_stone_key(s): n for s, n in game.undos_used.items()},
        "hints_used": {_stone_key(s): n for s, n in game.hints_used.items()},
        "retries_used": {_stone_key(s): n for s, n in game.retries_used.items()},
        "analysis_used": game.analysis_used,
        "seed": game.seed,
        "clock_left": None if game.clock_left is None else {_stone_key(s): t for s, t in game.clock_left.items()},
        "elapsed": game.duration,
        "result": None
        if result is None
        else {
            "winner": None if result.winner is None else _stone_key(result.winner),
            "reason": result.reason.value,
            "line": [list(point) for point in result.line],
        },
    }


def _require(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise SavedGameError(f"missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise SavedGameError(f"field {key!r} has the wrong type: {value!r}")
    return value


def _per_side(data: Any, key: str, allow_none_values: bool = False) -> dict[Stone, Any]:
    if not isinstance(data, dict):
        raise SavedGameError(f"field {key!r} must map black/white to numbers, got {data!r}")
    out: dict[Stone, Any] = {}
    for stone in (Stone.BLACK, Stone.WHITE):
        value = data.get(_stone_key(stone))
        if value is None and allow_none_values:
            out[stone] = None
        elif isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
            out[stone] = value
        else:
            raise SavedGameError(f"field {key!r} has a bad value for {_stone_key(stone)}: {value!r}")
    return out


def game_from_dict(data: Any, now: Callable[[], float] = time.monotonic) -> Game:
    """Rebuild a Game from `game_to_dict` output. Raises SavedGameError on anything malformed."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SavedGameError("not a saved Gomoku game")
    if data.get("version") != VERSION:
        raise SavedGameError(f"unsupported saved-game version {data.get('version')!r}")
    raw_config = _require(data, "config", dict)
    try:
        rule = Rule(raw_config.get("rule"))
    except ValueError:
        raise SavedGameError(f"unknown rule {raw_config.get('rule')!r}") from None
    opening_rule, setup, opening_name = _opening_config(raw_config)
    undo_limit = raw_config.get("undo_limit")
    clock_seconds = raw_config.get("clock_seconds")
    try:
        config = GameConfig(
            rule=rule,
            size=_require(raw_config, "size", int),
            black=_player_from_dict(raw_config.get("black"), "black"),
            white=_player_from_dict(raw_config.get("white"), "white"),
            undo_limit=undo_limit if isinstance(undo_limit, int) and not isinstance(undo_limit, bool) else None,
            forbidden_loses=bool(raw_config.get("forbidden_loses", True)),
            clock_seconds=float(clock_seconds) if isinstance(clock_seconds, (int, float)) else None,
            opening=opening_rule,
            setup=setup,
            opening_name=opening_name,
        )
    except ValueError as error:
        raise SavedGameError(f"bad game settings: {error}") from None

    try:
        seed = data.get("seed")
        seed = seed if isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0 else None  # older saves: a new one
        game = Game(config, now, seed=seed)  # places the setup stones, which the saved moves repeat
    except IllegalMoveError as error:
        raise SavedGameError(f"bad opening setup: {error}") from None
    moves = _require(data, "moves", list)
    if [entry[:2] for entry in moves[: len(setup)] if isinstance(entry, list)] != [list(p) for p in setup]:
        raise SavedGameError("the saved moves do not begin with the opening's stones")
    try:
        game.opening = OpeningState.from_dict(data.get("opening", {"rule": opening_rule.value}))
    except OpeningError as error:
        raise SavedGameError(f"bad opening: {error}") from None
    if game.opening.rule is not opening_rule:
        raise SavedGameError(f"opening {game.opening.rule.value!r} does not match the settings' {opening_rule.value!r}")
    for number, entry in enumerate(moves[len(setup):], start=len(setup) + 1):
        if (
            not isinstance(entry, list)
            or len(entry) != 3
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in entry)
            or entry[2] not in (Stone.BLACK, Stone.WHITE)
        ):
            raise SavedGameError(f"move {number} is malformed: {entry!r}")
        try:
            game.board.push((entry[0], entry[1]), Stone(entry[2]))
        except IllegalMoveError as error:
            raise SavedGameError(f"move {number} is illegal: {error}") from None
    if not game.opening.fits(game.board.move_count):
        raise SavedGameError(f"the opening choices {game.opening.to_dict()['choices']!r} do not fit {game.board.move_count} stones")

    game.undos_left = _per_side(data.get("undos_left", {}), "undos_left", allow_none_values=True)
    game.undos_used = _per_side(data.get("undos_used", {"black": 0, "white": 0}), "undos_used")
    game.hints_used = _per_side(data.get("hints_used", {"black": 0, "white": 0}), "hints_used")
    game.retries_used = _per_side(data.get("retries_used", {"black": 0, "white": 0}), "retries_used")
    game.analysis_used = data.get("analysis_used") is True
    if config.clock_seconds is not None:
        game.clock_left = {s: float(t) for s, t in _per_side(data.get("clock_left"), "clock_left").items()}
    elapsed = data.get("elapsed", 0.0)
    if isinstance(elapsed, (int, float)) and not isinstance(elapsed, bool) and elapsed >= 0:
        game.started_at = now() - float(elapsed)

    game.result = game.board.outcome() or _stored_result(data.get("result"))
    if game.result is not None:
        game.finished_at = now()
    return game


def _opening_config(raw_config: dict[str, Any]) -> tuple[OpeningRule, tuple[tuple[int, int], ...], str]:
    """The opening rule, setup stones and opening name of a saved config (absent in older saves: free)."""
    try:
        rule = OpeningRule(raw_config.get("opening", OpeningRule.FREE.value))
    except ValueError:
        raise SavedGameError(f"unknown opening rule {raw_config.get('opening')!r}") from None
    raw_setup = raw_config.get("setup", [])
    if not isinstance(raw_setup, list) or not all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in p) for p in raw_setup
    ):
        raise SavedGameError(f"opening setup must be a list of [x, y] points, got {raw_setup!r}")
    name = raw_config.get("opening_name", "")
    if not isinstance(name, str):
        raise SavedGameError(f"opening name must be text, got {name!r}")
    return rule, tuple((p[0], p[1]) for p in raw_setup), name


def _stored_result(raw: Any) -> Outcome | None:
    """Results that moves alone cannot show (resignation, timeout) are kept as stored."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise SavedGameError(f"result must be an object, got {raw!r}")
    try:
        reason = Reason(raw.get("reason"))
    except ValueError:
        raise SavedGameError(f"unknown result reason {raw.get('reason')!r}") from None
    winner_name = raw.get("winner")
    winner = {"black": Stone.BLACK, "white": Stone.WHITE, None: None}.get(winner_name, "bad")
    if winner == "bad":
        raise SavedGameError(f"unknown winner {winner_name!r}")
    if reason not in (Reason.RESIGNATION, Reason.TIMEOUT):
        return None  # fives, forbidden moves and full boards are judged from the moves themselves
    return Outcome(winner, reason)
