"""The evaluation table learned by build_scripts/tune_eval.py (generated: do not edit).

Made by:

    python build_scripts/tune_eval.py --seed 1 --games 800 --nodes 10000 --level master --random-plies 2 --scales 9/8,5/4,11/8,3/2,7/4 --regularisations 0.0003,0.001,0.003 --steps 3000 --search-share 0.5 --write

positions: 11211 (8867 training, 2344 held out)
K: 1351.0 (labels 0.5 search score, the rest result)
hand-set loss: training 0.08204, held out 0.07477
fitted loss (mover scale 11/8, regularisation 0.0003): training 0.06504, held out 0.06174
"""

TUNED = {
    "about": "tune_eval.py seed 1, 800 games at 10000 nodes, K 1351",
    "pattern": {
        "none": 0,
        "block1": 1,
        "flex1": 2,
        "block2": 9,
        "flex2": 20,
        "block3": 64,
        "flex3": 212,
        "block4": 352,
        "flex4": 1500,
        "five": 12000,
        "overline": 0
    },
    "class_bonus": {
        "none": 0,
        "flex3": 0,
        "flex3+": 205,
        "flex3x2": 173,
        "block4": 0,
        "block4+": 423,
        "block4-flex3": 1813,
        "flex4": 3000,
        "five": 20000
    },
    "building_pair": 76,
    "double_three": 8005,
    "mover_scale": [
        11,
        8
    ],
    "tempo": -400
}
