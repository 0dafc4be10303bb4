"""CLI commands, one module each, loaded only when used (so `--help` and each command start fast).

Add a command by adding its name, module, attribute and one-line summary here: `--help` lists the
summaries without importing any command.
"""

from __future__ import annotations

from typing import NamedTuple


class Entry(NamedTuple):
    """Where a command lives, and the line `triplea-compiler --help` shows for it."""

    module: str
    attribute: str
    summary: str


COMMANDS: dict[str, Entry] = {
    "check-log": Entry("compiler.commands.check", "check_log_command",
                       "Replay a game log (YAML or JSON) and report broken house rules."),
    "check-save": Entry("compiler.commands.check", "check_save_command",
                        "Replay a TripleA save's history and report broken house rules."),
    "compile": Entry("compiler.commands.compile_cmd", "compile_command",
                     "Compile YAML specs into TripleA game XML."),
    "diff": Entry("compiler.commands.diff_cmd", "diff_command",
                  "Compare two games (game XML or specs) by meaning."),
    "draw": Entry("compiler.commands.draw", "draw_command",
                  "Draw the map of a game XML, map folder or spec (SVG or PNG)."),
    "explain": Entry("compiler.commands.explain", "explain_command",
                     "Explain a check: what it checks, why, examples and how to fix it."),
    "fmt": Entry("compiler.commands.fmt_cmd", "fmt_command",
                 "Format YAML specs in place in the house style."),
    "import": Entry("compiler.commands.import_cmd", "import_command",
                    "Import a TripleA game XML into a concise spec."),
    "lsp": Entry("compiler.commands.lsp_cmd", "lsp_command",
                 "Run the language server (stdio) for game XMLs, map files and specs."),
    "play": Entry("compiler.commands.play", "play_command",
                  "Play Allies-vs-Axis games of a spec and print the result."),
    "rules": Entry("compiler.commands.rules_cmd", "rules_command",
                   "Show and prove how each rule of a spec's document is realised."),
    "schema": Entry("compiler.commands.schema_cmd", "schema_command",
                    "Print or write the JSON Schema of specs, for editors."),
    "show-save": Entry("compiler.commands.show_save", "show_save_command",
                       "Show the state and history of a TripleA save game."),
    "validate": Entry("compiler.commands.validate", "validate",
                      "Check game XMLs, map folders and zips: every problem at once."),
}
