#!/usr/bin/env bash
# Build the VS Code extension into triplea-compiler-VERSION.vsix here (or at the path given as $1):
# the locked dependencies (npm ci, from package-lock.json), then vsce's package, which first compiles the
# TypeScript client to out/ (`npm run compile`, the vscode:prepublish script of package.json).
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund
npx --no-install vsce package ${1:+--out "$1"}
