"""Problems (diagnostics) and source locations shared by every stage."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from compiler.safetext import safe_line, visible


class Severity(StrEnum):
    """How bad a problem is: errors stop TripleA, warnings are likely mistakes."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a source file; line and column are 1-based, 0 when unknown."""

    path: str = ""
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        """`path:line:column`, leaving out what is unknown (a save's events have no line, a log's
        events no column)."""
        if not self.line:
            return self.path
        return f"{self.path}:{self.line}:{self.column}" if self.column else f"{self.path}:{self.line}"


NOWHERE = Location()


@dataclass(frozen=True, slots=True)
class Moment:
    """When in a game a problem happened (house-rule violations of a save or a game log)."""

    round: int
    player: str | None = None
    step: str | None = None
    event: int | None = None
    """1-based position of the event in the history (a save's events have no line)"""

    def as_dict(self) -> dict[str, object]:
        return {"round": self.round, "player": self.player, "step": self.step, "event": self.event}

    def __str__(self) -> str:
        event = f", event {self.event}" if self.event else ""
        return f"round {self.round}, {self.player or '-'}, {self.step or '-'}{event}"


STDIN_NAME = "<stdin>"  # the path of what was read from standard input (`-` on the command line)
ZIP_SEPARATOR = "!/"  # between a zip and its member in a Location's path: `maps/x.zip!/map/games/g.xml`


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding: a located message with a severity and a check id."""

    code: str
    message: str
    location: Location = NOWHERE
    severity: Severity = Severity.ERROR
    related: tuple[Location, ...] = field(default=())
    when: Moment | None = None
    """the moment of the game, for a house rule broken in a save or a game log"""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def as_dict(self) -> dict[str, object]:
        return {
            "path": self.location.path,
            "line": self.location.line,
            "column": self.location.column,
            "severity": str(self.severity),
            "code": self.code,
            "message": self.message,
            **({"when": self.when.as_dict()} if self.when is not None else {}),
        }

    @property
    def text(self) -> str:
        """The message with its moment of the game, if any: what a person reads."""
        return f"{self.when}: {self.message}" if self.when is not None else self.message

    def __str__(self) -> str:
        """`where: severity: message [code]` on one line, what came from input shown escaped (safetext)."""
        where = safe_line(str(self.location))
        body = visible(f"{self.severity}: {self.text} [{self.code}]")
        return f"{where}: {body}" if where else body


class InputError(Exception):
    """Unreadable or malformed input: reported with its location, exit status 2 (or 1 for specs)."""

    def __init__(self, message: str, location: Location = NOWHERE, code: str = "input-error") -> None:
        super().__init__(message)
        self.message = message
        self.location = location
        self.code = code

    def as_problem(self) -> Problem:
        return Problem(self.code, self.message, self.location, Severity.ERROR)


class ProblemsFound(Exception):
    """Raised when a stage found errors and cannot continue; carries every problem."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems
