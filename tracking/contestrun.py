"""Games under the contest's rules: one seeded game per trial, and the deaths a team's Pacmen
suffered to a ghost they could see."""

from __future__ import annotations

from studykit.checks import choice, whole
from studykit.claims import beyond_claim
from studykit.comparisons import mean_difference
from studykit.stats import Estimate, wilson
from tracking.game import CaptureGame
from tracking.sensing import SIGHT, manhattan
from tracking.teams import make_team
from tracking.teamtrack import team_of
from tracking.tournament import maze_named, rows_of

TRIAL_KEYS = ("score_a", "score_b", "win", "loss", "seen_deaths_a", "deaths_a", "capsules_a")
SUMMARY_KEYS = ("wins", "ties", "losses", "decided", "win share of decided", "wilson", "games",
                "deaths a", "seen deaths a", "score a", "score b", "capsules a")


def deaths(game: CaptureGame, team: str) -> dict:
    """``team``'s Pacmen caught in a played game: all of them, and those whose killer was in sight
    of their team (Manhattan 5 from either) when the victim last chose a move."""
    if not isinstance(game, CaptureGame):
        raise TypeError(f"game must be a CaptureGame, got {type(game).__name__}")
    team = choice(team, "team", ("red", "blue"))
    moves, caught, seen = 0, 0, 0
    for event in game.log:
        if event[0] == "move":
            moves += 1
            continue
        if event[0] != "capture" or team_of(event[1]) != team or not game.is_pacman(event[1], event[3]):
            continue
        victim, killer = event[1], event[2]
        turn = moves - 1 - (moves - 1 - victim) % 4           # the victim's last turn up to this move
        state = game.trail[turn]
        mates = [state[k] for k in range(4) if team_of(k) == team]
        caught += 1
        seen += any(manhattan(m, state[killer]) <= SIGHT for m in mates)
    return {"deaths": caught, "seen": seen}


def contest_trial(a: str, b: str, layout: str, side: str, seed: int, *, max_moves: int = 1200,
                  end_food: int = 2) -> dict:
    """Team kind ``a`` (as ``side``) against kind ``b`` under ``rule="contest"``, from a's side:
    scores, win/loss, Pacmen caught, and a's and b's deaths (all, and to a ghost in sight)."""
    side = choice(side, "side", ("red", "blue"))
    ta, tb = make_team(a), make_team(b)
    red, blue = (ta, tb) if side == "red" else (tb, ta)
    game = CaptureGame(maze_named(layout), red, blue, rule="contest", max_moves=max_moves, seed=seed,
                       end_food=end_food)
    res = game.play()
    other = "blue" if side == "red" else "red"
    mine, theirs = deaths(game, side), deaths(game, other)
    return {"score_a": res.scores[side], "score_b": res.scores[other], "win": res.winner == side,
            "loss": res.winner == other, "moves": res.moves, "caught_a": res.caught[side],
            "caught_b": res.caught[other], "forfeits": sum(res.forfeits),
            "deaths_a": mine["deaths"], "seen_deaths_a": mine["seen"],
            "deaths_b": theirs["deaths"], "seen_deaths_b": theirs["seen"],
            "capsules_a": sum(1 for e in game.log if e[0] == "capsule" and team_of(e[1]) == side)}


def contest_summary(rows: list[dict], keys=("a", "b")) -> dict:
    """``run_sweep(contest_trial, ...)`` rows grouped by ``keys``: wins, ties, losses, the win share
    of decided games with its Wilson 95% interval, and per game (each an ``Estimate``: mean and
    SE) the Pacmen of a caught (all, and by a ghost in sight), a's and b's scores and the capsules
    a ate."""
    if isinstance(keys, str):
        raise TypeError(f"keys must be a tuple of row keys, got {keys!r}")
    keys = tuple(keys)
    rows = rows_of(rows, "rows", (*keys, "result"))
    for r in rows:
        rows_of([r["result"]], "rows' results", TRIAL_KEYS)
    groups: dict = {}
    for r in rows:
        groups.setdefault(tuple(r[k] for k in keys), []).append(r["result"])
    out = {}
    for key, results in groups.items():
        n = len(results)
        wins, losses = sum(r["win"] for r in results), sum(r["loss"] for r in results)
        decided = wins + losses
        seen = [r["seen_deaths_a"] for r in results]
        out[key] = {**dict(zip(keys, key)), "games": n, "wins": wins, "ties": n - decided,
                    "losses": losses, "decided": decided,
                    "win share of decided": wins / decided if decided else float("nan"),
                    "wilson": wilson(wins, decided) if decided else (0.0, 1.0),
                    "deaths a": Estimate.of([r["deaths_a"] for r in results]),
                    "seen deaths a": Estimate.of(seen),
                    "score a": Estimate.of([r["score_a"] for r in results]),
                    "score b": Estimate.of([r["score_b"] for r in results]),
                    "capsules a": Estimate.of([r["capsules_a"] for r in results])}
    return out


