#!/usr/bin/env bash
# Runs the reliability suite full-size on both drivers (RS_RELIABILITY_SCALE=full), then the test
# suites under the thread and address sanitizers, with an hour of fuzzing beside them on one core
# (Fuzz/run.sh --merge: the inputs that add coverage join Fuzz/Corpus), and writes the figures to
# Documentation/Reliability.md. It takes about 75 minutes on two cores.
#
# Options: --quick runs the suite at its bounded (CI) size, the sanitizers once and the fuzzer for a
# minute, to try the script.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
bash Scripts/install-system-libraries.sh

scale=full
tsan_runs=2
fuzz_seconds=3600
if [ "${1:-}" = "--quick" ]; then
    scale=bounded
    tsan_runs=1
    fuzz_seconds=60
fi
if [ "$scale" = bounded ]; then stress_sqlcipher=5000; else stress_sqlcipher=10000; fi
figures="$(mktemp)"
trap 'rm -f "$figures"' EXIT
started="$(date -u +%Y-%m-%dT%H:%MZ)"

# A suite that fails does not stop the run: its figures say what broke, and the script fails at the end.
failed=0

# The fuzzer runs beside the suites, from start to end, with its own build; its output goes to a log.
fuzz_log="$(mktemp)"
bash Fuzz/run.sh --seconds "$fuzz_seconds" --merge --report "$figures" >"$fuzz_log" 2>&1 &
fuzzer=$!

# The stress runs in a test process of its own: its memory check must not see the other scenarios'
# allocations (the 1 GiB blob of the hostile input, say). Then the other scenarios, and the SQLCipher
# suite in its own package.
RS_RELIABILITY_SCALE="$scale" RS_RELIABILITY_REPORT="$figures" swift test --filter ReliabilityTests.StressTests \
    || failed=1
RS_RELIABILITY_SCALE="$scale" RS_RELIABILITY_REPORT="$figures" \
    swift test --filter ReliabilityTests --skip ReliabilityTests.StressTests || failed=1
# Encryption makes every page read and write slower: the SQLCipher stress runs a tenth of the
# transactions (the rest of its scenarios run full-size).
for tests in "--filter SQLCipherReliabilityTests.StressTests" \
    "--filter SQLCipherReliabilityTests --skip SQLCipherReliabilityTests.StressTests"; do
    # shellcheck disable=SC2086 # $tests holds two options
    RS_RELIABILITY_SCALE="$scale" RS_RELIABILITY_REPORT="$figures" \
        RS_RELIABILITY_STRESS_TRANSACTIONS="$stress_sqlcipher" \
        swift test --package-path Tests/SQLCipherTests $tests || failed=1
done

# Records a sanitizer run: `sanitizer_run NAME PACKAGE RUNS COMMAND...` runs COMMAND RUNS times.
sanitizer_run() {
    local sanitizer="$1" package="$2" runs="$3"
    shift 3
    local failures=0 tests=0 log
    log="$(mktemp)"
    for _ in $(seq "$runs"); do
        if ! "$@" >"$log" 2>&1; then
            failures=$((failures + 1))
            failed=1
            tail -30 "$log"
        fi
        tests="$(grep -oE 'Test run with [0-9]+ tests' "$log" | grep -oE '[0-9]+' | tail -1 || echo 0)"
    done
    rm -f "$log"
    printf '{"scenario": "sanitizer", "sanitizer": "%s", "package": "%s", "runs": "%s", "tests": "%s", "failures": "%s"}\n' \
        "$sanitizer" "$package" "$runs" "$tests" "$failures" >>"$figures"
}
# Under a sanitizer the reliability scenarios run at their smoke size.
export RS_RELIABILITY_SCALE=smoke
unset RS_RELIABILITY_REPORT
sanitizer_run thread root "$tsan_runs" swift test --sanitize=thread --scratch-path .build-tsan
export ASAN_OPTIONS=detect_leaks=0
sanitizer_run address root 1 swift test --sanitize=address --scratch-path .build-asan
sanitizer_run address SQLCipher 1 swift test --package-path Tests/SQLCipherTests --sanitize=address \
    --scratch-path Tests/SQLCipherTests/.build-asan

if ! wait "$fuzzer"; then
    failed=1
    tail -20 "$fuzz_log"
fi
rm -f "$fuzz_log"

description="$scale size, started $started on $(nproc) cores, $(swift --version 2>/dev/null | head -1)"
python3 Scripts/reliability-report.py "$figures" "$description" >Documentation/Reliability.md
echo "Wrote Documentation/Reliability.md"
exit "$failed"
