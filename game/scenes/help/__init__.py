"""The help screen: the rules, the openings, forbidden moves, the ladder and rating, puzzles,
and the coach's words, in a player's words. Opened from the menu, and with F1 from anywhere
(over the screen that was open, which waits as it was)."""
