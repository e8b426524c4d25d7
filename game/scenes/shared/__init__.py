"""What several screens use: names and texts, engine players, live analysis.

Never imports a screen package (build_scripts/import_graph.py checks).
"""
