"""Exact analysis: the retrograde solver (walls, several cats), fixed tables against best
responses, expected capture against the stochastic mice, the sparse chain of a fixed cat, other
speeds and the random cat, all on one fixed point (``fixpoint``)."""
