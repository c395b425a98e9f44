"""Version 1: full tables of both players, their game, the article's co-evolution and the improved trainer."""
