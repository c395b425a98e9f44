"""Quick mode: the environment variable GAMEAI_QUICK shrinks every long run to a smoke test."""

import ast
import os
from collections.abc import Mapping, MutableMapping


def quick_mode() -> bool:
    """True when GAMEAI_QUICK is set to anything but '', '0', 'false' or 'no'."""
    return os.environ.get("GAMEAI_QUICK", "").strip().lower() not in ("", "0", "false", "no")


def overridden(namespace: Mapping) -> set[str]:
    """Names a papermill run set in its injected cell (the one starting with "# Parameters")."""
    names: set[str] = set()
    for source in namespace.get("_ih", ()) or ():
        if not source.lstrip().startswith("# Parameters"):
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return names


def shrink(namespace: MutableMapping, **small) -> dict:
    """In quick mode, set each constant to its small value unless this run overrode it.

    Called from a notebook's quick-mode cell as ``shrink(globals(), ITERATIONS=200, ...)``: a
    value given to papermill (``-p ITERATIONS 5000``) wins over the quick value, so a tweaked
    quick run still runs the tweak. Returns what was changed. Outside quick mode: nothing.
    """
    if not isinstance(namespace, MutableMapping):
        raise TypeError(f"namespace must be the notebook's globals(), got {type(namespace).__name__}")
    unknown = sorted(set(small) - set(namespace))
    if unknown:
        raise NameError(f"shrink: {unknown} are not constants of this notebook")
    if not quick_mode():
        return {}
    keep = overridden(namespace)
    changed = {name: value for name, value in small.items() if name not in keep}
    namespace.update(changed)
    return changed
