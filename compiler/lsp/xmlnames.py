"""The names a game XML defines and uses, from the start tags that write them: one regex over the text with its
comments blanked finds those tags (and no other), and the next version of a text is scanned again only over the
stretch an edit changed; the rest of the last version's findings are kept (moved by the lines the edit added).

A tag is read as it stands between its `<` and the first `>` with no `<` before it (a comment inside is
blanks), so whether a `<` starts a tag depends only on the blanked text from it to the next `<` or `>`: the
ground of keeping what lies outside the changed stretch."""

from __future__ import annotations

import re
import threading
from bisect import bisect_left
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from compiler.lsp.occurrences import ATTACHMENT, KINDS, PLAYER, RESOURCE, TERRITORY, UNIT, Occurrence, kinds_by_name

# tag -> the kind of name its `name` attribute defines; (tag, attribute) -> the kind of name the attribute holds
# ("": a unit or a resource, told by the name); an attachment's attachTo -> the kind of its type.
DEFINES = {"territory": TERRITORY, "unit": UNIT, "player": PLAYER, "resource": RESOURCE, "attachment": ATTACHMENT}
REFERS = {
    ("connection", "t1"): TERRITORY, ("connection", "t2"): TERRITORY,
    ("territoryOwner", "territory"): TERRITORY, ("territoryOwner", "owner"): PLAYER,
    ("unitPlacement", "territory"): TERRITORY, ("unitPlacement", "unitType"): UNIT,
    ("unitPlacement", "owner"): PLAYER, ("heldUnits", "unitType"): UNIT, ("heldUnits", "player"): PLAYER,
    ("alliance", "player"): PLAYER, ("playerProduction", "player"): PLAYER, ("playerRepair", "player"): PLAYER,
    ("step", "player"): PLAYER, ("relationship", "player1"): PLAYER, ("relationship", "player2"): PLAYER,
    ("resourceGiven", "player"): PLAYER, ("resourceGiven", "resource"): RESOURCE, ("playerTech", "player"): PLAYER,
    ("cost", "resource"): RESOURCE, ("result", "resourceOrUnit"): "",
    ("property", "player"): PLAYER,
}
ATTACH_TYPES = {"territory": TERRITORY, "unitType": UNIT, "player": PLAYER, "resource": RESOURCE}
_TAGS = sorted({*DEFINES, *(tag for tag, _ in REFERS), "option"}, key=len, reverse=True)
# The start tags that can write a name: first the common `<option name="..." value="..."/>` whole (its value
# read at once), then any of _TAGS with its attributes; a tag name ends at a blank or the `>`.
_SCAN = re.compile(r'<(?:option\s+name\s*=\s*"[^"<>]*"\s+value\s*=\s*"([^"<>]*)"\s*/?>'
                   r"|(" + "|".join(_TAGS) + r")(\s[^<>]*)?>)")
_ATTR = re.compile(r"([\w:.-]+)\s*=\s*(\"([^\"]*)\"|'([^']*)')")
_COMMENT_START, _COMMENT_END = "<!--", "-->"

Candidate = tuple[str, int, int, str, bool]
"""A name an attribute writes: (name, 0-based line, character index on the line, kind ("" when the name tells
it), whether it defines the name)."""
_new_occurrence = tuple.__new__  # Occurrence's own constructor, without its argument handling


def comments(text: str) -> list[tuple[int, int]]:
    """Where each comment (`<!--` to the first `-->` after it) begins and ends."""
    out, done = [], 0
    while (start := text.find(_COMMENT_START, done)) >= 0:
        end = text.find(_COMMENT_END, start + 4)
        if end < 0:  # not closed: no comment
            break
        done = end + 3
        out.append((start, done))
    return out


