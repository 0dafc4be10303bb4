"""Load a YAML spec into the pydantic models, keeping line:column of every node.

Every failure is a located Problem: YAML syntax, duplicate keys, an empty file, an unknown key or a
wrong type. Nothing raises a traceback for bad input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from compiler.fileio import read_text
from compiler.problems import InputError, Location, Problem, ProblemsFound
from compiler.spec.fastyaml import fast_parse
from compiler.spec.models import Spec, SpecNode

Path_ = tuple[str | int, ...]
MAX_SPEC_BYTES = 32 * 1024 * 1024


class Positions:
    """Where each node of a YAML document stands: path -> Location of the key (or item)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.at: dict[Path_, Location] = {(): Location(path, 1, 1)}

    def collect(self, node: Any, prefix: Path_ = ()) -> None:
        if isinstance(node, CommentedMap):
            for key in node:
                try:
                    line, col = node.lc.key(key)
                except KeyError:  # a key merged in from an anchor (<<: *base) stands where the merge is
                    line, col = node.lc.line, node.lc.col
                self.at[(*prefix, str(key))] = Location(self.path, line + 1, col + 1)
                self.collect(node[key], (*prefix, str(key)))
        elif isinstance(node, CommentedSeq):
            for index, item in enumerate(node):
                line, col = node.lc.item(index)
                self.at[(*prefix, index)] = Location(self.path, line + 1, col + 1)
                self.collect(item, (*prefix, index))

    def nearest(self, path: Path_) -> Location:
        """The location of `path`, or of its closest ancestor that has one."""
        for cut in range(len(path), -1, -1):
            if path[:cut] in self.at:
                return self.at[path[:cut]]
        return Location(self.path, 1, 1)


def _plain(node: Any) -> Any:
    """ruamel's round-trip nodes as plain dicts, lists and scalars (keys as strings)."""
    if isinstance(node, dict):
        return {str(k): _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    if isinstance(node, str):
        return str(node)
    return node


def _data_path(data: Any, loc: tuple[Any, ...]) -> Path_:
    """A pydantic error location reduced to the keys and indexes that exist in the data."""
    path: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(node, dict) and str(part) in node:
            path.append(str(part))
            node = node[str(part)]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(part)
            node = node[part]
    return tuple(path)


def _message(error: dict[str, Any]) -> str:
    kind = error["type"]
    field = error["loc"][-1] if error["loc"] else "spec"
    if kind == "extra_forbidden":
        return f"unknown key '{field}'"
    if kind == "missing":
        return f"missing required key '{field}'"
    return f"'{field}': {error['msg']}"


def _attach(model: Any, path: Path_, positions: Positions) -> None:
    """Give every SpecNode in the validated tree its YAML location."""
    if isinstance(model, SpecNode):
        model._loc = positions.nearest(path)
        for name, field in type(model).model_fields.items():
            key = field.alias if field.alias and (*path, field.alias) in positions.at else name
            _attach(getattr(model, name), (*path, key), positions)
    elif isinstance(model, dict):
        for key, value in model.items():
            _attach(value, (*path, str(key)), positions)
    elif isinstance(model, list):
        for index, value in enumerate(model):
            _attach(value, (*path, index), positions)


def parse_yaml(text: str, path: str) -> tuple[Any, Positions]:
    """YAML text as plain data and positions; raise InputError on syntax errors."""
    fast = fast_parse(text)  # libyaml when it can, with the same result; ruamel otherwise
    if fast is not None:
        positions = Positions(path)
        positions.at.update({k: Location(path, line, col) for k, (line, col) in fast[1].items()})
        return fast[0], positions
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    try:
        node = yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Location(path, mark.line + 1, mark.column + 1) if mark else Location(path, 1, 1)
        problem = (exc.problem or "invalid YAML").strip()
        raise InputError(f"YAML syntax error: {problem}", loc, "yaml-syntax") from None
    except YAMLError as exc:
        raise InputError(f"YAML error: {exc}", Location(path, 1, 1), "yaml-syntax") from None
    positions = Positions(path)
    positions.collect(node)
    return _plain(node), positions


def validate_data(data: Any, positions: Positions, model: type[BaseModel]) -> BaseModel:
    """Validate plain data against a spec model; raise ProblemsFound with every located error."""
    try:
        result = model.model_validate(data)
    except ValidationError as exc:
        problems, seen = [], set()
        errors = [(e, _data_path(data, e["loc"])) for e in exc.errors()]
        for error, path in errors:
            if _is_union_noise(error, path, errors):
                continue
            loc = positions.nearest(path)
            message = _message(error)
            if (loc, message) in seen:
                continue
            seen.add((loc, message))
            problems.append(Problem("spec-schema", message, loc))
        raise ProblemsFound(_drop_union_noise(problems)) from None
    _attach(result, (), positions)
    return result


def _is_union_noise(error: dict[str, Any], path: Path_, errors: list[tuple[dict[str, Any], Path_]]) -> bool:
    """A type mismatch against one union member while another member explains the problem better."""
    if not str(error["type"]).endswith("_type"):
        return False
    return any(other is not error and not str(other["type"]).endswith("_type") and p[: len(path)] == path
               for other, p in errors)


def _drop_union_noise(problems: list[Problem]) -> list[Problem]:
    """Keep one message per location when union alternatives each complained."""
    best: dict[Location, Problem] = {}
    for problem in problems:
        current = best.get(problem.location)
        if current is None or ("unknown key" in problem.message and "unknown key" not in current.message):
            best[problem.location] = problem
    return list(best.values())


def load_spec_text(text: str, path: str = "<spec>") -> Spec:
    """Load a spec from YAML text; raise InputError or ProblemsFound with locations."""
    data, positions = parse_yaml(text, path)
    if data is None:
        raise ProblemsFound([Problem("spec-empty", "the spec is empty: it needs at least game, players and territories",
                                     Location(path, 1, 1))])
    if not isinstance(data, dict):
        raise ProblemsFound([Problem("spec-schema", "a spec is a mapping of sections (game:, players:, ...)",
                                     Location(path, 1, 1))])
    spec = validate_data(data, positions, Spec)
    spec._positions = positions
    return spec  # type: ignore[return-value]


def load_spec(path: str | Path) -> Spec:
    """Load a spec file; raise InputError when unreadable, ProblemsFound when invalid."""
    text = read_text(path, max_bytes=MAX_SPEC_BYTES, what="spec")
    return load_spec_text(text, str(path))
