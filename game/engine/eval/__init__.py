"""What a position is worth: line patterns, the evaluation weights and the shape-combination tables."""
