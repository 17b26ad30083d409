#!/usr/bin/env bash
# Runs every test suite: the root package (the plain SQLite stack), then the SQLCipher package, in
# a process of its own (a process must never load libsqlite3 and libsqlcipher together).
# Extra arguments go to both `swift test` commands (e.g. `--parallel`, `--sanitize=thread`).
# On a new machine, it first installs the system libraries (apt), when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

bash Scripts/install-system-libraries.sh

swift test "$@"
swift test --package-path Tests/SQLCipherTests "$@"
