"""The coach's services on top of the search: analysis, proofs of forced wins, and the opening's choices."""
