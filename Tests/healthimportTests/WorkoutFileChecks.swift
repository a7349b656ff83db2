import Foundation
import HealthFixtures

/// Reads the files `workouts` wrote with independent Python readers (gpxpy for GPX,
/// python-tcxparser for TCX) and checks them against the export itself, which the script parses
/// on its own (ElementTree): the workouts, their statistics and the heart-rate samples.
///
/// The script prints one JSON object per file: points, how many lie outside the workout, how many
/// carry a heart rate and how many of those differ from the latest sample of the workout's source
/// at or before the point (at most 60 s old), or lack one such a sample gives; for TCX also the
/// sport, and the laps compared with the workout's activities, events or statistics.
enum WorkoutFileChecks {
    struct FileReport: Decodable {
        var workout: String
        var points: Int
        var outside: Int
        var withHeartRate: Int
        var heartRateMismatches: Int
        var withCadence: Int
        var withElevation: Int
        var sport: String?
        var laps: Int?
        var lapSeconds: Double?
        var lapDistance: Double?
        var lapCalories: Int?
        var lapMismatches: [String]?
    }

    /// Checks every GPX and TCX file in `folder` against the export XML at `xml`.
    static func run(xml: String, folder: String) throws -> [String: FileReport] {
        let output = try TestPython.run(script, [xml, folder])
        return try JSONDecoder().decode([String: FileReport].self, from: Data(output.utf8))
    }

    static let script = #"""
        import sys, os, glob, json, datetime, re, io
        import xml.etree.ElementTree as ET
        import gpxpy, tcxparser
        from dateutil.parser import isoparse

        export, folder = sys.argv[1], sys.argv[2]
        PREFIX = 'HKWorkoutActivityType'
        LENGTH = {'m': 1, 'km': 1000, 'mi': 1609.344, 'yd': 0.9144, 'ft': 0.3048, 'cm': 0.01}
        ENERGY = {'kcal': 1, 'Cal': 1, 'kJ': 1 / 4.184}
        TIME = {'s': 1, 'min': 60, 'hr': 3600}

        def instant(text):
            return datetime.datetime.strptime(text, '%Y-%m-%d %H:%M:%S %z')

        def totals(element):
            distance = energy = None
            for statistic in element.findall('WorkoutStatistics'):
                kind, total = statistic.get('type'), statistic.get('sum')
                if total is None:
                    continue
                if 'Distance' in kind and statistic.get('unit') in LENGTH:
                    distance = float(total) * LENGTH[statistic.get('unit')]
                if kind.endswith('ActiveEnergyBurned') and statistic.get('unit') in ENERGY:
                    energy = float(total) * ENERGY[statistic.get('unit')]
            return distance, energy

        def seconds(element, start, end):
            if element.get('duration') is not None:
                return float(element.get('duration')) * TIME[element.get('durationUnit') or 'min']
            return (end - start).total_seconds() if end and start else None

        # Like the exports' other readers: without the DTD (broken in iOS 16.0) and control characters.
        with open(export, 'rb') as handle:
            text = handle.read()
        text = re.sub(rb'<!DOCTYPE.*?\]>', b'', text, count=1, flags=re.S).replace(b'\x0b', b' ')
        workouts, beats = [], {}
        for _, element in ET.iterparse(io.BytesIO(text)):
            if element.tag == 'Record' and element.get('type') == 'HKQuantityTypeIdentifierHeartRate':
                if element.get('value') is not None:
                    beats.setdefault(element.get('sourceName'), []).append(
                        (instant(element.get('startDate')).timestamp(), float(element.get('value'))))
            elif element.tag == 'Workout':
                start, end = instant(element.get('startDate')), instant(element.get('endDate'))
                activities = []
                for activity in element.findall('WorkoutActivity'):
                    a_start = instant(activity.get('startDate'))
                    a_end = instant(activity.get('endDate')) if activity.get('endDate') else None
                    activities.append((seconds(activity, a_start, a_end),) + totals(activity))
                events = element.findall('WorkoutEvent') + [
                    e for a in element.findall('WorkoutActivity')[:1] for e in a.findall('WorkoutEvent')]
                laps = [e for e in events if e.get('type') == 'HKWorkoutEventTypeLap']
                laps = laps or [e for e in events if e.get('type') == 'HKWorkoutEventTypeSegment']
                stem = start.strftime('%Y-%m-%d_%H%M_') + element.get('workoutActivityType')[len(PREFIX):].lower()
                workouts.append(dict(
                    stem=stem, source=element.get('sourceName'), start=start.timestamp(), end=end.timestamp(),
                    seconds=seconds(element, start, end), totals=totals(element), activities=activities,
                    events=[(instant(e.get('date')).timestamp(), float(e.get('duration')) * TIME[e.get('durationUnit') or 'min'])
                            for e in laps if e.get('duration') is not None] if len(activities) <= 1 else []))
                element.clear()
        for series in beats.values():
            series.sort()

        def expected(source, time):
            best = None
            for at, value in beats.get(source, []):
                if at <= time:
                    best = (at, value)
                else:
                    break
            return round(best[1]) if best and time - best[0] <= 60 else None

