"""validate's HTML report: one self-contained page (no network, no script). A summary (folders, games,
errors, warnings, a count per check) links to one section per map folder (a game XML without one has its
own): the map drawn once, inline as SVG, with every problem marked on its territory, then the problems of
the map's files and those of each game, each list grouped by check. Paths are shown relative to the map
folder; each mark links to its entry in the lists (which shows the file and line), each entry back.

    write_html_report(Path("report.html"), inputs, problems)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path, PurePath

from compiler.draw.html_map import section_map
from compiler.draw.html_outline import CheckGroup, Finding, Part, Section, outline
from compiler.draw.svg import render_svg
from compiler.fileio import write_atomic
from compiler.mapfolder.source import GameInput
from compiler.problems import Problem
from compiler.safetext import html_text as escape

STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #222; background: #fff; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 2em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.05em; margin: 1.2em 0 0.3em; } h4 { font-size: 0.95em; font-weight: normal; margin: 0.8em 0 0; }
.map svg { width: 100%; height: auto; border: 1px solid #999; }
ol.problems { margin-top: 0.2em; } ol.problems li { margin: 0.3em 0; }
ol.problems li:target { background: #fff3b0; }
.sev { font-weight: bold; text-transform: uppercase; font-size: 0.8em; padding: 0 0.3em; color: #fff; }
.sev.error { background: #d7191c; } .sev.warning { background: #f07f00; }
.where, code { font-family: monospace; } .hint, .summary { color: #555; }
table.checks { border-collapse: collapse; } table.checks td, table.checks th { padding: 0.15em 0.6em;
  border-bottom: 1px solid #ddd; text-align: left; }
"""


def _tally(problems: Sequence[Problem]) -> str:
    errors = sum(p.is_error for p in problems)
    return f"{errors} error(s), {len(problems) - errors} warning(s)"


def _entry(finding: Finding, prefix: str, marked: set[int]) -> str:
    n, problem = finding.number, finding.problem
    back = f' <a class="back" href="#{prefix}mark-{n}">(on the map)</a>' if n in marked else ""
    return (f'<li id="{prefix}problem-{n}" class="problem {problem.severity}" value="{n}">'
            f'<span class="sev {problem.severity}">{problem.severity}</span> '
            f'<span class="where">{escape(finding.where)}</span> {escape(problem.text)}{back}</li>')


def _group(group: CheckGroup, anchor: str, prefix: str, marked: set[int]) -> list[str]:
    code = escape(group.code)
    return [f'<div class="check" id="{anchor}" data-check="{code}">'
            f'<h4><span class="sev {group.severity}">{group.severity}</span> <code class="code">{code}</code>'
            f' &times; {len(group.findings)} <span class="hint">(details: '
            f'<code>triplea-compiler explain {code}</code>)</span></h4><ol class="problems">',
            *(_entry(f, prefix, marked) for f in group.findings), "</ol></div>"]


def _part(part: Part, anchor: str, prefix: str, marked: set[int]) -> list[str]:
    kind = "game" if part.game is not None else "files"
    out = [f'<div class="part {kind}" id="{anchor}"><h3>{escape(part.title)}</h3>',
           f'<p class="summary">{_tally(part.problems) if part.problems else "no problems"}</p>']
    for i, group in enumerate(part.groups, start=1):
        out += _group(group, f"{anchor}-c{i}", prefix, marked)
    out.append("</div>")
    return out


def _section(number: int, section: Section) -> list[str]:
    prefix = f"s{number}-"
    drawn = section_map(section)
    marked = drawn.marked
    problems = [p for part in section.parts for p in part.problems]
    heading = "Map folder " if section.map_files is not None else ""
    out = [f'<section class="{"folder" if section.map_files is not None else "game"}" id="section-{number}">'
           f'<h2>{heading}<code>{escape(section.title)}</code></h2>',
           f'<p class="summary">{len(section.games)} game(s), {_tally(problems)}, {len(marked)} marked on the map</p>']
    if drawn.scene is not None and drawn.board is not None:
        if section.map_files is not None:
            out.append(f'<p class="summary">Drawn with the setup of <code>{escape(section.relative(drawn.board.path))}'
                       "</code>.</p>")
        out.append(f'<div class="map">{render_svg(drawn.scene, linked=prefix)}</div>')
    else:
        out.append('<p class="summary">(this map could not be drawn)</p>')
    for i, part in enumerate(section.parts):
        out += _part(part, f"{prefix}p{i}", prefix, marked)
    out.append("</section>")
    return out


def _short(section: Section) -> str:
    path = PurePath(section.title.rstrip("/"))
    return f"{path.parent.name}/{path.name}" if path.name == "map" and path.parent.name else path.name or section.title


def _summary(sections: Sequence[Section], other: Part, problems: Sequence[Problem],
             inputs: Sequence[GameInput]) -> list[str]:
    folders = sum(s.map_files is not None for s in sections)
    out = [f'<p class="summary">{folders} map folder(s), {len(inputs)} game(s), {_tally(problems)}</p><ul class="toc">']
    for n, s in enumerate(sections, start=1):
        found = [p for part in s.parts for p in part.problems]
        out.append(f'<li><a href="#section-{n}">{escape(_short(s))}</a>: {len(s.games)} game(s), {_tally(found)}</li>')
    if other.problems:
        out.append(f'<li><a href="#other">Other problems</a>: {_tally(other.problems)}</li>')
    out.append("</ul>")
    counts: Counter[str] = Counter(p.code for p in problems)
    worst = {p.code for p in problems if p.is_error}
    where: dict[str, dict[str, str]] = {}  # check -> section -> a link to its first list of that check
    for n, s in enumerate(sections, start=1):
        for i, part in enumerate(s.parts):
            for c, group in enumerate(part.groups, start=1):
                link = f'<a href="#s{n}-p{i}-c{c}">{escape(_short(s))}</a>'
                where.setdefault(group.code, {}).setdefault(f"s{n}", link)
    for c, group in enumerate(other.groups, start=1):
        where.setdefault(group.code, {})["other"] = f'<a href="#other-c{c}">other</a>'
    if counts:
        out.append('<table class="checks"><tr><th>check</th><th>severity</th><th>count</th><th>in</th></tr>')
        for code in sorted(counts, key=lambda c: (c not in worst, c)):
            severity = "error" if code in worst else "warning"
            out.append(f'<tr><td><code>{escape(code)}</code></td><td><span class="sev {severity}">{severity}</span>'
                       f'</td><td>{counts[code]}</td><td>{", ".join(where.get(code, {}).values())}</td></tr>')
        out.append("</table>")
    return out


def html_report(inputs: Sequence[GameInput], problems: Sequence[Problem],
                title: str = "triplea-compiler validate") -> str:
    """The report page for the validated `inputs` and every problem found (in any order)."""
    sections, other = outline(inputs, problems)
    body = [f"<h1>{escape(title)}</h1>", *_summary(sections, other, problems, inputs)]
    for number, section in enumerate(sections, start=1):
        body += _section(number, section)
    if other.problems:
        body.append('<section class="other" id="other"><h2>Other problems</h2>'
                    f'<p class="summary">{_tally(other.problems)}</p>')
        for c, group in enumerate(other.groups, start=1):
            body += _group(group, f"other-c{c}", "other-", set())
        body.append("</section>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def write_html_report(path: Path, inputs: Sequence[GameInput], problems: Sequence[Problem]) -> None:
    """Write the report page to `path` atomically."""
    write_atomic(path, html_report(inputs, problems))
