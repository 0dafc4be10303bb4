"""Which check ids have a fix, and the fixer that makes it (compiler/fixes/*.py, one module per kind of fix).

`FIXERS`: check id -> fixer (a problem and a reader of file bytes -> its fixes). `AVAILABILITY`: check id ->
"safe", "unsafe" or "sometimes" (safe for some problems: a rename that only changes case), what each check's
documentation says under "Fix:".
"""

from __future__ import annotations

from compiler.fixes import map_property_key, rename, repeats
from compiler.fixes.reading import Fixer

FIXERS: dict[str, Fixer] = {
    repeats.CONNECTION.code: repeats.fixer(repeats.CONNECTION),
    repeats.OWNER.code: repeats.fixer(repeats.OWNER),
    **{code: rename.fix for code in rename.CODES},
    map_property_key.CODE: map_property_key.fix,
}

AVAILABILITY: dict[str, str] = {
    repeats.CONNECTION.code: "safe",
    repeats.OWNER.code: "safe",
    **{code: "unsafe" for code in rename.CODES},
    map_property_key.CODE: "unsafe",
}
