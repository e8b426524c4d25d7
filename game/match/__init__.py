"""Engine matches: two players (built-in levels or external Gomocup brains) over balanced
openings with colours swapped, scored with an Elo estimate. No pygame: the Watch scene and
`python -m game match` drive the same runner, one poll at a time.
"""

from .elo import MatchScore, elo_from_score, paired_interval, wilson_interval
from .game_runner import GameResult, GameRunner
from .match_runner import MatchRunner
from .openings import Opening, default_openings, load_openings, parse_openings
from .players import PlayerSpec, parse_player

__all__ = [
    "GameResult",
    "GameRunner",
    "MatchRunner",
    "MatchScore",
    "Opening",
    "PlayerSpec",
    "default_openings",
    "elo_from_score",
    "load_openings",
    "parse_openings",
    "parse_player",
    "paired_interval",
    "wilson_interval",
]
