#!/usr/bin/env bash
# Builds each module's DocC catalog with the toolchain's `docc`, with warnings as errors and no plugin:
# dump the public symbol graphs (scripts/symbol-graphs.sh), then convert each catalog with its own module's graphs.
set -euo pipefail
cd "$(dirname "$0")/.."
# The archives go to .build-docs/docs (or $DOCS_SCRATCH/docs); the symbol graphs come from the debug build.
scratch="$(pwd)/${DOCS_SCRATCH:-.build-docs}"
graphs="$(scripts/symbol-graphs.sh)"
mkdir -p "$scratch/docs"
rm -rf "$scratch/docs/"*.doccarchive
# The modules' pages link to one another by URL (`/documentation/genomefoundation`), which the merged archive
# built last serves. (docc's `--dependency`, for symbol links across archives, did not resolve any in Swift 6.3.1.)
for module in Genome GenomeOperators GenomeFoundation; do
    catalog="Sources/$module/$module.docc"
    moduleGraphs="$(mktemp -d)"
    if [ ! -f "$graphs/$module.symbols.json" ]; then
        echo "No symbol graph for $module in $graphs" >&2
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
# One archive with all three, so that links between them work when it is served.
rm -rf "$scratch/docs/GenomePackage.doccarchive"
docc merge "$scratch/docs/Genome.doccarchive" "$scratch/docs/GenomeOperators.doccarchive" \
    "$scratch/docs/GenomeFoundation.doccarchive" --synthesized-landing-page-name Genome \
    --output-path "$scratch/docs/GenomePackage.doccarchive"
echo "built $scratch/docs/GenomePackage.doccarchive (all three modules)"
# Links across modules are plain URLs, which docc does not check: each must name a page of the merged archive.
missing=0
for link in $(grep -ohE '\]\(/documentation/[a-z0-9/_-]+\)' Sources/*/*.docc/*.md | sed -E 's/^\]\((.*)\)$/\1/' | sort -u); do
    if [ ! -f "$scratch/docs/GenomePackage.doccarchive/data${link}.json" ]; then
        echo "broken link to $link in $(grep -l "]($link)" Sources/*/*.docc/*.md | tr '\n' ' ')" >&2
        missing=1
    fi
done
[ "$missing" -eq 0 ] || exit 1
echo "every link between the modules' docs names a page"
