"""Write docs/rules: one page per check and an index, generated from the registry (the test
tests/checks/test_explain.py fails when they are out of date). Run `python -m compiler.commands.explain_pages`
from the repository root, or give the folder."""

from __future__ import annotations

import sys
from pathlib import Path

from compiler.commands.explain_doc import pages

DEFAULT = Path(__file__).resolve().parents[2] / "docs" / "rules"


def stale(folder: Path) -> list[str]:
    """The pages of `folder` that differ from the generated ones, missing ones and ones no check has."""
    wanted = pages()
    have = {p.name for p in folder.glob("*.md")} if folder.is_dir() else set()
    out = [name for name, text in wanted.items()
           if name not in have or (folder / name).read_text(encoding="utf-8") != text]
    return sorted(out + [name for name in have if name not in wanted])


def write(folder: Path) -> int:
    """Write every page into `folder` and delete pages of checks that no longer exist; the number changed."""
    folder.mkdir(parents=True, exist_ok=True)
    changed = stale(folder)
    wanted = pages()
    for name in changed:
        if name in wanted:
            (folder / name).write_text(wanted[name], encoding="utf-8")
        else:
            (folder / name).unlink()
    return len(changed)


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else DEFAULT
    print(f"{write(folder)} page(s) written or removed in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
