"""Reading TripleA save games (.tsvg: gzip + Java serialization) into GameState and history events.

    from compiler.saves import read_save
    save = read_save("game.tsvg")
    save.state        # GameState: owners, units, resources, relationships, round, step, player
    save.events       # list of compiler.engine.events models, in history order
    save.engine_version
"""

from compiler.saves.container import MAX_INFLATED
from compiler.saves.reader import SaveGame, read_save, read_save_bytes

__all__ = ["MAX_INFLATED", "SaveGame", "read_save", "read_save_bytes"]
