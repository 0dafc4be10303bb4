"""Proofs of a spec's rule rows: claims checked against the compiled game, house rules against game logs.

`prove_rows(spec, model, base)` gives one RowProof per `rules:` row (compiler/proofs/rows.py); the claims
are declared in compiler/spec/claims.py and checked by compiler/proofs/game_claims.py and logs.py.
"""

from compiler.proofs.rows import RowProof, prove_rows

__all__ = ["RowProof", "prove_rows"]
