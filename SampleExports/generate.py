#!/usr/bin/env python3
"""Regenerates the synthetic sample exports in this folder (deterministic; stdlib only).

Every value, name and source here is invented. The structure of each era follows
/work/shared/FORMAT.md and the public corpus, but no corpus file is copied.
Run: python3 generate.py && python3 count.py
"""
import os, random
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
R, I = 'R', 'I'

# --------------------------------------------------------------------------- DTD
def attlist(name, attrs, close=True):
    w = max(len(a) for a, _ in attrs)
    out = [f"<!ATTLIST {name}"]
    out += [f"  {a.ljust(w)} CDATA #{'REQUIRED' if r == R else 'IMPLIED'}" for a, r in attrs]
    if close:
        out.append(">")
    return out

SRC = [('sourceName', R), ('sourceVersion', I), ('device', I), ('creationDate', I), ('startDate', R), ('endDate', R)]
EYE = []
for f in ['sphere', 'cylinder', 'axis', 'add', 'vertex', 'prismAmount', 'prismAngle', 'farPD', 'nearPD', 'baseCurve', 'diameter']:
    EYE += [(f, I), (f + 'Unit', I)]

def dtd(version):
    v = version
    L = ["<!DOCTYPE HealthData [", f"<!-- HealthKit Export Version: {v} -->"]
    top = ['Record', 'Correlation', 'Workout', 'ActivitySummary']
    if v >= 8: top.append('ClinicalRecord')
    if v >= 14: top.append('Audiogram')
    if v >= 12: top.append('VisionPrescription')
    L.append(f"<!ELEMENT HealthData (ExportDate,Me,({'|'.join(top)})*)>")
    L += attlist('HealthData', [('locale', R)])
    L.append("<!ELEMENT ExportDate EMPTY>")
    L += attlist('ExportDate', [('value', R)])
    L.append("<!ELEMENT Me EMPTY>")
    me = [('HKCharacteristicTypeIdentifier' + x, R) for x in ['DateOfBirth', 'BiologicalSex', 'BloodType', 'FitzpatrickSkinType']]
    if v >= 14: me.append(('HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse', R))
    L += attlist('Me', me)
    L.append("<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>" if v >= 8 else "<!ELEMENT Record (MetadataEntry*)>")
    L += attlist('Record', [('type', R), ('unit', I), ('value', I)] + SRC)
    L.append("<!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->")
    L.append("<!ELEMENT Correlation ((MetadataEntry|Record)*)>")
    L += attlist('Correlation', [('type', R)] + SRC)
    wk = ['MetadataEntry', 'WorkoutEvent'] + (['WorkoutRoute'] if v >= 8 else []) + (['WorkoutStatistics'] if v >= 14 else [])
    L.append(f"<!ELEMENT Workout (({'|'.join(wk)})*)>")
    L += attlist('Workout', [('workoutActivityType', R), ('duration', I), ('durationUnit', I), ('totalDistance', I), ('totalDistanceUnit', I),
                             ('totalEnergyBurned', I), ('totalEnergyBurnedUnit', I)] + SRC)
    if v >= 12:
        L.append("<!ELEMENT WorkoutActivity ((MetadataEntry)*)>")
        L += attlist('WorkoutActivity', [('uuid', R), ('startDate', R), ('endDate', I), ('duration', I), ('durationUnit', I)])
    L.append("<!ELEMENT WorkoutEvent ((MetadataEntry)*)>" if v >= 14 else "<!ELEMENT WorkoutEvent EMPTY>")
    L += attlist('WorkoutEvent', [('type', R), ('date', R)] + ([('duration', I), ('durationUnit', I)] if v >= 8 else []))
    if v >= 12:
        L.append("<!ELEMENT WorkoutStatistics EMPTY>")
        L += attlist('WorkoutStatistics', [('type', R), ('startDate', R), ('endDate', R), ('average', I), ('minimum', I), ('maximum', I), ('sum', I)]
                     + ([('unit', I)] if v >= 14 else []))
    if v >= 8:
        L.append("<!ELEMENT WorkoutRoute ((MetadataEntry|Location)*)>" if v < 11 else "<!ELEMENT WorkoutRoute ((MetadataEntry|FileReference)*)>")
        L += attlist('WorkoutRoute', SRC)
        if v < 11:
            L.append("<!ELEMENT Location EMPTY>")
            L += attlist('Location', [(a, R) for a in ['date', 'latitude', 'longitude', 'altitude', 'horizontalAccuracy', 'verticalAccuracy', 'course', 'speed']])
        else:
            L.append("<!ELEMENT FileReference EMPTY>")
            L += attlist('FileReference', [('path', R)])
    L.append("<!ELEMENT ActivitySummary EMPTY>")
    acts = [('dateComponents', I), ('activeEnergyBurned', I), ('activeEnergyBurnedGoal', I), ('activeEnergyBurnedUnit', I)]
    if v == 11: acts += [('appleMoveMinutes', I), ('appleMoveMinutesGoal', I)]
    if v >= 12: acts += [('appleMoveTime', I), ('appleMoveTimeGoal', I)]
    acts += [('appleExerciseTime', I), ('appleExerciseTimeGoal', I), ('appleStandHours', I), ('appleStandHoursGoal', I)]
    L += attlist('ActivitySummary', acts)
    L.append("<!ELEMENT MetadataEntry EMPTY>")
    L += attlist('MetadataEntry', [('key', R), ('value', R)])
    if v >= 8:
        L.append("<!-- Note: Heart Rate Variability records captured by Apple Watch may include an associated list of instantaneous beats-per-minute readings. -->")
        L.append("<!ELEMENT HeartRateVariabilityMetadataList (InstantaneousBeatsPerMinute*)>")
        L.append("<!ELEMENT InstantaneousBeatsPerMinute EMPTY>")
        L += attlist('InstantaneousBeatsPerMinute', [('bpm', R), ('time', R)])
        L.append("<!ELEMENT ClinicalRecord EMPTY>")
        L += attlist('ClinicalRecord', [(a, R) for a in ['type', 'identifier', 'sourceName', 'sourceURL', 'fhirVersion', 'receivedDate', 'resourceFilePath']])
    if v >= 11:
        L.append("<!ELEMENT Audiogram EMPTY>" if v == 11 else "<!ELEMENT Audiogram ((MetadataEntry|SensitivityPoint)*)>")
        L += attlist('Audiogram', [('type', R)] + SRC)
        L.append("<!ELEMENT SensitivityPoint EMPTY>")
        sp = [('frequencyValue', R), ('frequencyUnit', R)]
        for ear in ['leftEar', 'rightEar']:
            sp += [(ear + 'Value', I), (ear + 'Unit', I)]
            if v >= 14: sp += [(ear + 'Masked', I), (ear + 'ClampingRangeLowerBound', I), (ear + 'ClampingRangeUpperBound', I)]
        L += attlist('SensitivityPoint', sp)
    if v >= 12:
        L.append("<!ELEMENT VisionPrescription ((RightEye|LeftEye|Attachment|MetadataEntry)*)>")
        # iOS 16.0 (v12) bug: this ATTLIST is never closed and expirationDate is REQUIRED
        L += attlist('VisionPrescription', [('type', R), ('dateIssued', R), ('expirationDate', R if v == 12 else I), ('brand', I)], close=(v != 12))
        for eye in ['RightEye', 'LeftEye']:
            L.append(f"<!ELEMENT {eye} EMPTY>")
            L += attlist(eye, EYE)
        if v == 12:   # stray junk + extra '>' before ]> (not well-formed)
            L += ["  device           CDATA #IMPLIED", "<!ELEMENT MetadataEntry EMPTY>"]
            L += attlist('MetadataEntry', [('key', I), ('value', I)])
            L.append(">")
        else:
            L.append("<!ELEMENT Attachment EMPTY>")
            L += attlist('Attachment', [('identifier', I)])
    L.append("]>")
    return L

# ----------------------------------------------------------------------- helpers
def esc(v):
    return str(v).replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;')

def render(node, ind):
    """node = (name, attrs[list of (k, v)], children) | ('#comment', text) | ('#raw', text)"""
    pad = ' ' * ind
    if node[0] == '#comment':
        return [f"{pad}<!-- {node[1]} -->"]
    if node[0] == '#raw':
        return [pad + node[1]]
    name, attrs, kids = node
    a = ''.join(f' {k}="{esc(v)}"' for k, v in attrs if v is not None)
    if not kids:
        return [f"{pad}<{name}{a}/>"]
    out = [f"{pad}<{name}{a}>"]
    for k in kids:
        out += render(k, ind + 1)
    out.append(f"{pad}</{name}>")
    return out

def M(k, v):
    return ('MetadataEntry', [('key', k), ('value', v)], [])

def modern(dt):
    return dt.strftime('%Y-%m-%d %H:%M:%S %z')

def compact(dt):
    return dt.strftime('%Y%m%d%H%M%S%z')

class Era:
    def __init__(self, seed, tz, export_local):
        self.rng = random.Random(seed)
        self.tz = ZoneInfo(tz)
        self.export = datetime(*export_local, tzinfo=self.tz)

    def at(self, days_ago, h, m=0, s=0):
        d = (self.export - timedelta(days=days_ago)).date()
        return datetime(d.year, d.month, d.day, h, m, s, tzinfo=self.tz)

    def day(self, days_ago):
        return (self.export - timedelta(days=days_ago)).date()

    def old(self, y, mo, d, h, m=0, s=0):
        return datetime(y, mo, d, h, m, s, tzinfo=self.tz)

    def r(self, a, b):
        return self.rng.randint(a, b)

    def f(self, a, b, nd=3):
        return round(self.rng.uniform(a, b), nd)

    def addr(self, prefix='0x28'):
        return prefix + ''.join(self.rng.choice('0123456789abcdef') for _ in range(7))

    def uuid(self):
        h = ''.join(self.rng.choice('0123456789ABCDEF') for _ in range(32))
        return f'{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}'

    def days(self, n, lo=0, hi=59):
        """n distinct-ish day offsets spread over [lo, hi], newest first"""
        return [lo + (hi - lo) * (i + self.rng.random()) / n for i in range(n)]   # stratified: ~even spread

