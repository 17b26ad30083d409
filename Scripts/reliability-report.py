#!/usr/bin/env python3
"""Turns the figures of a reliability run (JSON lines, one per scenario run, written by the
reliability tests and by Scripts/reliability.sh) into Documentation/Reliability.md, on stdout.

Usage: reliability-report.py FIGURES.jsonl "DESCRIPTION OF THE RUN"
"""
import json
import sys


def load(path):
    with open(path) as lines:
        return [json.loads(line) for line in lines if line.strip()]


def number(value):
    try:
        return f"{int(value):,}"
    except ValueError:
        return value


def cell(value, key):
    """A value as a table shows it: seeds as they are, booleans as yes or no, numbers grouped."""
    if key == "seed":
        return value
    if value in ("true", "false"):
        return "yes" if value == "true" else "no"
    return number(value)


def table(runs, columns):
    """A Markdown table of the runs, with (title, key) columns; numbers get thousands separators."""
    out = ["| " + " | ".join(title for title, _ in columns) + " |",
           "| " + " | ".join("---" for _ in columns) + " |"]
    for run in runs:
        out.append("| " + " | ".join(cell(run.get(key, ""), key) for _, key in columns) + " |")
    return "\n".join(out)


def minutes(seconds):
    count = int(seconds) // 60
    return f"{count} minute" + ("" if count == 1 else "s")


def megabytes(run, key):
    return f"{int(run[key]) / 1_048_576:.1f} MB" if int(run.get(key, 0)) else "–"


