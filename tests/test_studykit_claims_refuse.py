"""Claim helpers never contradict themselves (issue 41, kind 5): an estimate outside its own
interval, NaN, a number given as its printed text, and rows whose fields are not texts."""

import math

import numpy as np
import pytest
from fuzzing import refused

from studykit import claims as C


def test_an_estimate_outside_its_own_interval_is_refused_naming_it():
    refused(lambda: C.interval_claim("share", 0.5, 0.9, 0.4, 0.6), "estimate")
    refused(lambda: C.interval_claim("share", 0.5, 0.3, 0.4, 0.6), "estimate")
    assert C.interval_claim("share", 0.5, 0.4, 0.4, 0.6).status == C.CONSISTENT    # at a bound
    assert C.interval_claim("s", 0.5, np.nextafter(0.3, 0), 0.3, 0.4).status == \
        C.DIFFERS                                                # float rounding at a bound


@pytest.mark.parametrize("bad", [math.nan, np.nan, np.float32("nan"), math.inf, -np.inf])
def test_nan_and_infinity_are_no_exact_value(bad):
    refused(lambda: C.exact_claim("x", bad, 1.0), "reference")
    refused(lambda: C.exact_claim("x", 1.0, bad), "ours")
    refused(lambda: C.exact_claim("x", bad, bad), "reference")


@pytest.mark.parametrize("bad", [None, [1, 2], (1, 2), {"a": 1}, True, np.bool_(False), 1j,
                                 object(), b"12"])
def test_what_is_neither_a_text_nor_a_number_is_no_exact_value(bad):
    refused(lambda: C.exact_claim("x", bad, "12"), "reference")
    refused(lambda: C.exact_claim("x", "12", bad), "ours")


def test_a_number_given_as_its_printed_text_compares_as_the_number():
    assert C.exact_claim("mean", "26.546", 26.5463, tolerance=5e-4).status == C.EXACT
    assert C.exact_claim("tally", "54,760", 54760).status == C.EXACT
    assert C.exact_claim("tally", 54760, "54,760").status == C.EXACT
    assert C.exact_claim("loss", "\u22121.5", -1.5).status == C.EXACT
    assert C.exact_claim("mean", "26.546", 26.6, tolerance=5e-4).status == C.DIFFERS
    assert C.exact_claim("n", "20", np.int64(20), source="derived: a count").status == \
        C.CONSISTENT
    assert C.exact_claim("big", str(10**300 + 1), 10**300 + 1).status == C.EXACT   # exactly
    assert C.exact_claim("big", str(10**300 + 1), 10**300).status == C.DIFFERS
    refused(lambda: C.exact_claim("share", "43%", 0.43), "reference", "percentage")
    assert C.exact_claim("share", "43%", "43%").status == C.EXACT                  # two texts


def test_texts_and_a_number_against_a_text_of_something_else_keep_their_meaning():
    assert C.exact_claim("tally", "mouse 54,760", "mouse 54,760").status == C.EXACT
    assert C.exact_claim("odds", "1.0", "1.00").status == C.EXACT                 # as numbers
    assert C.exact_claim("final", "cat wins", "mouse wins").status == C.DIFFERS
    never = C.exact_claim("iterations", 17, "never")                 # notebook 21's call
    assert never.status == C.DIFFERS and never.ours == "never"
    same = C.exact_claim("big", "1e400", "1e400")                   # no float, equal texts
    assert same.status == C.EXACT


@pytest.mark.parametrize("field", ["claim", "source", "reference", "ours", "status", "test",
                                   "reason"])
@pytest.mark.parametrize("bad", [None, 1, ["a"], 2.5, b"x"])
def test_every_field_of_a_row_is_a_text(field, bad):
    row = {"claim": "c", "source": "article", "reference": "1", "ours": "1",
           "status": C.CONSISTENT, "test": "t", "reason": ""}
    row[field] = bad
    refused(lambda: C.Claim(**row), field)


def test_a_row_needs_a_claim_and_a_setting_row_its_reason():
    refused(lambda: C.Claim(" ", "article", "1", "1", C.EXACT), "claim")
    refused(lambda: C.Claim("c", "article", "1", "1", C.VARIANT), "reason")


@pytest.mark.parametrize(("call", "name"), [
    (lambda: C.exact_claim(None, 1, 1), "claim"),
    (lambda: C.exact_claim("c", 1, 1, reason=3), "reason"),
    (lambda: C.exact_claim("c", 1.0, 1.0, fmt=3), "fmt"),
    (lambda: C.exact_claim("c", 1.0, 1.0, fmt="{:.3f} {:.3f}"), "fmt"),
    (lambda: C.exact_claim("c", 1, 1, setting="article"), "setting"),
    (lambda: C.exact_claim("c", 1, 1, source=None), "source"),
    (lambda: C.statistical_claim("c", 1.0, 1.0, 0.1, fmt="{:d}"), "fmt"),
    (lambda: C.statistical_claim("c", 1.0, 1.0, 0.1, reference_text=3), "reference_text"),
    (lambda: C.statistical_claim("c", 1.0, 1.0, 0.1, setting=3), "setting"),
    (lambda: C.interval_claim("c", 1.0, 1.0, 0.5, 1.5, interval=None), "interval"),
    (lambda: C.interval_claim("c", 1.0, 1.0, 0.5, 1.5, fmt=None), "fmt"),
    (lambda: C.interval_claim("c", 1.0, 1.0, 0.5, 1.5, reference_text=[]), "reference_text"),
    (lambda: C.check_claim("c", None, "o", True, test="t"), "reference"),
    (lambda: C.check_claim("c", "r", 5, True, test="t"), "ours"),
    (lambda: C.check_claim("c", "r", "o", True, test=7), "test"),
    (lambda: C.beyond_claim("c", ["g"], "o", True, test="t"), "goal"),
    (lambda: C.regression_claim("c", "r", "o", True, test="t", earlier=5), "earlier"),
    (lambda: C.not_compared("not a row", "why"), "claim"),
    (lambda: C.not_compared(C.exact_claim("c", 1, 1), None), "reason"),
    (lambda: C.compare_setting([1], {"N": 1}), "ours"),
    (lambda: C.compare_setting({"N": 1}, None), "article"),
    (lambda: C.compare_setting({"N": 1}, {"N": 1}, label=5), "label"),
    (lambda: C.Setting(["N = 1"]), "differences"),
    (lambda: C.Setting((3,)), "differences"),
])
def test_every_helper_refuses_what_cannot_be_a_claim_naming_the_argument(call, name):
    refused(call, name)


def test_numpy_arrays_as_constants_compare_by_their_items():
    assert C.compare_setting({"D": np.array([1, 2])}, {"D": (1, 2)}).is_article
    assert not C.compare_setting({"D": np.array([1, 3])}, {"D": [1, 2]}).is_article


@pytest.mark.parametrize(("kwargs", "name"), [
    ({"study": None}, "study"), ({"notebook": ""}, "notebook"), ({"setting": "article"}, "setting"),
    ({"claims": 5}, "claims"), ({"claims": "rows"}, "claims"), ({"claims": [("a", "b")]}, "Claim"),
])
def test_record_claims_refuses_what_is_no_claim_table(kwargs, name):
    from studykit.report import record_claims

    args = {"study": "Set", "notebook": "10_setgame", "claims": [C.exact_claim("c", 1, 1)],
            "setting": None, **kwargs}
    refused(lambda: record_claims(args["study"], args["notebook"], args["claims"],
                                  setting=args["setting"]), name)
