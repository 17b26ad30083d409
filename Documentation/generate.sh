#!/usr/bin/env bash
# Builds the DocC documentation of every public module into one combined archive, and fails on any
# DocC warning (an unresolved link, an undocumented parameter, …).
#
#   bash Documentation/generate.sh                                # archive under .build/
#   bash Documentation/generate.sh --scratch-path .build-docc     # options of `swift package`
#
# The combined archive lets the umbrella catalogs link to the pages of the modules they re-export
# (``/RSCore/DatabaseQueue``). The Demo executable, the test-support target and the dependencies
# (OpenCombine, swift-property-based) are not documented: `generate-documentation` without
# `--target` would document them too, and their warnings are not ours.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(
    RSRegions RSCore RSSQLiteDriver RSSQLCipherDriver RSMigrations RSQueryInterface RSObservation
    RSReactive RSDiff RSTesting ReactiveSQLite ReactiveSQLCipher
)
target_options=()
for target in "${targets[@]}"; do
    target_options+=(--target "$target")
done

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
swift package "$@" generate-documentation --enable-experimental-combined-documentation \
    "${target_options[@]}" --warnings-as-errors 2>&1 | tee "$log" || status=$?

# DocC prints its diagnostics as "warning: …" and "error: …" lines (compiler diagnostics start
# with a path, and are checked by the build).
if [ "$status" -ne 0 ] || grep -E "^(warning|error):" "$log" >/dev/null; then
    echo "The documentation has warnings or errors." >&2
    exit 1
fi
archive="$(sed -n 's/^ *\(\/.*\/ReactiveSQLite\.doccarchive\)$/\1/p' "$log" | tail -1)"
echo
echo "Zero warnings. To read it, serve the archive and open the documentation:"
echo "  python3 -m http.server 8000 --directory $archive"
echo "  open http://localhost:8000/documentation/"
