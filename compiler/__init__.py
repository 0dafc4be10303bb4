"""triplea-compiler: compile, validate, import and check TripleA games and house rules."""

from __future__ import annotations

__all__ = ["__version__"]

__version__: str  # the installed distribution's version, read on first use (see __getattr__)


def __getattr__(name: str) -> str:
    """`compiler.__version__` from the installed metadata; importlib.metadata loads only when asked."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("triplea-compiler")
    except PackageNotFoundError:  # a source tree that was never installed
        found = "0+unknown"
    globals()["__version__"] = found
    return found
