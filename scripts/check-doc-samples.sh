#!/usr/bin/env bash
# Compiles every ```swift block of README.md and of the DocC articles (Sources/*/*.docc/*.md), so that the samples
# cannot rot. The blocks of one document compile together, in order, as one function in one file of a scratch
# package in .build-samples/ that depends on this package by path; one `swift build` compiles every document.
# Warnings are allowed, errors fail with the document, the line where the sample starts and the compiler's error.
#
# The convention (also in README.md, "Development"):
# - README.md's samples are each compiled on their own, in a file of their own with only the imports they show,
#   because a reader copies one sample at a time: each shows everything it needs, and README.md may hold no
#   hidden code (`sample-prelude`, `sample-wrap`), which GitHub does not show.
# - In a DocC article, each sample is compiled in a `do { ... }` scope nested inside the previous one, so a sample
#   sees the values and types of the samples above it, as a reader of the article does, and may declare the same
#   names again.
# - `import`, `extension`, `protocol`, `precedencegroup` and operator declarations move to file scope; every
#   import a document shows applies to the whole document. Nothing is imported that the document does not show.
# - A sample that uses an operator of GenomeOperators must show `import GenomeOperators` itself, unless the
#   document's first compiled sample does.
# - In a DocC article, `<!-- sample-prelude` ... `-->` holds hidden code, compiled as a sample at its place: the
#   values and types the text assumes (`let data: [UInt8] = ...`). It may not import anything.
# - In a DocC article, `<!-- sample-wrap` ... `-->` holds hidden code around the next sample, which goes where the
#   line `{{sample}}` is: for a sample that is a member of a type, such as a lone `static func decode`. It may not
#   import anything.
# - `<!-- sample: skip (reason) -->` before a block leaves it out. Only for code that is not meant to compile
#   (a Package.swift excerpt, a compile error); the reason is required.
# - Blocks in other languages (sh, json, none) are ignored.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'PYTHON'
import glob
import json
import os
import re
import subprocess
import sys
import time

started = time.monotonic()
root = os.getcwd()
scratch = os.path.join(root, ".build-samples")
sources = os.path.join(scratch, "Sources", "DocSamples")
documents = ["README.md"] + sorted(
    glob.glob("Sources/Genome/Genome.docc/*.md")
    + glob.glob("Sources/GenomeOperators/GenomeOperators.docc/*.md")
    + glob.glob("Sources/GenomeFoundation/GenomeFoundation.docc/*.md"))

FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)")
FILE_SCOPE = re.compile(
    r"^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"(?:import|extension|protocol|precedencegroup|(?:infix|prefix|postfix)\s+operator)\b")
IMPORT = re.compile(r"^(?:@[\w.]+\s+)*import\s+(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?(\w+)")
OPERATOR = re.compile(r"=>|<~|~>")
PLACEHOLDER = "{{sample}}"

problems = []  # (document, line, message): broken conventions, reported with the compile errors


class Unit:
    """A swift block, or hidden code from a sample-prelude comment."""

    def __init__(self, document, line, first, lines, hidden):
        self.document = document
        self.line = line  # where it starts in the document: the opening fence, or the comment's first line
        self.first = first  # the line number of lines[0]
        self.lines = lines
        self.hidden = hidden
        self.end = first + len(lines)  # the closing fence or the comment's last line
        self.skip = None
        self.wrap = None  # (line number of template[0], template lines)

    def contains(self, line):
        if self.line <= line <= self.end:
            return True
        return self.wrap is not None and self.wrap[0] - 1 <= line <= self.wrap[0] + len(self.wrap[1])


def parse(document):
    """The document's swift blocks and hidden preludes, in order, with their directives applied."""
    with open(document, encoding="utf-8") as file:
        lines = file.read().split("\n")
    units = []
    pending = None  # ("skip", line, reason) or ("wrap", line, first, template), waiting for a swift block
    index = 0
    while index < len(lines):
        line = lines[index]
        number = index + 1
        fence = FENCE.match(line)
        if line.lstrip().startswith("<!--"):
            end = index
            while "-->" not in lines[end]:
                end += 1
                if end == len(lines):
                    problems.append((document, number, "an HTML comment that never ends"))
                    return units
            text = lines[index].strip()
            if text.startswith("<!-- sample"):
                if pending is not None:
                    problems.append((document, pending[1], "a sample directive that no swift block follows"))
                    pending = None
                skip = re.fullmatch(r"<!--\s*sample:\s*skip\s*\((.+)\)\s*-->", text)
                body = lines[index + 1:end]
                if skip:
                    pending = ("skip", number, skip.group(1).strip())
                elif text in ("<!-- sample-prelude", "<!-- sample-wrap") and lines[end].strip() == "-->":
                    if any(IMPORT.match(code) for code in body):
                        problems.append((document, number, "hidden code may not import: show the import instead"))
                    if text == "<!-- sample-prelude":
                        units.append(Unit(document, number, number + 1, body, hidden=True))
                    elif sum(code.strip() == PLACEHOLDER for code in body) != 1:
                        problems.append((document, number, f"a sample-wrap needs one line {PLACEHOLDER}"))
                    else:
                        pending = ("wrap", number, number + 1, body)
                else:
                    problems.append((document, number, "not a sample directive: <!-- sample: skip (reason) -->, "
                                     "or <!-- sample-prelude / <!-- sample-wrap and code lines, then --> alone"))
            index = end + 1
        elif fence:
            indent, marker, language = fence.groups()
            end = index + 1
            while end < len(lines) and not re.fullmatch(
                    r" {0,3}" + re.escape(marker[0]) + "{" + str(len(marker)) + r",}\s*", lines[end]):
                end += 1
            body = [code[len(indent):] if code.startswith(indent) else code.lstrip() for code in lines[index + 1:end]]
            if language == "swift":
                unit = Unit(document, number, number + 1, body, hidden=False)
                if pending is not None and pending[0] == "skip":
                    unit.skip = pending[2]
                elif pending is not None:
                    unit.wrap = (pending[2], pending[3])
                units.append(unit)
            elif pending is not None:
                problems.append((document, pending[1], f"a sample directive before a {language or 'plain'} block"))
            pending = None
            index = end + 1
        else:
            if pending is not None and line.strip():
                problems.append((document, pending[1], "a sample directive that no swift block follows"))
                pending = None
            index += 1
    if pending is not None:
        problems.append((document, pending[1], "a sample directive that no swift block follows"))
    return units


def split(lines, first):
    """Splits code into file-scope items (imports, extensions, ...) and the rest, as runs of (first line, lines).

    An item starts at a line in the first column that does not close a bracket, and runs until the next one."""
    runs = []  # [is file scope, first line number, lines]
    for offset, code in enumerate(lines):
        starts = code[:1] not in ("", " ", "\t", "}", ")", "]")
        file_scope = bool(starts and FILE_SCOPE.match(code))
        if not runs or file_scope or (starts and runs[-1][0]):
            runs.append([file_scope, first + offset, []])
        runs[-1][2].append(code)
    return [(n, c) for s, n, c in runs if s], [(n, c) for s, n, c in runs if not s]


def strip_strings_and_comments(code):
    code = re.sub(r'#*"""[\s\S]*?"""#*', '""', code)
    code = re.sub(r'(#+)"[\s\S]*?"\1', '""', code)
    code = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', code)
    code = re.sub(r"/\*[\s\S]*?\*/", "", code)
    return re.sub(r"//[^\n]*", "", code)


def generate(document, units, name):
    """The Swift source of one document: file-scope items, then one function with a nested scope per sample."""
    path = os.path.join(root, document)
    imports, declarations, body = [], [], []
    first_imports = None
    depth = 0
    for unit in units:
        if unit.skip is not None:
            continue
        file_scope, in_place = split(unit.lines, unit.first)
        shown = {IMPORT.match(code[0]).group(1) for _, code in file_scope if IMPORT.match(code[0])}
        if not unit.hidden and first_imports is None:
            first_imports = shown
        if not unit.hidden and OPERATOR.search(strip_strings_and_comments("\n".join(unit.lines))):
            if "GenomeOperators" not in shown | first_imports:
                problems.append((document, unit.line, "uses an operator of GenomeOperators, but neither this sample "
                                 "nor the document's first one shows `import GenomeOperators`"))
        for line, code in file_scope:
            (imports if IMPORT.match(code[0]) else declarations).append((line, code))
        body.append([None, ["do {"]])
        depth += 1
        if unit.wrap is not None:
            template_first, template = unit.wrap
            at = [code.strip() for code in template].index(PLACEHOLDER)
            body.append([template_first, template[:at]])
        body.extend(in_place)
        if unit.wrap is not None:
            body.append([template_first + at + 1, template[at + 1:]])
    # #sourceLocation(file:line:) makes the compiler report a sample's line in its document.
    source = [f"// Generated by scripts/check-doc-samples.sh from {document}: do not edit."]
    located = False
    for line, code in imports + declarations + [[None, [f"func {name}() async throws {{"]]] + body + [
            [None, ["}" * depth + "}"]]]:
        if line is not None:
            source.append(f'#sourceLocation(file: "{path}", line: {line})')
        elif located:
            source.append("#sourceLocation()")
        located = line is not None
        source.extend(code)
    return "\n".join(source) + "\n"


def write_if_changed(path, text):
    try:
        with open(path, encoding="utf-8") as file:
            if file.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


identity = os.path.basename(root)
manifest = f"""// swift-tools-version: 6.0
// Generated by scripts/check-doc-samples.sh: compiles the code samples of README.md and the DocC articles.
import PackageDescription

let package = Package(
    name: "DocSamples",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [.package(path: {json.dumps(root)})],
    targets: [
        .target(
            name: "DocSamples",
            dependencies: [
                .product(name: "Genome", package: "{identity}"),
                .product(name: "GenomeOperators", package: "{identity}"),
                .product(name: "GenomeFoundation", package: "{identity}"),
            ],
            // Samples may warn (an unused result is normal in a sample); the compiler's errors are what count.
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility"), .unsafeFlags(["-suppress-warnings"])]
        )
    ]
)
"""
os.makedirs(sources, exist_ok=True)
write_if_changed(os.path.join(scratch, "Package.swift"), manifest)

# Documents whose samples compile one by one, each in a file of its own: what a reader copies from them must
# compile on its own.
STANDALONE = {"README.md"}

all_units = {}
generated = set()
for document in documents:
    units = parse(document)
    all_units[document] = units
    name = re.sub(r"\W", "_", re.sub(r"^Sources/\w+/(\w+)\.docc/", r"\1_", document)[:-len(".md")])
    if document in STANDALONE:
        for unit in units:
            if unit.hidden or unit.wrap is not None:
                problems.append((document, unit.line, "hidden code, which GitHub does not show: each sample of "
                                 f"{document} compiles on its own, so show what it needs in the sample"))
            if unit.hidden or unit.skip is not None:
                continue
            own = f"{name}_line{unit.line}"
            generated.add(own + ".swift")
            write_if_changed(os.path.join(sources, own + ".swift"), generate(document, [unit], "sample_" + own))
        continue
    if not any(unit.skip is None and not unit.hidden for unit in units):
        continue
    generated.add(name + ".swift")
    write_if_changed(os.path.join(sources, name + ".swift"), generate(document, units, "sample_" + name))
for stale in set(os.listdir(sources)) - generated:
    os.remove(os.path.join(sources, stale))

samples = [unit for units in all_units.values() for unit in units if not unit.hidden]
compiled = [unit for unit in samples if unit.skip is None]
skipped = [unit for unit in samples if unit.skip is not None]
print(f"Compiling {len(compiled)} samples from {len(generated)} documents in {os.path.relpath(scratch, root)}/ "
      f"({len(skipped)} skipped)", flush=True)
build = subprocess.run(["swift", "build", "--package-path", scratch], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
output = build.stdout

errors = []  # (document, line, the compiler's line), each once: swift build may print an error twice
for line in output.split("\n"):
    match = re.match(r"^(.+?):(\d+):(\d+): error: ", line)
    if match:
        path = os.path.relpath(match.group(1), root)
        error = (path, int(match.group(2)), path + line[len(match.group(1)):])
        if error not in errors:
            errors.append(error)
failed = bool(problems or errors or build.returncode != 0)

for unit in skipped:
    print(f"skipped {unit.document}:{unit.line}: {unit.skip}")
if failed:
    print()
    for document, line, message in problems:
        print(f"FAIL {document}, line {line}: {message}")
    for path, line, message in errors:
        owner = next((unit for unit in all_units.get(path, []) if unit.contains(line)), None)
        where = "hidden prelude" if owner is not None and owner.hidden else "sample"
        start = f", {where} at line {owner.line}" if owner is not None else ""
        print(f"FAIL {path}{start}: {message}")
    if errors or build.returncode != 0:
        print("\nThe compiler's output (the excerpts are of the generated code, .build-samples/Sources/DocSamples):")
        print("\n".join(line for line in output.split("\n") if not re.match(r"^\[\d+/\d+\]", line)).strip())
    print(f"\nFAILED after {time.monotonic() - started:.0f}s")
    sys.exit(1)
print(f"ok: {len(compiled)} samples compiled, {len(skipped)} skipped ({time.monotonic() - started:.0f}s)")
PYTHON
