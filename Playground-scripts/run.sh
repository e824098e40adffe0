#!/usr/bin/env bash
# Runs the playground scripts through the `swift` interpreter against Genome.
#
#   Playground-scripts/run.sh                 # every script, in name order
#   Playground-scripts/run.sh 01-read-write   # only the ones named (with or without .swift)
#
# It first builds GenomeScripting, one dynamic library holding every Genome module (the product only exists when
# GENOME_SCRIPTING is set, so ordinary users never build it). It is linked from the objects of the package's own
# debug build in .build, the one `swift build` and `swift test` make: after either, nothing is compiled again.
# A failing script stops the run with its exit code.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"

echo "Building GenomeScripting…" >&2
GENOME_SCRIPTING=1 swift build --package-path "$root" --product GenomeScripting >&2
bin="$(GENOME_SCRIPTING=1 swift build --package-path "$root" --show-bin-path)"

scripts=()
if [ $# -eq 0 ]; then
    for script in "$here"/*.swift; do scripts+=("$script"); done
else
    for name in "$@"; do scripts+=("$here/${name%.swift}.swift"); done
fi

for script in "${scripts[@]}"; do
    [ -f "$script" ] || { echo "No such script: $script" >&2; exit 2; }
    echo "=== $(basename "$script")"
    LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
        swift -swift-version 6 -I "$bin/Modules" -I "$bin/CGenomeShims.build" -L "$bin" -lGenomeScripting "$script"
done