def device(addr, name, manu, model, hw, sw, created=None):
    s = f"<<HKDevice: {addr}>, name:{name}, manufacturer:{manu}, model:{model}, hardware:{hw}, software:{sw}"
    if created:
        s += f", creation date:{created}"
    return s + ">"

def sec(dt, secs):
    return dt + timedelta(seconds=secs)

def write(relpath, head_lines, body_nodes, locale, fmt, export_dt, me_attrs, tail=''):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>'] + head_lines
    lines.append(f'<HealthData locale="{locale}">')
    lines.append(f' <ExportDate value="{fmt(export_dt)}"/>')
    lines += render(('Me', me_attrs, []), 1)
    for n in body_nodes:
        lines += render(n, 1)
    lines.append('</HealthData>')
    path = os.path.join(HERE, relpath)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as fh:
        fh.write(('\n'.join(lines) + '\n' + tail).encode('utf-8'))

def sort_key(n):
    return n[3] if len(n) > 3 else None

# ===================================================================== iOS 8 (2015)
def ios8():
    E = Era(8, 'America/Los_Angeles', (2015, 6, 16, 7, 19, 16))
    c = compact
    body = []   # list of (datetime, node)
    IPH, WATCH = "Anna’s iPhone", "Anna’s Apple Watch"

    def rec(t, src, unit, start, end, tail_attrs, created=None):
        attrs = [('type', t), ('source', src), ('unit', unit)]
        if created: attrs.append(('creationDate', c(created)))
        attrs += [('startDate', c(start)), ('endDate', c(end))] + tail_attrs
        body.append((start, ('Record', attrs, [])))

    # iPhone steps: hourly aggregates with recordCount (iOS 8 style)
    for d in E.days(22, 0.4, 59):
        st = E.at(d, E.r(7, 20), 35)
        n = E.r(1, 24)
        rec('HKQuantityTypeIdentifierStepCount', IPH, 'count', st, st + timedelta(hours=1), [('value', str(E.r(40, 2900))), ('recordCount', str(n))])
    # distance
    for d in E.days(8, 0.5, 58):
        st = E.at(d, E.r(8, 19), 35)
        rec('HKQuantityTypeIdentifierDistanceWalkingRunning', IPH, 'mi', st, st + timedelta(hours=1),
            [('value', str(E.f(0.05, 1.6, 5))), ('recordCount', str(E.r(1, 18)))])
    # Apple Watch appeared 2015-04-24: its data only covers the last ~50 days
    for d in E.days(10, 0.3, 48):
        st = E.at(d, E.r(9, 21), E.r(0, 59))
        rec('HKQuantityTypeIdentifierStepCount', WATCH, 'count', st, st + timedelta(minutes=E.r(4, 11)),
            [('value', str(E.r(60, 900))), ('recordCount', '1')], created=sec(st, E.r(700, 2000)))
    # heart rate: aggregated min/max/average in count/s, no value attribute
    for d in E.days(9, 0.3, 48):
        st = E.at(d, E.r(8, 22), E.r(0, 59))
        bpm = [E.r(58, 112) for _ in range(3)]
        lo, hi, av = min(bpm) / 60, max(bpm) / 60, sum(bpm) / 180
        rec('HKQuantityTypeIdentifierHeartRate', WATCH, 'count/s', st, st + timedelta(minutes=E.r(1, 9)),
            [('min', f'{lo:.6g}'), ('max', f'{hi:.6g}'), ('average', f'{av:.6g}'), ('recordCount', str(E.r(1, 6)))])
    for d in E.days(3, 2, 57):
        st = E.at(d, 7, E.r(0, 30))
        v = E.r(61, 70) / 60
        rec('HKQuantityTypeIdentifierHeartRate', 'Withings', 'count/s', st, st, [('min', f'{v:.6g}'), ('max', f'{v:.6g}'), ('average', f'{v:.6g}'), ('recordCount', '1')])
    # body mass: Withings with third-party metadata written as attributes whose names contain spaces
    kg = 63.4
    for i, d in enumerate(E.days(7, 1, 58)[::-1]):
        st = E.at(d, 6, E.r(40, 59), E.r(0, 59)); kg = round(kg - E.f(-0.2, 0.35, 2), 1)
        created = sec(st, E.r(30, 600))
        extra = [('value', f'{kg:g}')]
        if i % 2 == 0:
            extra = [('Health Mate App Version', '2.6.2'), ('Withings User Identifier', '4410273'),
                     ('Modified Date', (st.astimezone(ZoneInfo('UTC')) + timedelta(seconds=40)).strftime('%Y-%m-%d %H:%M:%S +0000'))]
            if i == 2:
                # double-escaped ampersand, as in real iOS 8 exports
                extra.append(('Withings Link', 'withings-bd2://timeline/measure?userid=4410273&amp;type=1'))
            extra += [('HKWasUserEntered', '0'), ('value', f'{kg:g}')]
        rec('HKQuantityTypeIdentifierBodyMass', 'Withings', 'kg', st, st, extra, created=created)
    for d in E.days(2, 10, 40):
        st = E.at(d, 21, E.r(0, 59))
        rec('HKQuantityTypeIdentifierBodyMass', 'Health', 'kg', st, st, [('HKWasUserEntered', '1'), ('value', str(E.f(62.5, 64, 1)))], created=sec(st, 19))
    # sleep: old numeric category values (0 = in bed, 1 = asleep); unit="" as in the real files
    for i, d in enumerate(E.days(8, 1, 56)):
        st = E.at(d, 23, E.r(0, 50)) - timedelta(days=1)
        en = st + timedelta(minutes=E.r(380, 520))
        rec('HKCategoryTypeIdentifierSleepAnalysis', 'Withings', '', st, en, [('value', '1' if i in (2, 5) else '0')], created=sec(en, E.r(600, 4000)))
    # a few much older records (M7 backfill, manual entries); winter offset -0800
    st = E.old(2013, 11, 3, 10, 12); rec('HKQuantityTypeIdentifierStepCount', IPH, 'count', st, st + timedelta(hours=1), [('value', '1184'), ('recordCount', '14')])
    st = E.old(2013, 12, 24, 15, 12); rec('HKQuantityTypeIdentifierStepCount', IPH, 'count', st, st + timedelta(hours=1), [('value', '362'), ('recordCount', '5')])
    st = E.old(2012, 2, 14, 7, 30); rec('HKQuantityTypeIdentifierBodyMass', 'Health', 'kg', st, st, [('HKWasUserEntered', '1'), ('value', '66.2')], created=E.old(2014, 10, 2, 20, 5, 11))
    st = E.old(2014, 1, 9, 23, 40); rec('HKCategoryTypeIdentifierSleepAnalysis', 'Health', '', st, st + timedelta(hours=7, minutes=5), [('HKWasUserEntered', '1'), ('value', '0')], created=E.old(2014, 10, 2, 20, 6, 2))

    body.sort(key=lambda x: (x[1][1][0][1], x[0]))
    me = [('HKCharacteristicTypeIdentifierDateOfBirth', '19840923'), ('HKCharacteristicTypeIdentifierBiologicalSex', '1'),
          ('HKCharacteristicTypeIdentifierBloodType', '3'), ('HKCharacteristicTypeIdentifierFitzpatrickSkinType', '0')]
    write('ios8-2015/export.xml', [], [n for _, n in body], 'en_US', compact, E.export, me)

