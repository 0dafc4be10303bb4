"""TripleA releases as users name them, and what each one means to the catalog and the save reader.

The releases are data (compiler/schemas/catalog/releases.json): a release line has a name ("1.9", "2.7",
"2026-08"), a family (the game-XML language the catalog describes: "1.9", or "2.x" for 2.0 and every later
release, the calendar ones included), its first and newest known builds, and what it changed. Users name a
release by its line, by an alias ("latest", the default: the newest release the tool knows; "2.x": the last
2.x release, 2.7) or by a full version as TripleA writes it ("2026-08.16.15726"; the first June releases
wrote "2026.06.16.15623"; "2.7.15622"; "1.9.0.0.7062").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from compiler.packagedata import CatalogError, read_json

LATEST = "latest"
DEFAULT_ENGINE = LATEST
"""the release --engine, a spec's `engine:` and the configuration mean when they name none"""
FAMILIES: tuple[str, ...] = ("1.9", "2.x")

# 2026-08.16.15726 (2026-06.16.15633 on), 2026.06.16.15623 (the first June releases), or the line 2026-08
_CALENDAR = re.compile(r"(?P<year>20\d\d)[-.](?P<month>0[1-9]|1[0-2])(?:\.(?P<release>\d+)\.(?P<build>\d+))?")
# 2.7.15622, 2.7, 1.9.0.0.7062: major.minor and whatever follows (TripleA reads the first two numbers)
_NUMBERED = re.compile(r"(?P<major>\d{1,3})(?:\.(?P<minor>\d{1,3}))?(?P<rest>(?:[.+][0-9A-Za-z@+._-]*)?)")


@dataclass(frozen=True)
class Change:
    """One thing a release changed: since which build, in what (xml, saves, rules, versions), and where it is told."""

    since: str
    area: str
    what: str
    source: str


@dataclass(frozen=True)
class Release:
    """One release line: what users call it, its catalog family, its builds and what it changed."""

    name: str
    family: str
    first: str
    """its first published build ("" where the tool does not record an old line's builds)"""
    last: str
    """its newest build the tool knows: with a kit, the build the tests judge with"""
    kit: str | None
    """the folder under ../shared/reference holding this release's oracle kit (None: no kit)"""
    judged_by: str
    """what the tool's verdicts for this release were checked against"""
    save_version: str
    """how its saves begin: "Version" (an org.triplea.util.Version object) or "string" ("2026-08.16.15726")"""
    reads_minimum_version: bool
    """whether its parser refuses a game whose <triplea minimumVersion> is newer than itself or unreadable"""
    changes: tuple[Change, ...] = ()

    @property
    def order(self) -> tuple[int, int]:
        """Sorts the lines: (1, 9) < (2, 7) < (2026, 8)."""
        return _order(self.name)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class SavedVersion:
    """A full version as a save (or a user) writes it, and what the tool knows of it."""

    text: str
    line: str
    """its release line: "2026-08", "2.7", "2.3", "1.9" """
    release: Release | None
    """the known release line (None for a line the tool does not name: 2.0-2.4, or one newer than all)"""
    newer: bool
    """newer than the newest build the tool knows"""

    @property
    def order(self) -> tuple[int, int]:
        """Sorts the lines, as Release.order does."""
        return _order(self.line)


def _order(line: str) -> tuple[int, int]:
    calendar = _CALENDAR.fullmatch(line)
    if calendar:
        return int(calendar["year"]), int(calendar["month"])
    major, _, minor = line.partition(".")
    return int(major), int(minor or 0)


@cache
def _registry() -> tuple[tuple[Release, ...], dict[str, str]]:
    data = read_json("releases.json")
    try:
        found = tuple(
            Release(name=str(raw["name"]), family=str(raw["family"]), first=str(raw["first"]), last=str(raw["last"]),
                    kit=raw["kit"], judged_by=str(raw["judged_by"]), save_version=str(raw["save_version"]),
                    reads_minimum_version=bool(raw["reads_minimum_version"]),
                    changes=tuple(Change(c["since"], c["area"], c["what"], c["source"]) for c in raw["changes"]))
            for raw in data["releases"]
        )
        named = {str(alias): str(target) for alias, target in data["aliases"].items()}
        ordered = tuple(sorted(found, key=lambda r: r.order, reverse=True))
        if not {r.family for r in ordered} <= set(FAMILIES) or not set(named.values()) <= {r.name for r in ordered}:
            raise ValueError("a release of an unknown family, or an alias naming no release")
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise CatalogError(f"the installed catalog is damaged (releases.json: {type(exc).__name__}: {exc}); "
                           "reinstall triplea-compiler") from None
    return ordered, named


