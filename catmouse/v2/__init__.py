"""Version 2: the 3x3 window table, its sampled games, the article's trainer and exact climbs."""
