"""Shared body of the unknown-<kind> checks: report references to names that do not exist."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator

from compiler.checks.context import CheckContext
from compiler.checks.refs import references, where
from compiler.problems import Problem, Severity


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """' (did you mean 'X'?)' for the closest known name, or ''."""
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.75)
    if not close:
        lowered = {k.lower(): k for k in known}
        if name.lower() in lowered:
            close = [lowered[name.lower()]]
    return f" (did you mean '{close[0]}'?)" if close else ""


def unknown_refs(
    ctx: CheckContext, code: str, kinds: dict[str, str], known: set[str], severity: Severity = Severity.ERROR
) -> Iterator[Problem]:
    """Problems for every reference of one of `kinds` (kind -> label) whose name is not `known`."""
    refs = references(ctx)
    hints: dict[str, str] = {}
    for kind, label in kinds.items():
        for entry in refs.get(kind, ()):
            name = entry[0]
            if name not in known:
                hint = hints.get(name)
                if hint is None:
                    hint = hints[name] = did_you_mean(name, known)
                yield Problem(code, f"unknown {label} '{name}' in {where(entry)}{hint}", entry[1], severity)