def main():
    figures = load(sys.argv[1])
    description = sys.argv[2]
    by = lambda scenario: [run for run in figures if run["scenario"] == scenario]
    for run in by("stress"):
        for key, before, after in [("memory", "memoryAfterWarmUp", "memoryAtEnd"),
                                   ("heap", "heapAfterWarmUp", "heapAtEnd")]:
            first, last = int(run.get(before, 0)), int(run.get(after, 0))
            run[key] = f"{megabytes(run, before)} → {megabytes(run, after)}" + (
                f" ({(last - first) / first:+.1%})" if first else "")
    total = lambda scenario, key: sum(int(run.get(key, 0)) for run in by(scenario))

    print(f"""# Reliability

What the reliability suite proves, and the figures of its last full-size run. The suite is the
`ReliabilityTests` target (and `SQLCipherReliabilityTests` in the SQLCipher test package, over
encrypted databases); CI runs it bounded, on every change. `bash Scripts/reliability.sh` runs it
full-size on both drivers, with the sanitizers, and writes this page.

Last run: {description}.

## In short

- **{number(total('stress', 'transactions'))} transactions** under stress, **{number(total('stress', 'observedValues'))} observed values**
  and **{number(total('stress', 'reads'))} concurrent reads** checked against the invariant: {total('stress', 'violations')} violations.
- **{number(total('crash', 'kills'))} processes killed** (`SIGKILL`) in the middle of their writes: every database passed
  `integrity_check` and held exactly a prefix of the committed transactions ({total('crash', 'violations')} violations).
- **{number(total('cancellation', 'cancellations'))} cancellations** racing commits and **{number(total('close', 'closes'))} databases closed** while
  {number(total('close', 'accessesEndedByClose'))} accesses were in flight: no crash, no hang, no value after a cancellation ({total('cancellation', 'violations') + total('close', 'violations')} violations).
- **{number(total('hostile', 'inputs'))} hostile inputs** (random SQL, arguments, identifiers, values, migration files,
  passphrases), of which {number(total('hostile', 'refused'))} refused with a typed error, none with anything else, no crash
  ({total('hostile', 'violations')} violations).
""")
    for run in by("fuzz"):
        print(f"""- **{number(run['executions'])} fuzzed inputs** in {minutes(run['seconds'])} of coverage-guided fuzzing (libFuzzer, with
  AddressSanitizer) through the public API: {'no crash, no sanitizer report, no hang, no leak' if run['failures'] == '0' else 'a finding, see the log'};
  the corpus kept in `Fuzz/Corpus` holds {number(run['corpusFiles'])} inputs.
""")
    if by("fault"):
        print(f"""- **{number(total('fault', 'faults'))} I/O faults injected** at {number(total('fault', 'positions'))} positions of a write: each time the
  transaction rolled back, `integrity_check` passed, the connection recovered, and observers saw only
  committed states ({total('fault', 'violations')} violations).
""")
    print("""## Stress, with consistency checked

Four writer tasks move money between ten accounts (the total never changes) and bump a version (which
only grows), while four reader tasks read, and 100 observations, spread over every form
(`ValueObservation` tracking and constant region, `DatabaseRegionObservation`, publishers, async
sequences, `rx`, diffs), watch. No observer may see a broken invariant or an older state after a newer
one; every one must end on the last committed state. Memory is read after a warm-up of a tenth of
the transactions, and at the end: the resident memory once the allocator gave its free memory back
to the system (`malloc_trim`), and the bytes the heap holds (`mallinfo2`). The full run requires the
resident memory to grow by 10 % at most.
""")
    print(table(by("stress"), [("driver", "driver"), ("writer", "writer"), ("transactions", "transactions"),
                               ("observations", "observations"), ("values checked", "observedValues"),
                               ("reads checked", "reads"), ("resident memory", "memory"),
                               ("heap in use", "heap"),
                               ("seconds", "seconds"), ("violations", "violations")]))
    if by("fault"):
        print("""
## Faults

A fault-injecting VFS, registered through the driver's `sqlite3_vfs_register`, fails the Nth call
of a kind (reads, writes, syncs, locks, …) with an I/O error or `SQLITE_FULL`, for every N until a
representative write succeeds, as SQLite's own fault tests do. After each fault the write failed
with a `DatabaseError`, the database held what it held before it, `PRAGMA integrity_check` was `ok`,
the connection wrote again, and an observation saw only committed states.
""")
        print(table(by("fault"), [("driver", "driver"), ("writer", "writer"), ("calls failed", "kinds"),
                                  ("positions", "positions"), ("stopped before success", "capped"),
                                  ("faults injected", "faults"), ("writes failed", "failedWrites"),
                                  ("observations failed", "failedObservations"),
                                  ("commits failed after their commit point", "commitsReportedFailed"),
                                  ("violations", "violations")]))
        print("""
A fault after the commit point (an unlock that fails once the journal is deleted, in a rollback
journal) makes SQLite fail the `COMMIT` statement and call the rollback hook, though the transaction
is durable: the write throws the `DatabaseError`, the database holds the whole transaction (never a
part of it), and observations see it at the next commit. The last column counts these writes.
""")
    if by("busy"):
        print("""
## `SQLITE_BUSY` from another process

A child process holds the write lock in an open transaction. A write with a busy timeout of 0.5 s
waits for it, then fails with `SQLITE_BUSY`, leaving the database as it was; once the child is
killed, its transaction is gone and the write succeeds.
""")
        print(table(by("busy"), [("driver", "driver"), ("writer", "writer"), ("seconds waited", "waited"),
                                 ("violations", "violations")]))
    print("""
## Crash safety

A child process commits a long series of transactions (1 to 40 rows each, with blobs) and is killed
with `SIGKILL` at a random point: after 1 to 15 commits, then 0 to 2 ms into the next ones. After each
kill the database opens, passes `PRAGMA integrity_check`, and holds exactly the transactions the child
saw committed, plus at most the one it was committing, whole.
""")
    print(table(by("crash"), [("driver", "driver"), ("writer", "writer"), ("kills", "kills"),
                              ("transactions committed", "committedTransactions"),
                              ("violations", "violations")]))
    print("""
## Cancellation and shutdown

Observations (callbacks, publishers, async sequences) and async writes are cancelled at random
moments while another task commits without pause: no value may come after `cancel()` returns, every
async sequence ends, and no transaction observer remains registered. Databases are closed while
twenty async writes and reads and four observations are in flight: each access ends with its value or
a `DatabaseError`, and a write after the close fails with one.
""")
    print(table(by("cancellation") + by("close"),
                [("scenario", "scenario"), ("driver", "driver"), ("writer", "writer"),
                 ("cancellations", "cancellations"), ("closes", "closes"),
                 ("accesses in flight", "accessesEndedByClose"), ("violations", "violations")]))
    print("""
## Hostile input

Seeded random inputs (the seed is in the figures, so a failure replays): SQL made of random bytes or
of random SQL tokens, with random arguments; random table and column names through the schema DSL and
the query interface; values of every kind (NaN, infinities, extreme integers, random bytes). Each must
give a result or a `DatabaseError` and leave the connection usable. Beside them: a 1 GiB blob and a
2 GB `zeroblob` are refused with `SQLITE_TOOBIG`, bytes that are not UTF-8 read as replacement
characters, a row of 2,000 columns reads back, and a table of 2,001 is refused. Random sets of
migration files (names and contents of random bytes, or of pieces of valid names and SQL) go through
the generator of the RSSQLMigrations plugin, which accepts them or reports every problem, and the
migrations it accepts run in a `DatabaseMigrator`, which applies them all or a whole prefix of them.
""")
    print(table(by("hostile"), [("driver", "driver"), ("what", "kind"), ("inputs", "inputs"), ("refused", "refused"),
                                ("seed", "seed"), ("violations", "violations")]))
    if by("fuzz"):
        print("""
## Fuzzing

`Fuzz/` holds a libFuzzer target (`-sanitize=fuzzer,address`) that turns each input into SQL with
arguments, rows read by index and by name with every decoding, tables and queries built from fuzzed
names, Codable records, and SQL migrations, on an in-memory database (`Fuzz/README.md` tells how).
Every input must end with a result or a typed error and leave its connection usable and then
deallocated; a crash, an AddressSanitizer report, an input that runs over ten seconds, or a leak
(the whole corpus is checked with LeakSanitizer at the end) is a finding. The fuzzer runs beside
the suites, on one core; the inputs that add coverage join the corpus kept in the repository, which
CI fuzzes from for a minute on every change.
""")
        print(table(by("fuzz"), [("seconds", "seconds"), ("inputs run", "executions"),
                                 ("inputs per second", "executionsPerSecond"), ("new inputs found", "newInputs"),
                                 ("corpus files", "corpusFiles"), ("corpus bytes", "corpusBytes"),
                                 ("findings", "failures")]))
    if by("sanitizer"):
        print("""
## Sanitizers

The test suites, run under ThreadSanitizer (the root suite, as CI does) and AddressSanitizer (both
packages).
""")
        print(table(by("sanitizer"), [("sanitizer", "sanitizer"), ("package", "package"), ("runs", "runs"),
                                      ("tests per run", "tests"), ("failed runs", "failures")]))


main()
