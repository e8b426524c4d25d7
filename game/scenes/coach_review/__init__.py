"""The coach's whole-game review.

`scene.py` runs the review and handles input; `panel.py` draws the verdicts and the graph.
"""
