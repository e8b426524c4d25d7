"""How players and results read on screen, shared by the play and result scenes."""

from __future__ import annotations

from game.engine import Level
from game.i18n import tr
from game.model import Game
from game.rules import Board, Reason, Stone


def human_side(game: Game) -> Stone | None:
    """The player's colour in a game against the computer; None in hot-seat or computer-only games."""
    humans = game.config.human_sides
    return humans[0] if len(humans) == 1 else None


def colour_name(stone: Stone) -> str:
    return tr("colour.black" if stone is Stone.BLACK else "colour.white")


def player_name(game: Game, stone: Stone) -> str:
    """"You" and "Computer (Casual)" against the AI; "Black" and "White" in hot-seat."""
    player = game.config.player(stone)
    if not game.config.is_vs_ai:
        return colour_name(stone)
    if player.is_human:
        return tr("player.you")
    if player.engine_command:
        return player.name
    return tr("player.computer", level=level_text(player.level))


def level_text(level: str | None) -> str:
    """A computer level's name as a record keeps it: an old rung's value reads as the rung it
    became (api.RENAMED_RUNGS), and a value no level has is shown as it is."""
    try:
        return tr(f"level.{Level(level or 'casual').value}")
    except ValueError:
        return str(level)


def undos_text(left: int | None) -> str:
    return tr("play.undos_left", count=tr("common.infinity") if left is None else left)


def headline(game: Game) -> str:
    """The big line on the result screen: who won, from the human's point of view vs the AI."""
    result = game.result
    if result is None:
        return ""
    if result.winner is None:
        return tr("result.draw")
    if game.config.is_vs_ai:
        human = game.config.human_sides[0]
        return tr("result.you_win") if result.winner is human else tr("result.you_lose")
    return tr("result.side_wins", side=colour_name(result.winner))


def reason_text(game: Game) -> str:
    """How the game ended, in a short sentence."""
    result = game.result
    if result is None:
        return ""
    loser = colour_name(result.winner.opponent) if result.winner is not None else ""
    key = {
        Reason.FIVE: "result.by_five",
        Reason.FORBIDDEN: "result.by_forbidden",
        Reason.RESIGNATION: "result.by_resignation",
        Reason.TIMEOUT: "result.by_timeout",
        Reason.BOARD_FULL: "result.by_full_board",
    }[result.reason]
    winner = colour_name(result.winner) if result.winner is not None else ""
    kind = forbidden_loss_kind(game) if result.reason is Reason.FORBIDDEN else None
    if kind is not None:
        return tr("feel.by_forbidden", kind=forbidden_kind_name(kind))
    return tr(key, loser=loser, winner=winner)


def forbidden_kind_name(kind: str) -> str:
    """"double three", "double four" or "overline" (a rules.forbidden kind) in words."""
    return tr(f"feel.forbidden.{kind}")


def forbidden_loss_kind(game: Game) -> str | None:
    """Why black's last move, which lost the game, was forbidden; None if it was not one."""
    history = game.board.history
    if not history or not history[-1].forbidden:
        return None
    board = Board(game.config.size, game.rule)
    for move in history[:-1]:
        board.push(move.point, move.stone)
    return board.forbidden_kind(history[-1].point, history[-1].stone)


def result_sound(game: Game) -> str:
    """"win" when a human won (or hot-seat ended with a winner), "lose" when the AI won, else "draw"."""
    result = game.result
    if result is None or result.winner is None:
        return "draw"
    humans = game.config.human_sides
    return "win" if result.winner in humans or not humans else "lose"
