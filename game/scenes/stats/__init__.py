"""The statistics screen: wins, losses and draws by level and engine.
"""
