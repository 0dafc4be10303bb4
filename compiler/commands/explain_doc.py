"""A check's documentation, read from the registry and its module docstring, as text or Markdown.

A check module's docstring is laid out as: a one-line summary (what it checks); paragraphs on why TripleA
cares; a `Failing::` and a `Passing::` literal block (an example each, optionally captioned:
`Failing (centers.txt)::`); a paragraph starting `How to fix:`; and a line starting `Fix: safe.`, `Fix: unsafe.`
or `Fix: safe or unsafe.` saying how `validate --fix` fixes the check's problems (`Fix: none.`: why it does not).
A part a docstring lacks is shown as missing, never made up. Whether a fix is available comes from the fixer
registry (compiler/fixes/registry.py), so every page says it, and a docstring cannot say otherwise unnoticed
(tests/fixes/test_fix_docs.py).
"""

from __future__ import annotations

import inspect
import re
import textwrap
from dataclasses import dataclass
from types import ModuleType

from compiler.checks.registry import CHECKS
from compiler.fixes.registry import AVAILABILITY

MISSING = "(not documented yet)"
_BLOCK = re.compile(r"^(Failing|Passing)\b(.*)::$")
_FIX = re.compile(r"^How to fix:\s*", re.IGNORECASE)
_FIX_LINE = re.compile(r"^Fix: (?:safe or unsafe|safe|unsafe|none)\.\s*")
NO_FIX = "none"
_AVAILABILITY = {
    "safe": "Fix is available and safe: `validate --fix` applies it where it can place it.",
    "unsafe": "Fix is available but unsafe (it changes what the game does): only `validate --fix --unsafe-fixes` "
              "applies it.",
    "safe or unsafe": "Fix is available: safe for some of these problems (`validate --fix` applies it), unsafe for "
                      "the others (only `validate --fix --unsafe-fixes` applies it).",
    NO_FIX: "No fix is available: `validate --fix` leaves these problems for you to correct.",
}


@dataclass(frozen=True)
class Example:
    """A failing or passing example: its caption (e.g. 'centers.txt', may be empty) and its text."""

    caption: str
    text: str


@dataclass(frozen=True)
class CheckDoc:
    """What a check's documentation says, part by part (empty when its docstring lacks the part)."""

    id: str
    severity: str
    summary: str
    why: tuple[str, ...]
    failing: tuple[Example, ...]
    passing: tuple[Example, ...]
    fix: str
    fix_availability: str = NO_FIX
    """"safe", "unsafe", "safe or unsafe" or "none", from the fixer registry"""
    fix_details: str = ""
    """what the docstring's `Fix:` line says of the fix, after its availability"""

    @property
    def fix_availability_text(self) -> str:
        """The sentence saying whether and how safely `validate --fix` fixes the check's problems."""
        return " ".join(x for x in (_AVAILABILITY[self.fix_availability], self.fix_details) if x)


def _paragraphs(lines: list[str]) -> list[str]:
    paragraphs, current = [], []
    for line in [*lines, ""]:
        if line.strip():
            current.append(line.strip())
        elif current:
            paragraphs.append(" ".join(current))
            current = []
    return paragraphs


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _literal(lines: list[str], start: int) -> tuple[str, int]:
    """The indented block from `start` (blank lines inside kept), dedented, and the index after it."""
    end = start
    while end < len(lines) and (not lines[end].strip() or lines[end].startswith((" ", "\t"))):
        end += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return inspect.cleandoc("\n".join(lines[start:end])), end


def parse(check_id: str, severity: str, docstring: str, fix_availability: str = NO_FIX) -> CheckDoc:
    """A check's documentation from its docstring (see the module docstring for the layout) and whether a fix is
    available (the fixer registry's word)."""
    lines = [x for line in inspect.cleandoc(docstring).splitlines()
             for x in (["", line] if _FIX_LINE.match(line) else [line])]  # `Fix:` starts a paragraph
    head = _paragraphs(lines[: lines.index("")] if "" in lines else lines)
    summary = head[0] if head else ""
    body = lines[lines.index("") + 1:] if "" in lines else []
    prose: list[str] = []
    examples: dict[str, list[Example]] = {"Failing": [], "Passing": []}
    i = 0
    while i < len(body):
        marker = _BLOCK.match(body[i].strip()) if not body[i].startswith((" ", "\t")) else None
        if marker:
            text, i = _literal(body, i + 1)
            examples[marker.group(1)].append(Example(marker.group(2).strip(" ()"), text))
        else:
            prose.append(body[i])
            i += 1
    paragraphs = _paragraphs(prose)
    fixes = [_capital(_FIX.sub("", p)) for p in paragraphs if _FIX.match(p)]
    details = " ".join(_capital(_FIX_LINE.sub("", p)) for p in paragraphs if _FIX_LINE.match(p))
    why = tuple(p for p in paragraphs if not _FIX.match(p) and not _FIX_LINE.match(p))
    return CheckDoc(check_id, severity, summary, why, tuple(examples["Failing"]), tuple(examples["Passing"]),
                    " ".join(fixes), fix_availability, details)


