"""Command-line options several commands share."""

from __future__ import annotations

from typing import Any

import click
from click.shell_completion import CompletionItem

from compiler import engines


class EngineName(click.ParamType):
    """A TripleA release as users name it: an alias (latest, 2.x), a release line (2026-08, 2.7, 1.9) or a
    full version (2026-08.16.15726). The name is kept as given; an unknown or too new one is a usage error
    that says what the tool knows."""

    name = "engine"

    def __init__(self, *extra: str) -> None:
        self.extra = extra  # further accepted words, e.g. draw's "auto"

    def names(self) -> tuple[str, ...]:
        return (*self.extra, *engines.engine_names())

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(self.names()) + "|VERSION]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value)
        if text in self.extra:
            return text
        try:
            engines.resolve(text)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)
        return text

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        return [CompletionItem(name) for name in self.names() if name.startswith(incomplete)]


def engine_help(default: str) -> str:
    """The help of an --engine option: what it takes, and what it means when not given."""
    return (f"TripleA release: latest (the newest this tool knows, {engines.newest().name}), a release such as "
            f"2026-08, 2.7 or 1.9, 2.x (= 2.7) or a full version such as {engines.newest().last}  "
            f"[default: {default}]")
