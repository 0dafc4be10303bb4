"""`python -m compiler`: the same command line as `triplea-compiler`."""

from compiler.cli import main

main(prog_name="triplea-compiler")