def blank_comments(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with its comments (`spans`) turned into as many blanks."""
    if not spans:
        return text
    parts: list[str] = []
    done = 0
    for start, end in spans:
        parts += (text[done:start], " " * (end - start))
        done = end
    parts.append(text[done:])
    return "".join(parts)


def _same_comments_before(old: list[tuple[int, int]], new: list[tuple[int, int]], limit: int) -> int:
    """How far (at most `limit`) two texts alike up to `limit` have their comments at the same places."""
    for (old_start, old_end), (new_start, new_end) in zip(old, new, strict=False):
        if old_start >= limit and new_start >= limit:
            return limit
        if (old_start, old_end) != (new_start, new_end):
            return min(old_start, new_start)
    extra = old[len(new):] or new[len(old):]
    return min(extra[0][0], limit) if extra else limit


def _same_comments_after(old: list[tuple[int, int]], new: list[tuple[int, int]], old_len: int, new_len: int,
                         limit: int) -> int:
    """How far back from their ends (at most `limit`) two texts alike over their last `limit` characters have
    their comments at the same places."""
    for (old_start, old_end), (new_start, new_end) in zip(reversed(old), reversed(new), strict=False):
        if old_len - old_end >= limit and new_len - new_end >= limit:
            return limit
        if (old_len - old_start, old_len - old_end) != (new_len - new_start, new_len - new_end):
            return min(old_len - old_end, new_len - new_end)
    extra = old[:len(old) - len(new)] if len(old) > len(new) else new[:len(new) - len(old)]
    if not extra:
        return limit
    return min(old_len - extra[-1][1] if len(old) > len(new) else new_len - extra[-1][1], limit)


def _breaks(text: str, start: int, end: int, cr: bool) -> int:
    """How many line breaks (\\r\\n, \\r, \\n) end after `start` and at or before `end`."""
    count = text.count("\n", start, end)
    if cr:
        count += text.count("\r", start, end) - text.count("\r\n", start, end + 1)
    return count


def _line_start(text: str, offset: int, cr: bool) -> int:
    """Where the line holding `offset` begins (looked for backwards, a growing stretch at a time)."""
    low, span = offset, 256
    while True:
        low = max(0, offset - span)
        at = text.rfind("\n", low, offset)
        if cr:
            at = max(at, text.rfind("\r", low, offset))
            if at == offset - 1 and text[at] == "\r" and text.startswith("\n", offset):  # a \r\n across it
                at = max(text.rfind("\n", low, at), text.rfind("\r", low, at))
        if at >= 0 or low == 0:
            return at + 1
        span *= 4


class _Cursor:
    """0-based (line, index) of offsets of a text, counted on from the last offset asked."""

    def __init__(self, text: str, cr: bool, offset: int, line: int) -> None:
        self.text, self.cr, self.offset, self.line = text, cr, offset, line

    def at(self, offset: int) -> tuple[int, int]:
        if offset >= self.offset:
            self.line += _breaks(self.text, self.offset, offset, self.cr)
        else:
            self.line -= _breaks(self.text, offset, self.offset, self.cr)
        self.offset = offset
        return self.line, offset - _line_start(self.text, offset, self.cr)


def _value_parts(value: str, offset: int, cursor: _Cursor) -> list[Candidate]:
    """An option value's `:`-separated parts, each a name of a kind its name tells (if it is one)."""
    out = []
    for part in value.split(":"):
        line, index = cursor.at(offset)
        out.append((part, line, index, "", False))
        offset += len(part) + 1
    return out


def _tag_candidates(tag: str, written: str | None, base: int, cursor: _Cursor) -> list[Candidate]:
    """The names a start tag's attributes (`written`, from offset `base`) may write; each attribute once, with
    its last value."""
    if not written:
        return []
    attrs: dict[str, tuple[str, int]] = {}
    for a in _ATTR.finditer(written):
        group = 3 if a.group(3) is not None else 4
        attrs[a.group(1)] = (a.group(group), base + a.start(group))
    defined = DEFINES.get(tag)
    out: list[Candidate] = []
    for attr, (value, offset) in attrs.items():
        if attr == "name" and defined is not None:
            kind, defines = defined, True
        elif (tag, attr) in REFERS:
            kind, defines = REFERS[(tag, attr)], False
        elif tag == "attachment" and attr == "attachTo":
            kind, defines = ATTACH_TYPES.get(attrs.get("type", ("unitType", 0))[0], ""), False
        elif tag == "option" and attr == "value":
            out += _value_parts(value, offset, cursor)
            continue
        else:
            continue
        line, index = cursor.at(offset)
        out.append((value, line, index, kind, defines))
    return out


def _scan(text: str, blanked: str, cr: bool, start: int, stop: int,
          line: int) -> tuple[list[int], list[tuple[Candidate, ...]]]:
    """The start tags beginning in [start, stop) of the blanked text that write names: their offsets and
    candidates (`line`: the line of `start`)."""
    starts: list[int] = []
    found: list[tuple[Candidate, ...]] = []
    cursor = _Cursor(text, cr, start, line)
    for m in _SCAN.finditer(blanked, start):
        at = m.start()
        if at >= stop:
            break
        value = m.group(1)
        if value is not None:
            candidates = _value_parts(value, m.start(1), cursor)
        else:
            candidates = _tag_candidates(m.group(2), m.group(3), m.start(3), cursor)
        if candidates:
            starts.append(at)
            found.append(tuple(candidates))
    return starts, found


def _resolve(path: str, candidates: tuple[Candidate, ...], moved: int, names: dict[str, frozenset[str]],
             by_name: dict[str, str]) -> tuple[Occurrence, ...]:
    """The candidates (moved down `moved` lines since they were read) that are names of the game: a definition
    always, a use when its kind has the name (or, when the name tells the kind, when the game has it)."""
    out = []
    for name, line, index, kind, defines in candidates:
        if not kind:
            kind = by_name.get(name, "")
            if not kind:
                continue
        elif not defines and name not in names[kind]:
            continue
        out.append(_new_occurrence(Occurrence, (path, line + moved, index, index + len(name), kind, name, defines)))
    return tuple(out)


def _common_prefix(a: str, b: str, limit: int) -> int:
    """How many characters (at most `limit`) `a` and `b` begin with alike."""
    return _common_run(lambda lo, hi: a[lo:hi] == b[lo:hi], limit)


def _common_suffix(a: str, b: str, limit: int) -> int:
    """How many characters (at most `limit`) `a` and `b` end with alike."""
    la, lb = len(a), len(b)
    return _common_run(lambda lo, hi: a[la - hi:la - lo] == b[lb - hi:lb - lo], limit)


def _common_run(alike: Callable[[int, int], bool], limit: int) -> int:
    """The length (at most `limit`) of the run where `alike(lo, hi)` says characters [lo, hi) (counted from the
    start, or from the end) are the same: growing steps, then halving the step that differs."""
    done, step = 0, 4096
    while done < limit:
        end = min(done + step, limit)
        if not alike(done, end):
            while end - done > 1:  # the first difference is in [done, end)
                mid = (done + end) // 2
                if alike(done, mid):
                    done = mid
                else:
                    end = mid
            return done
        done, step = end, step * 2
    return limit


ByKey = dict[tuple[str, str], tuple[Occurrence, ...]]
ByLine = dict[int, tuple[Occurrence, ...]]


@dataclass(frozen=True)
class XmlNames:
    """The names one version of a game XML writes: each start tag that writes some (its offset, the line its
    first candidate is on now, its candidates as read (their lines then), those that are names of the game), the
    names it defines, and its occurrences by (kind, name) and by line. Never changed once made: the index of an
    older version may still be read."""

    path: str
    text: str
    blanked: str
    comments: list[tuple[int, int]]
    breaks: int
    """line breaks in the text"""
    starts: list[int]
    lines: list[int]
    candidates: list[tuple[Candidate, ...]]
    found: list[tuple[Occurrence, ...]]
    defined: Counter[tuple[str, str]]
    """(kind, name) -> how many tags define it"""
    names: dict[str, frozenset[str]]
    by_name: dict[str, str]
    by_key: ByKey
    by_line: ByLine

    def resolved(self, names: dict[str, set[str]]) -> Iterator[Occurrence]:
        """The names of `names` (this game's and more) the text writes, in the order written."""
        frozen = {kind: frozenset(names[kind]) for kind in KINDS}
        by_name = kinds_by_name(frozen)
        for line, candidates in zip(self.lines, self.candidates, strict=True):
            yield from _resolve(self.path, candidates, line - candidates[0][1], frozen, by_name)


def _names_of(defined: Counter[tuple[str, str]]) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {kind: set() for kind in KINDS}
    for kind, name in defined:
        out[kind].add(name)
    return {kind: frozenset(names) for kind, names in out.items()}


def _by_key_and_line(found: list[tuple[Occurrence, ...]]) -> tuple[ByKey, ByLine]:
    """The occurrences of each (kind, name) and of each line, in the order written."""
    by_key: dict[tuple[str, str], list[Occurrence]] = {}
    by_line: dict[int, list[Occurrence]] = {}
    for tag in found:
        for occ in tag:
            key = occ[4:6]
            if key in by_key:
                by_key[key].append(occ)
            else:
                by_key[key] = [occ]
            line = occ[1]
            if line in by_line:
                by_line[line].append(occ)
            else:
                by_line[line] = [occ]
    return ({k: tuple(v) for k, v in by_key.items()},
            {k: tuple(v) for k, v in by_line.items()})


def _patched(by_key: ByKey, by_line: ByLine, dropped: list[tuple[Occurrence, ...]],
             added: list[tuple[Occurrence, ...]], first: tuple[int, int]) -> tuple[ByKey, ByLine]:
    """`by_key` and `by_line` with the occurrences of some consecutive tags (`dropped`) replaced by those of
    others (`added`), where nothing after them moved; `first`: the (line, index) where the tags begin."""
    by_key, by_line = dict(by_key), dict(by_line)
    gone = {id(occ) for tag in dropped for occ in tag}
    new_by_key: dict[tuple[str, str], list[Occurrence]] = {}
    new_by_line: dict[int, list[Occurrence]] = {}
    for tag in added:
        for occ in tag:
            new_by_key.setdefault(occ[4:6], []).append(occ)
            new_by_line.setdefault(occ[1], []).append(occ)
    for key in {occ[4:6] for tag in dropped for occ in tag} | new_by_key.keys():
        by_key[key] = _spliced(by_key.get(key, ()), gone, new_by_key.get(key, []), first)
        if not by_key[key]:
            del by_key[key]
    for line in {occ[1] for tag in dropped for occ in tag} | new_by_line.keys():
        by_line[line] = _spliced(by_line.get(line, ()), gone, new_by_line.get(line, []), first)
        if not by_line[line]:
            del by_line[line]
    return by_key, by_line


def _spliced(old: tuple[Occurrence, ...], gone: set[int], new: list[Occurrence],
             first: tuple[int, int]) -> tuple[Occurrence, ...]:
    """`old` without the occurrences `gone`, with `new` where those written from `first` on begin."""
    kept = [occ for occ in old if id(occ) not in gone]
    at = next((i for i, occ in enumerate(kept) if (occ[1], occ[2]) >= first), len(kept))
    return (*kept[:at], *new, *kept[at:])


def scan_names(path: str, text: str) -> XmlNames:
    """The names of a game XML's text, scanned whole."""
    cr = "\r" in text
    spans = comments(text)
    blanked = blank_comments(text, spans)
    starts, candidates = _scan(text, blanked, cr, 0, len(text), 0)
    defined = Counter((c[3], c[0]) for tag in candidates for c in tag if c[4])
    names = _names_of(defined)
    by_name = kinds_by_name(names)
    found = [_resolve(path, c, 0, names, by_name) for c in candidates]
    return XmlNames(path, text, blanked, spans, _breaks(text, 0, len(text), cr), starts, [c[0][1] for c in candidates],
                    candidates, found, defined, names, by_name, *_by_key_and_line(found))


def rescan_names(last: XmlNames, text: str) -> XmlNames:
    """The names of `text`, a later version of `last`'s: scanned again only where they differ."""
    if text == last.text:
        return last
    cr = "\r" in text
    if cr != ("\r" in last.text):
        return scan_names(last.path, text)
    spans = comments(text)
    blanked = blank_comments(text, spans)
    old, old_len, new_len = last.text, len(last.text), len(text)
    limit = min(old_len, new_len)
    # alike before `same` and over the last `tail` characters: the texts and their blanked comments
    same = _same_comments_before(last.comments, spans, _common_prefix(old, text, limit))
    tail = _common_suffix(old, text, limit - same)
    tail = _same_comments_after(last.comments, spans, old_len, new_len, tail)
    # the text before `start` reads as before: each tag there ends at a `>` before it; the last `tail`
    # characters too (a tag reads forwards only); the tags in between are scanned again
    start = max(blanked.rfind("<", 0, same), blanked.rfind(">", 0, same), 0)
    old_stop, new_stop, shift = old_len - tail, new_len - tail, new_len - old_len
    keep_before, keep_from = bisect_left(last.starts, start), bisect_left(last.starts, old_stop)
    line = _breaks(text, 0, start, cr) if start < new_len // 2 else \
        last.breaks - _breaks(old, start, old_len, cr)
    starts, candidates = _scan(text, blanked, cr, start, new_stop, line)
    # the lines after the edit move down `moved` lines; the rest of its last line `nudged` characters right
    old_stop_line = line + _breaks(old, start, old_stop, cr)
    moved = _breaks(text, start, new_stop, cr) - (old_stop_line - line)
    nudged = shift - (_line_start(text, new_stop, cr) - _line_start(old, old_stop, cr))

    defined = _redefined(last.defined, last.candidates[keep_before:keep_from], candidates)
    if defined.keys() == last.defined.keys():
        names, by_name, changed = last.names, last.by_name, set()
    else:
        names = _names_of(defined)
        by_name = kinds_by_name(names)
        changed = {name for _, name in defined.keys() ^ last.defined.keys()}

    path = last.path
    after_starts = last.starts[keep_from:]
    after_lines = last.lines[keep_from:]
    after_candidates = last.candidates[keep_from:]
    after_found = last.found[keep_from:]
    if shift:
        after_starts = [at + shift for at in after_starts]
    if moved:
        after_lines = [at + moved for at in after_lines]
    nudged_tags = 0
    if moved or nudged:
        after_candidates, after_found, nudged_tags = _moved(after_lines, after_candidates, after_found,
                                                            old_stop_line, moved, nudged)
    found = [_resolve(path, c, 0, names, by_name) for c in candidates]
    all_lines = last.lines[:keep_before] + [c[0][1] for c in candidates] + after_lines
    all_candidates = last.candidates[:keep_before] + candidates + after_candidates
    all_found = last.found[:keep_before] + found + after_found
    if changed:  # a name defined or undefined: the uses of it (anywhere) are found again
        for i, tag in enumerate(all_candidates):
            if any(c[0] in changed for c in tag):
                all_found[i] = _resolve(path, tag, all_lines[i] - tag[0][1], names, by_name)
    if moved or changed:
        by_key, by_line = _by_key_and_line(all_found)
    else:  # the tags scanned again, and those moved along the edit's last line, take the place of theirs before
        by_key, by_line = _patched(last.by_key, last.by_line, last.found[keep_before:keep_from + nudged_tags],
                                   found + after_found[:nudged_tags], (line, start - _line_start(text, start, cr)))
    return XmlNames(path, text, blanked, spans, last.breaks + moved, last.starts[:keep_before] + starts + after_starts,
                    all_lines, all_candidates, all_found, defined, names, by_name, by_key, by_line)


def _redefined(defined: Counter[tuple[str, str]], dropped: list[tuple[Candidate, ...]],
               added: list[tuple[Candidate, ...]]) -> Counter[tuple[str, str]]:
    """How many tags define each (kind, name), some tags dropped and others added."""
    defined = defined.copy()
    undefined = {(c[3], c[0]) for tag in dropped for c in tag if c[4]}
    for tag in dropped:
        for c in tag:
            if c[4]:
                defined[(c[3], c[0])] -= 1
    for tag in added:
        for c in tag:
            if c[4]:
                defined[(c[3], c[0])] += 1
    for key in undefined:
        if defined[key] <= 0:  # no tag defines it any more
            del defined[key]
    return defined


def _moved(lines: list[int], candidates: list[tuple[Candidate, ...]], found: list[tuple[Occurrence, ...]],
           first_line: int, moved: int, nudged: int) -> tuple[list[tuple[Candidate, ...]],
                                                              list[tuple[Occurrence, ...]], int]:
    """The tags after an edit (`lines`: where they are now), their occurrences moved down `moved` lines; those on
    `first_line` (the line the edit ends on, before it) also `nudged` characters right; and how many tags (the
    first) are on that line."""
    candidates, found = list(candidates), list(found)
    on_first_line = 0
    if nudged:
        for i, tag in enumerate(candidates):
            on = lines[i] - moved - tag[0][1]  # read on line n -> on line n + on before the edit
            if all(c[1] + on > first_line for c in tag):
                break  # the next tags begin after this one's names: on later lines too
            on_first_line = i + 1
            candidates[i] = tuple((n, ln, x + nudged if ln + on == first_line else x, k, d)
                                  for n, ln, x, k, d in tag)
            found[i] = tuple(_new_occurrence(Occurrence, (o[0], o[1], o[2] + nudged, o[3] + nudged, *o[4:]))
                             if o[1] == first_line else o for o in found[i])
    if moved:
        down = []
        for occs in found:
            down.append(tuple([_new_occurrence(Occurrence, (path, line + moved, start, end, kind, name, defines))
                               for path, line, start, end, kind, name, defines in occs]))
        found = down
    return candidates, found, on_first_line


_KEPT = 4  # a large game's scan holds ~25 MB (2.6 MB of XML)
_last: OrderedDict[str, XmlNames] = OrderedDict()
_lock = threading.Lock()


def xml_names(path: str, text: str) -> XmlNames:
    """The names of the game XML `path` with this text: from the last version of it scanned (of the last few
    game XMLs), scanned again where it changed."""
    with _lock:
        last = _last.get(path)
    found = scan_names(path, text) if last is None else rescan_names(last, text)
    with _lock:
        _last[path] = found
        _last.move_to_end(path)
        while len(_last) > _KEPT:
            _last.popitem(last=False)
    return found