# ===================================================================== v3 (2016)
def v3():
    E = Era(3, 'Europe/London', (2016, 5, 21, 21, 43, 8))
    m = modern
    IPH = dict(name="Tom’s iPhone", ver='9.3.1', dev=lambda: device(E.addr('0x1742'), 'iPhone', 'Apple', 'iPhone', 'iPhone8,1', '9.3.1'))
    WAT = dict(name="Tom’s Apple Watch", ver='2.2', dev=lambda: device(E.addr('0x1702'), 'Apple Watch', 'Apple', 'Watch', 'Watch1,2', '2.2'))
    HM = dict(name='Health Mate', ver='2090100', dev=None)
    ML = dict(name='Meal Ledger', ver='3.4', dev=None)
    HEALTH = dict(name='Health', ver='9.3.1', dev=None)
    recs, others = [], []

    def rec(t, s, unit, st, en, value, meta=(), created=None):
        attrs = [('type', t), ('sourceName', s['name']), ('sourceVersion', s['ver']), ('device', s['dev']() if s['dev'] else None),
                 ('unit', unit), ('creationDate', m(created or sec(en, E.r(20, 900)))), ('startDate', m(st)), ('endDate', m(en)), ('value', value)]
        return ('Record', attrs, list(meta))

    for d in E.days(18, 0.2, 59):
        st = E.at(d, E.r(7, 21), E.r(0, 59), E.r(0, 59))
        recs.append((st, rec('HKQuantityTypeIdentifierStepCount', IPH, 'count', st, sec(st, E.r(60, 600)), str(E.r(12, 1400)))))
    for d in E.days(14, 0.2, 59):
        st = E.at(d, E.r(7, 21), E.r(0, 59), E.r(0, 59))
        recs.append((st, rec('HKQuantityTypeIdentifierStepCount', WAT, 'count', st, sec(st, E.r(60, 600)), str(E.r(12, 1400)))))
    for d in E.days(14, 0.2, 59):
        st = E.at(d, E.r(6, 22), E.r(0, 59), E.r(0, 59))
        recs.append((st, rec('HKQuantityTypeIdentifierHeartRate', WAT, 'count/min', st, st, str(E.r(54, 128)))))
    for d in E.days(6, 0.5, 59):
        st = E.at(d, E.r(8, 20), E.r(0, 59), E.r(0, 59))
        recs.append((st, rec('HKQuantityTypeIdentifierDistanceWalkingRunning', IPH, 'km', st, sec(st, E.r(60, 500)), str(E.f(0.02, 0.9, 5)))))
    for d in E.days(5, 0.5, 59):
        st = E.at(d, E.r(8, 20), E.r(0, 59), E.r(0, 59))
        recs.append((st, rec('HKQuantityTypeIdentifierActiveEnergyBurned', WAT, 'kcal', st, sec(st, 60), str(E.f(0.8, 9, 3)))))
    kg = 82.6
    for d in E.days(8, 1, 59)[::-1]:
        st = E.at(d, 7, E.r(0, 25), E.r(0, 59)); kg = round(kg - E.f(-0.25, 0.4, 2), 2)
        meta = [M('Health Mate App Version', '2.9.1'), M('Withings User Identifier', '10294871'),
                M('Modified Date', (st.astimezone(ZoneInfo('UTC')) + timedelta(seconds=3)).strftime('%Y-%m-%d %H:%M:%S +0000')),
                M('Withings Link', f'withings-bd2://timeline/measure?userid=10294871&date={E.r(480000000, 485000000)}&type=1'),
                M('HKWasUserEntered', '0')]
        recs.append((st, rec('HKQuantityTypeIdentifierBodyMass', HM, 'kg', st, st, f'{kg:g}', meta)))
    for d in E.days(4, 1, 55):
        st = E.at(d, 23, E.r(0, 40)) - timedelta(days=1)
        recs.append((st, rec('HKCategoryTypeIdentifierSleepAnalysis', HM, None, st, st + timedelta(minutes=E.r(390, 500)), 'HKCategoryValueSleepAnalysisInBed')))
    # food correlations: nested Records also appear at top level (identical)
    meals = [(3.3, 8, 'Porridge with honey', [('DietaryEnergyConsumed', 'kcal', '312'), ('DietaryCarbohydrates', 'g', '54.1'), ('DietaryProtein', 'g', '9.8')]),
             (40.6, 13, 'Chicken & leek pie', [('DietaryEnergyConsumed', 'kcal', '588'), ('DietaryFatTotal', 'g', '31.5'), ('DietaryProtein', 'g', '24.2')])]
    for d, h, food, parts in meals:
        st = E.at(d, h, 0, 0); cr = E.at(d, h + 1, 12, 40)
        fmeta = [M('HKFoodType', food), M('HKFoodMeal', 'Breakfast' if h < 11 else 'Lunch')]
        kids = []
        for t, u, val in parts:
            a = [('type', 'HKQuantityTypeIdentifier' + t), ('sourceName', ML['name']), ('sourceVersion', ML['ver']), ('unit', u),
                 ('creationDate', m(cr)), ('startDate', m(st)), ('endDate', m(st)), ('value', val)]
            r = ('Record', a, [M('HKFoodType', food)])
            kids.append(r); recs.append((st, r))
        others.append((st, ('Correlation', [('type', 'HKCorrelationTypeIdentifierFood'), ('sourceName', ML['name']), ('sourceVersion', ML['ver']),
                                             ('creationDate', m(cr)), ('startDate', m(st)), ('endDate', m(st))], fmeta + kids)))
    # older records (years back)
    st = E.old(2014, 9, 27, 11, 3, 12); recs.append((st, rec('HKQuantityTypeIdentifierStepCount', HEALTH | {'ver': '8.0.2'}, 'count', st, sec(st, 305), '411')))
    st = E.old(2014, 12, 30, 9, 15, 0); recs.append((st, rec('HKQuantityTypeIdentifierBodyMass', HEALTH | {'ver': '8.1.2'}, 'kg', st, st, '85.3', [M('HKWasUserEntered', '1')])))
    st = E.old(2015, 8, 2, 18, 20, 7); recs.append((st, rec('HKQuantityTypeIdentifierHeartRate', WAT | {'ver': '1.0.1'}, 'count/min', st, st, '97')))
    # workouts (totals as attributes, v3 events have only type/date)
    for d, h, typ, mins, dist, kcal in [(2.4, 18, 'HKWorkoutActivityTypeRunning', 34.2, 5.62, 402.1), (19.6, 7, 'HKWorkoutActivityTypeCycling', 47.9, 16.3, 371.8),
                                        (44.2, 17, 'HKWorkoutActivityTypeRunning', 29.5, 4.81, 351.6)]:
        st = E.at(d, h, E.r(0, 40), E.r(0, 59)); en = st + timedelta(minutes=mins + 1.2)
        ev = []
        if typ.endswith('Running'):
            p = st + timedelta(minutes=E.r(8, 20)); ev = [('WorkoutEvent', [('type', 'HKWorkoutEventTypePause'), ('date', m(p))], []),
                                                           ('WorkoutEvent', [('type', 'HKWorkoutEventTypeResume'), ('date', m(p + timedelta(seconds=72)))], [])]
        others.append((st, ('Workout', [('workoutActivityType', typ), ('duration', repr(mins + E.rng.random() / 10)), ('durationUnit', 'min'),
                                        ('totalDistance', repr(dist + E.rng.random() / 1000)), ('totalDistanceUnit', 'km'),
                                        ('totalEnergyBurned', repr(kcal + E.rng.random() / 1000)), ('totalEnergyBurnedUnit', 'kcal'),
                                        ('sourceName', WAT['name']), ('sourceVersion', WAT['ver']), ('creationDate', m(sec(en, 31))),
                                        ('startDate', m(st)), ('endDate', m(en))], [M('HKIndoorWorkout', '0')] + ev)))
    for k in range(10, 0, -1):
        d = E.day(k)
        others.append((E.at(k, 23, 59), ('ActivitySummary', [('dateComponents', d.isoformat()), ('activeEnergyBurned', str(E.f(210, 780))), ('activeEnergyBurnedGoal', '520'),
                                                             ('activeEnergyBurnedUnit', 'kcal'), ('appleExerciseTime', str(E.r(4, 75))), ('appleExerciseTimeGoal', '30'),
                                                             ('appleStandHours', str(E.r(6, 15))), ('appleStandHoursGoal', '12')], [])))
    recs.sort(key=lambda x: (x[1][1][0][1], x[0]))
    others.sort(key=lambda x: (x[1][0], x[0]))
    me = [('HKCharacteristicTypeIdentifierDateOfBirth', '1979-02-11'), ('HKCharacteristicTypeIdentifierBiologicalSex', 'HKBiologicalSexMale'),
          ('HKCharacteristicTypeIdentifierBloodType', 'HKBloodTypeAPositive'), ('HKCharacteristicTypeIdentifierFitzpatrickSkinType', 'HKFitzpatrickSkinTypeIII')]
    # Apple writes correlations after records, then workouts, then activity summaries
    order = {'Correlation': 0, 'Workout': 1, 'ActivitySummary': 2}
    others.sort(key=lambda x: (order[x[1][0]], x[0]))
    write('v3-2016/export.xml', dtd(3), [n for _, n in recs] + [n for _, n in others], 'en_GB', modern, E.export, me)

