#!/usr/bin/env bash
# Type-checks each file in CompileFailures/ against the debug build's modules and expects the compile error its
# first line names (see CompileFailures/README.md). Run after `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build --show-bin-path)"
modules="$bin/Modules"
# Genome's C target (CGenomeShims) is a clang module, found through the module map SwiftPM writes for it.
cmodule="$bin/CGenomeShims.build"
[ -d "$modules" ] || { echo "no modules at $modules: run swift build first" >&2; exit 1; }
failed=0
for file in CompileFailures/*.swift; do
    expected="$(head -1 "$file" | sed -n 's|^// expected-error: ||p')"
    [ -n "$expected" ] || { echo "FAIL $file: no '// expected-error:' first line"; failed=1; continue; }
    if output="$(swiftc -typecheck -swift-version 6 -I "$modules" -I "$cmodule" "$file" 2>&1)"; then
        echo "FAIL $file: compiled, but must fail with: $expected"
        failed=1
    elif grep -qF "error: $expected" <<<"$output"; then
        echo "ok   $file"
    else
        echo "FAIL $file: failed with another error than: $expected"
        grep "error:" <<<"$output" | head -3
        failed=1
    fi
done
exit $failed
