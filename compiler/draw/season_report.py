"""check-save --html: a season's report as one self-contained page (no network, no script).

The summary (saves checked, skipped and unreadable, the games played, violations per rule and per save) links to
one section per save: its problems in a table (round, player, step, rule, message), then the board at each
distinct (round, step) with a violation, drawn inline as SVG with the violations marked on their territories.
Each mark links to its row, each row to its mark (or to its board when no territory could be placed).

    write_season_report(Path("season.html"), season, league)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from html import escape
from pathlib import Path

from compiler.fileio import write_atomic
from compiler.league import League
from compiler.season import CHECKED, SaveVerdict, Season

STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #222; background: #fff; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 2em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.0em; margin: 1.2em 0 0.3em; }
.map svg { width: 100%; height: auto; border: 1px solid #999; }
table { border-collapse: collapse; margin: 0.5em 0; } td, th { padding: 0.15em 0.6em; border-bottom: 1px solid #ddd;
  text-align: left; vertical-align: top; }
tr:target { background: #fff3b0; }
.sev { font-weight: bold; text-transform: uppercase; font-size: 0.8em; padding: 0 0.3em; color: #fff; }
.sev.error { background: #d7191c; } .sev.warning { background: #f07f00; }
code, .path { font-family: monospace; } .summary, .hint { color: #555; }
.status.unreadable { color: #d7191c; font-weight: bold; } .status.skipped { color: #555; }
"""


def _code(text: str) -> str:
    return f"<code>{escape(text)}</code>"


def _summary(season: Season, league: League | None) -> list[str]:
    games = Counter(v.game or "(unknown)" for v in season.saves)
    out = [f'<p class="summary" id="summary">{len(season.saves)} save(s): {season.checked} checked, '
           f"{season.skipped} skipped (a game the league does not play), {season.unreadable} could not be judged; "
           f"{season.violations} violation(s) in {season.broken} save(s)"
           f"{f', against {season.rules} house rule(s)' if season.rules else ''}.</p>"]
    if league is not None:
        described = f": {escape(league.description)}" if league.description else ""
        out.append(f'<p class="league">League {_code(league.name)}{described}</p>')
    out.append('<h2 id="games">Games</h2><table class="games"><tr><th>game</th><th>saves</th></tr>')
    out += [f'<tr><td>{escape(g)}</td><td>{n}</td></tr>' for g, n in sorted(games.items())]
    out.append("</table>")
    per_rule: Counter[str] = Counter()
    saves_per_rule: dict[str, set[int]] = {}
    for n, verdict in enumerate(season.saves, start=1):
        for p in verdict.problems:
            if p.is_error and verdict.status == CHECKED:
                per_rule[p.code] += 1
                saves_per_rule.setdefault(p.code, set()).add(n)
    out.append('<h2 id="rules">Violations per rule</h2>')
    if per_rule:
        out.append('<table class="rules"><tr><th>rule</th><th>violations</th><th>saves</th></tr>')
        out += [f'<tr data-rule="{escape(code)}"><td>{_code(code)}</td><td>{count}</td>'
                f"<td>{len(saves_per_rule[code])}</td></tr>" for code, count in per_rule.most_common()]
        out.append("</table>")
    else:
        out.append('<p class="summary">none</p>')
    out.append('<h2 id="saves">Violations per save</h2><table class="saves"><tr><th>save</th><th>game</th>'
               "<th>status</th><th>violations</th><th>boards</th></tr>")
    for n, v in enumerate(season.saves, start=1):
        out.append(f'<tr data-save="{n}"><td><a class="path" href="#save-{n}">{escape(str(v.path))}</a></td>'
                   f'<td>{escape(v.game)}</td><td class="status {v.status}">{v.status}</td>'
                   f"<td>{v.violations}</td><td>{len(v.boards)}</td></tr>")
    out.append("</table>")
    return out


def _marked(verdict: SaveVerdict) -> tuple[dict[int, int], set[int]]:
    """problem number -> the board (1-based) it is drawn on; the numbers with a mark on their board."""
    board_of = {n: b for b, board in enumerate(verdict.boards, start=1) for n in board.numbers}
    marked = {n for board in verdict.boards for n in board.marked}
    return board_of, marked


def _rows(verdict: SaveVerdict, prefix: str) -> Iterable[str]:
    board_of, marked = _marked(verdict)
    for n, p in enumerate(verdict.problems, start=1):
        when = p.when
        cells = (str(when.round), when.player or "-", when.step or "-") if when is not None else ("", "", "")
        link = ""
        if n in marked:
            link = f' <a class="to-mark" href="#{prefix}mark-{n}">(on the board)</a>'
        elif n in board_of:
            link = f' <a class="to-board" href="#{prefix}board-{board_of[n]}">(board)</a>'
        yield (f'<tr id="{prefix}problem-{n}" class="problem {p.severity}" data-rule="{escape(p.code)}">'
               f"<td>{n}</td>" + "".join(f"<td>{escape(c)}</td>" for c in cells)
               + f'<td><span class="sev {p.severity}">{p.severity}</span> {_code(p.code)}</td>'
               f"<td>{escape(p.message)}{link}</td></tr>")


def _save(n: int, verdict: SaveVerdict) -> list[str]:
    prefix = f"v{n}-"
    out = [f'<section class="save" id="save-{n}" data-status="{verdict.status}">'
           f'<h2><span class="path">{escape(str(verdict.path))}</span></h2>',
           f'<p class="summary">{escape(verdict.game or "game not known")}: <span class="status {verdict.status}">'
           f"{verdict.status}</span>, {verdict.violations} violation(s)</p>"]
    if verdict.problems:
        out.append('<table class="problems"><tr><th>#</th><th>round</th><th>player</th><th>step</th><th>rule</th>'
                   "<th>message</th></tr>")
        out += _rows(verdict, prefix)
        out.append("</table>")
    if verdict.board_error:
        out.append(f'<p class="summary">(the boards could not be drawn: {escape(verdict.board_error)})</p>')
    for b, board in enumerate(verdict.boards, start=1):
        who = f", {escape(board.player)}" if board.player else ""
        numbers = ", ".join(f'<a href="#{prefix}problem-{k}">{k}</a>' for k in board.numbers)
        out.append(f'<div class="board" id="{prefix}board-{b}" data-round="{board.round}" '
                   f'data-step="{escape(board.step or "")}"><h3>Round {board.round}, {escape(board.step or "-")}'
                   f'{who}: violation(s) {numbers}</h3><p class="hint">the board when this step ended</p>'
                   f'<div class="map">{board.svg}</div></div>')
    out.append("</section>")
    return out


def season_report(season: Season, league: League | None = None, title: str = "triplea-compiler check-save") -> str:
    """The report page of a judged season."""
    body = [f"<h1>{escape(title)}</h1>", *_summary(season, league)]
    for n, verdict in enumerate(season.saves, start=1):
        body += _save(n, verdict)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def write_season_report(path: Path, season: Season, league: League | None = None) -> None:
    """Write the season's report page to `path` atomically."""
    write_atomic(path, season_report(season, league))