# ===================================================================== v8 (2019)
def v8():
    E = Era(19, 'America/Los_Angeles', (2019, 7, 2, 20, 14, 37))
    m = modern
    IPH = dict(name="Maya’s iPhone", ver='12.3.1', dev=lambda: device(E.addr('0x2830'), 'iPhone', 'Apple Inc.', 'iPhone', 'iPhone11,2', '12.3.1'))
    WAT = dict(name="Maya’s Apple Watch", ver='5.2.1', dev=lambda: device(E.addr('0x283a'), 'Apple Watch', 'Apple Inc.', 'Watch', 'Watch4,1', '5.2.1'))
    HM = dict(name='Health Mate', ver='4090201', dev=None)
    SL = dict(name='SnoozeLog', ver='2.3', dev=None)
    recs, others = [], []

    def rec(t, s, unit, st, en, value, meta=(), created=None):
        attrs = [('type', t), ('sourceName', s['name']), ('sourceVersion', s['ver']), ('device', s['dev']() if s['dev'] else None),
                 ('unit', unit), ('creationDate', m(created or sec(en, E.r(20, 900)))), ('startDate', m(st)), ('endDate', m(en)), ('value', value)]
        return ('Record', attrs, list(meta))

    for src in (IPH, WAT):
        for d in E.days(14, 0.2, 59):
            st = E.at(d, E.r(7, 21), E.r(0, 59), E.r(0, 59))
            recs.append((st, rec('HKQuantityTypeIdentifierStepCount', src, 'count', st, sec(st, E.r(60, 600)), str(E.r(9, 1300)))))
    for d in E.days(14, 0.2, 59):
        st = E.at(d, E.r(6, 22), E.r(0, 59), E.r(0, 59))
        recs.append((st, rec('HKQuantityTypeIdentifierHeartRate', WAT, 'count/min', st, st, str(E.r(55, 131)), [M('HKMetadataKeyHeartRateMotionContext', str(E.r(0, 2)))])))
    # HRV with beat-to-beat list, en_US 12-hour times; one list crosses noon
    def hrv(st, n):
        beats, t = [], st + timedelta(seconds=3.2)
        for _ in range(n):
            bpm = E.r(58, 84); t = t + timedelta(seconds=60 / bpm)
            h12 = t.hour % 12 or 12
            beats.append(('InstantaneousBeatsPerMinute', [('bpm', str(bpm)), ('time', f"{h12}:{t:%M:%S}.{t.microsecond // 10000:02d} {'AM' if t.hour < 12 else 'PM'}")], []))
        return beats
    for d, h, mi, s in [(1.3, 18, 14, 44), (9.2, 11, 59, 52), (27.5, 7, 3, 10), (48.1, 22, 41, 5)]:
        st = E.at(d, h, mi, s) + timedelta(microseconds=0); en = sec(st, 61)
        recs.append((st, rec('HKQuantityTypeIdentifierHeartRateVariabilitySDNN', WAT, 'ms', st, en, str(E.f(21, 78, 4)),
                             [('HeartRateVariabilityMetadataList', [], hrv(st.replace(microsecond=E.r(0, 999999)), E.r(5, 8)))])))
    lb = 141.8
    for d in E.days(8, 1, 59)[::-1]:
        st = E.at(d, 7, E.r(0, 25), E.r(0, 59)); lb = round(lb - E.f(-0.5, 0.7, 1), 1)
        meta = [M('Health Mate App Version', '4.9.2'), M('Withings User Identifier', '22815406'),
                M('Modified Date', (st.astimezone(ZoneInfo('UTC')) + timedelta(seconds=2)).strftime('%Y-%m-%d %H:%M:%S +0000')), M('HKWasUserEntered', '0')]
        recs.append((st, rec('HKQuantityTypeIdentifierBodyMass', HM, 'lb', st, st, f'{lb:g}', meta)))
    for i, d in enumerate(E.days(5, 1, 55)):
        st = E.at(d, 23, E.r(0, 40)) - timedelta(days=1); en = st + timedelta(minutes=E.r(400, 510))
        meta = [M('HKTimeZone', 'America/Los_Angeles')]
        if i == 2:
            meta.append(M('SnoozeLog Notes', 'late coffee\x0bwoke at 3am'))   # raw 0x0B: illegal in XML 1.0
        recs.append((st, rec('HKCategoryTypeIdentifierSleepAnalysis', SL, None, st, en, 'HKCategoryValueSleepAnalysisInBed', meta)))
        a = st + timedelta(minutes=E.r(8, 30))
        recs.append((a, rec('HKCategoryTypeIdentifierSleepAnalysis', SL, None, a, en - timedelta(minutes=E.r(5, 25)), 'HKCategoryValueSleepAnalysisAsleep', [M('HKTimeZone', 'America/Los_Angeles')])))
    for d in E.days(5, 0.5, 59):
        st = E.at(d, E.r(8, 20), E.r(0, 59), E.r(0, 59))
        recs.append((st, rec('HKQuantityTypeIdentifierActiveEnergyBurned', WAT, 'kcal', st, sec(st, 60), str(E.f(0.5, 12, 3)))))
    st = E.old(2016, 12, 18, 14, 2, 41); recs.append((st, rec('HKQuantityTypeIdentifierHeartRate', WAT | {'ver': '3.1', 'dev': None}, 'count/min', st, st, '88')))
    st = E.old(2017, 3, 4, 8, 10, 0); recs.append((st, rec('HKQuantityTypeIdentifierBodyMass', dict(name='Health', ver='10.2.1', dev=None), 'lb', st, st, '148.2', [M('HKWasUserEntered', '1')])))
    st = E.old(2017, 11, 26, 16, 45, 3); recs.append((st, rec('HKQuantityTypeIdentifierStepCount', IPH | {'ver': '11.1.2', 'dev': None}, 'count', st, sec(st, 412), '563')))

    def route(st, en, pts, lat, lon, alt):
        locs, t = [], st + timedelta(seconds=2)
        step = (en - st) / pts
        for i in range(pts):
            lat += E.f(-0.0004, 0.0006, 6); lon += E.f(-0.0006, 0.0004, 6); alt += E.f(-0.8, 1.1, 2)
            locs.append(('Location', [('date', m(t)), ('latitude', f'{lat:.6f}'), ('longitude', f'{lon:.6f}'), ('altitude', f'{alt:.4f}'),
                                      ('horizontalAccuracy', f'{E.f(2.5, 6, 4)}'), ('verticalAccuracy', f'{E.f(1.5, 4, 4)}'),
                                      ('course', '-1' if i == 0 else f'{E.f(0, 359, 2)}'), ('speed', f'{E.f(2.1, 3.4, 4)}')], []))
            t = t + step
        return ('WorkoutRoute', [('sourceName', IPH['name']), ('sourceVersion', IPH['ver']), ('creationDate', m(sec(en, 9))), ('startDate', m(st + timedelta(seconds=2))),
                                 ('endDate', m(en - timedelta(seconds=1)))], [M('HKMetadataKeySyncVersion', '1'), M('HKMetadataKeySyncIdentifier', E.uuid())] + locs)
    W = []
    for d, h, typ, mins, dist, kcal, pts in [(1.1, 7, 'HKWorkoutActivityTypeRunning', 38.4, 3.94, 371.2, 8), (16.3, 18, 'HKWorkoutActivityTypeCycling', 52.0, 11.2, 402.8, 6),
                                             (33.6, 12, 'HKWorkoutActivityTypeYoga', 30.1, None, 96.4, 0), (E.export.toordinal() - datetime(2017, 4, 9).toordinal(), 9, 'HKWorkoutActivityTypeWalking', 41.7, 1.88, 142.3, 3)]:
        st = E.at(d, h, E.r(0, 40), E.r(0, 59)); en = st + timedelta(minutes=mins + 1)
        kids = [M('HKTimeZone', 'America/Los_Angeles'), M('HKWeatherTemperature', f'{E.r(55, 78)} degF'), M('HKWeatherHumidity', f'{E.r(40, 90)} %')]
        if typ.endswith('Running'):
            p = st + timedelta(minutes=17)
            kids += [('WorkoutEvent', [('type', 'HKWorkoutEventTypePause'), ('date', m(p))], []), ('WorkoutEvent', [('type', 'HKWorkoutEventTypeResume'), ('date', m(sec(p, 95)))], [])]
            kids += [('WorkoutEvent', [('type', 'HKWorkoutEventTypeSegment'), ('date', m(st)), ('duration', '9.402341'), ('durationUnit', 'min')], [])]
        if pts:
            kids.append(route(st, en, pts, 37.7694 + E.f(-0.01, 0.01, 4), -122.4862 + E.f(-0.01, 0.01, 4), 12.4))
        W.append((st, ('Workout', [('workoutActivityType', typ), ('duration', repr(mins + E.rng.random() / 10)), ('durationUnit', 'min'),
                                   ('totalDistance', repr(dist + E.rng.random() / 1000) if dist else None), ('totalDistanceUnit', 'mi' if dist else None),
                                   ('totalEnergyBurned', repr(kcal + E.rng.random() / 1000)), ('totalEnergyBurnedUnit', 'kcal'),
                                   ('sourceName', WAT['name']), ('sourceVersion', WAT['ver']), ('device', WAT['dev']()), ('creationDate', m(sec(en, 40))),
                                   ('startDate', m(st)), ('endDate', m(en))], kids)))
    W.sort(key=lambda x: x[0])
    A = []
    for k in range(8, 0, -1):
        A.append(('ActivitySummary', [('dateComponents', E.day(k).isoformat()), ('activeEnergyBurned', str(E.f(180, 720))), ('activeEnergyBurnedGoal', '450'),
                                      ('activeEnergyBurnedUnit', 'kcal'), ('appleExerciseTime', str(E.r(3, 70))), ('appleExerciseTimeGoal', '30'),
                                      ('appleStandHours', str(E.r(6, 14))), ('appleStandHoursGoal', '12')], []))
    cst = E.at(22, 14, 2, 55)
    CR = [('ClinicalRecord', [('type', 'HKClinicalTypeIdentifierLabResultRecord'), ('identifier', '8b1f0c2e-5d6a-4f7e-93a1-2c4d5e6f7a80'),
                              ('sourceName', 'Bayview Medical Group'), ('sourceURL', 'https://fhir.bayview-medical.example/api/FHIR/DSTU2/Observation/TxQ81v3'),
                              ('fhirVersion', '1.0.2'), ('receivedDate', m(cst)), ('resourceFilePath', '/clinical-records/Observation-TxQ81v3.json')], [])]
    recs.sort(key=lambda x: (x[1][1][0][1], x[0]))
    body = [('#comment', 'steps, heart rate, HRV, weight, sleep')] + [n for _, n in recs] + [('#comment', 'workouts with inline routes')] + [n for _, n in W] + A + CR
    me = [('HKCharacteristicTypeIdentifierDateOfBirth', '1988-03-05'), ('HKCharacteristicTypeIdentifierBiologicalSex', 'HKBiologicalSexFemale'),
          ('HKCharacteristicTypeIdentifierBloodType', 'HKBloodTypeONegative'), ('HKCharacteristicTypeIdentifierFitzpatrickSkinType', 'HKFitzpatrickSkinTypeNotSet')]
    write('v8-2019/export.xml', dtd(8), body, 'en_US', modern, E.export, me)

