"""CLI commands, one module each. Add a new command's import and entry here."""

from __future__ import annotations

import click

COMMANDS: list[click.Command] = []
