"""The searches and perfect play: depth-limited alpha-beta on a value table (``alphabeta``), the
exact values of its nodes near the leaves (``horizon``), and the exact solver of small boards
(``solver``)."""
