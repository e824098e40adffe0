#!/usr/bin/env bash
# Formats every Swift file with the toolchain's `swift format` and the committed .swift-format, then lints.
# `scripts/format.sh --check` changes nothing and fails if a file is not formatted or the linter complains.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Playground-scripts Benchmarks/Package.swift Benchmarks/Benchmarks Benchmarks/Sources
    Fuzz/Package.swift Fuzz/Sources PropertyTests/Package.swift PropertyTests/Tests Tools/Package.swift Tools/Sources
    Tools/Tests)
existing=()
for path in "${paths[@]}"; do [ -e "$path" ] && existing+=("$path"); done
if [ "${1:-}" = "--check" ]; then
    swift format lint --strict --recursive --parallel "${existing[@]}"
else
    swift format format --in-place --recursive --parallel "${existing[@]}"
    swift format lint --recursive --parallel "${existing[@]}"
fi
