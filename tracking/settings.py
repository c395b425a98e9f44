"""The tracking notebooks' constants, checked against the range the notebooks can actually run.

Notebook 50 (the tracker) and notebook 51 (the capture game) call these in their check cell, so
an override that the library would refuse later (``EPISODES=1e8``, a run beyond this machine's
memory, more inline frames than moves) stops at once, with the constant's name and its range.
"""

from __future__ import annotations

from studykit.checks import choice, items, sequence, whole
from studykit.checks import seed as check_seed
from studykit.sweep import trial_seeds
from tracking import checks
from tracking.game import MAX_MOVES, RULES, TEAMS
from tracking.maze import LAYOUTS, load_layout
from tracking.reals import real
from tracking.teams import TEAM_KINDS

MAX_JOBS = 64                 # worker processes of a sweep
MAX_GAMES = 10_000            # seeded games per pairing and colour (~3 h per pairing on one core)
GUARD_GAME = 1200             # the border-guard game's length in notebook 51
MAX_SEED = 2**63 - 1          # seeds are 64-bit (numpy's SeedSequence takes them; SEED + 1 is used too)
MAX_SWEEP = 100               # values of one sweep constant (each is a column of runs)


def seed_constant(value, name: str = "SEED") -> int:
    """A notebook's SEED: a whole number from 0 to MAX_SEED - 1 (the notebooks also use SEED + 1)."""
    return whole(check_seed(value, name), name, 0, MAX_SEED - 1)


def disjoint_seeds(tuning_seed, evaluation_seed, tuning_games, evaluation_games) -> tuple:
    """The game seeds ``run_sweep`` derives for the tuning runs (``tuning_games`` trials from
    ``tuning_seed``) and for the evaluation (``evaluation_games`` from ``evaluation_seed``), as two
    lists; refused, with a ValueError naming EVALUATION_SEED, when the base seeds are equal or the
    two sets share any game seed (an evaluation must be on games no tuning saw)."""
    tuning_seed = seed_constant(tuning_seed, "TUNING_SEED")
    evaluation_seed = seed_constant(evaluation_seed, "EVALUATION_SEED")
    tuning = trial_seeds(tuning_seed, whole(tuning_games, "TUNING_GAMES_PER_SIDE", 1, MAX_GAMES))
    evaluation = trial_seeds(evaluation_seed,
                             whole(evaluation_games, "CONTEST_GAMES_PER_SIDE", 1, MAX_GAMES))
    shared = set(tuning) & set(evaluation)
    if evaluation_seed == tuning_seed or shared:
        raise ValueError(f"EVALUATION_SEED must give games no tuning saw: {evaluation_seed} shares "
                         f"{len(shared) if shared else 'every'} game seed(s) with TUNING_SEED = "
                         f"{tuning_seed}'s")
    return tuning, evaluation


def tracker_settings(*, layout, steps, episodes, sweep_episodes, fit_episodes, particles,
                     animation_steps, frame_stride, n_jobs, seed, betas: dict, sweeps: dict) -> dict:
    """Notebook 50's constants as clean values; raises ValueError/TypeError naming the constant.

    ``betas`` maps constant names to betas, ``sweeps`` to lists of betas (a list, tuple, array or
    papermill's text of one)."""
    layout = choice(layout, "LAYOUT", LAYOUTS)
    cells = load_layout(layout).n
    steps = whole(steps, "STEPS", 1, checks.MAX_STEPS)
    episodes = whole(episodes, "EPISODES", 2, checks.MAX_EPISODES)     # a standard error needs two
    out = {"LAYOUT": layout, "STEPS": steps, "EPISODES": episodes,
           "SWEEP_EPISODES": whole(sweep_episodes, "SWEEP_EPISODES", 1, checks.MAX_EPISODES),
           "FIT_EPISODES": whole(fit_episodes, "FIT_EPISODES", 1, checks.MAX_EPISODES),
           "N_JOBS": whole(n_jobs, "N_JOBS", 1, MAX_JOBS), "SEED": seed_constant(seed)}
    for name in ("EPISODES", "SWEEP_EPISODES", "FIT_EPISODES"):
        checks.run_size(steps, out[name], cells, what=f"the runs of {name}", steps_name="STEPS",
                        episodes_name=name)
    out["PARTICLES"] = checks.particles(particles, episodes, "PARTICLES")
    out["ANIMATION_STEPS"] = whole(animation_steps, "ANIMATION_STEPS", 1, steps)
    out["FRAME_STRIDE"] = whole(frame_stride, "FRAME_STRIDE", 1, out["ANIMATION_STEPS"])
    for name, value in betas.items():
        out[name] = real(value, name, low=0)
    for name, values in sweeps.items():
        out[name] = list(sequence(values, name, lambda v, n: real(v, n, low=0), max_len=MAX_SWEEP))
    return out


