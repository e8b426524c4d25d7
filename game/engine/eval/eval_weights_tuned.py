"""The evaluation table learned by build_scripts/tune_eval.py (generated: do not edit).

Made by:

    python build_scripts/tune_eval.py --seed 1 --games 800 --nodes 10000 --level master --random-plies 2 --scales 9/8,5/4,11/8,3/2,7/4 --regularisations 0.0003,0.001,0.003 --steps 3000 --search-share 0.5 --generations 2 --write

generation 1: positions: 11862 (9593 training, 2269 held out)
K: 1792.1 (labels 0.5 search score, the rest result)
starting table's loss: training 0.07871, held out 0.08988
fitted loss (mover scale 11/8, regularisation 0.0003): training 0.06455, held out 0.07213
generation 2: positions: 10355 (8389 training, 1966 held out)
K: 1693.7 (labels 0.5 search score, the rest result)
starting table's loss: training 0.07178, held out 0.06623
fitted loss (mover scale 11/8, regularisation 0.0003): training 0.07075, held out 0.06341
"""

TUNED = {
    "about": "tune_eval.py seed 1, generation 2, 800 games at 10000 nodes, K 1694",
    "pattern": {
        "none": 0,
        "block1": 1,
        "flex1": 3,
        "block2": 6,
        "flex2": 16,
        "block3": 66,
        "flex3": 224,
        "block4": 415,
        "flex4": 1500,
        "five": 11998,
        "overline": 0
    },
    "class_bonus": {
        "none": 0,
        "flex3": 0,
        "flex3+": 252,
        "flex3x2": 166,
        "block4": 0,
        "block4+": 526,
        "block4-flex3": 2117,
        "flex4": 3000,
        "five": 20000
    },
    "building_pair": 76,
    "double_three": 8063,
    "mover_scale": [
        11,
        8
    ],
    "tempo": -400
}
