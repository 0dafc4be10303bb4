"""A house rule's documentation for `explain`: its module docstring and its parameters, from the rule registry."""

from __future__ import annotations

import sys
import textwrap
from typing import Any

from compiler.engine.rules import registry


def _type_name(annotation: Any) -> str:
    text = getattr(annotation, "__name__", None) if isinstance(annotation, type) else None
    return text or str(annotation).replace("typing.", "")


def rule_ids() -> list[str]:
    """Every house rule id, sorted."""
    return sorted(registry())


def rule_summary(rule_id: str) -> str:
    """The rule's one-line meaning (its class docstring's first line)."""
    return ((registry()[rule_id].__doc__ or "").strip().splitlines() or [""])[0]


def rule_text(rule_id: str) -> str:
    """What the rule means and how to write it: its module docstring, then each parameter with its type, whether
    it is required, its default and its description."""
    cls = registry()[rule_id]
    doc = textwrap.dedent(sys.modules[cls.__module__].__doc__ or "").strip()
    lines = [f"{rule_id} (house rule, checked by check-save and check-log)", "", doc, "", "Parameters:"]
    for name, field in cls.Params.model_fields.items():
        default = field.get_default(call_default_factory=True)
        need = "required" if field.is_required() else f"default {default!r}"
        about = f": {field.description}" if field.description else ""
        lines.append(f"  {name} ({_type_name(field.annotation)}, {need}){about}")
    if not cls.Params.model_fields:
        lines.append("  none")
    return "\n".join(lines) + "\n"


def rule_and_league_lines() -> list[str]:
    """A line per house rule (id, summary, parameters) and per built-in league (id, description)."""
    from compiler.league import built_in_names, load_league

    lines = []
    for rule_id in rule_ids():
        params = ", ".join(registry()[rule_id].Params.model_fields) or "no parameters"
        lines.append(f"{rule_id:28} {'rule':8} {rule_summary(rule_id)} [{params}]")
    for name in built_in_names():
        lines.append(f"{name:28} {'league':8} {load_league(name).description}")
    return lines
