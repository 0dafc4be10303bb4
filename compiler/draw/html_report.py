"""validate's HTML report: one self-contained page (no network, no script) with, for each game, its
map drawn inline as SVG with every problem marked on its territory, and the list of its problems;
each mark links to its entry in the list (which shows the file and line), each entry back to its mark.

    write_html_report(Path("report.html"), inputs, problems)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from compiler.draw.build import draw_game
from compiler.draw.scene import Scene
from compiler.draw.svg import render_svg
from compiler.fileio import write_atomic
from compiler.mapfolder.source import GameInput
from compiler.problems import Problem

STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #222; background: #fff; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 2em; }
.map svg { width: 100%; height: auto; border: 1px solid #999; }
ol.problems li { margin: 0.3em 0; } ol.problems li:target { background: #fff3b0; }
.sev { font-weight: bold; text-transform: uppercase; font-size: 0.8em; padding: 0 0.3em; color: #fff; }
.sev.error { background: #d7191c; } .sev.warning { background: #f07f00; }
.where { font-family: monospace; } .code { color: #555; }
.summary { color: #444; }
"""


def _section_of(problem: Problem, inputs: Sequence[GameInput]) -> int | None:
    """The game a problem belongs to: its own XML, else the first game of the map whose file it is in."""
    path = problem.location.path
    for i, inp in enumerate(inputs):
        if path == inp.path:
            return i
    for i, inp in enumerate(inputs):
        files = inp.map_files
        if files is not None and any(shown == path for shown, _ in files.files.values()):
            return i
    return None


def _scene(inp: GameInput, problems: Sequence[Problem]) -> Scene | None:
    from compiler.xml.parse import parse_bytes

    try:
        model = parse_bytes(inp.read_bytes(), inp.path).model
        return draw_game(model, map_files=inp.map_files, problems=problems)
    except Exception:  # a game that cannot be read or drawn is still listed with its problems
        return None


def _entry(number: int, problem: Problem, prefix: str, marked: bool) -> str:
    back = f' <a class="back" href="#{prefix}mark-{number}">(on the map)</a>' if marked else ""
    return (f'<li id="{prefix}problem-{number}" class="problem {problem.severity}" value="{number}">'
            f'<span class="sev {problem.severity}">{problem.severity}</span> '
            f'<span class="where">{escape(str(problem.location))}</span> {escape(problem.text)} '
            f'<span class="code">[{escape(problem.code)}]</span>{back}</li>')


def _section(index: int, inp: GameInput, problems: Sequence[Problem]) -> list[str]:
    prefix = f"g{index + 1}-"
    scene = _scene(inp, problems)
    marked = {m.number for m in scene.marks} if scene is not None else set()
    out = [f'<section class="game" id="game-{index + 1}"><h2>{escape(inp.path)}</h2>',
           f'<p class="summary">{len(problems)} problem(s), {len(marked)} marked on the map</p>']
    if scene is not None:
        out.append(f'<div class="map">{render_svg(scene, linked=prefix)}</div>')
    else:
        out.append('<p class="summary">(this game could not be drawn)</p>')
    if problems:
        out.append('<ol class="problems">')
        out += [_entry(n, p, prefix, n in marked) for n, p in enumerate(problems, start=1)]
        out.append("</ol>")
    out.append("</section>")
    return out


def html_report(inputs: Sequence[GameInput], problems: Sequence[Problem],
                title: str = "triplea-compiler validate") -> str:
    """The report page for the validated `inputs` and every problem found (any order kept)."""
    per_game: list[list[Problem]] = [[] for _ in inputs]
    other: list[Problem] = []
    for problem in problems:
        i = _section_of(problem, inputs)
        (per_game[i] if i is not None else other).append(problem)
    errors = sum(p.is_error for p in problems)
    body = [f"<h1>{escape(title)}</h1>",
            f'<p class="summary">{len(inputs)} game(s), {errors} error(s), {len(problems) - errors} warning(s)</p>']
    for i, inp in enumerate(inputs):
        body += _section(i, inp, per_game[i])
    if other:
        body.append('<section class="game" id="other"><h2>Other problems</h2><ol class="problems">')
        body += [_entry(n, p, "other-", False) for n, p in enumerate(other, start=1)]
        body.append("</ol></section>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def write_html_report(path: Path, inputs: Sequence[GameInput], problems: Sequence[Problem]) -> None:
    """Write the report page to `path` atomically."""
    write_atomic(path, html_report(inputs, problems))
