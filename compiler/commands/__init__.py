"""CLI commands, one module each, loaded only when used (so `--help` and each command start fast).

Add a command by adding its name, module and attribute here.
"""

from __future__ import annotations

COMMANDS: dict[str, tuple[str, str]] = {
    "check-log": ("compiler.commands.check", "check_log_command"),
    "check-save": ("compiler.commands.check", "check_save_command"),
    "compile": ("compiler.commands.compile_cmd", "compile_command"),
    "diff": ("compiler.commands.diff_cmd", "diff_command"),
    "draw": ("compiler.commands.draw", "draw_command"),
    "fmt": ("compiler.commands.fmt_cmd", "fmt_command"),
    "import": ("compiler.commands.import_cmd", "import_command"),
    "play": ("compiler.commands.play", "play_command"),
    "rules": ("compiler.commands.rules_cmd", "rules_command"),
    "schema": ("compiler.commands.schema_cmd", "schema_command"),
    "show-save": ("compiler.commands.show_save", "show_save_command"),
    "validate": ("compiler.commands.validate", "validate"),
}