def game_settings(*, mazes, pairings, rule, max_moves, end_food, counts: dict, animation_moves,
                  guard_moves, inline_frames, n_jobs, seed, contest: dict | None = None) -> dict:
    """Notebook 51's constants as clean values; ``counts`` maps the game-count constants to values;
    ``contest`` holds the contest section's mazes, games per side, moves and capsule seeds, and
    (``tuning_seed``, ``tuning_games``, ``evaluation_seed``) the base seed and games per side of
    the runs the full tracker was tuned on and the evaluation's base seed (``disjoint_seeds``:
    their game seeds are returned as TUNING_GAME_SEEDS and EVALUATION_GAME_SEEDS). List
    constants may be lists, tuples or papermill's text of them."""
    mazes = list(sequence(mazes, "MAZES", lambda v, n: choice(v, n, LAYOUTS), max_len=len(LAYOUTS),
                          distinct=True))
    pairs = []
    for pair in sequence(pairings, "PAIRINGS", max_len=50):
        pair = items(pair, "PAIRINGS", min_len=2, max_len=2)
        pairs.append(tuple(choice(kind, "PAIRINGS", TEAM_KINDS) for kind in pair))
    least = min(len(load_layout(m).food_of(t)) for m in mazes for t in TEAMS)
    max_moves = whole(max_moves, "MAX_MOVES", 1, MAX_MOVES)
    out = {"MAZES": mazes, "PAIRINGS": pairs, "RULE": choice(rule, "RULE", RULES),
           "MAX_MOVES": max_moves, "END_FOOD": whole(end_food, "END_FOOD", 0, least - 1),
           "N_JOBS": whole(n_jobs, "N_JOBS", 1, MAX_JOBS), "SEED": seed_constant(seed)}
    for name, value in counts.items():
        out[name] = whole(value, name, 1, MAX_GAMES)
    out["ANIMATION_MOVES"] = whole(animation_moves, "ANIMATION_MOVES", 1, max_moves)
    out["GUARD_MOVES"] = whole(guard_moves, "GUARD_MOVES", 1, GUARD_GAME)
    shortest = min(out["ANIMATION_MOVES"], out["GUARD_MOVES"])
    out["INLINE_FRAMES"] = whole(inline_frames, "INLINE_FRAMES", 1, shortest + 1)
    if contest is not None:
        out["CONTEST_MAZES"] = list(sequence(contest["mazes"], "CONTEST_MAZES",
                                             lambda v, n: choice(v, n, LAYOUTS), max_len=len(LAYOUTS)))
        out["CONTEST_GAMES_PER_SIDE"] = whole(contest["games"], "CONTEST_GAMES_PER_SIDE", 1, MAX_GAMES)
        out["CONTEST_MOVES"] = whole(contest["moves"], "CONTEST_MOVES", 1, MAX_MOVES)
        out["CAPSULE_SEEDS"] = whole(contest["seeds"], "CAPSULE_SEEDS", 1, MAX_GAMES)
        if "evaluation_seed" in contest:         # tuning and evaluation games kept apart
            tuning, evaluation = disjoint_seeds(contest["tuning_seed"], contest["evaluation_seed"],
                                                contest["tuning_games"], out["CONTEST_GAMES_PER_SIDE"])
            out.update(TUNING_SEED=int(contest["tuning_seed"]),
                       EVALUATION_SEED=int(contest["evaluation_seed"]),
                       TUNING_GAMES_PER_SIDE=len(tuning), TUNING_GAME_SEEDS=tuning,
                       EVALUATION_GAME_SEEDS=evaluation)
        if out["CONTEST_MOVES"] + 1 < out["INLINE_FRAMES"]:
            raise ValueError(f"INLINE_FRAMES must be at most CONTEST_MOVES + 1 = {out['CONTEST_MOVES'] + 1}, "
                             f"got {out['INLINE_FRAMES']}")
    return out
