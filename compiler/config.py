"""Configuration, the linters' way: `.triplea-compiler.yaml` (or `.yml`) or `[tool.triplea-compiler]` in
pyproject.toml, found upward from each checked file, or given with `--config FILE`.

The first directory (from the file's own, up to the project's root: the folder holding `.git`, else the
user's home, else the filesystem root) that has a `.triplea-compiler.yaml`, a `.triplea-compiler.yml` or a
pyproject.toml with a `[tool.triplea-compiler]` table wins; a pyproject.toml without the table is passed
over, and so is a folder or file the user does not own (another user could have put it in /tmp or a shared
folder): `ConfigFinder.skipped` says which. Keys (the same in both files)::

    engine: "2.7"                 # the default --engine (latest, 2026-08, 2.7, 1.9, ...; default: latest)
    select: [unknown-unit, ...]   # report only these ids
    ignore: [isolated-territory]  # drop these ids
    severity: {missing-center: error}
    per-path-ignores: {"maps/old/**": [unknown-property]}   # globs relative to this file's folder
    strict: true                  # warnings fail the run (exit status 1)

Every mistake is a ConfigError with located problems (`file:line:col: error: ... [config-error]`).
tomllib, pydantic and the YAML reader are imported only when a configuration file is read.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from compiler import engines
from compiler.limits import SIZE, read_file, read_text
from compiler.problems import Location, Problem, Severity

DEFAULT_ENGINE = engines.DEFAULT_ENGINE
CONFIG_FILES = (".triplea-compiler.yaml", ".triplea-compiler.yml")
PYPROJECT = "pyproject.toml"
TABLE = "triplea-compiler"
MAX_CONFIG_BYTES = SIZE["configuration"]
CODE = "config-error"
KEYS = ("engine", "select", "ignore", "severity", "per-path-ignores", "strict")
_MENTIONS_TABLE = re.compile(r'tool\s*\.\s*["\']?triplea-compiler|^\s*\[\s*tool\s*\]', re.MULTILINE)


class ConfigError(Exception):
    """An invalid configuration: one located problem per mistake."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def _error(message: str, location: Location) -> ConfigError:
    return ConfigError([Problem(CODE, message, location)])


class PathIgnore(NamedTuple):
    """One `per-path-ignores` entry: a glob (relative to the config's folder) and the ids it drops."""

    glob: str
    codes: frozenset[str]
    pattern: re.Pattern[str]

    def matches(self, relative: str) -> bool:
        """Whether the posix path `relative` matches; a glob without '/' matches any file's name too."""
        if self.pattern.match(relative):
            return True
        return "/" not in self.glob and bool(self.pattern.match(relative.rsplit("/", 1)[-1]))


class Config(NamedTuple):
    """One configuration file's settings (all defaults when `path` is None: no file found). A named
    tuple rather than a dataclass: it is built on every run, and named tuples are quicker to define."""

    path: Path | None = None
    engine: str | None = None
    select: frozenset[str] | None = None
    ignore: frozenset[str] = frozenset()
    severity: Mapping[str, Severity] = MappingProxyType({})
    per_path_ignores: tuple[PathIgnore, ...] = ()
    strict: bool = False

    def ignored_at(self, path: str, code: str) -> bool:
        """Whether `per-path-ignores` drops `code` for problems of `path` (as a problem shows it)."""
        if not self.per_path_ignores or self.path is None:
            return False
        relative = relative_to(path, self.path.parent)
        if relative is None:
            return False
        return any(code in entry.codes and entry.matches(relative) for entry in self.per_path_ignores)


NO_CONFIG = Config()


def relative_to(shown: str, folder: Path) -> str | None:
    """A problem's path relative to `folder`, posix style, or None when outside it or not a file.
    A zip member (`maps/x.zip!/games/a.xml`) counts as a file in a folder named like the zip."""
    if not shown or shown.startswith("<"):
        return None
    on_disk = shown.replace("!/", "/")
    try:
        return Path(os.path.abspath(on_disk)).relative_to(os.path.abspath(folder)).as_posix()
    except ValueError:
        return None


