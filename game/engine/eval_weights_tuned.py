"""Placeholder until build_scripts/tune_eval.py writes the learned table here."""

TUNED = {
    "about": "placeholder: the hand-set values",
    "pattern": {
        "none": 0, "block1": 2, "flex1": 6, "block2": 10, "flex2": 40, "block3": 45, "flex3": 200,
        "block4": 220, "flex4": 1500, "five": 12000, "overline": 0,
    },
    "class_bonus": {
        "none": 0, "flex3": 0, "flex3+": 150, "flex3x2": 900, "block4": 0, "block4+": 300,
        "block4-flex3": 1500, "flex4": 3000, "five": 20000,
    },
    "building_pair": 60,
    "double_three": 8000,
    "mover_scale": [5, 4],
    "tempo": -400,
}
