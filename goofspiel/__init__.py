"""Breeding fixed-bid goofspiel strategies with genetic algorithms, and the exact equilibrium.

    import goofspiel
    goofspiel.evolve(breeder="pairs", mutation=0.1, mutate="children", generations=150).best_score
    goofspiel.equilibrium(7, "winloss").strategy      # bid tuples -> probabilities
    goofspiel.equilibrium(20, "margin").marginal      # any deck up to 64 cards (Birkhoff LP)
    goofspiel.exploitability(goofspiel.identity(range(1, 21)), "margin")    # 170.0
    goofspiel.best_counter(goofspiel.identity(range(1, 21))).gain           # 170
    arena = goofspiel.Arena(goofspiel.ArenaConfig(), seed=0)   # the game against evolving bots
    arena.play_round(goofspiel.identity(range(1, 8)))          # python -m goofspiel play

What the top level holds, by part (its modules in brackets):

- the game: ``Strategy``, ``play``, ``award``, ``margin`` (``game``) and drawing
  (``draw``); the notebooks check their constants with ``goofspiel.settings``;
- the genetic algorithm, written plainly (``goofspiel.evolution``): the breeders and mutations,
  breeding-pairs replayed step by step, ``evolve`` with its checked ``GAConfig``, ``History``,
  ``grid_trial`` and the article's observations on its runs, ``final_scores``, ``run_curves``,
  ``difference`` (``breed``, ``orders``, ``config``, ``ga``, ``observe``);
  ``evolve(fast=True)``, the default, runs the compiled twin of the generations loop
  (``goofspiel.fast``: ``breed``, ``ga``; numba and ``studykit.twister``), drawing the same
  numbers, for decks of up to 62 cards (a larger one is refused; ``fast=False`` runs it);
- the best reply over all n! replies, plainly (``goofspiel.plain``);
- the exact equilibrium and how far any strategy is from it (``goofspiel.equilibria``):
  ``equilibrium``, ``best_reply``, ``exploitability``, ``best_counter``, the n! matrix game,
  mixtures, a table of measures (``equilibrium``, ``bestreply``, ``matrixgame``, ``mixture``,
  ``winloss``, ``branch``, ``birkhoff``, ``doubleoracle``, ``measures``);
- the elimination game against evolving bots (``goofspiel.bots``): ``Arena``, ``ArenaConfig``,
  ``PlayWidget``, scripted humans, their trial and its summaries (``arena``, ``widget``,
  ``scripted``, ``scripted_summary``).
"""

# First: under ``python -m goofspiel``, Ctrl-C during the imports below exits quietly (``startup``).
from goofspiel import startup  # noqa: F401, I001

from studykit.lazy import lazy_package

# Public name -> the module defining it. The modules load on first use (PEP 562), so the terminal
# game (``python -m goofspiel play``) starts without scipy, pandas, numba or the drawing modules.
SOURCES = {
    "game": ["Strategy", "award", "cycle_margins", "identity", "margin", "play", "random_strategy",
             "reverse", "rotation_cycle"],
    "draw": ["animate_game", "draw_marginal", "draw_order"],
    "evolution.breed": ["breed_pairs", "breed_preferences", "breed_random", "mutate",
                        "order_crossover", "swap_mutate"],
    "evolution.orders": ["PartialOrder", "pairs_steps"],
    "evolution.config": ["GAConfig"],
    "evolution.ga": ["History", "evolve", "grid_trial", "identity_score"],
    "evolution.observe": ["Curves", "Difference", "difference", "final_scores", "improvement",
                          "mean_se", "never_beaten_after", "run_curves"],
    "equilibria.equilibrium": ["Equilibrium", "deck_size", "equilibrium", "winloss_cards"],
    "equilibria.bestreply": ["BestCounter", "best_counter", "best_reply", "exploitability"],
    "equilibria.matrixgame": ["BestResponse", "MatrixGameSolution", "all_ranks", "best_response",
                              "mixed_vector", "payoff_matrix", "solve_matrix_game"],
    "equilibria.measures": ["strategy_table", "summarise_by_label"],
    "equilibria.mixture": ["Mixture", "margin_matrix"],
    "equilibria.winloss": ["Reply"],
    "bots.arena": ["SCORING", "Arena", "ArenaConfig", "PoolFate", "RoundResult", "reveal"],
    "bots.scripted": ["HUMANS", "BotMeasures", "ScriptedGame", "Survival", "bot_measures",
                      "scripted_human", "scripted_trial", "survival_summary"],
    "bots.scripted_summary": ["BEHAVIOURS", "StageChanges", "SurvivalTable", "fate_shares",
                              "per_round_measures", "stage_changes", "stage_differences",
                              "stage_gain", "stage_trend",
                              "survival_table", "fate_share"],
    "bots.widget": ["PlayWidget", "history_table", "reveal_table"],
}
__all__ = [
    "BEHAVIOURS",
    "HUMANS",
    "SCORING",
    "Arena",
    "ArenaConfig",
    "BestCounter",
    "BestResponse",
    "BotMeasures",
    "Curves",
    "Difference",
    "Equilibrium",
    "GAConfig",
    "History",
    "MatrixGameSolution",
    "Mixture",
    "PartialOrder",
    "PlayWidget",
    "PoolFate",
    "Reply",
    "RoundResult",
    "ScriptedGame",
    "StageChanges",
    "Strategy",
    "Survival",
    "SurvivalTable",
    "all_ranks",
    "animate_game",
    "award",
    "best_counter",
    "best_reply",
    "best_response",
    "bot_measures",
    "breed_pairs",
    "breed_preferences",
    "breed_random",
    "cycle_margins",
    "deck_size",
    "difference",
    "draw_marginal",
    "draw_order",
    "equilibrium",
    "evolve",
    "exploitability",
    "fate_share",
    "fate_shares",
    "final_scores",
    "grid_trial",
    "history_table",
    "identity",
    "identity_score",
    "improvement",
    "margin",
    "margin_matrix",
    "mean_se",
    "mixed_vector",
    "mutate",
    "never_beaten_after",
    "order_crossover",
    "pairs_steps",
    "payoff_matrix",
    "per_round_measures",
    "play",
    "random_strategy",
    "reveal",
    "reveal_table",
    "reverse",
    "rotation_cycle",
    "run_curves",
    "scripted_human",
    "scripted_trial",
    "solve_matrix_game",
    "stage_changes",
    "stage_differences",
    "stage_gain",
    "stage_trend",
    "strategy_table",
    "summarise_by_label",
    "survival_summary",
    "survival_table",
    "swap_mutate",
    "winloss_cards",
]

HOME = lazy_package(__name__, SOURCES, __all__)
