#!/usr/bin/env bash
# Lists the public symbols that have no doc comment, and fails if there are any.
#
#   scripts/check-doc-coverage.sh                                   # Genome, GenomeOperators and GenomeFoundation
#   scripts/check-doc-coverage.sh Genome GenomeFoundation           # the modules named
#   scripts/check-doc-coverage.sh --exclude Sources/Genome/Codable  # skip declarations in a folder or file
#
# It reads the symbol graphs that scripts/symbol-graphs.sh writes from the debug build, the same ones
# scripts/build-docs.sh hands to DocC.
# A module's symbols are in `<Module>.symbols.json`, and its extensions of other modules' types (`String`,
# `Array`, ...) in `<Module>@<Other>.symbols.json`; both are checked.
#
# The rule: every public declaration a user can call or name has a doc comment, except
#   1. names that start with `_` or sit inside such a name: they are not public API;
#   2. symbols the compiler adds (ids containing `::SYNTHESIZED::`): members a type gets from a protocol
#      extension, such as `!=` or Collection's `map`, documented where they are declared;
#   3. members that implement a protocol requirement and have no comment of their own: the symbol graph gives
#      them the requirement's comment, and DocC shows it. For the standard library's protocols that covers
#      `description`, `hash(into:)`, `==`, the literal initialisers, `rawValue` and `init(rawValue:)`, and
#      Collection's `startIndex`, `endIndex` and `subscript(position:)`: their contract is the standard
#      library's. For Genome's own protocols (`decode(_:)` on `String`, `path` on each error) the requirement's
#      comment is the one that matters, and this script checks that the requirement has one.
# So a symbol is reported exactly when the symbol graph has no doc comment for it at all.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=()
excludes=()
while [ $# -gt 0 ]; do
    case "$1" in
        --exclude) excludes+=("$2"); shift 2 ;;
        -h | --help) sed -n '2,6p' "$0"; exit 0 ;;
        *) modules+=("$1"); shift ;;
    esac
done
[ ${#modules[@]} -gt 0 ] || modules=(Genome GenomeOperators GenomeFoundation)

graphs="$(scripts/symbol-graphs.sh)"

python3 - "$graphs" "$(pwd)" "${#excludes[@]}" "${excludes[@]}" "${modules[@]}" <<'PYTHON'
import glob, json, os, sys
from urllib.parse import unquote, urlparse

graphs, root, exclude_count = sys.argv[1], sys.argv[2], int(sys.argv[3])
excludes = [os.path.join(root, path).rstrip("/") for path in sys.argv[4:4 + exclude_count]]
modules = sys.argv[4 + exclude_count:]

missing, checked = [], 0
for module in modules:
    main = os.path.join(graphs, f"{module}.symbols.json")
    if not os.path.exists(main):
        sys.exit(f"No symbol graph for {module} in {graphs}")
    for path in [main] + sorted(glob.glob(os.path.join(graphs, f"{module}@*.symbols.json"))):
        for symbol in json.load(open(path))["symbols"]:
            names = symbol["pathComponents"]
            if any(name.startswith("_") for name in names):
                continue
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            location = symbol.get("location", {})
            file = unquote(urlparse(location.get("uri", "")).path)
            if any(file == path or file.startswith(path + "/") for path in excludes):
                continue
            checked += 1
            if symbol.get("docComment", {}).get("lines"):
                continue
            line = location.get("position", {}).get("line", -1) + 1
            missing.append((os.path.relpath(file, root) if file else "?", line, symbol["kind"]["displayName"],
                            ".".join(names)))

for file, line, kind, name in sorted(missing):
    print(f"{file}:{line}: {kind} {name}")
print(f"{len(missing)} of {checked} public symbols in {', '.join(modules)} have no doc comment.")
sys.exit(1 if missing else 0)
PYTHON