def doc_of(check_id: str, module: ModuleType) -> CheckDoc:
    return parse(check_id, str(module.SEVERITY), module.__doc__ or "", AVAILABILITY.get(check_id, NO_FIX))


def all_docs() -> list[CheckDoc]:
    """Every registered check's documentation, in reporting order."""
    return [doc_of(check_id, module) for check_id, module in CHECKS.items()]


# --- plain text (`explain ID`) ------------------------------------------------------------------
WIDTH = 100


def _indent(text: str, by: str = "    ") -> str:
    return "\n".join(by + line if line else line for line in text.splitlines())


def _wrap(text: str) -> str:
    return textwrap.fill(text, WIDTH, initial_indent="  ", subsequent_indent="  ", break_on_hyphens=False)


def _text_examples(title: str, examples: tuple[Example, ...]) -> list[str]:
    if not examples:
        return [f"{title}: {MISSING}", ""]
    out = []
    for example in examples:
        caption = f" ({example.caption})" if example.caption else ""
        out += [f"{title}{caption}:", "", _indent(example.text), ""]
    return out


def render_text(doc: CheckDoc) -> str:
    """What `triplea-compiler explain ID` prints."""
    out = [f"{doc.id} ({doc.severity})", "", textwrap.fill(doc.summary or MISSING, WIDTH), "", "Why TripleA cares:",
           ""]
    out += [x for p in doc.why for x in (_wrap(p), "")] if doc.why else ["  " + MISSING, ""]
    out += _text_examples("Failing example", doc.failing)
    out += _text_examples("Passing example", doc.passing)
    out += ["How to fix:", "", _wrap(doc.fix or MISSING), ""]
    out += ["Fix availability:", "", _wrap(doc.fix_availability_text), ""]
    return "\n".join(out)


# --- Markdown (docs/rules) ---------------------------------------------------------------------
def _md_examples(title: str, examples: tuple[Example, ...]) -> list[str]:
    out = [f"## {title}", ""]
    if not examples:
        return [*out, MISSING, ""]
    for example in examples:
        if example.caption:
            out += [f"{example.caption}:", ""]
        out += ["```xml" if example.text.lstrip().startswith("<") else "```", example.text, "```", ""]
    return out


def render_markdown(doc: CheckDoc) -> str:
    """The page docs/rules/<id>.md."""
    out = [f"# {doc.id}", "", f"Severity: **{doc.severity}**. Explain it in a terminal: "
           f"`triplea-compiler explain {doc.id}`.", "", "## What it checks", "", doc.summary or MISSING, "",
           "## Why TripleA cares", ""]
    out += [x for p in doc.why for x in (p, "")] if doc.why else [MISSING, ""]
    out += _md_examples("Failing example", doc.failing)
    out += _md_examples("Passing example", doc.passing)
    out += ["## How to fix", "", doc.fix or MISSING, ""]
    out += ["## Fix availability", "", doc.fix_availability_text, ""]
    return "\n".join(out)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render_index(docs: list[CheckDoc]) -> str:
    """The page docs/rules/README.md: every check, its severity and summary."""
    out = ["# Checks", "", "Every check `triplea-compiler validate` runs, in the order it reports them. Each page is",
           "generated from the check's module docstring (`python -m compiler.commands.explain_pages`); do not",
           "edit the pages by hand. Fix: whether `validate --fix` fixes it (see each page's \"Fix availability\").", "",
           "| Check | Severity | Fix | What it checks |", "|---|---|---|---|"]
    out += [f"| [{d.id}]({d.id}.md) | {d.severity} | {d.fix_availability} | {_cell(d.summary or MISSING)} |"
            for d in docs]
    return "\n".join(out) + "\n"


def pages() -> dict[str, str]:
    """File name -> content of every page of docs/rules."""
    docs = all_docs()
    return {"README.md": render_index(docs), **{f"{d.id}.md": render_markdown(d) for d in docs}}
