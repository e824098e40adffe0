#!/usr/bin/env bash
# Writes the public symbol graphs of every module and prints the folder that holds them. DocC
# (scripts/build-docs.sh) and the coverage check (scripts/check-doc-coverage.sh) read them.
#
# The graphs come from the package's own debug build in .build, the one `swift build` and `swift test` make, so
# after the tests nothing is compiled again (a scratch folder of its own would compile all of Genome once more).
set -euo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! swift package dump-symbol-graph --minimum-access-level public >"$log" 2>&1; then
    # The dump also extracts the test modules' graphs, which fails when the tests are not built yet; only the
    # libraries' graphs matter, and the callers check for each.
    echo "note: dump-symbol-graph did not finish cleanly (the callers check for the graphs they need):" >&2
    grep -E "error" "$log" | head -5 >&2 || true
fi
graphs="$(find .build -maxdepth 2 -type d -name symbolgraph | head -n 1)"
[ -n "$graphs" ] || { cat "$log" >&2; echo "No symbol graphs were written." >&2; exit 1; }
echo "$(pwd)/$graphs"
