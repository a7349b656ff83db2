#!/usr/bin/env bash
# Checks docs/architecture.md against Package.swift: the diagram (the first ```mermaid block)
# holds every target that is not a test target, and exactly the dependencies between targets
# that Package.swift declares, one line each:
#
#   A --> B                  A depends on B
#   A -. Trait .-> B         A depends on B only with the package trait Trait (several: `T1, T2`)
#   A                        a target that has no dependency between targets either way
#
# and the module table has one row per target (`| `Name` | ...`). Prints the lines to add or
# remove and exits 1 when they differ.
#
#   Scripts/architecture.sh                   # reads Package.swift through `swift package dump-package`
#   PACKAGE_JSON=dump.json Scripts/architecture.sh   # reads a dump made before
set -euo pipefail
cd "$(dirname "$0")/.."

document=docs/architecture.md
json=${PACKAGE_JSON:-}
if [ -z "$json" ]; then
  # The manifest alone, in a folder of its own: no resolution, and no lock on this package's
  # .build that a running build holds.
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  cp Package.swift "$work/"
  if ! swift package --package-path "$work" dump-package >"$work/package.json" 2>"$work/errors"; then
    echo "architecture: swift package dump-package failed:" >&2
    cat "$work/errors" >&2
    exit 1
  fi
  json="$work/package.json"
fi

python3 - "$json" "$document" <<'PYTHON'
import json
import re
import sys

package_path, document_path = sys.argv[1], sys.argv[2]
package = json.load(open(package_path))

# What Package.swift declares.
targets = {t["name"]: t for t in package["targets"] if t["type"] != "test"}
expected = {}  # (from, to) -> traits (empty: always)
for name, target in targets.items():
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        if kind not in ("byName", "target"):
            continue  # a product of another package
        other, condition = value[0], value[1]
        if other not in targets:
            continue  # a byName dependency naming another package's product
        traits = tuple(sorted((condition or {}).get("traits") or []))
        expected[(name, other)] = traits


def edge_line(edge, traits):
    source, target = edge
    if traits:
        return f"    {source} -. {', '.join(traits)} .-> {target}"
    return f"    {source} --> {target}"


# What the document says.
try:
    text = open(document_path).read()
except OSError as error:
    print(f"architecture: cannot read {document_path}: {error.strerror}", file=sys.stderr)
    sys.exit(1)
lines = text.split("\n")
try:
    start = next(i for i, line in enumerate(lines) if line.strip() == "```mermaid")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].strip() == "```")
except StopIteration:
    print(f"architecture: {document_path} has no ```mermaid block", file=sys.stderr)
    sys.exit(1)

name = r"[A-Za-z0-9_][A-Za-z0-9_-]*"
plain = re.compile(rf"^({name})\s*-->\s*({name})$")
dotted = re.compile(rf"^({name})\s*-\.\s*([^.]+?)\s*\.->\s*({name})$")
alone = re.compile(rf"^({name})$")

drawn = {}  # (from, to) -> (traits, line number)
problems = []
for number in range(start + 1, end):
    line = lines[number].strip()
    if not line or line.startswith("%%") or re.match(r"^(flowchart|graph)\b", line):
        continue
    if match := plain.match(line):
        edge, traits = (match[1], match[2]), ()
    elif match := dotted.match(line):
        edge = (match[1], match[3])
        traits = tuple(sorted(t.strip() for t in match[2].split(",") if t.strip()))
    elif alone.match(line):
        continue
    else:
        problems.append(f"{document_path}:{number + 1}: not a line of the form `A --> B`, `A -. Trait .-> B` or `A`: {line}")
        continue
    if edge in drawn:
        problems.append(f"{document_path}:{number + 1}: drawn twice: {line}")
    drawn[edge] = (traits, number + 1)

to_add = []
to_remove = []
for edge, traits in sorted(expected.items()):
    if edge not in drawn:
        to_add.append(edge_line(edge, traits))
    elif drawn[edge][0] != traits:
        to_remove.append((drawn[edge][1], edge_line(edge, drawn[edge][0]).strip()))
        to_add.append(edge_line(edge, traits))
for edge, (traits, number) in sorted(drawn.items(), key=lambda item: item[1][1]):
    if edge not in expected:
        to_remove.append((number, edge_line(edge, traits).strip()))

# Every target appears; one without any dependency between targets, either way, on a line of
# its own.
linked = {node for edge in expected for node in edge}
alone_lines = {}
for number in range(start + 1, end):
    if match := alone.match(lines[number].strip()):
        alone_lines.setdefault(match[1], number + 1)
for node in sorted(set(targets) - linked):
    if node not in alone_lines:
        to_add.append(f"    {node}")
for node, number in sorted(alone_lines.items(), key=lambda item: item[1]):
    if node not in targets:
        to_remove.append((number, node))

# The module table: one row per target.
rows = {}
for number, line in enumerate(lines):
    if match := re.match(rf"^\|\s*`({name})`\s*\|", line):
        rows.setdefault(match[1], number + 1)
missing_rows = sorted(set(targets) - set(rows))
extra_rows = sorted((number, node) for node, number in rows.items() if node not in targets)

if to_add:
    problems.append(f"{document_path}: add to the diagram (the ```mermaid block):")
    problems.extend(sorted(set(to_add)))
if to_remove:
    problems.append(f"{document_path}: remove from the diagram:")
    problems.extend(f"    line {number}: {line}" for number, line in sorted(set(to_remove)))
if missing_rows:
    problems.append(f"{document_path}: add to the module table, one row each:")
    kinds = {"system": "system library", "executable": "program", "regular": "library", "macro": "macro", "plugin": "plugin"}
    problems.extend(
        f"    | `{node}` | {kinds.get(targets[node]['type'], targets[node]['type'])} | (what it holds) | |" for node in missing_rows
    )
if extra_rows:
    problems.append(f"{document_path}: remove from the module table (no such target):")
    problems.extend(f"    line {number}: `{node}`" for number, node in extra_rows)

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"architecture: {document_path} matches Package.swift ({len(targets)} targets, {len(expected)} dependencies between them)")
PYTHON
