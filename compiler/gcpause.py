"""`gc_paused()`: the cyclic garbage collector paused for one piece of work, then restored as it was.

A game's model, a spec, their XML trees and a diff's facts are trees of many small objects without
cycles: the collector finds nothing in them, yet rescans them all on every full collection, for longer
the larger the map (over half of a compile of 20,000 territories, bench/bench_scaling.py). Reading,
checking, compiling, importing and diffing one game each run under this pause.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused(freeze: bool = False) -> Iterator[None]:
    """The collector paused for the work inside; `freeze`: what the work leaves is frozen out of the collector's
    sight before it resumes (`gc.freeze`: a long-lived process keeping it, the language server)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if was_enabled:
            gc.enable()
