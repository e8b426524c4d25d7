"""The play screen.

`scene.py` is the screen and its input; `engine_jobs.py` asks the engine for the computer's
moves, opening choices and hints; `coach.py` is the coach's side panel and its live analysis;
`panel.py` draws the side panel; `teaching.py` judges a move against the analysis (pure).
"""
