"""Compare the facts of two games: every difference with its location in both sources."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

from compiler.diff.facts import Facts
from compiler.problems import NOWHERE, Location


@dataclass(frozen=True)
class Difference:
    """One semantic difference: what differs (kind, key) and its value and place on each side."""

    kind: str
    key: str
    a: Any
    b: Any
    a_location: Location = NOWHERE
    b_location: Location = NOWHERE

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "key": self.key, "a": _plain(self.a), "b": _plain(self.b),
            "a_location": _where(self.a_location), "b_location": _where(self.b_location),
        }


def _where(loc: Location) -> str | None:
    return f"{loc.path}:{loc.line}" if loc.path else None


def _plain(value: Any) -> Any:
    """A fact value as JSON-friendly data (multisets become sorted lists, repeated items repeated)."""
    if isinstance(value, Counter):
        items = []
        for item, count in value.items():
            items += [_plain(item)] * count
        return sorted(items, key=repr) if len(items) != 1 else items[0]
    if isinstance(value, tuple):
        if _named_pairs(value):
            return {k: _plain(v) for k, v in value}
        return [_plain(v) for v in value]
    return value


def _named_pairs(value: tuple[Any, ...]) -> bool:
    """Whether `value` prints as a mapping: (name, value) pairs, each name once (a mapping of repeated names
    would show only the last, hiding what may differ)."""
    if not value or not all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) for x in value):
        return False
    return len({x[0] for x in value}) == len(value)


def _key_text(key: Any) -> str:
    if isinstance(key, tuple):
        return " / ".join("" if k is None else str(k) for k in key)
    return str(key)


def compare_facts(a: Facts, b: Facts) -> list[Difference]:
    """Every difference between two games, in a stable order (by kind, then key)."""
    diffs: list[Difference] = []
    differing = [fact for fact in a.values.keys() | b.values.keys() if _differ(a.values.get(fact), b.values.get(fact))]
    for fact in sorted(differing, key=lambda k: (k[0], repr(k[1]))):
        va, vb = a.values.get(fact), b.values.get(fact)
        kind, key = fact
        diffs.append(Difference(kind, _key_text(key), _plain(va), _plain(vb), a.locs.get(fact, NOWHERE),
                                b.locs.get(fact, NOWHERE)))
    diffs += _compare_steps(a, b)
    return diffs


def _differ(va: Any, vb: Any) -> bool:
    """Whether two values of a fact differ (None where a game lacks the fact). Multisets are compared as
    dicts first, at C speed: equal counts are equal multisets; only unequal ones take Counter's own test."""
    if isinstance(va, dict) and isinstance(vb, dict) and dict.__eq__(va, vb):
        return False
    return bool(va != vb)


def _step_dict(step: tuple[Any, ...] | None) -> Any:
    if step is None:
        return None
    name, delegate, player, max_run, display, props = step
    return {"name": name, "delegate": delegate, "player": player, "maxRunCount": max_run, "display": display,
            "properties": _plain(props) if props else {}}


def _compare_steps(a: Facts, b: Facts) -> list[Difference]:
    """The step sequence is ordered: report steps removed, added or changed, by position."""
    diffs = []
    matcher = SequenceMatcher(a=a.steps, b=b.steps, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        for k in range(max(i2 - i1, j2 - j1)):
            ia, jb = i1 + k, j1 + k
            sa = a.steps[ia] if ia < i2 else None
            sb = b.steps[jb] if jb < j2 else None
            step = sa or sb
            assert step is not None  # one side of a replace, insert or delete has the step
            name = step[0]
            diffs.append(Difference(
                "step", f"#{(ia if sa else jb) + 1} {name}", _step_dict(sa), _step_dict(sb),
                a.step_locs[ia] if sa else (a.step_locs[i1 - 1] if i1 else NOWHERE),
                b.step_locs[jb] if sb else (b.step_locs[j1 - 1] if j1 else NOWHERE),
            ))
    return diffs
