"""The learned shape-combination tables (build_scripts/make_combo_tables.py runs it).

teacher: drives a strong Gomocup brain and parses what it says; games: the teacher plays
itself from our openings and labels every position with its score and move; features:
a position as counts of shape combinations (game/engine/eval/combo_eval.py's index); fit: the
logistic regressions (numpy) for the evaluation and the move-ordering tables.
"""
