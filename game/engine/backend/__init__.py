"""How the engine computes: the pure-Python reference (pure/) and the bridge to the compiled kernel (native.py)."""
