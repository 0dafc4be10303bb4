"""TripleA versions as users name them, and what each one means to the catalog.

Users name a release line ("1.9", "2.5", "2.6", "2.7") or "2.x" (the latest 2.x release). The catalog
keeps one record per engine family ("1.9", "2.x") with `since`/`until` per name, so a release line
accepts a name when `since <= line` (and `until`, if set, `>= line`).
"""

from __future__ import annotations

LATEST_2X = "2.7"  # TripleA 2.7.15622, the release players run (checked with its own parser)
# The names --engine, a spec's `engine:` and the configuration accept, newest first.
ENGINE_NAMES: tuple[str, ...] = ("2.x", "2.7", "2.6", "2.5", "1.9")
FAMILIES: tuple[str, ...] = ("1.9", "2.x")
OLDEST_2X = "2.5"  # the oldest 2.x line we name; what it accepts, every 2.x we check accepts


def release(engine: str) -> tuple[int, int]:
    """(major, minor) of an engine name: "2.x" is the latest 2.x line; "1.9.0.0.7062" -> (1, 9).
    ValueError for a name that is not a TripleA version."""
    if engine == "2.x":
        engine = LATEST_2X
    parts = engine.split(".")
    try:
        major, minor = int(parts[0]), int(parts[1]) if len(parts) > 1 else 0
    except ValueError:
        raise ValueError(f"unknown engine {engine!r}; known: {', '.join(ENGINE_NAMES)}") from None
    if (major, minor) != (1, 9) and major != 2:
        raise ValueError(f"unknown engine {engine!r}; known: {', '.join(ENGINE_NAMES)}")
    return major, minor


def family(engine: str) -> str:
    """The catalog family of an engine name: "1.9" or "2.x"."""
    return "1.9" if release(engine)[0] == 1 else "2.x"


def line(engine: str) -> str:
    """The release line of an engine name ("2.x" -> "2.7", "1.9.0.0.7062" -> "1.9")."""
    major, minor = release(engine)
    return f"{major}.{minor}"


def in_line(engine: str, since: str, until: str | None = None) -> bool:
    """Whether a name the catalog dates `since`..`until` exists in `engine`'s release line.
    A family-wide `since` ("2.x") means the first 2.x release."""
    current = release(engine)
    first = release("2.0" if since == "2.x" else since)
    return first <= current and (until is None or current <= release(until))
