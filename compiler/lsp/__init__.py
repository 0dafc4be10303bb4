"""`triplea-compiler lsp`: a language server (stdio) for game XMLs, map folders' text files and specs.

server.py wires the features to pygls; documents.py keeps the open buffers over the files on disk;
diagnostics.py runs the validator; names.py indexes the names (definition, references, rename); hover.py,
completion.py and actions.py answer from the indexes and the option catalog.
"""
