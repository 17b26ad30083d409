#!/usr/bin/env bash
# Runs every test suite: the root package (the plain SQLite stack), then the SQLCipher package, in
# a process of its own (a process must never load libsqlite3 and libsqlcipher together).
# Extra arguments go to both `swift test` commands (e.g. `--parallel`, `--sanitize=thread`).
set -euo pipefail
cd "$(dirname "$0")/.."

swift test "$@"
swift test --package-path Tests/SQLCipherTests "$@"
