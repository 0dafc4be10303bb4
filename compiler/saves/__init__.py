"""Reading TripleA save games (.tsvg: gzip + Java serialization) into GameState and history events.

    from compiler.saves import read_save
    save = read_save("game.tsvg")
    save.state        # GameState: owners, units, resources, relationships, round, step, player
    save.events       # list of compiler.engine.events models, in history order
    save.engine_version
"""

import sys

# javaobj imports numpy, when it is installed, for an optional array transformer we never use (saves
# are read with compiler.saves.stream's own): hidden during that first import, numpy is not loaded,
# which saves every save command 60 ms of start-up. A numpy loaded already is left as it is.
if "numpy" not in sys.modules:
    sys.modules["numpy"] = None  # type: ignore[assignment]  # `import numpy` raises ImportError
    try:
        import javaobj.v2  # noqa: F401
    finally:
        del sys.modules["numpy"]

from compiler.saves.container import MAX_INFLATED  # noqa: E402
from compiler.saves.reader import SaveGame, read_save, read_save_bytes  # noqa: E402

__all__ = ["MAX_INFLATED", "SaveGame", "read_save", "read_save_bytes"]