def glob_pattern(glob: str) -> re.Pattern[str]:
    """A glob as a regex over posix paths: `*` and `?` stay within a folder, `**` crosses folders."""
    out, i = [], 0
    while i < len(glob):
        if glob.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif glob.startswith("**", i):
            out.append(".*")
            i += 2
        elif glob[i] == "*":
            out.append("[^/]*")
            i += 1
        elif glob[i] == "?":
            out.append("[^/]")
            i += 1
        elif glob[i] == "[" and "]" in glob[i + 2:]:
            end = glob.index("]", i + 2)
            body = glob[i + 1:end]
            out.append("[" + ("^" + body[1:] if body.startswith("!") else body).replace("\\", "\\\\") + "]")
            i = end + 1
        else:
            out.append(re.escape(glob[i]))
            i += 1
    return re.compile("".join(out) + r"\Z")


# --- finding ---------------------------------------------------------------------------------------------


def _may_have_table(pyproject: Path) -> bool:
    """Whether a pyproject.toml mentions a [tool.triplea-compiler] table (a cheap look before parsing)."""
    from compiler.problems import InputError

    try:
        head = read_file(pyproject, "configuration").decode("utf-8", errors="replace")
    except InputError:
        return False
    return bool(_MENTIONS_TABLE.search(head))


def foreign_owner(path: Path) -> bool:
    """Whether `path` belongs to another user than the one running (False where there are no owners)."""
    getuid = getattr(os, "getuid", None)
    if getuid is None:
        return False
    try:
        return path.stat().st_uid != getuid()
    except OSError:
        return False


def foreign_configs(folder: Path) -> list[Path]:
    """The configuration files of `folder` when the folder or one of them belongs to another user (they are
    passed over: another user could have put them in /tmp or a shared folder), else []."""
    present = [folder / name for name in (*CONFIG_FILES, PYPROJECT) if (folder / name).is_file()]
    if present and (foreign_owner(folder) or any(foreign_owner(c) for c in present)):
        return present
    return []


def config_in(folder: Path) -> Config | None:
    """The configuration of `folder`, if it has one: a .triplea-compiler.yaml/.yml, else a pyproject.toml
    with a [tool.triplea-compiler] table (one without the table is passed over); None for the files of
    another user (foreign_configs)."""
    if foreign_configs(folder):
        return None
    for name in CONFIG_FILES:
        if (folder / name).is_file():
            return load_config(folder / name)
    pyproject = folder / PYPROJECT
    if pyproject.is_file() and _may_have_table(pyproject):
        text = _read(pyproject)
        table = _toml_table(text, pyproject, required=False)
        if table is not None:
            return _validate(table, pyproject, _toml_locator(text, str(pyproject), table))
    return None


class ConfigFinder:
    """The configuration of each checked file; every folder is searched, and every file read, once."""

    def __init__(self, explicit: Path | None = None) -> None:
        self._explicit = load_config(explicit) if explicit is not None else None
        self._by_folder: dict[Path, Config] = {}
        self.skipped: list[Path] = []
        """configuration files passed over: in a folder, or themselves, of another user"""

    def for_file(self, path: str | Path) -> Config:
        """The configuration that applies to `path` (a file; `<stdin>` stands in the current folder)."""
        if self._explicit is not None:
            return self._explicit
        shown = str(path)
        on_disk = shown.split("!/", 1)[0] if "!/" in shown else shown
        start = Path(os.path.abspath(on_disk)).parent
        visited: list[Path] = []
        found = NO_CONFIG
        for folder in (start, *start.parents):
            if folder in self._by_folder:
                found = self._by_folder[folder]
                break
            visited.append(folder)
            passed = foreign_configs(folder)
            self.skipped.extend(passed)
            config = None if passed else config_in(folder)
            if config is not None:
                found = config
                break
            if is_project_root(folder):
                break
        for folder in visited:
            self._by_folder[folder] = found
        return found


