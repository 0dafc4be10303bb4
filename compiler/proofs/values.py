"""Expected values against what a game says, compared as TripleA reads them.

>>> differs([" 2"], 2), differs(["True"], True), differs([], False), differs(["1"], 2)
(None, None, None, "is '1'")
>>> differs(["a", "b"], ["a", "b"]), differs([], None), differs(["3"], None)
(None, None, "is '3' (expected: not given)")
>>> differs_field("true", "isAA", "isAAforCombatOnly", False), differs_field("false", "isAAforCombatOnly", "x", False)
("is 'true' (set by isAA)", None)
"""

from __future__ import annotations

from compiler.lower.values import text as as_text
from compiler.spec.claims import Expected
from compiler.spec.models import Scalar

__all__ = ["as_text", "differs", "differs_field", "same"]


def same(actual: str, expected: Scalar) -> bool:
    """Whether TripleA's text `actual` means `expected` (booleans case-insensitively, integers by value)."""
    text = actual.strip()
    if isinstance(expected, bool):
        return text.lower() == as_text(expected)
    if isinstance(expected, int):
        try:
            return int(text) == expected
        except ValueError:
            return False
    return text == as_text(expected)


def differs(actual: list[str], expected: Expected, *, absent_is_false: bool = True) -> str | None:
    """None when the occurrences `actual` of an option (or property) are what `expected` claims, else how
    they differ. A scalar is the last occurrence; `false` also matches an option not given (TripleA's
    default for every boolean option) unless `absent_is_false` is off (game properties, whose defaults
    vary); a list is every occurrence in order; null means not given."""
    shown = ", ".join(repr(a) for a in actual)
    if expected is None:
        return None if not actual else f"is {shown} (expected: not given)"
    if isinstance(expected, list):
        if len(actual) == len(expected) and all(same(a, e) for a, e in zip(actual, expected, strict=True)):
            return None
        return f"is [{shown}]" if actual else "is not given"
    if not actual:
        return None if expected is False and absent_is_false else "is not given"
    return None if same(actual[-1], expected) else f"is {actual[-1]!r}"


def differs_field(value: str | None, by: str, name: str, expected: Scalar | None) -> str | None:
    """None when a field's final value `value` (None: unset by a macro), set last by the option `by`, is what
    a scalar `expected` claims for the field `name`, else how it differs. `false` and null (not given) also
    match a field a macro unset; null matches no field an option or macro set."""
    source = f" (set by {by})" if by != name else ""
    if value is None:
        return None if expected is None or expected is False else f"is unset by {by}"
    if expected is None:
        return f"is {value!r}{source} (expected: not given)"
    return None if same(value, expected) else f"is {value!r}{source}"
