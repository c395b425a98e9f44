"""A second set of first-cell constants for every notebook, as a user would type them.

``tests/test_notebooks.py`` executes each notebook in quick mode with these values: it must run
to the end and record its claims as a variant. Each entry changes the constants that select a
setting (board, deck, layout, lists of agents, humans, mazes or pairings). Tuples reach the
notebook as lists (papermill would write a tuple as its text), so a notebook whose own value is
a tuple is run with a list. Quick mode shrinks only the run lengths not given here. Where quick
mode runs on one process (``N_JOBS=1``, cheaper than starting workers), the tweak asks for two,
so that the parallel path runs too.
"""

TWEAKS = {
    "10_setgame": {"SEED": 7, "TABLE_SIZE": 15, "ANIMATION_GAME": 2},
    "20_catmouse_v1": {"NUM_ROWS": 5, "NUM_COLS": 5, "FIRST_MOVE": "mouse",
                       "INITIAL_CAT_POLICY": "STRONG", "SEED": 3, "ITERATIONS": 6_000,
                       "SNAPSHOT_EVERY": 2_000},
    "21_catmouse_v2": {"TRAIN_ROWS": 4, "TRAIN_COLS": 6, "TEST_SIZE": 9},
    "22_catmouse_exact": {"MAX_SIDE": 6, "BIG_BOARD": 12, "SPEEDS": [[3, 2]]},
    "23_catmouse_v1_improved": {"MIN_SIDE": 5, "MAX_SIDE": 6, "SEEDS": 1, "ITERATIONS": 2_500,
                                "ABLATION_BOARDS": [[5, 4]], "TUNING_BOARDS": [[4, 6], [5, 4]]},
    "24_catmouse_v2_general": {"TEST_BOARDS": [[9, 11]], "CAT_TRAIN_BOARDS": [[5, 5], [6, 5]],
                               "MOUSE_TRAIN_BOARDS": [[5, 5], [4, 7]], "MICE": ["smart"], "SEED": 1,
                               "N_JOBS": 2},
    "30_goofspiel_evolution": {"CARDS": 10, "POPULATION": 20, "SURVIVORS": 8, "INITIALS": (5,),
                               "MUTATIONS": (0.0, 0.2), "GENERATIONS": (10, 40),
                               "FIX_GENERATIONS": 20, "N_JOBS": 2},
    "31_goofspiel_equilibrium": {"N": 5, "SMALL_NS": (3, 4, 5), "CYCLE_DECK": [1, 3, 5],
                                 "GA_TRIALS": 3, "CARDS": 12, "HEATMAP_NS": [6, 9],
                                 "WINLOSS_NS": [3, 5], "WINLOSS_ITERATIONS": 30,
                                 "REPLY_NODES": 50_000, "ARENA_GAMES": 2},
    "32_goofspiel_play": {"CARDS": 5, "BOTS": 2, "AUTHOR_ROUNDS": 2},
    "33_goofspiel_scripted": {"CARDS": 5, "HUMANS": ("identity", "adaptive"),
                              "SCORINGS": ("duel",), "OTHER_TABLES": ((4, 2),),
                              "N_JOBS": 2},
    "40_mix": {"OPPONENTS": ["random", "onestep", "builder-search"], "AB_DEPTHS": [3],
               "DEEP": 3, "DEEP_OPPONENTS": ["onestep"], "SLOW_PAIRINGS": True,
               "SOLVE_BOARDS": [[4, 4], [5, 4]], "PERFECT_BOARDS": [[4, 4]],
               "COUNT_BOARDS": [[2, 4]], "SHOW_GAME": ["onestep", "learned"]},
    "41_mix_selftaught": {"SEED": 2, "DEPTH": 3, "OPPONENTS": ["onestep", "builder"],
                          "CURVE_OPPONENTS": ["random"], "PERFECT_BOARDS": [[4, 5]]},
    "50_tracking": {"LAYOUT": "mediumCapture", "SWEEP_BETAS": [1.0, 10.0],
                    "SWEEP_OPPONENTS": [0.0, 3.0], "OPPONENT_BETA": 3.0, "STEPS": 40},
    "51_tracking_game": {"MAZES": ["tinyCapture"], "PAIRINGS": [["tracker", "greedy"]],
                         "RULE": "carry", "END_FOOD": 0},
}

# One invalid constant per notebook: the run must stop in its first cells with a ValueError
# naming the constant.
INVALID = {
    "10_setgame": {"TABLE_SIZE": 4},
    "20_catmouse_v1": {"NUM_ROWS": 1},
    "21_catmouse_v2": {"TEST_SIZE": 3},
    "22_catmouse_exact": {"MAX_SIDE": 1},
    "23_catmouse_v1_improved": {"MIN_SIDE": 9},
    "24_catmouse_v2_general": {"TEST_BOARDS": []},
    "30_goofspiel_evolution": {"CARDS": 1},
    "31_goofspiel_equilibrium": {"WINLOSS_NS": [10]},   # others: test_goofspiel_equilibrium.py
    "32_goofspiel_play": {"CARDS": 1},
    "33_goofspiel_scripted": {"HUMANS": []},
    "40_mix": {"OPPONENTS": []},
    "41_mix_selftaught": {"DEPTH": 0},
    "50_tracking": {"LAYOUT": "noSuchMaze"},
    "51_tracking_game": {"MAZES": []},
}