# ===================================================================== v11 (2020, de_DE)
def v11():
    E = Era(11, 'Europe/Berlin', (2020, 11, 8, 19, 42, 11))
    m = modern
    IPH = dict(name="Jonas’ iPhone", ver='14.2', dev=lambda: device(E.addr('0x2809'), 'iPhone', 'Apple Inc.', 'iPhone', 'iPhone12,1', '14.2'))
    WAT = dict(name="Apple Watch von Jonas", ver='7.1', dev=lambda: device(E.addr('0x283a'), 'Apple Watch', 'Apple Inc.', 'Watch', 'Watch5,4', '7.1'))
    HM = dict(name='Health Mate', ver='5030101', dev=None)
    BT = dict(name='Blutdruck Tagebuch', ver='1.8.4', dev=None)
    recs, others = [], []

    def rec(t, s, unit, st, en, value, meta=(), created=None):
        attrs = [('type', t), ('sourceName', s['name']), ('sourceVersion', s['ver']), ('device', s['dev']() if s['dev'] else None),
                 ('unit', unit), ('creationDate', m(created or sec(en, E.r(20, 900)))), ('startDate', m(st)), ('endDate', m(en)), ('value', value)]
        return ('Record', attrs, list(meta))

    for src in (IPH, WAT):
        for d in E.days(12, 0.2, 59):
            st = E.at(d, E.r(7, 21), E.r(0, 59), E.r(0, 59))
            recs.append((st, rec('HKQuantityTypeIdentifierStepCount', src, 'count', st, sec(st, E.r(60, 600)), str(E.r(9, 1300)))))
    for d in E.days(12, 0.2, 59):
        st = E.at(d, E.r(6, 22), E.r(0, 59), E.r(0, 59))
        recs.append((st, rec('HKQuantityTypeIdentifierHeartRate', WAT, 'count/min', st, st, str(E.r(52, 140)), [M('HKMetadataKeyHeartRateMotionContext', str(E.r(0, 2)))])))
    # HRV with de_DE 24-hour times, comma decimals
    for d, h, mi, s in [(0.9, 8, 33, 40), (13.4, 23, 59, 55), (41.2, 14, 5, 2)]:
        st = E.at(d, h, mi, s); t = st.replace(microsecond=E.r(0, 999999)) + timedelta(seconds=3); beats = []
        for _ in range(E.r(5, 7)):
            bpm = E.r(55, 80); t += timedelta(seconds=60 / bpm)
            beats.append(('InstantaneousBeatsPerMinute', [('bpm', str(bpm)), ('time', f"{t:%H:%M:%S},{t.microsecond // 10000:02d}")], []))
        recs.append((st, rec('HKQuantityTypeIdentifierHeartRateVariabilitySDNN', WAT, 'ms', st, sec(st, 62), str(E.f(18, 80, 4)), [('HeartRateVariabilityMetadataList', [], beats)])))
    kg = 84.9
    for d in E.days(8, 1, 59)[::-1]:
        st = E.at(d, 6, E.r(30, 59), E.r(0, 59)); kg = round(kg - E.f(-0.3, 0.35, 2), 2)
        recs.append((st, rec('HKQuantityTypeIdentifierBodyMass', HM, 'kg', st, st, f'{kg:g}', [M('Health Mate App Version', '5.3.1'), M('HKTimeZone', 'Europe/Berlin'), M('HKWasUserEntered', '0')])))
    # blood pressure: Health Mate correlations whose members ALSO appear at top level
    for d in E.days(4, 2, 57):
        st = E.at(d, 8, E.r(0, 30), E.r(0, 59)); cr = sec(st, E.r(30, 200))
        meta = [M('Health Mate App Version', '5.3.1'), M('Withings User Identifier', '30018822'), M('HKWasUserEntered', '0')]
        sysr = rec('HKQuantityTypeIdentifierBloodPressureSystolic', HM, 'mmHg', st, st, str(E.r(121, 142)), meta, created=cr)
        diar = rec('HKQuantityTypeIdentifierBloodPressureDiastolic', HM, 'mmHg', st, st, str(E.r(76, 92)), meta, created=cr)
        recs += [(st, sysr), (st, diar)]
        others.append((st, ('Correlation', [('type', 'HKCorrelationTypeIdentifierBloodPressure'), ('sourceName', HM['name']), ('sourceVersion', HM['ver']),
                                            ('creationDate', m(cr)), ('startDate', m(st)), ('endDate', m(st))], meta + [diar, sysr])))
    # ... and one whose members do NOT appear at top level
    st = E.at(6, 21, 14, 0); cr = E.at(6, 21, 15, 27)
    kids = [rec('HKQuantityTypeIdentifierBloodPressureDiastolic', BT, 'mmHg', st, st, '88', created=cr),
            rec('HKQuantityTypeIdentifierBloodPressureSystolic', BT, 'mmHg', st, st, '139', created=cr)]
    others.append((st, ('Correlation', [('type', 'HKCorrelationTypeIdentifierBloodPressure'), ('sourceName', BT['name']), ('sourceVersion', BT['ver']),
                                        ('creationDate', m(cr)), ('startDate', m(st)), ('endDate', m(st))], [M('HKWasUserEntered', '1'), M('Messarm', 'links')] + kids)))
    # sleep: iPhone Bedtime = InBed, watchOS 7 sleep tracking = Asleep
    for d in E.days(5, 1, 58):
        st = E.at(d, 22, E.r(30, 59)) - timedelta(days=1); en = st + timedelta(minutes=E.r(420, 520))
        recs.append((st, rec('HKCategoryTypeIdentifierSleepAnalysis', IPH, None, st, en, 'HKCategoryValueSleepAnalysisInBed', [M('HKTimeZone', 'Europe/Berlin')])))
        a = st + timedelta(minutes=E.r(10, 35))
        recs.append((a, rec('HKCategoryTypeIdentifierSleepAnalysis', WAT, None, a, a + timedelta(minutes=E.r(180, 260)), 'HKCategoryValueSleepAnalysisAsleep', [M('HKTimeZone', 'Europe/Berlin')])))
    # boundary records around ExportDate - 30 days (absolute instants): one exactly on the cutoff, one 1 s before
    cut = E.export - timedelta(days=30)
    recs.append((cut, rec('HKQuantityTypeIdentifierStepCount', IPH, 'count', cut, sec(cut, 240), '317')))
    b = sec(cut, -1)
    recs.append((b, rec('HKQuantityTypeIdentifierStepCount', WAT, 'count', b, sec(b, 180), '204')))
    st = E.old(2017, 6, 2, 7, 1, 12); recs.append((st, rec('HKQuantityTypeIdentifierBodyMass', HM | {'ver': '3110000'}, 'kg', st, st, '88.4', [M('HKWasUserEntered', '0')])))
    st = E.old(2018, 2, 19, 8, 22, 0); recs.append((st, rec('HKQuantityTypeIdentifierBloodPressureSystolic', dict(name='Health', ver='11.2.5', dev=None), 'mmHg', st, st, '134', [M('HKWasUserEntered', '1')])))
    W = []
    for d, h, typ, mins, dist, kcal, route in [(1.2, 16, 'HKWorkoutActivityTypeRunning', 44.3, 7.41, 561.2, True), (22.4, 10, 'HKWorkoutActivityTypeCycling', 71.8, 24.6, 611.0, True),
                                               (37.6, 19, 'HKWorkoutActivityTypeTraditionalStrengthTraining', 35.0, None, 188.4, False)]:
        st = E.at(d, h, E.r(0, 40), E.r(0, 59)); en = st + timedelta(minutes=mins + 0.8)
        kids = [M('HKIndoorWorkout', '0' if route else '1'), M('HKTimeZone', 'Europe/Berlin'), M('HKAverageMETs', f'{E.f(4, 10, 5)} kcal/hr·kg')]
        if route:
            kids += [M('HKWeatherTemperature', f'{E.f(38, 60, 4)} degF'), M('HKWeatherHumidity', f'{E.r(55, 95)}00 %'), M('HKElevationAscended', f'{E.r(2000, 40000)} cm')]
            p = st + timedelta(minutes=E.r(10, 25))
            kids += [('WorkoutEvent', [('type', 'HKWorkoutEventTypePause'), ('date', m(p))], []), ('WorkoutEvent', [('type', 'HKWorkoutEventTypeResume'), ('date', m(sec(p, 64)))], [])]
            loc = st.strftime('%Y-%m-%d') + '_' + f"{st.hour % 12 or 12}.{st:%M}{'am' if st.hour < 12 else 'pm'}"
            kids.append(('WorkoutRoute', [('sourceName', WAT['name']), ('sourceVersion', WAT['ver']), ('device', WAT['dev']()), ('creationDate', m(sec(en, 12))),
                                          ('startDate', m(st)), ('endDate', m(en))],
                         [M('HKMetadataKeySyncVersion', '2'), M('HKMetadataKeySyncIdentifier', E.uuid()),
                          ('FileReference', [('path', f'/workout-routes/route_{loc}.gpx')], [])]))
        W.append((st, ('Workout', [('workoutActivityType', typ), ('duration', repr(mins + E.rng.random() / 10)), ('durationUnit', 'min'),
                                   ('totalDistance', repr(dist + E.rng.random() / 1000) if dist else '0'), ('totalDistanceUnit', 'km'),
                                   ('totalEnergyBurned', repr(kcal + E.rng.random() / 1000)), ('totalEnergyBurnedUnit', 'kcal'),
                                   ('sourceName', WAT['name']), ('sourceVersion', WAT['ver']), ('device', WAT['dev']()), ('creationDate', m(sec(en, 30))),
                                   ('startDate', m(st)), ('endDate', m(en))], kids)))
    W.sort(key=lambda x: x[0])
    A = [('ActivitySummary', [('dateComponents', E.day(k).isoformat()), ('activeEnergyBurned', str(E.f(200, 820))), ('activeEnergyBurnedGoal', '600'),
                              ('activeEnergyBurnedUnit', 'kcal'), ('appleMoveMinutes', '0'), ('appleMoveMinutesGoal', '0'), ('appleExerciseTime', str(E.r(5, 80))),
                              ('appleExerciseTimeGoal', '30'), ('appleStandHours', str(E.r(6, 15))), ('appleStandHoursGoal', '12')], []) for k in range(8, 0, -1)]
    recs.sort(key=lambda x: (x[1][1][0][1], x[0]))
    others.sort(key=lambda x: x[0])
    me = [('HKCharacteristicTypeIdentifierDateOfBirth', '1975-08-30'), ('HKCharacteristicTypeIdentifierBiologicalSex', 'HKBiologicalSexMale'),
          ('HKCharacteristicTypeIdentifierBloodType', 'HKBloodTypeABPositive'), ('HKCharacteristicTypeIdentifierFitzpatrickSkinType', 'HKFitzpatrickSkinTypeII')]
    write('v11-2020/export.xml', dtd(11), [n for _, n in recs] + [n for _, n in others] + [n for _, n in W] + A, 'de_DE', modern, E.export, me)

