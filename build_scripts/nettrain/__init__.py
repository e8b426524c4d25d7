"""The network evaluation (issue 53): line-shape features, the quantized file and its
reference forward pass (numpy only), and the PyTorch training (build time only).
Driven by build_scripts/train_net.py.
"""
