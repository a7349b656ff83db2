#!/usr/bin/env python3
"""Computes the facts in manifest.json from the sample exports (Python stdlib only).

Counting is done by regex/byte scanning, not with an XML parser, because three of the
files are deliberately not well-formed (iOS 8 attribute names with spaces, a raw 0x0B
byte, the broken iOS 16.0 DTD). xml.dom.minidom is used only to decide `wellFormed`.

Rules:
  * comments and the internal DTD subset (<!DOCTYPE ... ]>) are removed before scanning;
  * "Record" = Records whose parent is HealthData (top level); "NestedRecord" = Records
    whose parent is a Correlation; every other element is counted wherever it occurs;
  * distinctCorrelationMembersNotAtTopLevel = distinct nested Records (by their start tag
    text, whitespace-normalised, plus their children) with no identical top-level Record;
  * recordsInLast30Days = top-level Records whose startDate instant >= ExportDate - 30*86400 s.
Usage: python3 count.py            # rewrites manifest.json next to this script
       python3 count.py --check    # exits 1 if manifest.json is stale
"""
import json, os, re, sys, xml.dom.minidom
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = [
    ('ios8-2015/export.xml', 'iOS 8 (2015), no DTD, compact dates'),
    ('v3-2016/export.xml', 'HealthKit Export Version 3 (iOS 9, 2016)'),
    ('v8-2019/export.xml', 'HealthKit Export Version 8 (iOS 12, 2019), inline routes'),
    ('v11-2020/export.xml', 'HealthKit Export Version 11 (iOS 14, 2020), de_DE'),
    ('v12-2022/export.xml', 'HealthKit Export Version 12 (iOS 16.0, 2022), malformed DTD'),
    ('v14-2025/export.xml', 'HealthKit Export Version 14 (iOS 26, 2025)'),
]
ELEMENTS = ['Record', 'NestedRecord', 'Correlation', 'Workout', 'WorkoutActivity', 'WorkoutEvent', 'WorkoutStatistics',
            'WorkoutRoute', 'Location', 'FileReference', 'ActivitySummary', 'ClinicalRecord', 'Audiogram',
            'VisionPrescription', 'MetadataEntry', 'InstantaneousBeatsPerMinute']

TAG = re.compile(rb'<(/?)([A-Za-z_][\w.-]*)((?:[^>"]|"[^"]*")*?)(/?)>', re.S)
ATTR = re.compile(rb'([^\s=]+)\s*=\s*"([^"]*)"')

def parse_date(s):
    s = s.strip()
    for fmt in ('%Y-%m-%d %H:%M:%S %z', '%Y%m%d%H%M%S%z'):
        try:
            return datetime.strptime(s, fmt)
        except ValueError:
            pass
    raise ValueError('unknown date format: %r' % s)

def facts(rel, era):
    raw = open(os.path.join(HERE, rel), 'rb').read()
    try:
        xml.dom.minidom.parseString(raw)
        well = True
    except Exception:
        well = False
    m = re.search(rb'<!--\s*HealthKit Export Version:\s*(\d+)\s*-->', raw)
    version = int(m.group(1)) if m else None
    body = re.sub(rb'<!DOCTYPE.*?\]\s*>', b'', raw, count=1, flags=re.S)   # internal subset (also the broken v12 one)
    body = re.sub(rb'<!--.*?-->', b'', body, flags=re.S)
    counts = {k: 0 for k in ELEMENTS}
    by_type, top_keys, nested = {}, set(), []
    stack = []          # [name, key-bytes-list or None]
    export_date = locale = None
    top_starts = []
    for mt in TAG.finditer(body):
        closing, name, attrs, empty = mt.group(1), mt.group(2).decode(), mt.group(3), mt.group(4)
        if closing:
            if not stack or stack[-1][0] != name:
                raise SystemExit('%s: unbalanced </%s>' % (rel, name))
            done = stack.pop()
            if done[1] is not None:                     # finished a Record: attach its serialised form
                key = b'\n'.join(done[1])
                (top_keys.add(key) if done[2] == 'top' else nested.append(key) if done[2] == 'nested' else None)
            if stack and stack[-1][1] is not None:
                stack[-1][1].append(b'</' + name.encode() + b'>')
            continue
        a = {k.decode('utf-8', 'replace'): v.decode('utf-8', 'replace') for k, v in ATTR.findall(attrs)}
        parent = stack[-1][0] if stack else None
        norm = b'<' + name.encode() + b' ' + b' '.join(sorted(k + b'="' + v + b'"' for k, v in ATTR.findall(attrs)))
        if stack and stack[-1][1] is not None:          # inside a Record being serialised
            stack[-1][1].append(norm)
        if name == 'HealthData':
            locale = a.get('locale')
        elif name == 'ExportDate':
            export_date = a.get('value')
        elif name == 'Record':
            if parent == 'HealthData':
                counts['Record'] += 1
                by_type[a['type']] = by_type.get(a['type'], 0) + 1
                top_starts.append(a.get('startDate'))
                where = 'top'
            elif parent == 'Correlation':
                counts['NestedRecord'] += 1
                where = 'nested'
            else:
                where = 'other'
            if empty:
                key = norm
                (top_keys.add(key) if where == 'top' else nested.append(key) if where == 'nested' else None)
            else:
                stack.append([name, [norm], where])
            continue
        elif name in counts:
            counts[name] += 1
        if not empty:
            stack.append([name, None, None])
    if stack:
        raise SystemExit('%s: unclosed %s' % (rel, [s[0] for s in stack]))
    cutoff = parse_date(export_date) - timedelta(seconds=30 * 86400) if export_date else None
    last30 = sum(1 for s in top_starts if cutoff is not None and parse_date(s) >= cutoff)
    return {
        'path': rel, 'era': era, 'exportDate': export_date,
        'exportDateUTC': parse_date(export_date).astimezone(timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ') if export_date else None,
        'version': version, 'locale': locale, 'wellFormed': well,
        'elements': counts,
        'recordsByType': dict(sorted(by_type.items())),
        'distinctCorrelationMembersNotAtTopLevel': len(set(nested) - top_keys),
        'recordsInLast30Days': last30,
    }

def main():
    out = {'generatedBy': 'count.py', 'files': [facts(p, e) for p, e in FILES]}
    text = json.dumps(out, indent=2, ensure_ascii=False) + '\n'
    path = os.path.join(HERE, 'manifest.json')
    if '--check' in sys.argv:
        same = os.path.exists(path) and open(path, encoding='utf-8').read() == text
        print('manifest.json is up to date' if same else 'manifest.json is STALE')
        sys.exit(0 if same else 1)
    open(path, 'w', encoding='utf-8').write(text)
    for f in out['files']:
        print(f"{f['path']:22} v={f['version']!s:4} wf={f['wellFormed']!s:5} records={f['elements']['Record']:3} last30={f['recordsInLast30Days']:3} "
              f"nested={f['elements']['NestedRecord']} notTop={f['distinctCorrelationMembersNotAtTopLevel']}")

if __name__ == '__main__':
    main()