        def find(name):
            stem = os.path.splitext(name)[0]
            matches = [w for w in workouts if w['stem'] == stem]
            if not matches:
                raise SystemExit('no workout for ' + name)
            return matches[0]

        def check(report, workout, time, heart_rate):
            report['points'] += 1
            if time is not None and not (workout['start'] <= time <= workout['end']):
                report['outside'] += 1
            want = expected(workout['source'], time) if time is not None else None
            if heart_rate is not None:
                report['withHeartRate'] += 1
            if heart_rate != want:
                report['heartRateMismatches'] += 1

        def blank(workout):
            return dict(workout=workout['stem'], points=0, outside=0, withHeartRate=0, heartRateMismatches=0,
                        withCadence=0, withElevation=0)

        reports = {}
        for path in sorted(glob.glob(os.path.join(folder, '*.gpx'))):
            name = os.path.basename(path)
            workout = find(name)
            report = blank(workout)
            with open(path) as handle:
                gpx = gpxpy.parse(handle)
            for track in gpx.tracks:
                for segment in track.segments:
                    for point in segment.points:
                        heart_rate = None
                        for extension in point.extensions:
                            for child in extension.iter():
                                if child.tag.endswith('}hr'):
                                    heart_rate = int(child.text)
                                if child.tag.endswith('}cad'):
                                    report['withCadence'] += 1
                        if point.elevation is not None:
                            report['withElevation'] += 1
                        check(report, workout, point.time.timestamp() if point.time else None, heart_rate)
            reports[name] = report

        NS = {'ns': 'http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2'}
        for path in sorted(glob.glob(os.path.join(folder, '*.tcx'))):
            name = os.path.basename(path)
            workout = find(name)
            report = blank(workout)
            tcx = tcxparser.TCXParser(path)
            report['sport'] = tcx.activity_type
            laps = list(tcx.activity.Lap)
            report['laps'] = len(laps)
            report['lapSeconds'] = sum(float(lap.TotalTimeSeconds) for lap in laps)
            report['lapDistance'] = sum(float(lap.DistanceMeters) for lap in laps)
            report['lapCalories'] = int(tcx.calories)
            for point in tcx.root.xpath('//ns:Trackpoint', namespaces=NS):
                time = point.find('ns:Time', NS)
                value = point.find('ns:HeartRateBpm/ns:Value', NS)
                if point.find('ns:AltitudeMeters', NS) is not None:
                    report['withElevation'] += 1
                if point.find('ns:Cadence', NS) is not None:
                    report['withCadence'] += 1
                check(report, workout, isoparse(time.text).timestamp() if time is not None else None,
                      int(value.text) if value is not None else None)
            mismatches = []
            def compare(label, got, want, tolerance):
                if want is not None and abs(got - want) > tolerance:
                    mismatches.append('%s: %s, not %s' % (label, got, want))
            if len(workout['activities']) > 1:
                if len(laps) != len(workout['activities']):
                    mismatches.append('%d laps for %d activities' % (len(laps), len(workout['activities'])))
                for index, (lap, (duration, distance, energy)) in enumerate(zip(laps, workout['activities'])):
                    compare('lap %d seconds' % index, float(lap.TotalTimeSeconds), duration, 0.01)
                    compare('lap %d distance' % index, float(lap.DistanceMeters), distance, 0.05)
                    compare('lap %d calories' % index, int(lap.Calories), energy, 0.5)
            elif workout['events']:
                # The laps follow the events and cover the workout one after the other: each
                # starts at the workout's start, an event's or an event's end, later than the one
                # before, and together they make the workout's time, distance and energy.
                starts = [isoparse(lap.get('StartTime')).timestamp() for lap in laps]
                bounds = [workout['start']] + [b for at, length in workout['events'] for b in (at, at + round(length))]
                if starts[0] != workout['start']:
                    mismatches.append('the first lap starts at %s, not at the workout\'s start' % starts[0])
                for index, (before, after) in enumerate(zip(starts, starts[1:])):
                    if after <= before or after >= workout['end']:
                        mismatches.append('lap %d starts at %s, after %s' % (index + 1, after, before))
                for index, at in enumerate(starts):
                    if min(abs(at - b) for b in bounds) > 1:
                        mismatches.append('lap %d starts at %s, no event\'s start or end' % (index, at))
                compare('seconds', report['lapSeconds'], workout['seconds'], 0.01 * len(laps))
                compare('distance', report['lapDistance'], workout['totals'][0], 0.01 * len(laps))
                compare('calories', report['lapCalories'], workout['totals'][1], len(laps))
            else:
                if len(laps) != 1:
                    mismatches.append('%d laps for a workout without laps' % len(laps))
                compare('seconds', report['lapSeconds'], workout['seconds'], 0.01)
                compare('distance', report['lapDistance'], workout['totals'][0], 0.05)
                compare('calories', report['lapCalories'], workout['totals'][1], 0.5)
            report['lapMismatches'] = mismatches
            reports[name] = report

        print(json.dumps(reports))
        """#
}