def contest_lines(summary: dict) -> list[dict]:
    """``contest_summary`` as printable rows (a DataFrame's); scores as mean ± the 95% normal
    half-width (1.96 SE)."""
    if not isinstance(summary, dict) or not summary:
        raise TypeError(f"summary must be the non-empty dict of contest_summary, got {type(summary).__name__}")
    rows_of(summary.values(), "summary", SUMMARY_KEYS)
    lines = []
    for s in summary.values():
        lo, hi = s["wilson"]
        keys = {k: v for k, v in s.items() if k in ("layout", "a", "b")}
        lines.append({**keys, "games": s["games"], "W-T-L": f"{s['wins']}-{s['ties']}-{s['losses']}",
                      "a wins of decided": f"{s['win share of decided']:.2f} [{lo:.2f}, {hi:.2f}]",
                      "score a": s["score a"].text("{:.1f}", z=1.96),
                      "score b": s["score b"].text("{:.1f}", z=1.96),
                      "a's Pacmen caught / game": f"{s['deaths a'].mean:.2f}",
                      "by a ghost in sight": f"{s['seen deaths a'].mean:.2f}",
                      "capsules eaten by a / game": f"{s['capsules a'].mean:.2f}"})
    return lines


def capsule_turnaround(layout: str, seeds: int, *, max_moves: int = 1200, window: int = 40):
    """The first seeded game (full tracker team as red against the tracker team) where a
    red Pacman eats a capsule with a ghost in sight and a red Pacman then sends a scared ghost home
    within ``window`` moves. Returns (seed, move of the capsule, recorded result), or None."""
    seeds = whole(seeds, "seeds", 1, 10_000)
    window = whole(window, "window", 1, 1200)
    for seed in range(seeds):
        game = CaptureGame(maze_named(layout), make_team("full tracker"), make_team("tracker"),
                           rule="contest", max_moves=max_moves, seed=seed)
        game.play()
        moves, eaten = 0, None
        for event in game.log:
            if event[0] == "move":
                moves += 1
            elif event[0] == "capsule" and team_of(event[1]) == "red":
                ghosts = [game.trail[moves - 1][j] for j in (1, 3)]
                cell = event[2]
                if any(manhattan(cell, g) <= SIGHT for g in ghosts):
                    eaten = moves
            elif event[0] == "capture" and eaten and team_of(event[1]) == "blue" and \
                    not game.is_pacman(event[1], event[3]) and moves - eaten <= window:
                again = CaptureGame(maze_named(layout), make_team("full tracker"), make_team("tracker"),
                                    rule="contest", max_moves=max_moves, seed=seed, record=True)
                return seed, eaten, again.play()
    return None


def contest_claims(pooled: dict) -> list:
    """Our goals under the contest's rules (beyond the article, whose era had no capsule effect),
    from ``contest_summary`` pooled by (a, b): the full tracker team wins more than 0.6 of the
    decided games against the greedy and the tracker teams (the lower end of the 95%
    Wilson interval), and its Pacmen die to a ghost in sight less often than the tracker team's
    against the same greedy team (by more than 2 combined standard errors)."""
    if not isinstance(pooled, dict):
        raise TypeError(f"pooled must be the dict of contest_summary, got {type(pooled).__name__}")
    if pooled:
        rows_of(pooled.values(), "pooled", SUMMARY_KEYS[:6] + ("seen deaths a",))
    claims = []
    for other, name in (("greedy", "the greedy team"), ("tracker", "the tracker team")):
        s = pooled.get(("full tracker", other))
        if s is None:
            continue
        lo, hi = s["wilson"]
        claims.append(beyond_claim(
            f"Under the contest's rules the full tracker team beats {name}",
            "lower end of the 95% interval above 0.6 of decided games",
            f"{s['wins']}-{s['ties']}-{s['losses']} (W-T-L): {s['win share of decided']:.2f} "
            f"[{lo:.2f}, {hi:.2f}] of {s['decided']} decided", lo > 0.6,
            test="Wilson 95% interval of the win share of decided games, pooled over the mazes",
            reason="the interval reaches 0.6 or below"))
    after, before = pooled.get(("full tracker", "greedy")), pooled.get(("tracker", "greedy"))
    if after is not None and before is not None:
        a, b = after["seen deaths a"], before["seen deaths a"]
        ok, text = mean_difference((a.mean, a.se), (b.mean, b.se), lower=True, fmt="{:.2f}",
                                   diff_fmt="{:.2f}")
        claims.append(beyond_claim(
            "Under the contest's rules the full tracker team's Pacmen die to a ghost in sight less "
            "often than the tracker team's", "fewer deaths in sight per game",
            f"per game against the greedy team, after vs before: {text}", ok,
            test="mean deaths in sight per game lower by > 2 combined SE",
            reason="no clear reduction"))
    return claims
