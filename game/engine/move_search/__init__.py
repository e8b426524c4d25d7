"""Choosing a move: the root driver and its threat stages, the lost-position defence, the time plan,
the clock and the score scale."""
