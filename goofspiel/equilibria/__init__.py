"""The exact equilibrium and how far a strategy is from it: mixtures, the n! matrix game, the
win/loss and margin best replies, the Birkhoff LP and the double oracle (``equilibrium``), best
replies and exploitability (``bestreply``), a table of measures (``measures``)."""
