"""Shared body of the unknown-<kind> checks: report references to names that do not exist, and tell a slip of
the keyboard (a near miss of a known name) from another name."""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from operator import itemgetter

from compiler.checks.context import CheckContext
from compiler.checks.refs import references, where
from compiler.problems import Problem, Severity


def closest(name: str, known: Iterable[str], cutoff: float = 0.75) -> str | None:
    """The known name closest to `name` (difflib's, at least `cutoff` alike, or the same in other case), or None."""
    names = list(known)
    close = difflib.get_close_matches(name, names, n=1, cutoff=cutoff)
    if not close:
        lowered = {k.lower(): k for k in names}
        if name.lower() in lowered:
            close = [lowered[name.lower()]]
    return close[0] if close else None


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """' (did you mean 'X'?)' for the closest known name, or ''."""
    found = closest(name, known)
    return f" (did you mean '{found}'?)" if found else ""


_NAME = itemgetter(0)  # of a reference entry


def unknown_refs(
    ctx: CheckContext, code: str, kinds: dict[str, str], known: set[str], severity: Severity = Severity.ERROR
) -> Iterator[Problem]:
    """Problems for every reference of one of `kinds` (kind -> label) whose name is not `known`."""
    refs = references(ctx)
    hints: dict[str, str] = {}
    for kind, label in kinds.items():
        entries = refs.get(kind, ())
        if known.issuperset(map(_NAME, entries)):
            continue  # the usual case, found at less cost
        for entry in entries:
            name = entry[0]
            if name not in known:
                hint = hints.get(name)
                if hint is None:
                    hint = hints[name] = did_you_mean(name, known)
                yield Problem(code, f"unknown {label} '{name}' in {where(entry)}{hint}", entry[1], severity)


def edit_distance(a: str, b: str, limit: int) -> int:
    """The Levenshtein distance of `a` and `b`, or `limit + 1` as soon as it must exceed `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        current = [i]
        for j, other in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char != other)))
        if min(current) > limit:
            return limit + 1
        previous = current
    return previous[-1]


@cache
def _folded(name: str) -> str:
    """`name` without case, spaces and punctuation: 'MaxFactoriesPerTerritory' and 'max factories per territory'
    fold alike."""
    return "".join(char for char in name.lower() if char.isalnum())


def _other_number(a: str, b: str) -> bool:
    """Whether `a` and `b` differ only in digits, at the same places ('WW2V1', 'WW2V2'): another version or
    number, not a slip of the keyboard."""
    if len(a) != len(b):
        return False
    differing = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    return bool(differing) and all(x.isdigit() and y.isdigit() for x, y in differing)


# A near miss shares at least this much of a name as its beginning (a name garbled at its end).
PREFIX_SHARE = 0.75
PREFIX_MIN = 12


def _garbled_end(name: str, known: str) -> bool:
    """Whether `name` keeps most of `known` as its start and garbles the rest ('... With EnTexas etces' for
    '... With Enemies'); a name that adds words to a whole known name ('... Return Fire Restricted') is
    another name, not a slip."""
    shared = len(os.path.commonprefix([name, known]))
    return shared >= PREFIX_MIN and shared >= PREFIX_SHARE * len(known) and shared < min(len(name), len(known))


def near_miss(name: str, known: Iterable[str]) -> str | None:
    """The known name `name` is a slip of, or None: the same letters in other case, spacing or punctuation;
    one or two letters off (one per twelve letters, at least one; not just another number); or a known name
    garbled at its end. Answered once per name and set of known names (games repeat both)."""
    return _near_miss(name, frozenset(known))


@lru_cache(maxsize=4096)
def _near_miss(name: str, known: frozenset[str]) -> str | None:
    candidates = sorted(k for k in known if k != name)
    folded = _folded(name)
    for candidate in candidates:
        if _folded(candidate) == folded:
            return candidate
    best: tuple[int, str] | None = None
    for candidate in candidates:
        limit = max(1, min(len(name), len(candidate)) // 12)
        distance = edit_distance(name, candidate, limit)
        if distance <= limit and not _other_number(name, candidate) and (best is None or distance < best[0]):
            best = (distance, candidate)
    if best is not None:
        return best[1]
    return next((candidate for candidate in candidates if _garbled_end(name, candidate)), None)
