"""The strength ladder as the game sees it: each rung's measured rating, the named levels'
places on it, the Adaptive opponent's choice and the level the menu suggests.

The ratings come from game/engine/levels/ladder_table.json, written by
build_scripts/calibrate_ladder.py; a rung missing from the table (or a missing or damaged
table) falls back to the rating it is named by, so the game never depends on a
calibration having been run. The scale is fixed: the seed bot is 1000.
"""

from __future__ import annotations

import json
import logging
from functools import lru_cache
from pathlib import Path

from game.engine import Level

from .glicko2 import Rating, expected_score

log = logging.getLogger(__name__)

TABLE_PATH = Path(__file__).resolve().parent.parent / "engine" / "levels" / "ladder_table.json"
#: Bumped whenever the rungs change meaning (their settings, the scale); a player's rating
#: kept under an older version is carried over with a wider deviation (storage/rating_store.py).
#: 3: the full engine renamed 2650 (was 2300), measured on its own clock; 2200 on fewer
#: nodes; new rungs 2350 and 2500.
LADDER_VERSION = 3
#: Where the short list of named levels sits on the ladder (the menu's plain choices).
NAMED_RUNGS = {
    Level.BEGINNER: Level.R850,
    Level.CASUAL: Level.R1400,
    Level.STRONG: Level.R2000,
    Level.MASTER: Level.R2650,
}
#: A rung's rating is known to within about this (a 40-game match gives roughly +-60 at 95%).
RUNG_DEVIATION = 40.0
#: Adaptive aims above the player's rating by this share of its deviation. A win against a
#: stronger rung moves an unsure rating further, so a newcomer's strength is found sooner; a
#: settled rating (deviation about 60) is aimed only 30 higher, still about an even match.
#: Simulated (benchmarks/rating_convergence.py, 20 runs of 15 players): mean error after
#: 10/20/30 games 186/117/87 when aiming at the rating itself, 132/81/63 with a half share.
AIM_ABOVE = 0.5


@lru_cache(maxsize=4)
def measured_ratings(path: Path = TABLE_PATH) -> dict[str, float]:
    """Measured rating per rung value ("1550" -> 1412.0); empty when there is no usable table."""
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
        return {str(row["level"]): float(row["rating"]) for row in table["rungs"]}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError, TypeError) as error:
        log.warning("the ladder table %s is unusable (%s); using the rungs' names as ratings", path, error)
        return {}


def rung_of(level: Level) -> Level:
    """The ladder rung a level plays as: a rung is itself, a named level its place on the ladder."""
    return NAMED_RUNGS.get(level, level)


def rating_of(level: Level) -> float:
    """The measured rating of a level's rung, or its label when it has not been measured."""
    rung = rung_of(level)
    return measured_ratings().get(rung.value, float(rung.rating))


def opponent_rating(level: Level) -> Rating:
    """A level as a Glicko-2 opponent."""
    return Rating(rating_of(level), RUNG_DEVIATION)


def adaptive_level(player: Rating, target: float = 0.5) -> Level:
    """The Adaptive opponent: the rung whose expected score is closest to `target` against the
    player's rating raised by AIM_ABOVE of its deviation (so an unsure rating is tested upwards)."""
    aim = Rating(player.rating + AIM_ABOVE * player.deviation, player.deviation, player.volatility)
    return min(Level.rungs(), key=lambda rung: (abs(expected_score(aim, opponent_rating(rung)) - target), rung.rating))


def suggested_level(player: Rating | None) -> Level | None:
    """The rung the menu suggests: the even match for a rated player, nothing before the first game."""
    if player is None:
        return None
    return adaptive_level(player)


def level_for_choice(choice: str, ladder_rung: str, player: Rating | None) -> Level:
    """The rung a menu choice plays: a named level its place on the ladder (NAMED_RUNGS, so the
    short list and the rating agree), "ladder" the chosen rung, "adaptive" the even match for
    `player` (a new player, 1000 +- 350, meets the rung nearest 1175). Anything unknown (an
    old or edited settings file) plays Casual's rung rather than failing. (The brain's `--level casual` is still the
    original named level, whose settings levels.py keeps.)"""
    if choice == "adaptive":
        return adaptive_level(player if player is not None else Rating(1000.0, 350.0))
    if choice == "ladder":
        choice = ladder_rung
    try:
        return rung_of(Level(choice))
    except ValueError:
        return rung_of(Level.CASUAL)
