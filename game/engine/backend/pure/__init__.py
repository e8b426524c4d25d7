"""The pure-Python engine: the reference board, threat searches and alpha-beta the compiled kernel is held to."""
