"""Texel-style tuning of the evaluation's weights (build_scripts/tune_eval.py runs it).

features: a position as counts the evaluation is linear in; selfplay: games and the quiet
positions taken from them; teacher: the positions a stronger engine scored, as the same data;
fit: the logistic regression (numpy, a build-time dependency).
"""