# ===================================================================== v12 (2022, iOS 16.0)
def v12():
    E = Era(12, 'America/New_York', (2022, 10, 9, 8, 51, 27))
    m = modern
    IPH = dict(name="Priya’s iPhone", ver='16.0.2', dev=lambda: device(E.addr('0x2817'), 'iPhone', 'Apple Inc.', 'iPhone', 'iPhone14,5', '16.0.2'))
    WAT = dict(name="Priya’s Apple Watch", ver='9.0.1', dev=lambda: device(E.addr('0x283a'), 'Apple Watch', 'Apple Inc.', 'Watch', 'Watch6,1', '9.0.1'))
    HM = dict(name='Health Mate', ver='6020300', dev=None)
    recs = []

    def rec(t, s, unit, st, en, value, meta=(), created=None):
        attrs = [('type', t), ('sourceName', s['name']), ('sourceVersion', s['ver']), ('device', s['dev']() if s['dev'] else None),
                 ('unit', unit), ('creationDate', m(created or sec(en, E.r(20, 900)))), ('startDate', m(st)), ('endDate', m(en)), ('value', value)]
        return ('Record', attrs, list(meta))

    for src in (IPH, WAT):
        for d in E.days(11, 0.2, 59):
            st = E.at(d, E.r(7, 21), E.r(0, 59), E.r(0, 59))
            recs.append((st, rec('HKQuantityTypeIdentifierStepCount', src, 'count', st, sec(st, E.r(60, 600)), str(E.r(9, 1300)))))
    for d in E.days(14, 0.2, 59):
        st = E.at(d, E.r(6, 22), E.r(0, 59), E.r(0, 59))
        recs.append((st, rec('HKQuantityTypeIdentifierHeartRate', WAT, 'count/min', st, st, str(E.r(55, 150)), [M('HKMetadataKeyHeartRateMotionContext', str(E.r(0, 2)))])))
    for d in E.days(5, 0.5, 59):
        st = E.at(d, 0, 0, 0); en = st + timedelta(days=1) - timedelta(seconds=E.r(3000, 9000))
        recs.append((st, rec('HKQuantityTypeIdentifierRestingHeartRate', WAT, 'count/min', st, en, str(E.r(54, 63)))))
    lb = 132.4
    for d in E.days(7, 1, 59)[::-1]:
        st = E.at(d, 7, E.r(0, 30), E.r(0, 59)); lb = round(lb - E.f(-0.5, 0.6, 1), 1)
        recs.append((st, rec('HKQuantityTypeIdentifierBodyMass', HM, 'lb', st, st, f'{lb:g}', [M('Health Mate App Version', '6.2.3'), M('HKWasUserEntered', '0')])))
    # sleep: before watchOS 9 (2022-09-12) "AsleepUnspecified"; afterwards Core/REM/Deep/Awake stages
    rel = datetime(2022, 9, 13, tzinfo=E.tz)
    for k in [3, 9, 21, 44, 52]:
        night = E.at(k, 23, E.r(0, 40)) - timedelta(days=1); en = night + timedelta(minutes=E.r(400, 470))
        if night < rel:
            recs.append((night, rec('HKCategoryTypeIdentifierSleepAnalysis', IPH, None, night, en, 'HKCategoryValueSleepAnalysisInBed', [M('HKTimeZone', 'America/New_York')])))
            a = night + timedelta(minutes=14)
            recs.append((a, rec('HKCategoryTypeIdentifierSleepAnalysis', WAT, None, a, en - timedelta(minutes=9), 'HKCategoryValueSleepAnalysisAsleepUnspecified', [M('HKTimeZone', 'America/New_York')])))
        else:
            t = night + timedelta(minutes=11)
            for stage, mins in [('AsleepCore', 52), ('AsleepDeep', 38), ('AsleepREM', 21), ('Awake', 2), ('AsleepCore', 64), ('AsleepREM', 33)]:
                e = t + timedelta(minutes=mins + E.r(0, 9), seconds=E.r(0, 59))
                recs.append((t, rec('HKCategoryTypeIdentifierSleepAnalysis', WAT, None, t, e, 'HKCategoryValueSleepAnalysis' + stage, [M('HKTimeZone', 'America/New_York')], created=sec(en, 600))))
                t = e
    st = E.old(2019, 1, 6, 8, 30, 5); recs.append((st, rec('HKQuantityTypeIdentifierBodyMass', HM | {'ver': '4080000'}, 'lb', st, st, '137.6', [M('HKWasUserEntered', '0')])))
    st = E.old(2020, 3, 14, 15, 2, 40); recs.append((st, rec('HKQuantityTypeIdentifierStepCount', IPH | {'ver': '13.3.1', 'dev': None}, 'count', st, sec(st, 322), '446')))
    W = []
    # outdoor run: iOS 16 writes WorkoutStatistics, no total* attributes
    st = E.at(2, 17, 21, 4); en = st + timedelta(minutes=33, seconds=18)
    W.append(('Workout', [('workoutActivityType', 'HKWorkoutActivityTypeRunning'), ('duration', '33.29815963506699'), ('durationUnit', 'min'),
                          ('sourceName', WAT['name']), ('sourceVersion', WAT['ver']), ('device', WAT['dev']()), ('creationDate', m(sec(en, 34))), ('startDate', m(st)), ('endDate', m(en))],
              [M('HKIndoorWorkout', '0'), M('HKTimeZone', 'America/New_York'), M('HKWeatherTemperature', '61.2 degF'), M('HKWeatherHumidity', '7400 %'),
               M('HKAverageMETs', '9.81224 kcal/hr·kg'),
               ('WorkoutEvent', [('type', 'HKWorkoutEventTypeSegment'), ('date', m(st)), ('duration', '10.2281'), ('durationUnit', 'min')], []),
               ('WorkoutEvent', [('type', 'HKWorkoutEventTypePause'), ('date', m(st + timedelta(minutes=15)))], []),
               ('WorkoutEvent', [('type', 'HKWorkoutEventTypeResume'), ('date', m(st + timedelta(minutes=16, seconds=3)))], []),
               ('WorkoutStatistics', [('type', 'HKQuantityTypeIdentifierActiveEnergyBurned'), ('startDate', m(st)), ('endDate', m(en)), ('sum', '312.884'), ('unit', 'kcal')], []),
               ('WorkoutStatistics', [('type', 'HKQuantityTypeIdentifierDistanceWalkingRunning'), ('startDate', m(st)), ('endDate', m(en)), ('sum', '3.21417'), ('unit', 'mi')], []),
               ('WorkoutStatistics', [('type', 'HKQuantityTypeIdentifierHeartRate'), ('startDate', m(st)), ('endDate', m(en)), ('average', '151.203'), ('minimum', '96'), ('maximum', '171'), ('unit', 'count/min')], []),
               ('WorkoutRoute', [('sourceName', WAT['name']), ('sourceVersion', WAT['ver']), ('creationDate', m(sec(en, 40))), ('startDate', m(st)), ('endDate', m(en))],
                [M('HKMetadataKeySyncVersion', '2'), M('HKMetadataKeySyncIdentifier', '3E9A41C7-8D2B-4F60-A1C5-77B0D2E4F931'),
                 ('FileReference', [('path', '/workout-routes/route_2022-10-07_5.21pm.gpx')], [])])]))
    st = E.at(26, 6, 45, 12); en = st + timedelta(minutes=31, seconds=40)
    W.append(('Workout', [('workoutActivityType', 'HKWorkoutActivityTypeSwimming'), ('duration', '31.66666666666667'), ('durationUnit', 'min'),
                          ('sourceName', WAT['name']), ('sourceVersion', '8.7.1'), ('device', device(E.addr('0x283a'), 'Apple Watch', 'Apple Inc.', 'Watch', 'Watch6,1', '8.7.1')), ('creationDate', m(sec(en, 20))), ('startDate', m(st)), ('endDate', m(en))],
              [M('HKIndoorWorkout', '1'), M('HKSwimmingLocationType', '1'), M('HKLapLength', '25 m'), M('HKTimeZone', 'America/New_York')]
              + [('WorkoutEvent', [('type', 'HKWorkoutEventTypeLap'), ('date', m(st + timedelta(seconds=40 * i))), ('duration', f'{E.f(0.55, 0.75, 4)}'), ('durationUnit', 'min')],
                  [M('HKSwimmingStrokeStyle', '2')]) for i in range(4)]
              + [('WorkoutStatistics', [('type', 'HKQuantityTypeIdentifierDistanceSwimming'), ('startDate', m(st)), ('endDate', m(en)), ('sum', '1050'), ('unit', 'm')], []),
                 ('WorkoutStatistics', [('type', 'HKQuantityTypeIdentifierActiveEnergyBurned'), ('startDate', m(st)), ('endDate', m(en)), ('sum', '241.07'), ('unit', 'kcal')], [])]))
    # third-party workout: totals as attributes, no statistics
    st = E.at(40, 9, 2, 0); en = st + timedelta(minutes=96)
    W.append(('Workout', [('workoutActivityType', 'HKWorkoutActivityTypeHiking'), ('duration', '96'), ('durationUnit', 'min'), ('totalDistance', '5.8'), ('totalDistanceUnit', 'mi'),
                          ('totalEnergyBurned', '517'), ('totalEnergyBurnedUnit', 'kcal'), ('sourceName', 'TrailTrack'), ('sourceVersion', '2022.36'),
                          ('creationDate', m(sec(en, 3600))), ('startDate', m(st)), ('endDate', m(en))], [M('HKExternalUUID', 'tt-8812094')]))
    CR = [('ClinicalRecord', [('type', 'HKClinicalTypeIdentifierLabResultRecord'), ('identifier', 'a41d9e20-7c3b-4e15-8d2f-6b90c1e2d3f4'), ('sourceName', 'Riverside Health'),
                              ('sourceURL', 'https://fhir.riverside-health.example/R4/Observation/eRh7Qm2'), ('fhirVersion', '4.0.1'), ('receivedDate', m(E.at(17, 13, 4, 51))),
                              ('resourceFilePath', '/clinical-records/Observation-eRh7Qm2.json')], []),
          ('ClinicalRecord', [('type', 'HKClinicalTypeIdentifierImmunizationRecord'), ('identifier', 'c07e5b19-2a6d-4f88-b3e1-9d4c2f0a7b65'), ('sourceName', 'Riverside Health'),
                              ('sourceURL', 'https://fhir.riverside-health.example/R4/Immunization/kP20xZa'), ('fhirVersion', '4.0.1'), ('receivedDate', m(E.at(17, 13, 4, 51))),
                              ('resourceFilePath', '/clinical-records/Immunization-kP20xZa.json')], [])]
    ast = E.at(12, 19, 31, 8)
    AU = [('Audiogram', [('type', 'HKDataTypeIdentifierAudiogram'), ('sourceName', 'EarCheck'), ('sourceVersion', '3.2.0'), ('creationDate', m(sec(ast, 410))),
                         ('startDate', m(ast)), ('endDate', m(sec(ast, 380)))],
           [M('HKWasUserEntered', '0')] + [('SensitivityPoint', [('frequencyValue', str(fq)), ('frequencyUnit', 'Hz'), ('leftEarValue', str(l)), ('leftEarUnit', 'dBHL'),
                                                                   ('rightEarValue', str(r)), ('rightEarUnit', 'dBHL')], [])
                                            for fq, l, r in [(250, 10, 15), (500, 10, 10), (1000, 5, 10), (2000, 15, 10), (4000, 20, 25), (8000, 30, 35)]])]
    eye = lambda sph, cyl, ax: [('sphere', sph), ('sphereUnit', 'D'), ('cylinder', cyl), ('cylinderUnit', 'D'), ('axis', ax), ('axisUnit', 'deg'), ('farPD', '31.5'), ('farPDUnit', 'mm')]
    VP = [('VisionPrescription', [('type', 'HKVisionPrescriptionTypeGlasses'), ('dateIssued', m(E.at(33, 10, 0, 0))), ('expirationDate', m(datetime(2024, 9, 6, 10, 0, 0, tzinfo=E.tz)))],
           [('RightEye', eye('-2.25', '-0.5', '175'), []), ('LeftEye', eye('-1.75', '-0.75', '10'), []), M('HKWasUserEntered', '1')])]
    A = [('ActivitySummary', [('dateComponents', E.day(k).isoformat()), ('activeEnergyBurned', str(E.f(200, 700))), ('activeEnergyBurnedGoal', '460'),
                              ('activeEnergyBurnedUnit', 'kcal'), ('appleMoveTime', '0'), ('appleMoveTimeGoal', '0'), ('appleExerciseTime', str(E.r(5, 70))),
                              ('appleExerciseTimeGoal', '30'), ('appleStandHours', str(E.r(6, 14))), ('appleStandHoursGoal', '12')], []) for k in range(6, 0, -1)]
    recs.sort(key=lambda x: (x[1][1][0][1], x[0]))
    me = [('HKCharacteristicTypeIdentifierDateOfBirth', '1991-12-02'), ('HKCharacteristicTypeIdentifierBiologicalSex', 'HKBiologicalSexFemale'),
          ('HKCharacteristicTypeIdentifierBloodType', 'HKBloodTypeNotSet'), ('HKCharacteristicTypeIdentifierFitzpatrickSkinType', 'HKFitzpatrickSkinTypeNotSet'),
          ('HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse', 'None')]
    write('v12-2022/export.xml', dtd(12), [n for _, n in recs] + W[::-1] + A + CR + AU + VP, 'en_US', modern, E.export, me)

