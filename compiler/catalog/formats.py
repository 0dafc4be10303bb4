"""The value formats of TripleA 2.x attachment options, and one matcher for all of them.

Every 2.x option in the catalog carries a `format` (attachments.json, `format_2x`) saying what its string
setter accepts, e.g. `int[0,]:resource` for `fuelCost`. The language:

    format  := alt (" || " alt)*  |  "@" special
    alt     := field (":" field)*            the value split on ":" (empty fields kept, as TripleA does)
    field   := atom [quant] | "(" alt ")" quant
    quant   := "?" | "*" | "+"               greedy, never backtracking (as the setters read)
    atom    := choice ("|" choice)*          the first choice that fits wins
    choice  := "int" ["[" lo "," hi "]"] ["!" n]   Integer.parseInt, within lo..hi, not n
             | "dec" | "bool" | "text"       BigDecimal, true/false in any case, anything
             | "range"                       two whole numbers a-b (more "-" parts ignored)
             | "'" word "'" ["i"]            that word (with `i`: in any case)
             | ["-"] kind                    a name (with `-`: one leading "-" allowed)
    kind    := unit | player | territory | resource | effect | reltype | tech | frontier | rule
             | place (territory or territory effect) | support | trigger | condition

Names are not looked up here: a match returns the names it read, by kind, and the caller checks them.
`@special` formats are values no field grammar describes (chance, conditionType, rounds ...).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

KINDS = frozenset({
    "unit", "player", "territory", "resource", "effect", "reltype", "tech", "frontier", "rule", "place",
    "support", "trigger", "condition",
})
_INT = re.compile(r"[+-]?\d+")
_DEC = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_CHOICE_INT = re.compile(r"int(?:\[(-?\d*),(-?\d*)\])?(?:!(-?\d+))?")
_REGION_KEYWORDS = frozenset({"controlled", "controlledNoWater", "original", "originalNoWater", "all", "map", "enemy"})


def java_int(text: str) -> int | None:
    """Integer.parseInt: an optional sign, digits, 32 bits; None when it throws."""
    if _INT.fullmatch(text) and -(2**31) <= int(text) < 2**31:
        return int(text)
    return None


def guava_int(text: str) -> int | None:
    """Guava's Ints.tryParse (the rules' territory counts): like parseInt but no leading '+'."""
    return None if text.startswith("+") else java_int(text)


@dataclass(frozen=True)
class Result:
    """What matching one value gave: `problem` (None when TripleA accepts the value's form) and the
    names it read, as (kind, name) in value order."""

    problem: str | None
    names: tuple[tuple[str, str], ...] = ()


# --- the field grammar ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    kind: str  # "int", "dec", "bool", "text", "word", or a name kind
    lo: int | None = None
    hi: int | None = None
    not_: int | None = None
    word: str = ""
    any_case: bool = False
    dash: bool = False  # a name that may start with "-"

    def describe(self) -> str:
        if self.kind == "int":
            if self.lo is not None and self.hi is not None:
                return f"a whole number from {self.lo} to {self.hi}"
            if self.lo is not None:
                return f"a whole number >= {self.lo}"
            return f"a whole number <= {self.hi}" if self.hi is not None else "a whole number"
        if self.kind == "word":
            return f"'{self.word}'"
        plain = {"dec": "a decimal number", "bool": "true or false", "text": "text", "range": "a range a-b"}
        return plain.get(self.kind, f"a {self.kind} name")


@dataclass(frozen=True)
class Field:
    choices: tuple[Choice, ...] = ()
    group: tuple[Field, ...] = ()  # a parenthesized sequence
    quant: str = ""  # "", "?", "*", "+"

    def describe(self) -> str:
        if self.group:
            return "(" + ":".join(f.describe() for f in self.group) + ")"
        return " or ".join(c.describe() for c in self.choices)


def _split_top(text: str, sep: str) -> list[str]:
    """`text` split on `sep` outside parentheses."""
    parts, depth, start = [], 0, 0
    i = 0
    while i < len(text):
        ch = text[i]
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i])
            i += len(sep)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return parts


def _choice(text: str) -> Choice:
    if text.startswith("'"):
        word, _, rest = text[1:].partition("'")
        return Choice("word", word=word, any_case=rest == "i")
    found = _CHOICE_INT.fullmatch(text)
    if found:
        lo, hi, not_ = found.groups()
        return Choice("int", lo=int(lo) if lo else None, hi=int(hi) if hi else None,
                      not_=int(not_) if not_ else None)
    if text in ("dec", "bool", "text", "range"):
        return Choice(text)
    dash = text.startswith("-")
    kind = text.removeprefix("-")
    if kind not in KINDS:
        raise ValueError(f"unknown format choice {text!r}")
    return Choice(kind, dash=dash)


def _field(text: str) -> Field:
    quant = text[-1] if text[-1:] in ("?", "*", "+") else ""
    body = text[: len(text) - len(quant)]
    if body.startswith("(") and body.endswith(")"):
        return Field(group=_sequence(body[1:-1]), quant=quant)
    return Field(choices=tuple(_choice(c) for c in body.split("|")), quant=quant)


def _sequence(text: str) -> tuple[Field, ...]:
    return tuple(_field(f) for f in _split_top(text, ":"))


@cache
def parse_format(fmt: str) -> tuple[tuple[Field, ...], ...]:
    """The alternatives of a field format; ValueError for a malformed one (a damaged catalog)."""
    if fmt.startswith("@"):
        raise ValueError(f"{fmt!r} is a special format")
    return tuple(_sequence(alt) for alt in fmt.split(" || "))


def _fits(choice: Choice, token: str) -> tuple[str, str] | None | bool:
    """False when `token` does not fit; True when it fits; (kind, name) when it is a name."""
    kind = choice.kind
    if kind == "int":
        n = java_int(token)
        return n is not None and (choice.lo is None or n >= choice.lo) and (choice.hi is None or n <= choice.hi) \
            and n != choice.not_
    if kind == "word":
        return token.lower() == choice.word.lower() if choice.any_case else token == choice.word
    if kind == "bool":
        return token.lower() in ("true", "false")
    if kind == "dec":
        return bool(_DEC.fullmatch(token))
    if kind == "text":
        return True
    if kind == "range":
        parts = token.split("-")
        return len(parts) >= 2 and java_int(parts[0]) is not None and java_int(parts[1]) is not None
    if choice.dash and token.startswith("-"):
        token = token[1:]
    return kind, token


class _NoMatch(Exception):
    def __init__(self, at: int, why: str) -> None:
        self.at, self.why = at, why


def _match_fields(fields: tuple[Field, ...], tokens: list[str], pos: int, names: list[tuple[str, str]]) -> int:
    """Match `fields` from token `pos` on (greedy, no backtracking); the position after them."""
    for f in fields:
        count, least, most = 0, (0 if f.quant in ("?", "*") else 1), (1 if f.quant in ("", "?") else len(tokens))
        while count < most:
            if pos >= len(tokens):
                if count < least:
                    raise _NoMatch(pos, f"too few fields: {f.describe()} is missing")
                break
            if f.group:
                found: list[tuple[str, str]] = []
                try:
                    after = _match_fields(f.group, tokens, pos, found)
                except _NoMatch:
                    if count < least:
                        raise
                    break
                pos = after
                names.extend(found)
            else:
                fit = next((r for c in f.choices if (r := _fits(c, tokens[pos]))), None)
                if fit is None:
                    if count < least:
                        raise _NoMatch(pos, f"field {pos + 1} '{tokens[pos]}' is not {f.describe()}")
                    break
                if isinstance(fit, tuple):
                    names.append(fit)
                pos += 1
            count += 1
    return pos


def _match_alt(alt: tuple[Field, ...], tokens: list[str]) -> Result:
    names: list[tuple[str, str]] = []
    try:
        pos = _match_fields(alt, tokens, 0, names)
    except _NoMatch as exc:
        return Result(exc.why)
    if pos < len(tokens):
        return Result(f"too many fields: '{':'.join(tokens[pos:])}' is left over")
    return Result(None, tuple(names))


def match(fmt: str, value: str) -> Result:
    """Whether TripleA 2.x's setter accepts the form of `value` for an option of format `fmt`, and
    the names the value uses (their existence is the caller's business)."""
    if fmt.startswith("@"):
        name, _, arg = fmt[1:].partition(" ")
        return SPECIALS[name](value, arg)
    tokens = value.split(":")
    first: Result | None = None
    for alt in parse_format(fmt):
        result = _match_alt(alt, tokens)
        if result.problem is None:
            return result
        first = first or result
    assert first is not None
    return first if len(parse_format(fmt)) == 1 else Result(f"'{value}' is not {describe(fmt)}")


def describe(fmt: str) -> str:
    """A short human reading of a format (for messages)."""
    if fmt.startswith("@"):
        return SPECIAL_TEXT.get(fmt[1:].partition(" ")[0], fmt[1:])
    return " or ".join(":".join(_show(f) for f in alt) for alt in parse_format(fmt))


def _show(f: Field) -> str:
    mark = {"?": " (optional)", "*": "...", "+": "..."}.get(f.quant, "")
    if f.group:
        return "(" + ":".join(_show(g) for g in f.group) + ")" + mark
    text = "|".join(_short(c) for c in f.choices)
    return text + mark


def _short(c: Choice) -> str:
    if c.kind == "int":
        if c.lo is None and c.hi is None:
            return "N"
        return f"N({'' if c.lo is None else c.lo}..{'' if c.hi is None else c.hi})"
    if c.kind == "word":
        return c.word
    plain = {"dec": "D", "bool": "true/false", "text": "text", "range": "a-b"}
    return ("[-]" if c.dash else "") + plain.get(c.kind, c.kind)


# --- special formats ------------------------------------------------------------------------------
def _any(value: str, _: str) -> Result:
    return Result(None)


def _chance(value: str, arg: str) -> Result:
    """x:y with 0 <= x <= y <= 120 (more fields are ignored); RulesAttachment refuses every chance."""
    if arg == "never":
        return Result("a RulesAttachment has no chance (TripleA 2.x refuses it on conditions)")
    s = value.split(":")
    if len(s) < 2:
        return Result(f"'{value}' is not a chance x:y")
    x, y = java_int(s[0]), java_int(s[1])
    if x is None or y is None:
        return Result(f"'{value}' is not a chance x:y of whole numbers")
    if not (0 <= x <= y <= 120):
        return Result(f"chance '{value}' needs 0 <= x <= y <= 120")
    return Result(None)


_CONDITION_TYPE = re.compile(r"AND|OR|\d+(?:-\d+)?")


def _condition_type(value: str, _: str) -> Result:
    """Upper-cased: AND, OR, a number, or a range y-z of whole numbers with z > y."""
    upper = value.upper()
    if upper == "XOR":  # TripleA maps the legacy XOR to 1 first
        return Result(None)
    if _CONDITION_TYPE.fullmatch(upper):
        parts = upper.split("-")
        if len(parts) == 1:
            return Result(None)
        low, high = java_int(parts[0]), java_int(parts[1])
        if low is not None and high is not None and high > low:
            return Result(None)
    return Result(f"'{value}' is not AND, OR, a number y or a range y-z with z > y")


def _rounds(value: str, _: str) -> Result:
    for token in value.split(":"):
        if java_int(token) is not None:
            continue
        s = token.split("-")
        if len(s) != 2 or java_int(s[0]) is None or (s[1] != "+" and java_int(s[1]) is None):
            return Result(f"round '{token}' is not a number, a range n-m or n-+")
    return Result(None)


def _territory_list(value: str, _: str) -> Result:
    """The rules' territory lists: 'each' anywhere, a count first, a region keyword ends the list."""
    tokens = value.split(":")
    if tokens == [""]:
        return Result(None)
    names = []
    for i, token in enumerate(tokens):
        if token == "each":
            continue
        if token in _REGION_KEYWORDS:
            break
        if i == 0 and guava_int(token) is not None:
            continue
        names.append(("territory", token))
    return Result(None, tuple(names))


def _combat_damage(value: str, _: str) -> Result:
    s = value.split(":")
    if len(s) not in (3, 4):
        return Result(f"'{value}' does not have 3 or 4 fields from:to:effect[:number]")
    lo, hi = java_int(s[0]), java_int(s[1])
    if lo is None or hi is None:
        return Result(f"'{value}': the damage range {s[0]}:{s[1]} is not two whole numbers")
    if lo < 0 or hi < lo:
        return Result(f"'{value}': the damage range needs 0 <= from <= to")
    if s[2] not in ("unitsMayNotLandOnCarrier", "unitsMayNotLeaveAlliedCarrier"):  # GameParsingValidation
        return Result(f"'{s[2]}' is not unitsMayNotLandOnCarrier or unitsMayNotLeaveAlliedCarrier")
    return Result(None)


def _production_per_x(value: str, _: str) -> Result:
    s = value.split(":")
    if len(s) > 2:
        return Result(f"'{value}' has more than the two fields N:unit")
    unit = s[1] if len(s) == 2 else "infantry"  # one field means infantry
    if java_int(s[0]) is None or int(s[0]) <= 0:
        return Result(f"'{s[0]}' is not a whole number > 0")
    return Result(None, (("unit", unit),))


def _attachment_name(value: str, arg: str) -> Result:
    """name:Class where Class is one of arg's classes (Class=prefix,prefix;...) and name starts with
    one of that class's prefixes (the 1.8 spelling 'ttatch' is fixed first when arg starts with '~')."""
    if arg.startswith("~"):
        value, arg = value.replace("ttatch", "ttach"), arg[1:]
    prefixes = {c: tuple(p.split(",")) for c, _, p in (part.partition("=") for part in arg.split(";"))}
    s = value.split(":")
    if len(s) != 2:
        return Result(f"'{value}' is not name:attachment class")
    if s[1] not in prefixes:
        return Result(f"'{s[1]}' is not one of {', '.join(prefixes)}")
    if not s[0]:
        return Result("the attachment name is empty")
    if not s[0].startswith(prefixes[s[1]]):
        return Result(f"a {s[1]} name must start with {' or '.join(prefixes[s[1]])}, not '{s[0]}'")
    return Result(None)


def _cost_pu(value: str, _: str) -> Result:
    """An int; TripleA converts it into a cost in the resource PUs, which must exist."""
    if java_int(value) is None:
        return Result(f"'{value}' is not a whole number")
    return Result(None, (("resource", "PUs"),))


def _territory_resources(value: str, _: str) -> Result:
    s = value.split(":")
    if len(s) != 2 or java_int(s[0]) is None:
        return Result(f"'{value}' is not N:resource")
    if s[1] == "PUs":
        return Result("PUs are not a territory resource (TripleA says: set PUs using production)")
    if int(s[0]) < 0:
        return Result(f"the quantity {s[0]} is negative")
    return Result(None, (("resource", s[1]),))


def _conditions(value: str, _: str) -> Result:
    return Result(None, tuple(("condition", t) for t in value.split(":") if t.strip()))


SpecialFn = Callable[[str, str], Result]
SPECIALS: dict[str, SpecialFn] = {
    "any": _any, "chance": _chance, "condition_type": _condition_type, "rounds": _rounds,
    "territory_list": _territory_list, "combat_damage": _combat_damage, "production_per_x": _production_per_x,
    "attachment_name": _attachment_name, "cost_pu": _cost_pu, "territory_resources": _territory_resources,
    "conditions": _conditions,
}
SPECIAL_TEXT: dict[str, str] = {
    "any": "any text", "chance": "a chance x:y (0 <= x <= y <= 120)",
    "condition_type": "AND, OR, y or y-z", "rounds": "rounds n, n-m or n-+",
    "territory_list": "[N or each:]territories (or a keyword such as controlled)",
    "combat_damage": "from:to:effect[:number]", "production_per_x": "N[:unit] with N > 0",
    "attachment_name": "name:attachment class", "cost_pu": "a whole number (in the resource PUs)",
    "territory_resources": "N:resource (not PUs, N >= 0)", "conditions": "condition names",
}
