"""Teacher-labelled games for training the network evaluation (issue 53): the record format,
the seeded openings, the game player and the run loop. Driven by build_scripts/make_net_data.py.
"""
