/// The independent check of a redacted export, in Python: the output read with expat, compared
/// with the input read by regular expressions (which also read the iOS 8 and iOS 16.0 files expat
/// refuses). Arguments: input path, output zip, shift in days. It prints `ok: …` or the problems.
enum RedactCheck {
    static let script = #"""
        import sys, os, re, zipfile, datetime, collections, xml.parsers.expat

        source, output, shift = sys.argv[1], sys.argv[2], int(sys.argv[3])

        def input_files(path):
            """Every member of the input: name -> bytes."""
            files = {}
            if zipfile.is_zipfile(path):
                with zipfile.ZipFile(path) as z:
                    for name in z.namelist():
                        if not name.endswith('/'):
                            files[name] = z.read(name)
            elif os.path.isdir(path):
                for root, _, names in os.walk(path):
                    for name in names:
                        with open(os.path.join(root, name), 'rb') as f:
                            files[os.path.relpath(os.path.join(root, name), path)] = f.read()
            else:
                with open(path, 'rb') as f:
                    files['export.xml'] = f.read()
            return files

        inputs = input_files(source)
        xml_in = next(data for name, data in inputs.items()
                      if name.lower().endswith('.xml') and b'<HealthData' in data[:1 << 20] and b'ClinicalDocument' not in data[:4096])
        with zipfile.ZipFile(output) as z:
            outputs = {name: z.read(name) for name in z.namelist()}
        xml_out = outputs['apple_health_export/export.xml']

        ELEMENTS = ['ExportDate', 'Me', 'Record', 'Correlation', 'Workout', 'WorkoutActivity', 'WorkoutEvent',
                    'WorkoutStatistics', 'WorkoutRoute', 'FileReference', 'ActivitySummary', 'Audiogram',
                    'SensitivityPoint', 'VisionPrescription', 'RightEye', 'LeftEye', 'MetadataEntry',
                    'HeartRateVariabilityMetadataList', 'InstantaneousBeatsPerMinute']
        DATES = ['startDate', 'endDate', 'creationDate', 'date', 'dateComponents', 'dateIssued', 'expirationDate']

        def body(data):
            data = re.sub(rb'<!DOCTYPE[^\[>]*(\[.*?\])?\s*>', b'', data, count=1, flags=re.S)
            return re.sub(rb'<!--.*?-->', b'', data, flags=re.S)

        def tags_by_regex(data):
            """(name, attributes) of every start tag, for inputs expat may refuse (iOS 8, iOS 16.0's DTD)."""
            for match in re.finditer(rb'<([A-Za-z][\w:.-]*)((?:\s+[^=<>]+?\s*=\s*(?:"[^"]*"|\'[^\']*\'))*)\s*/?>', body(data)):
                attributes = {k.strip().decode(): v.decode() for k, v in
                              re.findall(rb'([^\s=]+(?:[ ][^\s=]+)*)\s*=\s*"([^"]*)"', match.group(2))}
                yield match.group(1).decode(), attributes

        def tags_by_expat(data):
            tags = []
            def start(name, attributes):
                tags.append((name, attributes))
            def parse(data):
                parser = xml.parsers.expat.ParserCreate()
                parser.StartElementHandler = start
                parser.Parse(data, True)
            try:
                parse(data)
            except xml.parsers.expat.ExpatError as error:
                # iOS 16.0 exports carry a malformed DTD: readers skip it, so does this check.
                if error.lineno > data[:data.find(b'<HealthData')].count(b'\n') + 1:
                    raise
                tags.clear()
                parse(body(data))
            return tags

        def unescape(text):
            return text.replace('&lt;', '<').replace('&gt;', '>').replace('&quot;', '"').replace('&apos;', "'").replace('&amp;', '&')

        tags_in = [(n, {k: unescape(v) for k, v in a.items()}) for n, a in tags_by_regex(xml_in)]
        tags_out = tags_by_expat(xml_out)

        def counts(tags):
            c = collections.Counter()
            for name, attributes in tags:
                if name in ELEMENTS:
                    c[name + ' ' + attributes.get('type', attributes.get('workoutActivityType', ''))] += 1
            return c

        problems = []
        count_in, count_out = counts(tags_in), counts(tags_out)
        if count_in != count_out:
            problems.append('counts differ: %s' % sorted(set(count_in.items()) ^ set(count_out.items())))
        locations_in = sum(1 for n, _ in tags_in if n == 'Location')
        locations_out = sum(1 for n, _ in tags_out if n == 'Location')
        if locations_out > locations_in or (locations_in > 0 and locations_out == locations_in):
            problems.append('inline route points not trimmed: %d of %d kept' % (locations_out, locations_in))

        def parse_date(text):
            for form in ('%Y-%m-%d %H:%M:%S %z', '%Y%m%d%H%M%S%z', '%Y-%m-%d'):
                try:
                    return datetime.datetime.strptime(text, form)
                except ValueError:
                    pass
            return None