def is_project_root(folder: Path) -> bool:
    """Where the search upward stops: a folder holding `.git` (a repository's top), or the user's home."""
    if (folder / ".git").exists():
        return True
    try:
        return folder == Path.home()
    except (RuntimeError, KeyError):
        return False


def describe_sources(configs: Iterable[Config], skipped: Iterable[Path] = ()) -> str:
    """Where a run's configuration came from, for its summary line: `; configuration: a.yaml, b.toml`
    (nothing when no file was used), with the files passed over (`; not used (another user's): ...`)."""
    used = sorted({str(c.path) for c in configs if c.path is not None})
    passed = sorted({str(p) for p in skipped})
    text = f"; configuration: {', '.join(used)}" if used else ""
    return text + (f"; not used (another user's): {', '.join(passed)}" if passed else "")


# --- reading ---------------------------------------------------------------------------------------------


def _read(path: Path) -> str:
    from compiler.problems import InputError

    try:
        return read_text(path, "configuration")
    except InputError as exc:
        raise _error(exc.message, exc.location) from None


def _toml_table(text: str, path: Path, *, required: bool) -> dict[str, Any] | None:
    """The [tool.triplea-compiler] table of a TOML text (None when absent and not `required`)."""
    import tomllib

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line, column = (int(match[1]), int(match[2])) if match else (1, 1)
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise _error(f"TOML syntax error: {message}", Location(str(path), line, column)) from None
    tool = doc.get("tool")
    table = tool.get(TABLE) if isinstance(tool, dict) else None
    if table is None:
        if required:
            raise _error(f"no [tool.{TABLE}] table in this file", Location(str(path), 1, 1))
        return None
    if not isinstance(table, dict):
        raise _error(f"tool.{TABLE} must be a table", _toml_locator(text, str(path), {})(()))
    return table


def load_config(path: Path) -> Config:
    """Read and check one configuration file: YAML, or the [tool.triplea-compiler] table of a .toml file."""
    text = _read(path)
    if path.suffix == ".toml":
        table = _toml_table(text, path, required=True) or {}
        return _validate(table, path, _toml_locator(text, str(path), table))
    from compiler.yamlread import YamlError, read_yaml

    try:
        data, positions = read_yaml(text, str(path))
    except YamlError as exc:
        raise _error(exc.message, exc.location) from None
    if data is None:  # an empty file: every default (and the search stops here)
        data = {}
    if not isinstance(data, dict):
        raise _error("a configuration is a mapping of keys (engine:, select:, ignore:, ...)", positions.nearest(()))
    return _validate(data, path, positions.nearest)


Locator = Callable[[tuple[str | int, ...]], Location]


def _toml_locator(text: str, path: str, table: Mapping[str, Any]) -> Locator:
    """Where a key path of the [tool.triplea-compiler] table stands in the TOML text, as near as can be
    told without a position-keeping TOML reader: each key after the last, a list item by its text."""
    lines = text.splitlines() or [""]
    header = re.compile(r'^\s*\[\s*tool\s*\.\s*["\']?triplea-compiler["\']?\s*[\].]')
    start = next((i for i, line in enumerate(lines) if header.match(line)), 0)

    def find(needle: re.Pattern[str], first: int) -> tuple[int, int] | None:
        for i in range(first, len(lines)):
            found = needle.search(lines[i])
            if found:
                return i, found.start(1)
        return None

    def locate(key_path: tuple[str | int, ...]) -> Location:
        line = start
        column = len(lines[start]) - len(lines[start].lstrip())
        node: Any = table
        for part in key_path:
            if isinstance(part, int) and isinstance(node, list) and 0 <= part < len(node):
                node = node[part]
                needle = re.compile(rf'(["\']{re.escape(str(node))}["\'])')
            elif isinstance(part, str):
                node = node.get(part) if isinstance(node, dict) else None
                needle = re.compile(rf'(?:^|[\s{{,.\[])(["\']?{re.escape(part)}["\']?)\s*[=\].]')
            else:
                break
            hit = find(needle, line)
            if hit is None:
                break
            line, column = hit
        return Location(path, line + 1, column + 1)

    return locate


