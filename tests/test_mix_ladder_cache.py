"""The ladder's result cache cannot lie: agents are keyed by their content (two self-taught
players with different weights never share an entry), entries are checked (whole counts within
range that add up to the games played) before they are used, and the fingerprint changes with
any module the games import."""

import importlib
import json
import shutil
import warnings
from pathlib import Path

import numpy as np
import pytest

from mix import SearchAgent, SelfTaughtAgent, heuristic_values, load_weights
from studykit.cache import CorruptEntryWarning, code_fingerprint
from studykit.codehash import import_closure

lad = importlib.import_module("mix.play.ladder")  # the module: `mix.ladder` is the function
ROOT = Path(__file__).resolve().parent.parent
SETTING = {"games": 4, "seed": 3, "chunks": 1, "rows": 5, "cols": 6}


def test_self_taught_players_with_other_weights_get_their_own_entries(tmp_path):
    w = load_weights()
    strong = {"p": (SelfTaughtAgent(w, 1), "random")}
    zero = {"p": (SelfTaughtAgent(np.zeros_like(w), 1), "random")}
    first = lad.ladder(strong, **SETTING, cache=tmp_path)
    cached_zero = lad.ladder(zero, **SETTING, cache=tmp_path)
    fresh_zero = lad.ladder(zero, **SETTING)
    assert cached_zero.equals(fresh_zero)              # played, not read from the strong entry
    assert not cached_zero.equals(first)
    assert len(list(tmp_path.glob("pairing-*.json"))) == 2
    # same weights under another name: the same entry; another depth or fixed: another one
    again = {"q": (SelfTaughtAgent(w.copy(), 1, name="renamed"), "random")}
    assert lad.ladder(again, **SETTING, cache=tmp_path).equals(first.rename({"p": "q"}))
    assert len(list(tmp_path.glob("pairing-*.json"))) == 2
    keys = {str(lad.agent_key(a)) for a in (SelfTaughtAgent(w, 1), SelfTaughtAgent(w, 2),
                                            SelfTaughtAgent(w, 1, fixed=True))}
    assert len(keys) == 3


def test_search_agents_are_keyed_by_values_depth_and_draw():
    values = heuristic_values()
    keys = [lad.agent_key(a) for a in (SearchAgent(values, depth=1), SearchAgent(values, depth=2),
                                       SearchAgent(values, depth=1, draw=0.5),
                                       SearchAgent([v / 2 for v in values], depth=1),
                                       SearchAgent(values, "bits-loose", depth=1))]
    assert len({json.dumps(k, sort_keys=True) for k in keys}) == len(keys)
    assert lad.agent_key(SearchAgent(values, depth=1, name="x")) == keys[0]


def test_an_agent_without_a_content_key_is_refused_by_a_cached_ladder(tmp_path):
    class Anonymous:
        def choose(self, b, rng):
            return rng.choice(b.legal_moves())

    with pytest.raises(TypeError, match="cache_key"):
        lad.ladder({"p": (Anonymous(), "random")}, **SETTING, cache=tmp_path)
    assert lad.ladder({"p": (Anonymous(), "random")}, **SETTING).games_X.iloc[0] == 4


def entry_of(cache: Path) -> Path:
    return lad.open_cache(cache, 4, 5, 6).path("pairing", lad.pairing_key(
        "random", "onestep", 4, 1, 3, 5, 6))


def tampered(entry: dict, seat: str, **change) -> dict:
    out = json.loads(json.dumps(entry))
    out[seat].update(change)
    return out


@pytest.mark.parametrize("change", [
    {"wins": 1e9}, {"wins": 10**9}, {"wins": -1}, {"losses": -2, "wins": 6}, {"draws": "none"},
    {"wins": True}, {"moves": -1.0}, {"moves": 10**7}, {"wins": 0, "losses": 0, "draws": 0},
    {"extra": 1}], ids=str)
def test_corrupt_ladder_entries_are_played_again(tmp_path, change):
    pairs = {"a": ("random", "onestep")}
    fresh = lad.ladder(pairs, **SETTING)
    assert lad.ladder(pairs, **SETTING, cache=tmp_path).equals(fresh)
    path = entry_of(tmp_path)
    good = json.loads(path.read_text())
    path.write_text(json.dumps({**good, "value": tampered(good["value"], "O", **change)}))
    with pytest.warns(CorruptEntryWarning, match=path.name):
        got = lad.ladder(pairs, **SETTING, cache=tmp_path)
    assert got.equals(fresh)
    assert json.loads(path.read_text()) == good


def with_moves(text: str, constant: str) -> str:
    """A ladder entry's text with X's moves replaced by a bare constant (NaN, Infinity)."""
    entry = json.loads(text)
    entry["value"]["X"]["moves"] = "@"
    return json.dumps(entry).replace('"@"', constant)


def test_nan_and_infinite_entries_are_played_again(tmp_path):
    pairs = {"a": ("random", "onestep")}
    fresh = lad.ladder(pairs, **SETTING, cache=tmp_path)
    path = entry_of(tmp_path)
    text = path.read_text()
    for bad in ("NaN", "Infinity", "-Infinity"):
        path.write_text(with_moves(text, bad))
        with pytest.warns(CorruptEntryWarning, match=path.name):
            assert lad.ladder(pairs, **SETTING, cache=tmp_path).equals(fresh)
        assert path.read_text() == text


def test_a_directory_at_an_entry_path_is_reported_and_the_ladder_still_plays(tmp_path):
    pairs = {"a": ("random", "onestep")}
    fresh = lad.ladder(pairs, **SETTING)
    entry_of(tmp_path).mkdir(parents=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = lad.ladder(pairs, **SETTING, cache=tmp_path)
    assert got.equals(fresh)
    assert any(issubclass(w.category, CorruptEntryWarning) for w in caught)
    assert not list(tmp_path.rglob("*.tmp"))


def test_editing_any_module_the_games_import_changes_the_fingerprint(tmp_path):
    for package in ("mix", "studykit"):
        shutil.copytree(ROOT / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    files = sorted((tmp_path / "mix").glob("*.init"))
    modules, _ = import_closure(lad.seat_trial, search=[tmp_path])
    assert len(modules) > 20

    def fingerprint():
        return code_fingerprint(lad.seat_trial, files=files, search=[tmp_path])

    before = fingerprint()
    for path in modules.values():
        original = path.read_bytes()
        path.write_bytes(original + b"\n# edited\n")
        assert fingerprint() != before, f"editing {path.name} left the fingerprint unchanged"
        path.write_bytes(original)
    assert fingerprint() == before
    for path in files:
        original = path.read_bytes()
        path.write_bytes(original.replace(b"0", b"1", 1))
        assert fingerprint() != before, f"editing {path.name} left the fingerprint unchanged"
        path.write_bytes(original)


def test_an_entry_copied_to_another_pairings_path_is_played_again(tmp_path):
    """Issue 41: the ladder served random-vs-random's tally for onestep."""
    lad.ladder({"r": ("random", "random")}, **SETTING, cache=tmp_path)
    cache = lad.open_cache(tmp_path, 4, 5, 6)
    source = cache.path("pairing", lad.pairing_key("random", "random", 4, 1, 3, 5, 6))
    shutil.copy(source, entry_of(tmp_path))
    pairs = {"a": ("random", "onestep")}
    with pytest.warns(CorruptEntryWarning, match="another key"):
        got = lad.ladder(pairs, **SETTING, cache=tmp_path)
    assert got.equals(lad.ladder(pairs, **SETTING))
