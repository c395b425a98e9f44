"""studykit.slowstart: the compile notice is printed only for a slow call, once per label."""

import time

import pytest

from studykit import slowstart


def test_a_slow_call_is_announced_once_and_a_quick_one_never(capsys):
    with slowstart.compile_notice("a quick kernel", after=0.5):
        pass
    with slowstart.compile_notice("a slow kernel", after=0.05):
        time.sleep(0.3)
    with slowstart.compile_notice("a slow kernel", after=0.05):
        time.sleep(0.3)
    err = capsys.readouterr().err
    assert "a quick kernel" not in err
    assert err.count("numba is compiling a slow kernel") == 1


@pytest.mark.parametrize("label, after", [("", 1.0), (None, 1.0), ("x", -1.0), ("x", float("nan"))])
def test_bad_arguments_are_refused(label, after):
    with pytest.raises((TypeError, ValueError), match="label|after"):
        with slowstart.compile_notice(label, after):
            pass
