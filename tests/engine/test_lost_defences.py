"""The must-defend positions set apart as having no defence (benchmarks/data/lost_defend_vct.txt):
the file must match the tactics it names and Rapfi's verdicts, and our own proof must stand."""

from __future__ import annotations

import pytest
from engine_positions import load_tactics, lost_positions, rapfi_labels

from game.engine import Level, Limit, Position, search
from game.engine.move_search.scores import WIN, WIN_THRESHOLD
from game.engine.backend import kernel_available

TACTICS = {tactic.name: tactic for tactic in load_tactics()}
LOST = lost_positions()


def test_the_lost_set_is_small_and_names_must_defend_positions():
    assert 0 < len(LOST) <= 10, "a lost set this large would mean the must-defend set is wrong, not the engine"
    for name in LOST:
        assert TACTICS[name].kind == "defend-vct", name


@pytest.mark.parametrize("name", sorted(LOST))
def test_every_accepted_move_of_a_lost_position_is_judged_lost_twice(name):
    """Each accepted move has our proof in the file and Rapfi's win for the attacker after it."""
    labels = rapfi_labels()
    proofs = LOST[name]
    assert set(proofs) == set(TACTICS[name].accept), f"{name}: the file's moves are not the accepted ones"
    for move, plies in proofs.items():
        assert labels[(name, move)].startswith("+M"), f"{name} after {move}: Rapfi sees no win ({labels[(name, move)]})"
        assert 0 < plies < 60


@pytest.mark.skipif(not kernel_available(), reason="the proofs were made by the compiled search")
def test_the_shortest_proof_is_found_again():
    """The quickest of the recorded proofs, searched again under a node budget (deterministic)."""
    name, move, plies = min(((name, move, plies) for name, proofs in LOST.items() for move, plies in proofs.items()),
                            key=lambda found: found[2])
    tactic = TACTICS[name]
    board = tactic.position.to_board()
    board.push(move, tactic.position.to_move)
    result = search(Position.from_board(board), Limit(nodes=3_000_000), Level.MASTER, seed=0)
    assert result.score > WIN_THRESHOLD, f"{name} after {move}: no win proven (score {result.score})"
    assert WIN - result.score <= plies + 4