        # Every date, in document order, moved by exactly the shift.
        def dates(tags):
            return [(n, k, a[k]) for n, a in tags if n in ELEMENTS and n != 'Me' for k in DATES if k in a] + \
                   [(n, 'value', a['value']) for n, a in tags if n == 'ExportDate']
        dates_in, dates_out = dates(tags_in), dates(tags_out)
        if len(dates_in) != len(dates_out):
            problems.append('%d dates in, %d out' % (len(dates_in), len(dates_out)))
        moved = 0
        for (n, k, before), (_, _, after) in zip(dates_in, dates_out):
            a, b = parse_date(before), parse_date(after)
            if a is None or b is None or b - a != datetime.timedelta(days=shift) or (a.tzinfo and a.utcoffset() != b.utcoffset()):
                problems.append('%s@%s %s became %s' % (n, k, before, after))
            else:
                moved += 1

        # Nothing personal left in any member.
        forbidden = set()
        models = {m for _, a in tags_in for m in re.findall(r'model:([^,>]*)', a.get('device', ''))}
        for name, attributes in tags_in:
            for key in ('sourceName', 'source'):
                if attributes.get(key) and attributes[key] not in models:
                    forbidden.add(attributes[key])
            for device_name in re.findall(r'name:([^,>]*)', attributes.get('device', '')):
                if device_name not in models:
                    forbidden.add(device_name)
            forbidden.update(re.findall(r'0x[0-9a-f]{6,}', attributes.get('device', '')))
            for key in ('HKCharacteristicTypeIdentifierDateOfBirth', 'DateOfBirth', 'uuid', 'identifier'):
                if len(attributes.get(key, '')) >= 8:
                    forbidden.add(attributes[key])
            if name == 'MetadataEntry' and re.search(r'UUID|Identifier|ID$|Link|URL', attributes.get('key', '')):
                if len(attributes.get('value', '')) >= 6:
                    forbidden.add(attributes['value'])
            for key, value in attributes.items():
                if re.search(r'Identifier|UUID|Link', key) and len(value) >= 6 and not value.startswith('HK'):
                    forbidden.add(value)
        for name, data in inputs.items():
            if name.lower().endswith('.csv'):
                for line in data.decode('utf-8', 'replace').splitlines()[:12]:
                    key, _, value = line.partition(',')
                    if key.strip().lower() in ('name', 'date of birth') and value.strip(' "'):
                        forbidden.add(value.strip(' "'))
        for text in sorted(forbidden):
            for escaped in {text, text.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}:
                needle = escaped.encode()
                quoted = [b'"' + needle + b'"', b'name:' + needle + b',', b',' + needle + b'\n', b',"' + needle + b'"']
                for member, data in outputs.items():
                    # Apple's DTD mentions "Apple Watch" in a comment: look past it.
                    data = body(data) if member.endswith('export.xml') else data
                    if any(q in data for q in quoted) or (len(needle) >= 8 and needle in data):
                        problems.append('%r still in %s' % (text, member))

        # Routes: fewer points, each one of the original's with its time moved by the shift.
        def points(data):
            return re.findall(rb'<trkpt[^>]*>.*?<time>([^<]*)</time>', data, flags=re.S)
        route_points = [0, 0]
        for name, data in inputs.items():
            if not name.lower().endswith('.gpx'):
                continue
            moved_name = re.sub(r'(\d{4}-\d{2}-\d{2})', lambda m: (datetime.date.fromisoformat(m.group(1)) + datetime.timedelta(days=shift)).isoformat(), os.path.basename(name))
            member = 'apple_health_export/workout-routes/' + moved_name
            if member not in outputs:
                continue
            before, after = points(data), points(outputs[member])
            route_points[0] += len(before)
            route_points[1] += len(after)
            times = {datetime.datetime.fromisoformat(t.decode().replace('Z', '+00:00')) + datetime.timedelta(days=shift) for t in before}
            if before and len(after) >= len(before):
                problems.append('%s: route not trimmed (%d of %d points)' % (member, len(after), len(before)))
            for t in after:
                if datetime.datetime.fromisoformat(t.decode().replace('Z', '+00:00')) not in times:
                    problems.append('%s: point time %s not an original moved by the shift' % (member, t.decode()))

        for member in outputs:
            if 'export_cda' in member or 'clinical' in member:
                problems.append('%s written' % member)

        if problems:
            print('\n'.join(problems[:40]))
            sys.exit(1)
        print('ok: %d elements, %d dates moved, %d strings absent, %d of %d inline points kept, %d of %d route points kept, %d members' % (
            sum(count_out.values()), moved, len(forbidden), locations_out, locations_in, route_points[1], route_points[0], len(outputs)))
        """#
}
