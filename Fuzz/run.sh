#!/usr/bin/env bash
# Builds the libFuzzer target Fuzz/Sources/SQLFuzzer with ASan, and fuzzes ReactiveSQLite with it.
#
#   bash Fuzz/run.sh [--seconds N] [--merge] [--leaks] [--report FILE]
#
#   --seconds N  how long to fuzz (default 60)
#   --merge      merge the inputs that add coverage into Fuzz/Corpus at the end (libFuzzer -merge=1)
#   --report F   append the run's figures to F, as a JSON line (Scripts/reliability.sh reads them)
#   --leaks      LeakSanitizer after every input that keeps memory (about 20 times slower); without
#                it, the corpus is checked for leaks once at the end
#
# The run works on a temporary copy of Fuzz/Corpus. A crash, an ASan report, a timeout (-timeout=10)
# or a leak stops it: the input is kept in Fuzz/.build/artifacts/, its path is printed, and the script exits
# with a non-zero status. Environment: SQL_FUZZER_MODE=0…4 pins the mode, SQL_FUZZER_RESET=erase
# reuses one database, SQL_FUZZER_VERBOSE=1 prints every expected error (see Fuzz/README.md).
set -euo pipefail

seconds=60
merge=false
leaks=0
report=""
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --merge) merge=true; shift ;;
        --leaks) leaks=1; shift ;;
        --report) report="$2"; shift 2 ;;
        *) echo "usage: bash Fuzz/run.sh [--seconds N] [--merge] [--leaks] [--report FILE]" >&2; exit 2 ;;
    esac
done

fuzz_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$fuzz_dir")"
cd "$root"

# The system libraries: checked, not installed (Scripts/install-system-libraries.sh installs them).
if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists sqlite3; then
    echo "Missing SQLite's development files or pkg-config: run 'bash Scripts/install-system-libraries.sh'" \
        "from the repository root" >&2
    exit 1
fi

# Swift's own backtracer crashes under ASan and hangs on a trap: libFuzzer reports traps instead.
export SWIFT_BACKTRACE=enable=no

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH=/opt/swift/usr/bin:$PATH
fi

# Release, with the fuzzer's coverage instrumentation and ASan.
echo "Building SQLFuzzer (release, -sanitize=fuzzer,address)"
build_start=$(date +%s)
swift build --package-path Fuzz --scratch-path Fuzz/.build -c release --product SQLFuzzer \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
echo "Built in $(($(date +%s) - build_start)) s"
fuzzer="$(swift build --package-path Fuzz --scratch-path Fuzz/.build -c release --show-bin-path)/SQLFuzzer"

# Appends the figures of the run to the --report file: `record FAILURES`.
record() {
    [ -n "$report" ] || return 0
    local executions per_second new_units
    stat() { grep -oE "^stat::$1: *[0-9]+" "$log" | grep -oE '[0-9]+$' || echo 0; }
    executions="$(stat number_of_executed_units)"
    per_second="$(stat average_exec_per_sec)"
    new_units="$(stat new_units_added)"
    printf '{"scenario": "fuzz", "seconds": "%s", "executions": "%s", "executionsPerSecond": "%s", "newInputs": "%s", "corpusFiles": "%s", "corpusBytes": "%s", "failures": "%s"}\n' \
        "$seconds" "$executions" "$per_second" "$new_units" "$(ls Fuzz/Corpus | wc -l)" \
        "$(du -sb Fuzz/Corpus | cut -f1)" "$1" >>"$report"
}

work="$(mktemp -d "${TMPDIR:-/tmp}/sqlfuzzer.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/corpus" Fuzz/.build/artifacts
cp Fuzz/Corpus/* "$work/corpus/"
log="$work/fuzz.log"

# -detect_leaks: see --leaks. The harness itself checks, after every input, that its connection is
# deallocated and still usable.
echo "Fuzzing for $seconds s over $(ls "$work/corpus" | wc -l) inputs"
status=0
"$fuzzer" "$work/corpus" -dict=Fuzz/sql.dict -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -max_len=4096 -detect_leaks="$leaks" -print_final_stats=1 -artifact_prefix=Fuzz/.build/artifacts/ \
    >"$log" 2>&1 || status=$?
cp "$log" Fuzz/.build/artifacts/last-run.log
grep -E '^#[0-9]+[[:space:]]+DONE' "$log" || tail -5 "$log"
grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' "$log" || true
echo "Corpus: $(ls "$work/corpus" | wc -l) files, $(du -sb "$work/corpus" | cut -f1) bytes"

if [ "$status" -ne 0 ]; then
    grep -E 'ERROR|Fatal error|SUMMARY|Test unit written' "$log" | head -20 >&2 || true
    artifact="$(grep -oE 'Test unit written to [^ ]+' "$log" | tail -1 | cut -d' ' -f5)"
    echo "FAILED: the fuzzer found an input that fails (exit $status):" \
        "${artifact:-see Fuzz/.build/artifacts/last-run.log}" >&2
    echo "Replay it with: $fuzzer ${artifact:-<file>}" >&2
    record 1
    exit 1
fi

# Leaks: every input of the corpus once, with LeakSanitizer.
if [ "$leaks" -eq 0 ]; then
    if ! "$fuzzer" "$work/corpus" -runs=0 -detect_leaks=1 -timeout=10 -rss_limit_mb=4096 \
        -artifact_prefix=Fuzz/.build/artifacts/ >"$work/leaks.log" 2>&1; then
        cp "$work/leaks.log" Fuzz/.build/artifacts/leaks.log
        grep -E 'ERROR|SUMMARY|Test unit written' "$work/leaks.log" >&2 || true
        echo "FAILED: a leak in the corpus: see Fuzz/.build/artifacts/leaks.log" >&2
        record 1
        exit 1
    fi
    echo "Leak check of the corpus: none"
fi

if $merge; then
    before=$(ls Fuzz/Corpus | wc -l)
    # Edges only (-use_counters=0): with the hit counters too, a 20-minute run keeps ~900 files.
    "$fuzzer" -merge=1 -use_counters=0 -detect_leaks=0 -timeout=10 -rss_limit_mb=4096 Fuzz/Corpus "$work/corpus" \
        >"$work/merge.log" 2>&1
    grep -E 'MERGE-OUTER: [0-9]+ new files' "$work/merge.log" || tail -3 "$work/merge.log"
    echo "Fuzz/Corpus: $before -> $(ls Fuzz/Corpus | wc -l) files, $(du -sb Fuzz/Corpus | cut -f1) bytes"
fi
record 0
