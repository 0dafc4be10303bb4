"""Validating a game again with what its previous validation keeps (the language server's reuse memo) finds
exactly what validating it from scratch finds, edit after edit, on real games and their map folders."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from reference_data import REFERENCE, catalogue_maps, need

from compiler.mapfolder import GameInput, discover
from compiler.model.reuse import Reuse
from compiler.problems import Problem
from compiler.validate import check_parsed
from compiler.xml.parse import parse_bytes

SHARED_GAMES = [
    "maps/aggression_1939/map/games/aggression_1939.xml",  # a map folder with every text file
    "maps/empire/map/games/Empire.xml",
    "maps/g40_alt_universe/map/games/G40_Alt_Universe.xml",
]
CATALOGUE_GAMES = [
    "global_40_house_rules/map/games/Global_40_House_Rules_Canada.xml",  # the largest (2.6 MB)
    "ww2v4_variants/map/games/WW2v4-Buildcaps.xml",  # lone carriage returns (libxml2 counts no line there)
    "East_and_West/games/East_and_West-Automated-4p.xml",  # variables and foreach
    "NWO-Finest_Hour_The_Tipping_point/games/NWO-Finest_Hour_The_Tipping_point.xml",  # start tags over lines
]
Edit = Callable[[bytes], bytes]


def _at(data: bytes, pattern: bytes, fraction: float) -> re.Match[bytes]:
    """The first match of `pattern` from `fraction` of the way through the attachment list (else the last one)."""
    start = data.find(b"<attachmentList")
    span = data.find(b"</attachmentList>", start) - start
    found = re.compile(pattern).search(data, start + int(span * fraction)) or list(
        re.finditer(pattern, data))[-1]
    return found


def _inserted(pattern: bytes, fraction: float, text: bytes, after: bool = True) -> Edit:
    """`text` inserted after (or before) the match of `pattern` from `fraction` of the way into the attachments."""
    def edit(data: bytes) -> bytes:
        m = _at(data, pattern, fraction)
        at = m.end() if after else m.start()
        return data[:at] + text + data[at:]
    return edit


_in_value = _inserted(rb'<option[^>]*value="', 0.5, b"Xx")  # a typo inside an option's value
_blank_lines = _inserted(rb"<attachment[\s>]", 0.6, b"\n" * 3, after=False)  # everything below moves down
_new_option = _inserted(rb"<option[\s/]", 0.3, b'<option name="movement" value="2"/>\n', after=False)
_renamed_attachment = _inserted(rb'<attachment[^>]*?\sname="', 0.4, b"Renamed")


def _deleted_attachment(fraction: float) -> Edit:
    def edit(data: bytes) -> bytes:
        start = _at(data, rb"<attachment[\s>]", fraction).start()
        end = data.index(b"</attachment>", start) + len(b"</attachment>")
        return data[:start] + data[end:]
    return edit


def _joined_lines(fraction: float) -> Edit:
    """A line break removed between two options: everything after moves up."""
    def edit(data: bytes) -> bytes:
        m = _at(data, rb"/>\r?\n[ \t]*<option", fraction)
        return data[:m.start() + 2] + b" " + data[m.start() + 2:].lstrip(b"\r\n")
    return edit


def _renamed_territory(data: bytes) -> bytes:
    """Outside the attachments: a territory's name (every reference to it becomes unknown)."""
    m = re.search(rb'<territory[^>]*\sname="', data)
    assert m is not None
    return data[:m.end()] + b"Q" + data[m.end():]


def _last_value(data: bytes) -> bytes:
    end = data.rindex(b"</attachmentList>")
    at = data.rindex(b'value="', 0, end) + len(b'value="')
    return data[:at] + b"9" + data[at:]


EDITS: list[tuple[str, Edit]] = [
    ("a value", _in_value),
    ("lines inserted", _blank_lines),
    ("an option added", _new_option),
    ("an attachment renamed", _renamed_attachment),
    ("an attachment deleted", _deleted_attachment(0.5)),
    ("the last attachment", _last_value),
    ("two lines joined", _joined_lines(0.2)),
    ("a territory renamed", _renamed_territory),
]


def _problems(inp: GameInput, data: bytes, reuse: Reuse | None) -> list[Problem]:
    result = parse_bytes(data, inp.path, reuse)
    return check_parsed(result, data, inp.path, "2.x", inp.map_files, reuse=reuse)


def _games() -> list[Path]:
    return [REFERENCE / name for name in SHARED_GAMES] + [Path(name) for name in CATALOGUE_GAMES]


@pytest.mark.parametrize("game", _games(), ids=lambda p: p.name)
def test_reused_validation_is_exact(game: Path) -> None:
    if not game.is_absolute():
        maps = catalogue_maps()
        need(maps is not None, "needs ../shared/reference/catalogue (the public map catalogue)")
        assert maps is not None
        game = maps / game
    need(game.is_file(), f"needs {game}")
    inp = next(i for i in discover(game.parent.parent if game.parent.name == "games" else game)
               if Path(i.path).resolve() == game.resolve())
    original = inp.read_bytes()
    reuse = Reuse()
    assert _problems(inp, original, reuse) == _problems(inp, original, None)
    data = original
    for what, edit in [*EDITS, ("back to the original", lambda _: original)]:
        changed = edit(data)
        assert changed != data or what == "back to the original"
        data = changed
        assert _problems(inp, data, reuse) == _problems(inp, data, None), f"after {what}"
        if what == "a value":  # an edit inside one attachment: every other one is reused
            assert reuse.reused > 0.9 * data.count(b"<attachment ")
        if what == "lines inserted" and b"\n" in data:  # those below the new lines moved, and were relocated
            assert reuse.moved > 0


def test_text_written_twice_is_read_twice(shared: Path) -> None:
    """Attachments whose text (and neighbours') repeat: each place gets its own attachment, relocated on its
    own when lines move above it, and one taken out leaves the others where they are."""
    game = REFERENCE / "maps/world_war_ii_classic/map/games/classic.xml"
    inp = next(i for i in discover(game.parent.parent) if Path(i.path).resolve() == game.resolve())
    text = inp.read_bytes()
    start = text.index(b"<attachment ", len(text) // 2)
    end = text.index(b"</attachment>", start) + len(b"</attachment>")
    block = text[start:end] + b"\n    "
    repeated = text[:start] + block * 5 + text[start:]
    reuse = Reuse()
    after_declaration = repeated.index(b"\n") + 1
    lines_above = repeated[:after_declaration] + b"\n\n" + repeated[after_declaration:]
    one_taken_out = repeated[:start] + block * 2 + repeated[start + 3 * len(block):]
    steps = [repeated, lines_above, one_taken_out, repeated]
    for step, data in enumerate(steps):
        assert _problems(inp, data, reuse) == _problems(inp, data, None), f"step {step}"
    assert reuse.reused > 0
    first = [att for att in parse_bytes(repeated, inp.path, reuse).model.attachments]
    assert len({id(att) for att in first}) == len(first)  # no attachment serves two places