# --- checking --------------------------------------------------------------------------------------------


@cache
def _schema() -> Any:
    """The pydantic model of a configuration (built on first use: pydantic is imported only then)."""
    from typing import Literal

    from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr, field_validator

    class ConfigFile(BaseModel):
        model_config = ConfigDict(extra="forbid")

        engine: StrictStr | None = None
        select: list[StrictStr] | None = None
        ignore: list[StrictStr] = Field(default_factory=list)
        severity: dict[StrictStr, Literal["error", "warning"]] = Field(default_factory=dict)
        per_path_ignores: dict[StrictStr, list[StrictStr]] = Field(default_factory=dict, alias="per-path-ignores")
        strict: StrictBool = False

        @field_validator("engine")
        @classmethod
        def _known_engine(cls, value: str | None) -> str | None:
            if value is not None:
                engines.resolve(value)  # ValueError: an unknown or too new release, saying what is known
            return value

    return ConfigFile


def _did_you_mean(name: str, known: Iterable[str]) -> str:
    from compiler.checks._unknown import did_you_mean

    return did_you_mean(name, known)


def _message(error: Mapping[str, Any]) -> str:
    where = ".".join(str(part) for part in error["loc"])
    if error["type"] == "extra_forbidden":
        return f"unknown key '{where}'{_did_you_mean(str(error['loc'][-1]), KEYS)}"
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"'{where}': {message}"


def _id_problems(data: Mapping[str, Any], locate: Locator) -> list[Problem]:
    """Unknown ids (with a suggestion) and ids that cannot be ignored, each at its place."""
    from compiler.codes import INPUT_FAILURES, known_codes

    known = known_codes()
    found: list[Problem] = []

    def check(code: str, where: tuple[str | int, ...], may_drop: bool) -> None:
        if code not in known:
            found.append(Problem(CODE, f"unknown id '{code}'{_did_you_mean(code, known)}", locate(where)))
        elif not may_drop and code in INPUT_FAILURES:
            found.append(Problem(CODE, f"'{code}' cannot be ignored or downgraded: unreadable input is always "
                                       "reported", locate(where)))

    def listed(value: Any) -> list[tuple[int, str]]:
        return [(i, c) for i, c in enumerate(value) if isinstance(c, str)] if isinstance(value, list) else []

    def keyed(value: Any) -> dict[str, Any]:
        return value if isinstance(value, dict) else {}

    for i, code in listed(data.get("select")):
        check(code, ("select", i), True)
    for i, code in listed(data.get("ignore")):
        check(code, ("ignore", i), False)
    for code in keyed(data.get("severity")):
        check(str(code), ("severity", str(code)), False)
    for glob, codes in keyed(data.get("per-path-ignores")).items():
        for i, code in listed(codes):
            check(code, ("per-path-ignores", str(glob), i), False)
    return found


def _validate(data: Mapping[str, Any], path: Path, locate: Locator) -> Config:
    from pydantic import ValidationError

    problems = _id_problems(data, locate)
    try:
        model = _schema().model_validate(data)
    except ValidationError as exc:
        problems += [Problem(CODE, _message(e), locate(tuple(e["loc"]))) for e in exc.errors()]
    if problems:
        raise ConfigError(sorted(problems, key=lambda p: (p.location.line, p.location.column)))
    return Config(
        path=path,
        engine=model.engine,
        select=frozenset(model.select) if model.select is not None else None,
        ignore=frozenset(model.ignore),
        severity=MappingProxyType({code: Severity(level) for code, level in model.severity.items()}),
        per_path_ignores=tuple(PathIgnore(glob, frozenset(codes), glob_pattern(glob))
                               for glob, codes in model.per_path_ignores.items()),
        strict=model.strict,
    )
