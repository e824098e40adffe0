#!/usr/bin/env bash
# Builds each module's DocC catalog with the toolchain's `docc`, with warnings as errors and no plugin:
# dump the public symbol graphs, then convert each catalog with its own module's graphs.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${DOCS_SCRATCH:-.build-docs}"
mkdir -p "$scratch"
# The dump also tries the test modules, which are not built here and fail; only the libraries' graphs matter,
# and each is checked for below.
swift package --scratch-path "$scratch" dump-symbol-graph --minimum-access-level public >"$scratch/symbolgraph.log" 2>&1 || true
graphs="$(find "$scratch" -type d -name symbolgraph | head -n 1)"
mkdir -p "$scratch/docs"
for module in Genome GenomeOperators GenomeFoundation; do
    catalog="Sources/$module/$module.docc"
    moduleGraphs="$(mktemp -d)"
    if [ ! -f "$graphs/$module.symbols.json" ]; then
        echo "No symbol graph for $module; see $scratch/symbolgraph.log" >&2
        exit 1
    fi
    cp "$graphs/$module.symbols.json" "$moduleGraphs/"
    cp "$graphs/$module"@*.symbols.json "$moduleGraphs/" 2>/dev/null || true
    arguments=(--additional-symbol-graph-dir "$moduleGraphs" --fallback-display-name "$module"
        --fallback-bundle-identifier "org.genome.$module" --output-path "$scratch/docs/$module.doccarchive"
        --warnings-as-errors)
    if [ -d "$catalog" ]; then
        docc convert "$catalog" "${arguments[@]}"
    else
        docc convert "${arguments[@]}"
    fi
    rm -rf "$moduleGraphs"
    echo "built $scratch/docs/$module.doccarchive"
done