def releases() -> tuple[Release, ...]:
    """Every release line the tool knows, newest first (CatalogError when the installation lacks them)."""
    return _registry()[0]


def aliases() -> dict[str, str]:
    """Alias -> release line: "latest" (the newest release the tool knows) and "2.x" (the last 2.x release)."""
    return dict(_registry()[1])


def engine_names() -> tuple[str, ...]:
    """The names --engine, a spec's `engine:` and the configuration accept besides full versions: the
    aliases, then every release line, newest first."""
    return (*aliases(), *(r.name for r in releases()))


def newest() -> Release:
    """The newest release the tool knows ("latest")."""
    return resolve(LATEST)


def oldest_2x() -> Release:
    """The oldest 2.x line the tool names: what it accepts, every 2.x release accepts."""
    return min((r for r in releases() if r.family == "2.x"), key=lambda r: r.order)


def _named(line: str) -> Release | None:
    return next((r for r in releases() if r.name == line), None)


def _build(version: str) -> int | None:
    """The build number of a full version: 2026-08.16.15726 -> 15726, 2.7.15622 -> 15622 (None for others)."""
    calendar = _CALENDAR.fullmatch(version)
    if calendar:
        return int(calendar["build"]) if calendar["build"] else None
    parts = version.split(".")
    return int(parts[2]) if len(parts) == 3 and parts[0] == "2" and parts[2].isdigit() else None


def _line_of(text: str) -> str | None:
    calendar = _CALENDAR.fullmatch(text)
    if calendar:
        return f"{calendar['year']}-{calendar['month']}"
    numbered = _NUMBERED.fullmatch(text)
    if numbered is None:
        return None
    return f"{int(numbered['major'])}.{int(numbered['minor'] or 0)}"


def read_version(text: str) -> SavedVersion | None:
    """What the tool knows of a full version as TripleA writes it; None when `text` is no TripleA version."""
    text = text.strip()
    line = _line_of(text)
    if line is None:
        return None
    known = _named(line)
    if known is None:
        return SavedVersion(text, line, None, _order(line) > newest().order)
    build, last = _build(text), _build(known.last)
    return SavedVersion(text, line, known, build is not None and last is not None and build > last)


def resolve(name: str) -> Release:
    """The release an engine name means: an alias, a release line or a full version of a known line that is
    not newer than the tool knows; ValueError, saying what is known, otherwise."""
    _, named = _registry()
    known = _named(named.get(name, name))
    if known is not None:
        return known
    top = _named(named[LATEST])
    assert top is not None  # the registry checks its aliases
    version = read_version(name)
    if version is not None and version.newer:
        newest_known = version.release.last if version.release else top.last
        raise ValueError(f"TripleA {name} is newer than the newest release this tool knows ({newest_known}); "
                         f"use --engine {LATEST} ({top.name}) or a newer triplea-compiler")
    if version is not None and version.release is not None:
        return version.release
    raise ValueError(f"unknown engine {name!r} (choose from {', '.join(engine_names())}, "
                     f"or a full version such as {top.last})")


def release(engine: str) -> tuple[int, int]:
    """The order of an engine name's release line: (major, minor), or (year, month) for a calendar release."""
    return resolve(engine).order


def family(engine: str) -> str:
    """The catalog family of an engine name: "1.9" or "2.x" (2.0 and every later release)."""
    return resolve(engine).family


def line(engine: str) -> str:
    """The release line of an engine name ("latest" -> "2026-08", "2.x" -> "2.7", "1.9.0.0.7062" -> "1.9")."""
    return resolve(engine).name


def in_line(engine: str, since: str, until: str | None = None) -> bool:
    """Whether a name the catalog dates `since`..`until` exists in `engine`'s release line.
    A family-wide `since` ("2.x") means the first 2.x release."""
    current = release(engine)
    first = (2, 0) if since == "2.x" else _order(since)
    return first <= current and (until is None or current <= _order(until))
