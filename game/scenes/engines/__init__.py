"""Settings -> Engines: add, check and remove external Gomocup engines.
"""
