"""Which check ids have a fix, and the fixer that makes it (compiler/fixes/*.py, one module per kind of fix).

`FIXERS`: check id -> fixer (a problem and a reader of file bytes -> its fixes). `AVAILABILITY`: check id ->
"safe", "unsafe" or "safe or unsafe" (safe for some problems: a rename that only changes case), what each check's
docstring says on its "Fix:" line and its page under "Fix availability" (a check not listed has no fix).
"""

from __future__ import annotations

from compiler.fixes import map_property_key, map_territory_name, map_yml_entry, rename, repeats
from compiler.fixes.reading import Fixer

FIXERS: dict[str, Fixer] = {
    repeats.CONNECTION.code: repeats.fixer(repeats.CONNECTION),
    repeats.OWNER.code: repeats.fixer(repeats.OWNER),
    **{code: rename.fix for code in rename.CODES},
    map_property_key.CODE: map_property_key.fix,
    map_yml_entry.CODE: map_yml_entry.fix,
    map_territory_name.CODE: map_territory_name.fix,
}

AVAILABILITY: dict[str, str] = {
    repeats.CONNECTION.code: "safe",
    repeats.OWNER.code: "safe",
    **{code: "safe or unsafe" for code in rename.CODES},
    map_property_key.CODE: "safe or unsafe",
    map_yml_entry.CODE: "safe",
    map_territory_name.CODE: "unsafe",
}
