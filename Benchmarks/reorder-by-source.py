#!/usr/bin/env python3
"""Rewrite an export so that each type's Records come source by source.

    Benchmarks/reorder-by-source.py IN.xml OUT.xml

Exports list Records grouped by type. Within a type, `generate-export.py` interleaves the
sources day by day, as a phone that gathers every app's samples as they come does. Some
exports list one source's samples after another's instead. This keeps every line and every
type group where it is and reorders the Records inside each group by source name (each
source's in their original order), so the same records can be imported in a second order.
Memory stays flat: each source's Records wait in a temporary file of their own.
Writes OUT.counts.json beside OUT when IN has one: the counts do not change.
"""
import os
import re
import shutil
import sys
import tempfile

TYPE = re.compile(rb' type="([^"]+)"')
SOURCE = re.compile(rb' sourceName="([^"]*)"')


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: " + __doc__.strip().splitlines()[2].strip())
    source, target = sys.argv[1], sys.argv[2]
    spool = tempfile.mkdtemp(prefix="reorder-")
    files = {}
    group_type = None

    def flush(out):
        for name in sorted(files):
            handle = files[name]
            handle.seek(0)
            shutil.copyfileobj(handle, out)
            handle.close()
        files.clear()

    try:
        with open(source, "rb") as lines, open(target, "wb") as out:
            record = None
            for line in lines:
                if record is not None:
                    record.write(line)
                    if line.lstrip().startswith(b"</Record>"):
                        record = None
                    continue
                if line.lstrip().startswith(b"<Record "):
                    kind = TYPE.search(line)
                    kind = kind.group(1) if kind else b""
                    if kind != group_type:
                        flush(out)
                        group_type = kind
                    name = SOURCE.search(line)
                    name = name.group(1) if name else b""
                    if name not in files:
                        files[name] = tempfile.TemporaryFile(dir=spool)
                    files[name].write(line)
                    if not line.rstrip().endswith(b"/>"):
                        record = files[name]
                    continue
                flush(out)
                group_type = None
                out.write(line)
            flush(out)
    finally:
        shutil.rmtree(spool, ignore_errors=True)
    if os.path.exists(source + ".counts.json"):
        shutil.copyfile(source + ".counts.json", target + ".counts.json")


if __name__ == "__main__":
    main()
