"""Quick mode: the environment variable GAMEAI_QUICK shrinks every long run to a smoke test."""

import ast
import os
from collections.abc import Mapping, MutableMapping

VARIABLE = "GAMEAI_QUICK"
TRUE = ("1", "true", "yes", "on")
FALSE = ("", "0", "false", "no", "off")


def quick_mode() -> bool:
    """True when GAMEAI_QUICK is 1, true, yes or on (any case); False when it is unset, empty,
    0, false, no or off; any other value is refused (a typo must not pick a mode)."""
    text = os.environ.get(VARIABLE, "").strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise ValueError(f"{VARIABLE} must be one of {', '.join(TRUE)} (quick mode) or unset, empty, "
                     f"{', '.join(FALSE[1:])} (full mode), got {os.environ[VARIABLE]!r}")


def overridden(namespace: Mapping) -> set[str]:
    """Names a papermill run set in its injected cell (the one starting with "# Parameters")."""
    names: set[str] = set()
    for source in namespace.get("_ih", ()) or ():
        if not source.lstrip().startswith("# Parameters"):
            continue
        try:
            tree = ast.parse(source)
        except SyntaxError:  # not papermill's cell (it always parses): nothing overridden here
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return names


def shrink(namespace: MutableMapping, **small) -> dict:
    """In quick mode, set each constant to its small value unless this run overrode it.

    Called from a notebook's quick-mode cell as ``shrink(globals(), ITERATIONS=200, ...)``: a
    value given to papermill (``-p ITERATIONS 5000``) wins over the quick value, so a tweaked
    quick run still runs the tweak. Returns what was changed. Outside quick mode: nothing.
    """
    quick = quick_mode()  # first: a bad GAMEAI_QUICK is refused whatever the names
    if not isinstance(namespace, MutableMapping):
        raise TypeError(f"namespace must be the notebook's globals(), got {type(namespace).__name__}")
    unknown = sorted(set(small) - set(namespace))
    if unknown:
        raise NameError(f"shrink: {unknown} are not constants of this notebook")
    if not quick:
        return {}
    keep = overridden(namespace)
    changed = {name: value for name, value in small.items() if name not in keep}
    namespace.update(changed)
    return changed
