"""Playing a friend on another computer: three screens of one feature.

`host_screen.py` is where the host picks the rules and starts listening; `join_screen.py`
is where a friend types the address and code or picks a discovered game; `game_screen.py`
is the networked game itself, with `game_panel.py` drawing its side panel. `texts.py` and
`form.py` are what the three share. The network is game.net (no pygame); these screens
only drive it from the loop.
"""
