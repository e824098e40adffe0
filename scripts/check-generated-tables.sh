#!/usr/bin/env bash
# Checks that the two generated tables are exactly what their scripts write today:
#
#   scripts/generate-powers-of-five.py            -> Sources/Genome/JSON/Reading/PowersOfFive.swift
#   scripts/generate-double-formatting-table.py   -> Sources/Genome/JSON/Writing/DoubleFormattingTable.swift
#
# Each script is run into a temporary folder and its output compared byte for byte with the committed file. The
# scripts also re-check the error bounds the tables rely on, so an edit to a script that breaks them fails here too.
# A table edited by hand, or a script changed without regenerating its table, fails with the command that fixes it.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

failed=0
check() {
    local script="$1" committed="$2"
    local fresh="$scratch/$(basename "$committed")"
    if ! python3 "$script" "$fresh" >/dev/null; then
        echo "FAIL: $script did not run to the end (see its output above)." >&2
        failed=1
    elif ! cmp -s "$fresh" "$committed"; then
        echo "FAIL: $committed is not what $script writes." >&2
        echo "      Run 'python3 $script' to regenerate it (first diff lines below), and commit the result." >&2
        diff "$committed" "$fresh" | head -n 6 >&2 || true
        failed=1
    else
        echo "ok: $committed matches $script"
    fi
}

check scripts/generate-powers-of-five.py Sources/Genome/JSON/Reading/PowersOfFive.swift
check scripts/generate-double-formatting-table.py Sources/Genome/JSON/Writing/DoubleFormattingTable.swift
exit "$failed"
