"""A package whose public names load on first use (PEP 562), so ``python -m <package>`` starts
without importing every module (scipy, pandas, numba) the package's other names need."""

import importlib
import importlib.util
import sys
import types


def lazy_package(name: str, sources: dict[str, list[str]], public: list[str]) -> dict[str, str]:
    """Make the package ``name`` serve each name of ``sources`` (module -> names it defines) from
    its module on first use, list ``public`` in ``dir()``, and keep a function named like its
    own module (``goofspiel.equilibrium``) a function once that module is imported. Returns the
    name -> module table."""
    home = {item: module for module, names in sources.items() for item in names}
    package = sys.modules[name]
    namespace = vars(package)

    def __getattr__(item: str):
        """A public name (loading its module once), or a submodule not imported yet."""
        if item in home:
            value = getattr(importlib.import_module(f"{name}.{home[item]}"), item)
            namespace[item] = value
            return value
        if not item.startswith("_") and importlib.util.find_spec(f"{name}.{item}") is not None:
            return importlib.import_module(f"{name}.{item}")
        raise AttributeError(f"module {name!r} has no attribute {item!r}")

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(public))

    class Package(types.ModuleType):
        """Importing a submodule named like one of the package's functions does not hide the
        function behind the module, as an eager ``from ... import`` did not."""

        def __setattr__(self, item: str, value) -> None:
            if (isinstance(value, types.ModuleType) and home.get(item) == item
                    and value.__name__ == f"{name}.{item}"):
                value = getattr(value, item)
            super().__setattr__(item, value)

    namespace["__getattr__"], namespace["__dir__"] = __getattr__, __dir__
    package.__class__ = Package
    return home
