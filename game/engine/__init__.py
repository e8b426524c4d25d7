"""The Gomoku AI: pattern evaluation, threat search and alpha-beta search.

Standard library only (never pygame). `search` takes a plain `Position` and returns a
`SearchResult`; whoever calls it owns the clock through `Limit` and the `stop` flag.
"""

from .api import Level, Limit, Position, PositionError, SearchResult, default_limit
from .root import search
from .scores import WIN, WIN_THRESHOLD
from .state import warm_up

__all__ = ["WIN", "WIN_THRESHOLD", "Level", "Limit", "Position", "PositionError", "SearchResult", "default_limit", "search", "warm_up"]
