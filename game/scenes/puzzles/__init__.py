"""The puzzle screen: find the win or the defence, against the proof's strongest replies.

`scene.py` is the screen and its input; `library.py` holds the puzzle lists, the player's
progress and the maker of puzzles from the player's games (a background thread);
`panel.py` draws the side panel and the hint's square.
"""