# ===================================================================== v14 (2025)
def v14():
    E = Era(14, 'America/Chicago', (2025, 11, 18, 7, 42, 55))
    m = modern
    wdev = lambda: device(E.addr('0xb1c2'), 'Apple Watch', 'Apple Inc.', 'Watch', 'Watch7,5', '26.1', '2025-11-04 02:17:33 +0000')
    IPH = dict(name="Daniel’s iPhone", ver='26.1', dev=lambda: device(E.addr('0xb1c3'), 'iPhone', 'Apple Inc.', 'iPhone', 'iPhone17,1', '26.1'))
    WAT = dict(name="Daniel’s Apple Watch", ver='26.1', dev=wdev)
    WI = dict(name='Withings', ver='7010200', dev=None)
    recs = []

    def rec(t, s, unit, st, en, value, meta=(), created=None, order=None, extra=()):
        attrs = [('type', t), ('sourceName', s['name']), ('sourceVersion', s['ver']), ('device', s['dev']() if s['dev'] else None),
                 ('unit', unit), ('creationDate', m(created or sec(en, E.r(20, 900)))), ('startDate', m(st)), ('endDate', m(en)), ('value', value)] + list(extra)
        if order:
            d = dict(attrs); attrs = [(k, d[k]) for k in order if k in d] + [(k, v) for k, v in attrs if k not in order]
        return ('Record', attrs, list(meta))

    for src in (IPH, WAT):
        for d in E.days(10, 0.2, 59):
            st = E.at(d, E.r(7, 21), E.r(0, 59), E.r(0, 59))
            recs.append((st, rec('HKQuantityTypeIdentifierStepCount', src, 'count', st, sec(st, E.r(60, 600)), str(E.r(9, 1300)))))
    for d in E.days(14, 0.2, 59):
        st = E.at(d, E.r(6, 22), E.r(0, 59), E.r(0, 59))
        recs.append((st, rec('HKQuantityTypeIdentifierHeartRate', WAT, 'count/min', st, st, str(E.r(52, 160)), [M('HKMetadataKeyHeartRateMotionContext', str(E.r(0, 2)))])))
    for d in E.days(5, 0.5, 59):
        st = E.at(d, E.r(9, 20), E.r(0, 59), E.r(0, 59))
        recs.append((st, rec('HKQuantityTypeIdentifierActiveEnergyBurned', WAT, 'kJ', st, sec(st, 60), str(E.f(2, 40, 3)))))
    # HRV: en_US 12-hour times with U+202F NARROW NO-BREAK SPACE before AM/PM (newer ICU)
    for d, h, mi, s in [(0.7, 18, 14, 40), (11.2, 3, 22, 9), (36.6, 11, 59, 53)]:
        st = E.at(d, h, mi, s); t = st.replace(microsecond=E.r(0, 999999)) + timedelta(seconds=3); beats = []
        for _ in range(E.r(5, 7)):
            bpm = E.r(52, 79); t += timedelta(seconds=60 / bpm)
            beats.append(('InstantaneousBeatsPerMinute', [('bpm', str(bpm)), ('time', f"{t.hour % 12 or 12}:{t:%M:%S}.{t.microsecond // 10000:02d}\u202f{'AM' if t.hour < 12 else 'PM'}")], []))
        recs.append((st, rec('HKQuantityTypeIdentifierHeartRateVariabilitySDNN', WAT, 'ms', st, sec(st, 60), str(E.f(22, 71, 4)), [M('HKAlgorithmVersion', '2'), ('HeartRateVariabilityMetadataList', [], beats)])))
    for d in E.days(5, 0.5, 59):
        st = E.at(d, 0, 0, 0); en = st + timedelta(days=1) - timedelta(seconds=E.r(3000, 9000))
        recs.append((st, rec('HKQuantityTypeIdentifierRestingHeartRate', WAT, 'count/min', st, en, str(E.r(51, 60)))))
    kg = 79.3
    for i, d in enumerate(E.days(6, 1, 59)[::-1]):
        st = E.at(d, 6, E.r(30, 59), E.r(0, 59)); kg = round(kg - E.f(-0.3, 0.35, 2), 2)
        order = ['value', 'unit', 'endDate', 'startDate', 'type', 'sourceName', 'creationDate', 'sourceVersion'] if i in (1, 4) else None
        extra = [('sourceBundleIdentifier', 'com.withings.wiScaleNG')] if i == 3 else ()   # unknown attribute
        recs.append((st, rec('HKQuantityTypeIdentifierBodyMass', WI, 'kg', st, st, f'{kg:g}', [M('HKWasUserEntered', '0'), M('HKTimeZone', 'America/Chicago')], order=order, extra=extra)))
    st = E.at(25, 21, 5, 0)
    recs.append((st, rec('HKQuantityTypeIdentifierBodyMass', dict(name='Health', ver='26.0.1', dev=None), 'lb', st, st, '176.2', [M('HKWasUserEntered', '1')],
                         order=['sourceName', 'type', 'unit', 'value', 'startDate', 'endDate', 'creationDate', 'sourceVersion'])))
    # sleep stages
    for k in [2, 13, 24, 36, 47, 58]:
        night = E.at(k, 22, E.r(30, 59)) - timedelta(days=1); t = night + timedelta(minutes=9)
        recs.append((night, rec('HKCategoryTypeIdentifierSleepAnalysis', IPH, None, night, night + timedelta(hours=8, minutes=10), 'HKCategoryValueSleepAnalysisInBed', [M('HKTimeZone', 'America/Chicago')])))
        for stage, mins in [('AsleepCore', 47), ('AsleepDeep', 41), ('AsleepREM', 19), ('Awake', 1)]:
            e = t + timedelta(minutes=mins + E.r(0, 9), seconds=E.r(0, 59))
            recs.append((t, rec('HKCategoryTypeIdentifierSleepAnalysis', WAT, None, t, e, 'HKCategoryValueSleepAnalysis' + stage, [M('HKTimeZone', 'America/Chicago')])))
            t = e
    st = E.at(50, 21, 12, 6)
    recs.append((st, rec('HKDataTypeSleepDurationGoal', IPH | {'dev': None}, 'hr', st, st, '7.5')))
    st = E.old(2021, 4, 11, 7, 55, 2); recs.append((st, rec('HKQuantityTypeIdentifierBodyMass', WI | {'name': 'Health Mate', 'ver': '5120000'}, 'kg', st, st, '83.1', [M('HKWasUserEntered', '0')])))
    st = E.old(2022, 12, 3, 10, 14, 33); recs.append((st, rec('HKQuantityTypeIdentifierVO2Max', WAT | {'ver': '9.1', 'dev': None}, 'mL/min·kg', st, st, '41.27', [M('HKVO2MaxTestType', '2')])))
    st = E.old(2023, 7, 19, 18, 41, 0); recs.append((st, rec('HKQuantityTypeIdentifierHeartRate', WAT | {'ver': '9.5.2', 'dev': None}, 'count/min', st, st, '112')))

    def S(t, st, en, unit, **kw):
        return ('WorkoutStatistics', [('type', 'HKQuantityTypeIdentifier' + t), ('startDate', m(st)), ('endDate', m(en))] + [(k, v) for k, v in kw.items()] + [('unit', unit)], [])

    uid = E.uuid
    W = []
    # 1) interval run: activity with its own Segment events/statistics/metadata, workout-level statistics, unknown WorkoutZoneGroup
    st = E.at(3, 17, 12, 40); en = st + timedelta(minutes=42, seconds=31)
    ae = st + timedelta(minutes=42, seconds=2)
    act = ('WorkoutActivity', [('uuid', uid()), ('startDate', m(st)), ('endDate', m(ae)), ('duration', '42.03333'), ('durationUnit', 'min')],
           [('WorkoutEvent', [('type', 'HKWorkoutEventTypeSegment'), ('date', m(st + timedelta(minutes=6 * i))), ('duration', f'{E.f(5.8, 6.2, 6)}'), ('durationUnit', 'min')], []) for i in range(4)]
           + [S('DistanceWalkingRunning', st, ae, 'mi', sum='4.98213'), S('HeartRate', st, ae, 'count/min', average='148.662', minimum='91', maximum='178'),
              S('ActiveEnergyBurned', st, ae, 'kJ', sum='2231.04'), M('WOIntervalStepKeyPath', '0.0.0')])
    W.append(('Workout', [('workoutActivityType', 'HKWorkoutActivityTypeRunning'), ('duration', '42.51666666666667'), ('durationUnit', 'min'), ('sourceName', WAT['name']),
                          ('sourceVersion', WAT['ver']), ('device', wdev()), ('creationDate', m(sec(en, 14))), ('startDate', m(st)), ('endDate', m(en))],
              [M('HKIndoorWorkout', '0'), M('HKTimeZone', 'America/Chicago'), M('HKWeatherTemperature', '52.34 degF'), M('HKWeatherHumidity', '6800 %'),
               M('HKElevationAscended', '4120 cm'), M('HKAverageMETs', '10.4417 kcal/hr·kg'),
               ('WorkoutEvent', [('type', 'HKWorkoutEventTypePause'), ('date', m(st + timedelta(minutes=24, seconds=5)))], []),
               ('WorkoutEvent', [('type', 'HKWorkoutEventTypeResume'), ('date', m(st + timedelta(minutes=24, seconds=34)))], []),
               act,
               S('DistanceWalkingRunning', st, en, 'mi', sum='5.01102'), S('HeartRate', st, en, 'count/min', average='148.201', minimum='91', maximum='178'),
               S('ActiveEnergyBurned', st, en, 'kJ', sum='2244.87'), S('BasalEnergyBurned', st, en, 'kJ', sum='331.5'), S('RunningPower', st, en, 'W', average='251.3', minimum='88', maximum='402'),
               ('WorkoutZoneGroup', [('type', 'HKQuantityTypeIdentifierHeartRate'), ('source', 'system'), ('unit', 'count/min')],
                [('WorkoutZone', [('maximum', '141'), ('duration', '11.2'), ('durationUnit', 'min')], []),
                 ('WorkoutZone', [('minimum', '141'), ('maximum', '158'), ('duration', '24.9'), ('durationUnit', 'min')], []),
                 ('WorkoutZone', [('minimum', '158'), ('duration', '6.4'), ('durationUnit', 'min')], [])]),
               ('WorkoutRoute', [('sourceName', WAT['name']), ('sourceVersion', WAT['ver']), ('creationDate', m(sec(en, 20))), ('startDate', m(st)), ('endDate', m(en))],
                [M('HKMetadataKeySyncVersion', '2'), M('HKMetadataKeySyncIdentifier', uid()), ('FileReference', [('path', '/workout-routes/route_2025-11-15_5.12pm.gpx')], [])])]))
    # 2) multisport (swim/bike/run): three WorkoutActivity children; route path without leading slash
    st = E.at(38, 7, 3, 15)
    legs = [(21.5, 'DistanceSwimming', 'm', '750', '1'), (3.1, None, None, None, None), (44.8, 'DistanceCycling', 'mi', '12.4371', '0'), (1.9, None, None, None, None), (27.2, 'DistanceWalkingRunning', 'mi', '3.10961', '0')]
    kids, t = [], st
    for mins, dt_, u, s, indoor in legs:
        e = t + timedelta(minutes=mins)
        if dt_:
            kids.append(('WorkoutActivity', [('uuid', uid()), ('startDate', m(t)), ('endDate', m(e)), ('duration', f'{mins}'), ('durationUnit', 'min')],
                         [M('HKIndoorWorkout', indoor)]
                         + ([('WorkoutEvent', [('type', 'HKWorkoutEventTypeLap'), ('date', m(t + timedelta(minutes=7 * j))), ('duration', '6.9'), ('durationUnit', 'min')], [M('HKSwimmingStrokeStyle', '2')]) for j in range(3)] if dt_ == 'DistanceSwimming' else [])
                         + [S(dt_, t, e, u, sum=s), S('HeartRate', t, e, 'count/min', average=f'{E.f(128, 152)}', minimum=str(E.r(90, 110)), maximum=str(E.r(160, 175)))]))
        t = e
    en = t
    W.append(('Workout', [('workoutActivityType', 'HKWorkoutActivityTypeSwimBikeRun'), ('duration', '98.5'), ('durationUnit', 'min'), ('sourceName', WAT['name']),
                          ('sourceVersion', '26.0.1'), ('device', wdev().replace('26.1', '26.0.1')), ('creationDate', m(sec(en, 45))), ('startDate', m(st)), ('endDate', m(en))],
              [M('HKTimeZone', 'America/Chicago'), M('HKAverageMETs', '9.02311 kcal/hr·kg')]
              + [('WorkoutEvent', [('type', 'HKWorkoutEventTypeSegment'), ('date', m(st)), ('duration', '21.5'), ('durationUnit', 'min')], [])]
              + kids
              + [S('ActiveEnergyBurned', st, en, 'kJ', sum='5117.2'), S('HeartRate', st, en, 'count/min', average='141.07', minimum='92', maximum='174'),
                 ('WorkoutRoute', [('sourceName', WAT['name']), ('sourceVersion', '26.0.1'), ('creationDate', m(sec(en, 60))), ('startDate', m(st + timedelta(minutes=24.6))), ('endDate', m(en))],
                  [M('HKMetadataKeySyncVersion', '2'), ('FileReference', [('path', 'workout-routes/route_2025-10-11_7.27am.gpx')], [])])]))
    # 3) strength, re-exported old workout: statistics only, no totals
    st = E.at(14, 18, 40, 2); en = st + timedelta(minutes=36, seconds=12)
    W.append(('Workout', [('startDate', m(st)), ('workoutActivityType', 'HKWorkoutActivityTypeTraditionalStrengthTraining'), ('endDate', m(en)), ('duration', '36.2'), ('durationUnit', 'min'),
                          ('sourceName', WAT['name']), ('sourceVersion', WAT['ver']), ('creationDate', m(sec(en, 9)))],
              [M('HKIndoorWorkout', '1'), ('WorkoutActivity', [('uuid', uid()), ('startDate', m(st)), ('endDate', m(en)), ('duration', '36.2'), ('durationUnit', 'min')], [M('HKIndoorWorkout', '1')]),
               S('ActiveEnergyBurned', st, en, 'kJ', sum='912.4'), S('HeartRate', st, en, 'count/min', average='118.4', minimum='84', maximum='151')]))
    st = datetime(2021, 8, 22, 8, 5, 11, tzinfo=E.tz); en = st + timedelta(minutes=51, seconds=3)
    W.append(('Workout', [('workoutActivityType', 'HKWorkoutActivityTypeCycling'), ('duration', '51.05'), ('durationUnit', 'min'), ('sourceName', WAT['name']),
                          ('sourceVersion', '7.6.1'), ('creationDate', m(sec(en, 30))), ('startDate', m(st)), ('endDate', m(en))],
              [M('HKIndoorWorkout', '0'), M('HKTimeZone', 'America/Chicago'), S('DistanceCycling', st, en, 'mi', sum='14.0213'), S('ActiveEnergyBurned', st, en, 'kJ', sum='1904.6')]))
    A = [('ActivitySummary', [('dateComponents', E.day(k).isoformat()), ('activeEnergyBurned', str(E.f(900, 3100))), ('activeEnergyBurnedGoal', '2300'),
                              ('activeEnergyBurnedUnit', 'kJ'), ('appleMoveTime', '0'), ('appleMoveTimeGoal', '0'), ('appleExerciseTime', str(E.r(5, 80))),
                              ('appleExerciseTimeGoal', '30'), ('appleStandHours', str(E.r(6, 15))), ('appleStandHoursGoal', '12')], []) for k in range(10, 0, -1)]
    recs.sort(key=lambda x: (x[1][1][0][1] if x[1][1][0][0] == 'type' else dict(x[1][1])['type'], x[0]))
    me = [('HKCharacteristicTypeIdentifierDateOfBirth', '1982-06-19'), ('HKCharacteristicTypeIdentifierBiologicalSex', 'HKBiologicalSexMale'),
          ('HKCharacteristicTypeIdentifierBloodType', 'HKBloodTypeOPositive'), ('HKCharacteristicTypeIdentifierFitzpatrickSkinType', 'HKFitzpatrickSkinTypeIV'),
          ('HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse', 'None')]
    body = [n for _, n in recs] + [('#comment', 'workouts')] + W[::-1] + A
    write('v14-2025/export.xml', dtd(14), body, 'en_US', modern, E.export, me)

if __name__ == '__main__':
    ios8(); v3(); v8(); v11(); v12(); v14()
