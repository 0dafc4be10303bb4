"""Which check ids have a fix, and the fixer that makes it (compiler/fixes/*.py, one module per kind of fix).

`FIXERS`: check id -> fixer (a problem and a reader of file bytes -> its fixes). `AVAILABILITY`: check id ->
"safe", "unsafe" or "safe or unsafe" (safe for some problems: a rename that only changes case), what each check's
docstring says on its "Fix:" line and its page under "Fix availability" (a check not listed has no fix).
"""

from __future__ import annotations

from compiler.fixes import map_property_key, map_territory_name, map_yml_entry, rename, repeats
from compiler.fixes.reading import Fixer

_TABLE: tuple[tuple[str, Fixer, str], ...] = (
    (repeats.CONNECTION.code, repeats.fixer(repeats.CONNECTION), "safe"),
    (repeats.OWNER.code, repeats.fixer(repeats.OWNER), "safe"),
    *((code, rename.fix, "safe or unsafe") for code in rename.CODES),
    (map_property_key.CODE, map_property_key.fix, "safe or unsafe"),
    (map_yml_entry.CODE, map_yml_entry.fix, "safe"),
    (map_territory_name.CODE, map_territory_name.fix, "unsafe"),
)
"""check id, its fixer, its availability: one row per check with a fix"""

FIXERS: dict[str, Fixer] = {code: fixer for code, fixer, _ in _TABLE}
AVAILABILITY: dict[str, str] = {code: availability for code, _, availability in _TABLE}
