#!/usr/bin/env python3
"""Generate deterministic synthetic Apple Health export.xml files: a realistic
one (HealthKit Export Version 14, as written by iOS 18) of a chosen size, or
the six small samples of SampleExports/, one per structural era (--eras).

Python 3 standard library only.  Output is fully determined by --seed,
--export-date and --size (or --days), so a cached file can be regenerated
byte-identically.

Examples
  generate-export.py --size 200M --out data/export-200M.xml
  generate-export.py --size 1G --seed 7 --export-date "2025-11-20 08:00:00 +0100" --out big.xml
  # the same export as if taken a few days later (~1 % more records):
  generate-export.py --newer-from data/export-200M.xml --extra-percent 1 --out data/export-200M-newer.xml
  # the era samples, then their counts:
  generate-export.py --eras SampleExports && python3 SampleExports/count.py
  generate-export.py --era v8-2019 --out v8.xml

Sizes use decimal units: 200M = 200,000,000 bytes, 1G = 1,000,000,000 bytes.
The file lands within ~2 % of the target: the time span (number of days
ending at the export date) is chosen from a calibration run over the last
weeks, so that every record group (all HeartRate records, then all StepCount
records, ...) covers the whole span, as in a real export.

A sidecar FILE.counts.json is written next to the output with the generator
parameters (needed by --newer-from), the byte size, the number of top-level
elements (Record, Correlation, Workout, ActivitySummary), per-type record
counts and the total element count (what a SAX parser's startElement sees).

Newer exports: every Record/Workout/Correlation/ActivitySummary of a given day
comes from a random generator seeded with (seed, group, day), and records are
included when their creationDate is not after the export date.  Re-running
with the same seed and start day but a later export date therefore reproduces
every element of the older export byte for byte, plus the samples created
after the old export date (some of them start before it, like real late
syncs).  --newer-from reads the old file's sidecar and adds
round(days * extra-percent / 100) days (at least one).

Era samples: --eras DIR writes DIR/ios8-2015/export.xml, DIR/v3-2016/...,
DIR/v8-2019/..., DIR/v11-2020/..., DIR/v12-2022/... and DIR/v14-2025/...;
--era NAME --out FILE writes one of them.  Each is hand-shaped after its
era (dates, attributes, DTD, quirks; three are deliberately not
well-formed) from fixed seeds, so the files come out byte for byte the same
on every run.  No sidecar: SampleExports/count.py counts them.
"""

import argparse
import datetime as _dt
import json
import os
import random
import sys
import time
import zlib
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

GENERATOR_VERSION = 1


# --------------------------------------------------------------------------
# XML pieces both kinds of export write: sized exports and the era samples.
# --------------------------------------------------------------------------

def esc(v):
    """An attribute value with & < > " escaped (str() of anything else)."""
    return str(v).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def xml_attrs(pairs):
    """' key="value"' for each (key, value) pair, escaped; pairs whose value is None are left out."""
    return "".join(f' {k}="{esc(v)}"' for k, v in pairs if v is not None)


def hkdevice(address, name, manufacturer, model, hardware=None, software=None, created=None, rest=""):
    """A device description as HealthKit writes it, unescaped:
    <<HKDevice: 0x…>, name:…, manufacturer:…, model:…, hardware:…, software:…, creation date:…>.
    hardware, software and created are left out when not given; `rest` (", firmware:…")
    comes last."""
    s = "<<HKDevice: %s>, name:%s, manufacturer:%s, model:%s" % (address, name, manufacturer, model)
    if hardware is not None:
        s += ", hardware:" + hardware
    if software is not None:
        s += ", software:" + software
    if created:
        s += ", creation date:" + created
    return s + rest + ">"


def head_lines(doctype, locale, export_date, me):
    """The lines before the first record: the XML declaration, the DOCTYPE lines (none
    for iOS 8), HealthData, ExportDate and Me (a list of (attribute, value) pairs)."""
    return (['<?xml version="1.0" encoding="UTF-8"?>'] + list(doctype) +
            [f'<HealthData locale="{locale}">', f' <ExportDate value="{export_date}"/>', f' <Me{xml_attrs(me)}/>'])


FOOTER = "</HealthData>\n"


def beat_time_12h(h, m, s, cs, sep=" "):
    """An HRV beat's time as en_US writes it: 6:14:48.94 PM (newer ICU: U+202F as `sep`)."""
    return "%d:%02d:%02d.%02d%s%s" % (h % 12 or 12, m, s, cs, sep, "AM" if h < 12 else "PM")


# Apple's v14 DTD with its uneven padding.  The era samples build theirs with
# era_dtd(), which pads each ATTLIST evenly, so the two are kept apart.
DTD = r'''<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth                   CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex                 CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBloodType                     CDATA #REQUIRED
  HKCharacteristicTypeIdentifierFitzpatrickSkinType           CDATA #REQUIRED
  HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse   CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
<!ELEMENT Correlation ((MetadataEntry|Record)*)>
<!ATTLIST Correlation
  type          CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
<!ATTLIST Workout
  workoutActivityType   CDATA #REQUIRED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
  totalDistance         CDATA #IMPLIED
  totalDistanceUnit     CDATA #IMPLIED
  totalEnergyBurned     CDATA #IMPLIED
  totalEnergyBurnedUnit CDATA #IMPLIED
  sourceName            CDATA #REQUIRED
  sourceVersion         CDATA #IMPLIED
  device                CDATA #IMPLIED
  creationDate          CDATA #IMPLIED
  startDate             CDATA #REQUIRED
  endDate               CDATA #REQUIRED
>
<!ELEMENT WorkoutActivity ((MetadataEntry)*)>
<!ATTLIST WorkoutActivity
  uuid                 CDATA #REQUIRED
  startDate            CDATA #REQUIRED
  endDate              CDATA #IMPLIED
  duration             CDATA #IMPLIED
  durationUnit         CDATA #IMPLIED
>
<!ELEMENT WorkoutEvent ((MetadataEntry)*)>
<!ATTLIST WorkoutEvent
  type                 CDATA #REQUIRED
  date                 CDATA #REQUIRED
  duration             CDATA #IMPLIED
  durationUnit         CDATA #IMPLIED
>
<!ELEMENT WorkoutStatistics EMPTY>
<!ATTLIST WorkoutStatistics
  type                 CDATA #REQUIRED
  startDate            CDATA #REQUIRED
  endDate              CDATA #REQUIRED
  average              CDATA #IMPLIED
  minimum              CDATA #IMPLIED
  maximum              CDATA #IMPLIED
  sum                  CDATA #IMPLIED
  unit                 CDATA #IMPLIED
>
<!ELEMENT WorkoutRoute ((MetadataEntry|FileReference)*)>
<!ATTLIST WorkoutRoute
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT FileReference EMPTY>
<!ATTLIST FileReference
  path CDATA #REQUIRED
>
<!ELEMENT ActivitySummary EMPTY>
<!ATTLIST ActivitySummary
  dateComponents           CDATA #IMPLIED
  activeEnergyBurned       CDATA #IMPLIED
  activeEnergyBurnedGoal   CDATA #IMPLIED
  activeEnergyBurnedUnit   CDATA #IMPLIED
  appleMoveTime            CDATA #IMPLIED
  appleMoveTimeGoal        CDATA #IMPLIED
  appleExerciseTime        CDATA #IMPLIED
  appleExerciseTimeGoal    CDATA #IMPLIED
  appleStandHours          CDATA #IMPLIED
  appleStandHoursGoal      CDATA #IMPLIED
>
<!ELEMENT MetadataEntry EMPTY>
<!ATTLIST MetadataEntry
  key   CDATA #REQUIRED
  value CDATA #REQUIRED
>
<!-- Note: Heart Rate Variability records captured by Apple Watch may include an associated list of instantaneous beats-per-minute readings. -->
<!ELEMENT HeartRateVariabilityMetadataList (InstantaneousBeatsPerMinute*)>
<!ELEMENT InstantaneousBeatsPerMinute EMPTY>
<!ATTLIST InstantaneousBeatsPerMinute
  bpm  CDATA #REQUIRED
  time CDATA #REQUIRED
>
<!ELEMENT ClinicalRecord EMPTY>
<!ATTLIST ClinicalRecord
  type              CDATA #REQUIRED
  identifier        CDATA #REQUIRED
  sourceName        CDATA #REQUIRED
  sourceURL         CDATA #REQUIRED
  fhirVersion       CDATA #REQUIRED
  receivedDate      CDATA #REQUIRED
  resourceFilePath  CDATA #REQUIRED
>
<!ELEMENT Audiogram ((MetadataEntry|SensitivityPoint)*)>
<!ATTLIST Audiogram
  type          CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT SensitivityPoint EMPTY>
<!ATTLIST SensitivityPoint
  frequencyValue   CDATA #REQUIRED
  frequencyUnit    CDATA #REQUIRED
  leftEarValue     CDATA #IMPLIED
  leftEarUnit      CDATA #IMPLIED
  leftEarMasked      CDATA #IMPLIED
  leftEarClampingRangeLowerBound   CDATA #IMPLIED
  leftEarClampingRangeUpperBound   CDATA #IMPLIED
  rightEarValue    CDATA #IMPLIED
  rightEarUnit     CDATA #IMPLIED
  rightEarMasked      CDATA #IMPLIED
  rightEarClampingRangeLowerBound  CDATA #IMPLIED
  rightEarClampingRangeUpperBound  CDATA #IMPLIED
>
<!ELEMENT VisionPrescription ((RightEye|LeftEye|Attachment|MetadataEntry)*)>
<!ATTLIST VisionPrescription
  type             CDATA #REQUIRED
  dateIssued       CDATA #REQUIRED
  expirationDate   CDATA #IMPLIED
  brand            CDATA #IMPLIED
>
<!ELEMENT RightEye EMPTY>
<!ATTLIST RightEye
  sphere           CDATA #IMPLIED
  sphereUnit       CDATA #IMPLIED
  cylinder         CDATA #IMPLIED
  cylinderUnit     CDATA #IMPLIED
  axis             CDATA #IMPLIED
  axisUnit         CDATA #IMPLIED
  add              CDATA #IMPLIED
  addUnit          CDATA #IMPLIED
  vertex           CDATA #IMPLIED
  vertexUnit       CDATA #IMPLIED
  prismAmount      CDATA #IMPLIED
  prismAmountUnit  CDATA #IMPLIED
  prismAngle       CDATA #IMPLIED
  prismAngleUnit   CDATA #IMPLIED
  farPD            CDATA #IMPLIED
  farPDUnit        CDATA #IMPLIED
  nearPD           CDATA #IMPLIED
  nearPDUnit       CDATA #IMPLIED
  baseCurve        CDATA #IMPLIED
  baseCurveUnit    CDATA #IMPLIED
  diameter         CDATA #IMPLIED
  diameterUnit     CDATA #IMPLIED
>
<!ELEMENT LeftEye EMPTY>
<!ATTLIST LeftEye
  sphere           CDATA #IMPLIED
  sphereUnit       CDATA #IMPLIED
  cylinder         CDATA #IMPLIED
  cylinderUnit     CDATA #IMPLIED
  axis             CDATA #IMPLIED
  axisUnit         CDATA #IMPLIED
  add              CDATA #IMPLIED
  addUnit          CDATA #IMPLIED
  vertex           CDATA #IMPLIED
  vertexUnit       CDATA #IMPLIED
  prismAmount      CDATA #IMPLIED
  prismAmountUnit  CDATA #IMPLIED
  prismAngle       CDATA #IMPLIED
  prismAngleUnit   CDATA #IMPLIED
  farPD            CDATA #IMPLIED
  farPDUnit        CDATA #IMPLIED
  nearPD           CDATA #IMPLIED
  nearPDUnit       CDATA #IMPLIED
  baseCurve        CDATA #IMPLIED
  baseCurveUnit    CDATA #IMPLIED
  diameter         CDATA #IMPLIED
  diameterUnit     CDATA #IMPLIED
>
<!ELEMENT Attachment EMPTY>
<!ATTLIST Attachment
  identifier       CDATA #IMPLIED
>
]>'''

OWNER = "Anna"
APOS = "\u2019"  # Apple writes a curly apostrophe in device names
WATCH = OWNER + APOS + "s Apple Watch"
PHONE = OWNER + APOS + "s iPhone"

# (first local day, watchOS, iOS)
OS_TIMELINE = [
    ("2015-01-01", "5.3", "12.4"),
    ("2019-09-19", "6.0", "13.1"),
    ("2020-01-28", "6.1.2", "13.3.1"),
    ("2020-05-20", "6.2.5", "13.5"),
    ("2020-09-16", "7.0", "14.0"),
    ("2021-01-26", "7.3", "14.4"),
    ("2021-05-24", "7.5", "14.6"),
    ("2021-09-20", "8.0", "15.0"),
    ("2022-01-26", "8.4", "15.3"),
    ("2022-05-16", "8.6", "15.5"),
    ("2022-09-12", "9.0", "16.0"),
    ("2023-01-23", "9.3", "16.3"),
    ("2023-05-18", "9.5", "16.5"),
    ("2023-09-18", "10.0", "17.0"),
    ("2023-10-25", "10.1", "17.1"),
    ("2024-01-22", "10.3", "17.3"),
    ("2024-05-13", "10.5", "17.5"),
    ("2024-09-16", "11.0", "18.0"),
    ("2025-01-27", "11.3", "18.3"),
    ("2025-05-12", "11.5", "18.5"),
    ("2025-09-15", "26.0", "26.0"),
    ("2025-11-03", "26.1", "26.1"),
    ("2026-03-01", "26.3", "26.3"),
]
# (first local day, watch hardware, iPhone hardware)
HW_TIMELINE = [
    ("2015-01-01", "Watch5,4", "iPhone12,1"),
    ("2020-10-02", "Watch6,1", "iPhone12,1"),
    ("2021-10-01", "Watch6,1", "iPhone14,2"),
    ("2023-10-06", "Watch7,3", "iPhone16,1"),
]

EPOCH_ORD = _dt.date(1970, 1, 1).toordinal()


def day_of(date_str):
    return _dt.date.fromisoformat(date_str).toordinal() - EPOCH_ORD


def parse_size(s):
    s = s.strip().upper().rstrip("B")
    mult = 1
    if s and s[-1] in "KMGT":
        mult = {"K": 10**3, "M": 10**6, "G": 10**9, "T": 10**12}[s[-1]]
        s = s[:-1]
    return int(float(s) * mult)


def parse_export_date(s):
    """'2025-11-20 08:00:00 +0100' -> (local wall seconds since 1970, '+0100')."""
    date, clock, off = s.split()
    dt = _dt.datetime.fromisoformat(date + "T" + clock)
    wall = int((dt - _dt.datetime(1970, 1, 1)).total_seconds())
    return wall, off


# --------------------------------------------------------------------------
# Time zone model: offsets change with DST, decided per local day.
# --------------------------------------------------------------------------

def _nth_sunday(year, month, n):
    """n-th Sunday (n=-1: last) of a month, as a date."""
    if n > 0:
        d = _dt.date(year, month, 1)
        d += _dt.timedelta(days=(6 - d.weekday()) % 7)
        return d + _dt.timedelta(weeks=n - 1)
    nxt = _dt.date(year + (month == 12), month % 12 + 1, 1)
    d = nxt - _dt.timedelta(days=1)
    return d - _dt.timedelta(days=(d.weekday() - 6) % 7)


class TZ:
    def __init__(self, export_offset):
        o = export_offset
        if o in ("+0100", "+0200"):
            self.name, self.std, self.dst, self.rule = "Europe/Berlin", "+0100", "+0200", "eu"
        elif o in ("+0000",):
            self.name, self.std, self.dst, self.rule = "Europe/London", "+0000", "+0100", "eu"
        elif o in ("-0500", "-0400"):
            self.name, self.std, self.dst, self.rule = "America/New_York", "-0500", "-0400", "us"
        elif o in ("-0800", "-0700"):
            self.name, self.std, self.dst, self.rule = "America/Los_Angeles", "-0800", "-0700", "us"
        else:
            sign = "-" if o[0] == "+" else "+"  # Etc/GMT signs are inverted
            self.name, self.std, self.dst, self.rule = "Etc/GMT%s%d" % (sign, int(o[1:3])), o, o, None
        self._years = {}

    def offset(self, day):
        if self.rule is None:
            return self.std
        date = _dt.date.fromordinal(day + EPOCH_ORD)
        y = date.year
        if y not in self._years:
            if self.rule == "eu":
                self._years[y] = (_nth_sunday(y, 3, -1), _nth_sunday(y, 10, -1))
            else:
                self._years[y] = (_nth_sunday(y, 3, 2), _nth_sunday(y, 11, 1))
        a, b = self._years[y]
        return self.dst if a <= date < b else self.std


# --------------------------------------------------------------------------
# Fast timestamp formatting: local wall seconds -> 'yyyy-MM-dd HH:mm:ss +HHMM'
# --------------------------------------------------------------------------

TOD = ["%02d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60) for s in range(86400)]
DP = {}   # day -> 'yyyy-MM-dd '
DS = {}   # day -> ' +HHMM'
DATE = {}  # day -> 'yyyy-MM-dd'


def prepare_days(tz, first, last):
    for d in range(first, last + 1):
        if d not in DP:
            iso = _dt.date.fromordinal(d + EPOCH_ORD).isoformat()
            DATE[d] = iso
            DP[d] = iso + " "
            DS[d] = " " + tz.offset(d)


def ts(t):
    d = t // 86400
    return DP[d] + TOD[t - d * 86400] + DS[d]


def clock12(sec):
    """Seconds of day (float) -> en_US time as Apple writes HRV beats: 6:14:48.94 PM."""
    cs = int(sec * 100) % 8640000
    s, c = divmod(cs, 100)
    h, rem = divmod(s, 3600)
    m, s = divmod(rem, 60)
    return beat_time_12h(h, m, s, c)


NUM = [str(i) for i in range(2000)]


def uuid4(rng):
    h = "%032X" % rng.getrandbits(128)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], "89AB"[int(h[16], 16) & 3], h[17:20], h[20:])


# --------------------------------------------------------------------------
# The synthetic person
# --------------------------------------------------------------------------

class Person:
    def __init__(self, seed, tz, shape="generator"):
        self.seed = seed
        self.tz = tz
        self.realistic = shape == "realistic"
        self._os = [(day_of(a), w, i) for a, w, i in OS_TIMELINE]
        self._hw = [(day_of(a), w, i) for a, w, i in HW_TIMELINE]
        self._cache = {}

    def rng(self, group, day):
        return random.Random("%d/%s/%d" % (self.seed, group, day))

    def _lookup(self, table, day):
        cur = table[0]
        for row in table:
            if row[0] <= day:
                cur = row
            else:
                break
        return cur

    def watch(self, day, rng):
        """(sourceVersion, device description, unescaped) of the Watch on a day."""
        since, wos, _ = self._lookup(self._os, day)
        _, whw, _ = self._lookup(self._hw, day)
        dev = hkdevice("0x%09x" % (0x280000000 + rng.getrandbits(28)), "Apple Watch", "Apple Inc.", "Watch",
                       whw, wos, self._creation(since, whw))
        return wos, dev

    def phone(self, day, rng):
        since, _, ios = self._lookup(self._os, day)
        _, _, phw = self._lookup(self._hw, day)
        dev = hkdevice("0x%09x" % (0x280000000 + rng.getrandbits(28)), "iPhone", "Apple Inc.", "iPhone",
                       phw, ios, self._creation(since, phw))
        return ios, dev

    def _creation(self, since, hardware):
        """The `creation date` that iOS 15 and later add to a device description (realistic shape), or None."""
        if not self.realistic or since < day_of("2021-09-20"):
            return None
        second = zlib.crc32(("%s/%d" % (hardware, since)).encode()) % 86400
        return "%s %s +0000" % (_dt.date.fromordinal(since + 3 + EPOCH_ORD).isoformat(), TOD[second])

    # ---- day schedules shared by several groups (cached, deterministic) ----

    def sleep(self, day):
        """The night that ends on the morning of `day`: (bed, wake, stages)."""
        key = ("sleep", day)
        c = self._cache.get(key)
        if c is not None:
            return c
        r = self.rng("night", day)
        base = day * 86400
        weekend = _dt.date.fromordinal(day + EPOCH_ORD).weekday() >= 5
        bed = base - 5400 + int(r.random() * 7200)           # 22:30 .. 00:30
        wake = base + 6 * 3600 + 900 + int(r.random() * 5400) + (3600 if weekend else 0)
        stages = []
        t = bed + 300 + int(r.random() * 1200)               # falling asleep
        while t < wake - 600:
            for stage, lo, hi in (("AsleepCore", 600, 2700), ("AsleepDeep", 300, 1800),
                                  ("AsleepCore", 300, 1500), ("AsleepREM", 300, 2100)):
                dur = lo + int(r.random() * (hi - lo))
                e = min(t + dur, wake)
                if e - t >= 60:
                    stages.append((t, e, stage))
                t = e
                if t >= wake:
                    break
            if t < wake and r.random() < 0.45:
                dur = 30 + int(r.random() * 300)
                e = min(t + dur, wake)
                stages.append((t, e, "Awake"))
                t = e
        c = (bed, wake, stages)
        self._cache[key] = c
        return c

    def workouts(self, day):
        """Workouts starting on `day`: list of dicts, in time order."""
        key = ("workouts", day)
        c = self._cache.get(key)
        if c is not None:
            return c
        r = self.rng("workoutplan", day)
        out = []
        n = 0
        x = r.random()
        if x < 0.72:
            n = 1
        if x < 0.12:
            n = 2
        slots = [7 * 3600 + 1800, 18 * 3600]
        for i in range(n):
            kind = r.choices(WORKOUT_KINDS, WORKOUT_WEIGHTS)[0]
            start = day * 86400 + slots[i] + int(r.random() * 5400)
            dur = int(kind[2] + r.random() * kind[3])
            out.append({"kind": kind, "start": start, "end": start + dur, "dur": dur,
                        "hr": kind[4] + int(r.random() * 20)})
        self._cache[key] = out
        if len(self._cache) > 20000:
            self._cache.clear()
            self._cache[key] = out
        return out


# (activity type, outdoor route?, min seconds, extra seconds, mean HR, km/h, kcal/min)
WORKOUT_KINDS = [
    ("HKWorkoutActivityTypeRunning", True, 1500, 2400, 142, 10.5, 11.5),
    ("HKWorkoutActivityTypeWalking", True, 1800, 3600, 104, 5.2, 5.0),
    ("HKWorkoutActivityTypeCycling", True, 2400, 4200, 128, 22.0, 9.0),
    ("HKWorkoutActivityTypeTraditionalStrengthTraining", False, 1800, 2400, 112, 0, 6.0),
    ("HKWorkoutActivityTypeHighIntensityIntervalTraining", False, 900, 1500, 148, 0, 12.0),
    ("HKWorkoutActivityTypeYoga", False, 1800, 1800, 92, 0, 3.5),
]
WORKOUT_WEIGHTS = [30, 25, 15, 15, 8, 7]


# --------------------------------------------------------------------------
# Record groups.  Each function appends the complete lines of one group for one
# local day to `out`, keeping only elements created at or before `cut`.
# --------------------------------------------------------------------------

def _rec_head(typ, source, version, device, unit):
    return (' <Record' + xml_attrs([("type", typ), ("sourceName", source), ("sourceVersion", version),
                                    ("device", device), ("unit", unit)]) + ' creationDate="')


def g_heart_rate(P, d, out, cut):
    r = P.rng("HeartRate", d)
    ver, dev = P.watch(d, r)
    head = _rec_head("HKQuantityTypeIdentifierHeartRate", WATCH, ver, dev, "count/min")
    base = d * 86400
    end_day = base + 86400
    _, wake, _ = P.sleep(d)
    bed_next, _, _ = P.sleep(d + 1)
    wks = P.workouts(d)
    rand = r.random
    t = base + int(rand() * 240)
    wi = 0
    while t < end_day:
        w = wks[wi] if wi < len(wks) else None
        if w is not None and t >= w["start"]:
            # dense sampling during a workout, saved when the workout ends
            hr = w["hr"]
            wct = w["end"] + 8 + int(rand() * 30)
            c = ts(wct)
            if wct <= cut:
                tt = w["start"] + 3
                while tt < w["end"]:
                    s = ts(tt)
                    v = hr + int(rand() * 24) - 12
                    out.append(f'{head}{c}" startDate="{s}" endDate="{s}" value="{NUM[v]}"/>\n')
                    tt += 4 + int(rand() * 4)
            else:
                tt = w["start"]
                while tt < w["end"]:
                    rand()
                    tt += 4 + int(rand() * 4)
            t = w["end"] + 60 + int(rand() * 240)
            wi += 1
            continue
        asleep = t < wake or t >= bed_next
        if asleep:
            v = 50 + int(rand() * 14)
            step = 240 + int(rand() * 420)
            ctx = "1"
        else:
            x = rand()
            v = 60 + int(x * x * 55)
            step = 120 + int(rand() * 420)
            ctx = "1" if x < 0.55 else ("2" if x > 0.9 else "0")
        ct = t + 30 + int(rand() * 400)
        if ct <= cut:
            s = ts(t)
            out.append(f'{head}{ts(ct)}" startDate="{s}" endDate="{s}" value="{NUM[v]}">\n'
                       f'  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="{ctx}"/>\n'
                       ' </Record>\n')
        t += step


def _interval_series(P, d, out, cut, group, typ, unit, who, per_day, min_len, max_len,
                     value_fn, awake_only=True, creation_lag=(20, 600)):
    """Generic quantity samples over short intervals spread over the waking day."""
    r = P.rng(group, d)
    if who == "watch":
        ver, dev = P.watch(d, r)
        src = WATCH
    else:
        ver, dev = P.phone(d, r)
        src = PHONE
    head = _rec_head(typ, src, ver, dev, unit)
    base = d * 86400
    _, wake, _ = P.sleep(d)
    bed_next, _, _ = P.sleep(d + 1)
    lo, hi = (wake, min(bed_next, base + 86400)) if awake_only else (base, base + 86400)
    span = max(hi - lo, 3600)
    n = int(per_day * (0.7 + 0.6 * r.random()))
    mean_gap = span / max(n, 1)
    rand = r.random
    t = lo + int(rand() * mean_gap)
    lag0, lagr = creation_lag[0], creation_lag[1] - creation_lag[0]
    while t < hi:
        ln = min_len + int(rand() * (max_len - min_len))
        e = t + ln
        ct = e + lag0 + int(rand() * lagr)
        v = value_fn(rand, ln)
        if ct <= cut:
            out.append(f'{head}{ts(ct)}" startDate="{ts(t)}" endDate="{ts(e)}" value="{v}"/>\n')
        t = e + int(rand() * 2 * mean_gap)


def g_active_energy(P, d, out, cut):
    _interval_series(P, d, out, cut, "ActiveEnergy", "HKQuantityTypeIdentifierActiveEnergyBurned",
                     "Cal", "watch", 420, 40, 120, lambda rand, ln: "%.3f" % (ln * (0.002 + rand() * 0.03)))


def g_basal_energy(P, d, out, cut):
    _interval_series(P, d, out, cut, "BasalEnergy", "HKQuantityTypeIdentifierBasalEnergyBurned",
                     "Cal", "watch", 300, 200, 400, lambda rand, ln: "%.3f" % (ln * (0.0040 + rand() * 0.0012)),
                     awake_only=False)


def g_steps(P, d, out, cut):
    # both the iPhone and the Watch write steps; Apple lists them in time order
    lines = []
    _interval_series(P, d, lines, cut, "StepsPhone", "HKQuantityTypeIdentifierStepCount", "count", "phone",
                     110, 60, 600, lambda rand, ln: NUM[5 + int(rand() * ln * 1.6) % 1900])
    _interval_series(P, d, lines, cut, "StepsWatch", "HKQuantityTypeIdentifierStepCount", "count", "watch",
                     120, 60, 600, lambda rand, ln: NUM[5 + int(rand() * ln * 1.6) % 1900])
    _merge_by_start(lines, out)


def g_distance(P, d, out, cut):
    lines = []
    _interval_series(P, d, lines, cut, "DistPhone", "HKQuantityTypeIdentifierDistanceWalkingRunning", "km",
                     "phone", 110, 60, 600, lambda rand, ln: repr(round(rand() * ln * 0.0011, 6)))
    _interval_series(P, d, lines, cut, "DistWatch", "HKQuantityTypeIdentifierDistanceWalkingRunning", "km",
                     "watch", 120, 60, 600, lambda rand, ln: repr(round(rand() * ln * 0.0011, 6)))
    _merge_by_start(lines, out)


def g_flights(P, d, out, cut):
    lines = []
    _interval_series(P, d, lines, cut, "FlightsPhone", "HKQuantityTypeIdentifierFlightsClimbed", "count",
                     "phone", 9, 10, 120, lambda rand, ln: NUM[1 + int(rand() * 3)])
    _interval_series(P, d, lines, cut, "FlightsWatch", "HKQuantityTypeIdentifierFlightsClimbed", "count",
                     "watch", 8, 10, 120, lambda rand, ln: NUM[1 + int(rand() * 3)])
    _merge_by_start(lines, out)


def _merge_by_start(lines, out):
    # the startDate attribute follows creationDate; sort on the wall-clock text,
    # which sorts correctly within a day (offsets only change between days)
    lines.sort(key=lambda s: s[s.index('startDate="') + 11:s.index('startDate="') + 30])
    out.extend(lines)


def g_walking_speed(P, d, out, cut):
    _interval_series(P, d, out, cut, "WalkingSpeed", "HKQuantityTypeIdentifierWalkingSpeed", "km/hr",
                     "phone", 35, 10, 60, lambda rand, ln: "%.2f" % (3.6 + rand() * 2.2))


def g_env_audio(P, d, out, cut):
    _interval_series(P, d, out, cut, "EnvAudio", "HKQuantityTypeIdentifierEnvironmentalAudioExposure",
                     "dBASPL", "watch", 45, 300, 1800, lambda rand, ln: "%.4f" % (48 + rand() * 30))


def g_stand_time(P, d, out, cut):
    _interval_series(P, d, out, cut, "StandTime", "HKQuantityTypeIdentifierAppleStandTime", "min",
                     "watch", 60, 60, 300, lambda rand, ln: NUM[max(1, ln // 60)])


def g_exercise_time(P, d, out, cut):
    r = P.rng("ExerciseTime", d)
    ver, dev = P.watch(d, r)
    head = _rec_head("HKQuantityTypeIdentifierAppleExerciseTime", WATCH, ver, dev, "min")
    lines = []
    for w in P.workouts(d):
        t = w["start"]
        while t + 60 <= w["end"]:
            ct = t + 60 + 5 + int(r.random() * 60)
            if ct <= cut:
                lines.append((t, f'{head}{ts(ct)}" startDate="{ts(t)}" endDate="{ts(t + 60)}" value="1"/>\n'))
            t += 60
    # brisk walks outside workouts
    _, wake, _ = P.sleep(d)
    for _ in range(int(r.random() * 15)):
        t = wake + 3600 + int(r.random() * 12 * 3600)
        ct = t + 70 + int(r.random() * 60)
        if ct <= cut and not any(w["start"] <= t < w["end"] for w in P.workouts(d)):
            lines.append((t, f'{head}{ts(ct)}" startDate="{ts(t)}" endDate="{ts(t + 60)}" value="1"/>\n'))
    lines.sort(key=lambda x: x[0])
    out.extend(x[1] for x in lines)


def g_sleep(P, d, out, cut):
    r = P.rng("Sleep", d)
    bed, wake, stages = P.sleep(d)
    wver, wdev = P.watch(d, r)
    pver, pdev = P.phone(d, r)
    tzmeta = '  <MetadataEntry key="HKTimeZone" value="%s"/>\n </Record>\n' % P.tz.name
    created = wake + 120 + int(r.random() * 600)
    if created > cut:
        return
    c = ts(created)
    lines = []
    # the iPhone's Sleep Focus "in bed" interval
    ib = bed - 600 - int(r.random() * 900)
    lines.append((ib, 0, _rec_head("HKCategoryTypeIdentifierSleepAnalysis", PHONE, pver, pdev, None) +
                  f'{c}" startDate="{ts(ib)}" endDate="{ts(wake + int(r.random() * 900))}" '
                  'value="HKCategoryValueSleepAnalysisInBed"/>\n'))
    head = _rec_head("HKCategoryTypeIdentifierSleepAnalysis", WATCH, wver, wdev, None)
    for s, e, stage in stages:
        lines.append((s, 1, f'{head}{c}" startDate="{ts(s)}" endDate="{ts(e)}" '
                      f'value="HKCategoryValueSleepAnalysis{stage}">\n' + tzmeta))
    lines.sort(key=lambda x: (x[0], x[1]))
    out.extend(x[2] for x in lines)


def g_respiratory(P, d, out, cut):
    r = P.rng("Respiratory", d)
    ver, dev = P.watch(d, r)
    head = _rec_head("HKQuantityTypeIdentifierRespiratoryRate", WATCH, ver, dev, "count/min")
    bed, wake, _ = P.sleep(d)
    t = bed + 900 + int(r.random() * 600)
    ct = wake + 60 + int(r.random() * 900)
    c = ts(ct)
    while t < wake - 300:
        e = t + 30 + int(r.random() * 180)
        v = "%.1f" % (12 + int(r.random() * 12) * 0.5)
        if ct <= cut:
            out.append(f'{head}{c}" startDate="{ts(t)}" endDate="{ts(e)}" value="{v}"/>\n')
        t += 900 + int(r.random() * 900)


def g_oxygen(P, d, out, cut):
    r = P.rng("Oxygen", d)
    ver, dev = P.watch(d, r)
    head = _rec_head("HKQuantityTypeIdentifierOxygenSaturation", WATCH, ver, dev, "%")
    base = d * 86400
    t = base + int(r.random() * 3600)
    while t < base + 86400:
        ct = t + 40 + int(r.random() * 900)
        v = "%.2f" % (0.93 + int(r.random() * 7) * 0.01)
        pres = "%.2f kPa" % (99.5 + r.random() * 3)
        if ct <= cut:
            s = ts(t)
            out.append(f'{head}{ts(ct)}" startDate="{s}" endDate="{s}" value="{v}">\n'
                       f'  <MetadataEntry key="HKMetadataKeyBarometricPressure" value="{pres}"/>\n </Record>\n')
        t += 3600 + int(r.random() * 5400)


def g_hrv(P, d, out, cut):
    r = P.rng("HRV", d)
    ver, dev = P.watch(d, r)
    head = _rec_head("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", WATCH, ver, dev, "ms")
    base = d * 86400
    t = base + 1800 + int(r.random() * 7200)
    while t < base + 86400 - 120:
        nbeats = 60 + int(r.random() * 41)
        bpm0 = 55 + int(r.random() * 25)
        parts = []
        tt = float(t - base) + r.random()
        for _ in range(nbeats):
            bpm = bpm0 + int(r.random() * 9) - 4
            parts.append(f'   <InstantaneousBeatsPerMinute bpm="{NUM[bpm]}" time="{clock12(tt)}"/>\n')
            tt += 60.0 / bpm
        e = base + int(tt) + 1
        ct = e + 5 + int(r.random() * 120)
        if ct <= cut:
            out.append(f'{head}{ts(ct)}" startDate="{ts(t)}" endDate="{ts(e)}" value="{25 + r.random() * 50:.4f}">\n'
                       '  <HeartRateVariabilityMetadataList>\n' + "".join(parts) +
                       '  </HeartRateVariabilityMetadataList>\n </Record>\n')
        t += 7200 + int(r.random() * 10800)


def g_resting_hr(P, d, out, cut):
    r = P.rng("RestingHR", d)
    ver, dev = P.watch(d, r)
    base = d * 86400
    s = base + int(r.random() * 600)
    e = base + 86400 - 60 - int(r.random() * 3000)
    ct = e + 2 + int(r.random() * 600)
    if ct <= cut:
        out.append(_rec_head("HKQuantityTypeIdentifierRestingHeartRate", WATCH, ver, dev, "count/min") +
                   f'{ts(ct)}" startDate="{ts(s)}" endDate="{ts(e)}" value="{NUM[52 + int(r.random() * 10)]}">\n'
                   '  <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>\n'
                   f'  <MetadataEntry key="HKMetadataKeySyncIdentifier" value="{uuid4(r)}"/>\n </Record>\n')


def g_walking_hr(P, d, out, cut):
    r = P.rng("WalkingHR", d)
    ver, dev = P.watch(d, r)
    base = d * 86400
    s = base + 6 * 3600 + int(r.random() * 7200)
    e = base + 86400 - 60 - int(r.random() * 3000)
    ct = e + 2 + int(r.random() * 600)
    if ct <= cut:
        out.append(_rec_head("HKQuantityTypeIdentifierWalkingHeartRateAverage", WATCH, ver, dev, "count/min") +
                   f'{ts(ct)}" startDate="{ts(s)}" endDate="{ts(e)}" value="{NUM[95 + int(r.random() * 20)]}">\n'
                   '  <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>\n'
                   f'  <MetadataEntry key="HKMetadataKeySyncIdentifier" value="{uuid4(r)}"/>\n </Record>\n')


def g_stand_hour(P, d, out, cut):
    r = P.rng("StandHour", d)
    ver, dev = P.watch(d, r)
    head = _rec_head("HKCategoryTypeIdentifierAppleStandHour", WATCH, ver, dev, None)
    base = d * 86400
    _, wake, _ = P.sleep(d)
    h0 = (wake - base) // 3600 + 1
    for h in range(h0, 23):
        s = base + h * 3600
        ct = s + 3600 + int(r.random() * 300)
        v = "Stood" if r.random() < 0.8 else "Idle"
        if ct <= cut:
            out.append(f'{head}{ts(ct)}" startDate="{ts(s)}" endDate="{ts(s + 3600)}" '
                       f'value="HKCategoryValueAppleStandHour{v}"/>\n')


def g_body_mass(P, d, out, cut):
    r = P.rng("BodyMass", d)
    if r.random() > 0.45:
        return
    base = d * 86400
    _, wake, _ = P.sleep(d)
    t = wake + 300 + int(r.random() * 1800)
    kg = 64.0 + 2.5 * ((d % 365) / 365.0) + r.random() * 0.8
    if r.random() < 0.8:
        ct = t + 10 + int(r.random() * 3600)
        if ct <= cut:
            dev = hkdevice("0x%09x" % (0x280000000 + r.getrandbits(28)), "Body+", "Withings", "WBS05")
            out.append(_rec_head("HKQuantityTypeIdentifierBodyMass", "Health Mate", "6100300", dev, "kg") +
                       f'{ts(ct)}" startDate="{ts(t)}" endDate="{ts(t)}" value="{kg:.2f}"/>\n')
    else:
        ct = t + 30
        if ct <= cut:
            ver, _ = P.phone(d, r)
            out.append(_rec_head("HKQuantityTypeIdentifierBodyMass", PHONE, ver, None, "lb") +
                       f'{ts(ct)}" startDate="{ts(t)}" endDate="{ts(t)}" value="{kg * 2.20462:.1f}">\n'
                       '  <MetadataEntry key="HKWasUserEntered" value="1"/>\n </Record>\n')


# ---- correlations: blood pressure and food, whose Records also appear at top level ----

BP_DEV = hkdevice("0x%09x", "BPM Connect", "Withings", "BPM Connect")


def bp_readings(P, d):
    r = P.rng("BloodPressure", d)
    if r.random() > 0.12:
        return []
    t = d * 86400 + 7 * 3600 + int(r.random() * 14 * 3600)
    ct = t + 20 + int(r.random() * 1800)
    dev = BP_DEV % (0x280000000 + r.getrandbits(28))
    sys_v = 112 + int(r.random() * 22)
    dia_v = 70 + int(r.random() * 14)
    return [(t, ct, dev, sys_v, dia_v)]


def _bp_record(typ, dev, c, s, v, indent):
    return (indent + _rec_head(typ, "Health Mate", "6100300", dev, "mmHg")[1:] +
            f'{c}" startDate="{s}" endDate="{s}" value="{NUM[v]}"/>\n')


def g_bp_systolic(P, d, out, cut):
    for t, ct, dev, sv, dv in bp_readings(P, d):
        if ct <= cut:
            out.append(_bp_record("HKQuantityTypeIdentifierBloodPressureSystolic", dev, ts(ct), ts(t), sv, " "))


def g_bp_diastolic(P, d, out, cut):
    for t, ct, dev, sv, dv in bp_readings(P, d):
        if ct <= cut:
            out.append(_bp_record("HKQuantityTypeIdentifierBloodPressureDiastolic", dev, ts(ct), ts(t), dv, " "))


MEALS = [("Breakfast", 7 * 3600 + 1800), ("Lunch", 12 * 3600 + 1800), ("Dinner", 19 * 3600)]
NUTRIENTS = [  # (type, unit, share of kcal -> amount)
    ("HKQuantityTypeIdentifierDietaryFatTotal", "g", 0.33 / 9),
    ("HKQuantityTypeIdentifierDietaryCarbohydrates", "g", 0.47 / 4),
    ("HKQuantityTypeIdentifierDietaryProtein", "g", 0.20 / 4),
    ("HKQuantityTypeIdentifierDietaryEnergyConsumed", "kcal", 1.0),
]


def meals(P, d):
    r = P.rng("Food", d)
    if r.random() > 0.3:
        return []
    out = []
    for name, at in MEALS:
        if r.random() < 0.15:
            continue
        t = d * 86400 + at           # MyFitnessPal logs meals at fixed times
        ct = t + 600 + int(r.random() * 3 * 3600)
        kcal = 350 + r.random() * 600
        out.append((name, t, ct, kcal))
    return out


def _food_record(typ, unit, amount, c, s, meal, indent):
    return (f'{indent}<Record type="{typ}" sourceName="MyFitnessPal" sourceVersion="35120" unit="{unit}" '
            f'creationDate="{c}" startDate="{s}" endDate="{s}" value="{amount:.4g}">\n'
            f'{indent} <MetadataEntry key="meal" value="{meal}"/>\n{indent}</Record>\n')


def _make_food_group(idx):
    typ, unit, k = NUTRIENTS[idx]

    def g(P, d, out, cut):
        for name, t, ct, kcal in meals(P, d):
            if ct <= cut:
                out.append(_food_record(typ, unit, kcal * k, ts(ct), ts(t), name, " "))
    return g


def g_correlations(P, d, out, cut):
    items = []
    for t, ct, dev, sv, dv in bp_readings(P, d):
        if ct > cut:
            continue
        c, s = ts(ct), ts(t)
        items.append((t, f' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Health Mate" '
                         f'sourceVersion="6100300" device="{esc(dev)}" creationDate="{c}" startDate="{s}" endDate="{s}">\n'
                      + _bp_record("HKQuantityTypeIdentifierBloodPressureDiastolic", dev, c, s, dv, "  ")
                      + _bp_record("HKQuantityTypeIdentifierBloodPressureSystolic", dev, c, s, sv, "  ")
                      + ' </Correlation>\n'))
    for name, t, ct, kcal in meals(P, d):
        if ct > cut:
            continue
        c, s = ts(ct), ts(t)
        body = "".join(_food_record(typ, unit, kcal * k, c, s, name, "  ") for typ, unit, k in NUTRIENTS)
        items.append((t, f' <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="MyFitnessPal" '
                         f'sourceVersion="35120" creationDate="{c}" startDate="{s}" endDate="{s}">\n'
                         f'  <MetadataEntry key="meal" value="{name}"/>\n' + body + ' </Correlation>\n'))
    items.sort(key=lambda x: x[0])
    out.extend(x[1] for x in items)


def _route_name(t):
    d = t // 86400
    sec = t - d * 86400
    h, m = sec // 3600, sec // 60 % 60
    return "/workout-routes/route_%s_%d.%02d%s.gpx" % (DATE[d], h % 12 or 12, m, "am" if h < 12 else "pm")


def g_workouts(P, d, out, cut):
    r = P.rng("Workout", d)
    ver, dev = P.watch(d, r)
    for w in P.workouts(d):
        kind = w["kind"]
        name, outdoor, _, _, _, kmh, kcal_min = kind
        s, e, dur = w["start"], w["end"], w["dur"]
        ct = e + 5 + int(r.random() * 20)
        mins = (dur + int(r.random() * 1e6) / 1e6) / 60.0
        # all random draws happen before the cutoff test so later days don't shift
        energy = mins * kcal_min * (0.85 + r.random() * 0.3)
        basal = mins * 1.1 * (0.9 + r.random() * 0.2)
        dist = kmh * dur / 3600.0 * (0.9 + r.random() * 0.2) if kmh else 0.0
        steps = dist * 1350 if name != "HKWorkoutActivityTypeCycling" else 0
        temp = 35 + r.random() * 50
        hum = 3000 + int(r.random() * 6500)
        asc = int(r.random() * 9000)
        act_uuid = uuid4(r)
        route_uuid = uuid4(r)
        pause = r.random() < 0.3
        pause_at = s + int(dur * (0.3 + r.random() * 0.4))
        hr = w["hr"]
        hr_min = hr - 25 - int(r.random() * 10)
        hr_max = hr + 15 + int(r.random() * 15)
        if ct > cut:
            continue
        S, E, C = ts(s), ts(e), ts(ct)
        L = [f' <Workout workoutActivityType="{name}" duration="{mins!r}" durationUnit="min" '
             f'sourceName="{WATCH}" sourceVersion="{ver}" device="{esc(dev)}" creationDate="{C}" '
             f'startDate="{S}" endDate="{E}">\n',
             f'  <MetadataEntry key="HKIndoorWorkout" value="{0 if outdoor else 1}"/>\n',
             f'  <MetadataEntry key="HKTimeZone" value="{P.tz.name}"/>\n']
        if outdoor:
            L.append(f'  <MetadataEntry key="HKWeatherTemperature" value="{temp:.4f} degF"/>\n')
            L.append(f'  <MetadataEntry key="HKWeatherHumidity" value="{hum} %"/>\n')
            L.append(f'  <MetadataEntry key="HKElevationAscended" value="{asc} cm"/>\n')
        L.append(f'  <MetadataEntry key="HKAverageMETs" value="{energy / mins / 1.1:.5g} kcal/hr·kg"/>\n')
        segs = []
        events = []
        if dist >= 1.0:
            per_km = dur / dist
            k = 0
            while (k + 1) * per_km <= dur:
                at = s + int(k * per_km)
                line = (f'  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="{ts(at)}" '
                        f'duration="{per_km / 60.0!r}" durationUnit="min"/>\n')
                segs.append(line)
                events.append((at, 0, line))
                k += 1
        if pause:
            events.append((pause_at, 1, f'  <WorkoutEvent type="HKWorkoutEventTypePause" date="{ts(pause_at)}"/>\n'))
            events.append((pause_at + 90, 1,
                           f'  <WorkoutEvent type="HKWorkoutEventTypeResume" date="{ts(pause_at + 90)}"/>\n'))
        events.sort(key=lambda x: (x[0], x[1]))
        L.extend(x[2] for x in events)
        stats = [("HKQuantityTypeIdentifierActiveEnergyBurned", f'sum="{energy:.6g}" unit="Cal"'),
                 ("HKQuantityTypeIdentifierBasalEnergyBurned", f'sum="{basal:.6g}" unit="Cal"'),
                 ("HKQuantityTypeIdentifierHeartRate",
                  f'average="{hr + 0.37:.6g}" minimum="{hr_min}" maximum="{hr_max}" unit="count/min"')]
        if dist:
            dt = ("HKQuantityTypeIdentifierDistanceCycling" if name == "HKWorkoutActivityTypeCycling"
                  else "HKQuantityTypeIdentifierDistanceWalkingRunning")
            stats.append((dt, f'sum="{dist:.6g}" unit="km"'))
        if steps:
            stats.append(("HKQuantityTypeIdentifierStepCount", f'sum="{steps:.6g}" unit="count"'))
        L.append(f'  <WorkoutActivity uuid="{act_uuid}" startDate="{S}" endDate="{E}" '
                 f'duration="{mins!r}" durationUnit="min">\n')
        L.extend(segs and [x.replace("  <", "   <", 1) for x in segs[:3]])
        for typ, attrs in stats:
            L.append(f'   <WorkoutStatistics type="{typ}" startDate="{S}" endDate="{E}" {attrs}/>\n')
        L.append(f'   <MetadataEntry key="HKIndoorWorkout" value="{0 if outdoor else 1}"/>\n')
        L.append('  </WorkoutActivity>\n')
        for typ, attrs in stats:
            L.append(f'  <WorkoutStatistics type="{typ}" startDate="{S}" endDate="{E}" {attrs}/>\n')
        if outdoor:
            L.append(f'  <WorkoutRoute sourceName="{WATCH}" sourceVersion="{ver}" creationDate="{ts(ct + 6)}" '
                     f'startDate="{S}" endDate="{E}">\n'
                     '   <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>\n'
                     f'   <MetadataEntry key="HKMetadataKeySyncIdentifier" value="{route_uuid}"/>\n'
                     f'   <FileReference path="{_route_name(e)}"/>\n'
                     '  </WorkoutRoute>\n')
        L.append(' </Workout>\n')
        out.append("".join(L))


def g_activity_summary(P, d, out, cut):
    r = P.rng("ActivitySummary", d)
    if d * 86400 > cut:
        return
    goal = 600 if d % 400 < 200 else 650
    out.append(f' <ActivitySummary dateComponents="{DATE[d]}" activeEnergyBurned="{250 + r.random() * 650:.6g}" '
               f'activeEnergyBurnedGoal="{goal}" activeEnergyBurnedUnit="Cal" appleMoveTime="0" appleMoveTimeGoal="0" '
               f'appleExerciseTime="{NUM[5 + int(r.random() * 80)]}" appleExerciseTimeGoal="30" '
               f'appleStandHours="{NUM[6 + int(r.random() * 10)]}" appleStandHoursGoal="12"/>\n')


# Apple writes Records grouped by type (roughly in HealthKit type-code order),
# then Correlations, Workouts and ActivitySummaries.
GROUPS = [
    ("BodyMass", g_body_mass),
    ("HeartRate", g_heart_rate),
    ("StepCount", g_steps),
    ("DistanceWalkingRunning", g_distance),
    ("BasalEnergyBurned", g_basal_energy),
    ("ActiveEnergyBurned", g_active_energy),
    ("FlightsClimbed", g_flights),
    ("OxygenSaturation", g_oxygen),
    ("BloodPressureSystolic", g_bp_systolic),
    ("BloodPressureDiastolic", g_bp_diastolic),
    ("DietaryFatTotal", _make_food_group(0)),
    ("DietaryCarbohydrates", _make_food_group(1)),
    ("DietaryProtein", _make_food_group(2)),
    ("DietaryEnergyConsumed", _make_food_group(3)),
    ("RespiratoryRate", g_respiratory),
    ("SleepAnalysis", g_sleep),
    ("AppleStandHour", g_stand_hour),
    ("AppleExerciseTime", g_exercise_time),
    ("RestingHeartRate", g_resting_hr),
    ("WalkingHeartRateAverage", g_walking_hr),
    ("HeartRateVariabilitySDNN", g_hrv),
    ("EnvironmentalAudioExposure", g_env_audio),
    ("WalkingSpeed", g_walking_speed),
    ("AppleStandTime", g_stand_time),
    ("Correlation", g_correlations),
    ("Workout", g_workouts),
    ("ActivitySummary", g_activity_summary),
]



# --------------------------------------------------------------------------
# The realistic shape (--shape realistic): what real exports have and the
# default shape leaves out.  Every device description carries its own memory
# address (a real iOS 11 export has 51,174 distinct device strings in 57,344
# records), and records come from many third-party apps, each with its own
# versions over time, devices and metadata keys (names taken from real exports).
# --------------------------------------------------------------------------

ADDRESS_MARK = "HKDevice: 0x"


def readdress(item, seed):
    """`item` with a fresh address in each device description, derived from the item's own text
    (so an element reappears byte for byte in a newer export) and the seed.  Addresses keep
    their nine hex digits, so sizes do not change."""
    parts = item.split(ADDRESS_MARK)
    if len(parts) == 1:
        return item
    h = zlib.crc32(item.encode("utf-8"), seed)
    out = [parts[0]]
    for k in range(1, len(parts)):
        h = zlib.crc32(NUM[k].encode(), h)
        out.append(ADDRESS_MARK + "%09x" % (0x280000000 | (h & 0x0FFFFFF0)) + parts[k][9:])
    return "".join(out)


def _dotted(major, minor):
    """An app version that moves on every month: 4.2.0, 4.3.1, ..."""
    return lambda month: "%d.%d.%d" % (major + month // 12, (minor + month) % 12, month % 3)


def _build(base, step):
    """An app version that is a build number: 4716, 4719, ..."""
    return lambda month: str(base + month * step)


def _device(name, manufacturer, model, rest=""):
    """A device description whose address is still to fill in (% address)."""
    return hkdevice("0x%09x", name, manufacturer, model, rest=rest)


# sourceName -> (sourceVersion by month, device description or None, metadata keys).
# A key's kind says what its value is: uuid, int, created (the creation date), meal, food,
# tz (the time zone's name), or "=text" for that text; a leading "?" writes it on about half
# of the records.
APPS = {
    "Connect": (_build(4716, 3), _device("Forerunner 255", "Garmin", "Forerunner 255",
                                         ", hardware:006-B3992-00, software:18.22"), [("?HKExternalUUID", "uuid")]),
    "Oura": (_dotted(4, 2), _device("Oura Ring", "Oura Health", "Gen3",
                                    ", firmware:2.9.5, localIdentifier:5C3F1A2B-77D4-4E0A-9B1C-2D6E8F0A4B13"),
             [("HKAlgorithmVersion", "=2"), ("HKExternalUUID", "uuid")]),
    "WHOOP": (_build(19511, 7), _device("WHOOP 4.0", "WHOOP", "4.0", ", firmware:41.17.1.0"),
              [("id", "int"), ("?HKExternalUUID", "uuid")]),
    "Polar Flow": (_dotted(6, 4), None, [("HKDeviceName", "=Polar H10"), ("HKDeviceManufacturerName", "=Polar Electro Oy"),
                                         ("HKDeviceSerialNumber", "=C8A1F2D4")]),
    "Zepp Life": (_dotted(6, 1), _device("Mi Smart Band 7", "Xiaomi", "Band 7"),
                  [("Original Source", "=Mi Fitness"), ("?Original Creation Date", "created")]),
    "Fitbit": (_build(36069, 11), None, [("com.fitstar.source_application_id", "int"), ("Created at", "created")]),
    "Nike Run Club": (_dotted(7, 5), None, [("App Source", "=Nike Run Club"), ("HKExternalUUID", "uuid")]),
    "Runtastic": (_dotted(13, 3), None, [("reportID", "int"), ("mode", "=run")]),
    "Strava": (_build(330, 1), None, [("HKExternalUUID", "uuid")]),
    "Wahoo": (_dotted(2, 8), _device("KICKR", "Wahoo Fitness", "KICKR v6", ", firmware:4.2.3"), [("HKExternalUUID", "uuid")]),
    "Zwift": (_dotted(1, 0), None, [("Session Name", "=Watopia")]),
    "AutoSleep": (_dotted(7, 3), None, [("HKTimeZone", "tz"), ("?Session Name", "=Night")]),
    "Sleep Cycle": (_build(5175, 9), None, [("HKTimeZone", "tz"), ("Creation type", "=automatic")]),
    "Clock": (lambda month: "1.0", None, [("HKTimeZone", "tz")]),
    "Health": (lambda month: "17.0", None, [("HKWasUserEntered", "=1")]),
    "Health Mate": (_build(6100300, 100), _device("Body Cardio", "Withings", "WBS04"),
                    [("Withings User Identifier", "=8815542"), ("Modified Date", "created"),
                     ("Health Mate App Version", "=6.10.3"), ("?Withings Link", "=withings-app://measure")]),
    "Lose It!": (_build(2664, 1), None, [("Meal", "meal"), ("HKFoodType", "food"), ("entryNo", "int")]),
    "MyNetDiary": (_dotted(8, 6), None, [("Meal", "meal"), ("Meal Context", "=After Meal"), ("Record ID", "int")]),
    "Nutrino": (_dotted(2, 3), None, [("meal", "meal"), ("foodId", "int"), ("foodAmount", "=1 serving")]),
    "MyFitnessPal": (_build(35120, 20), None, [("meal", "meal"), ("?HKFoodType", "food")]),
    "WaterMinder": (_dotted(5, 2), None, [("Data Entry", "=Quick Add")]),
    "HiCoffee": (_build(118, 1), None, [("HKFoodType", "=Espresso")]),
    "mySugr": (_dotted(3, 8), _device("Accu-Chek Guide", "Roche", "Guide", ", firmware:02.06"),
               [("HKBloodGlucoseMealTime", "=1"), ("Meter Model", "=Accu-Chek Guide"), ("Meter Version", "=02.06"),
                ("SequenceNumber", "int"), ("?Took Insulin", "=0")]),
    "One Drop": (_build(436, 2), None, [("HKBloodGlucoseMealTime", "=2"), ("UserNumber", "int"), ("Original Units", "=mg/dL")]),
    "Headspace": (_dotted(3, 9), None, [("Session Name", "=Basics"), ("App Version", "=3.190.0")]),
    "Breathe": (lambda month: "10.1", None, []),
    "Calm": (_build(8217, 4), None, [("lark_uuid", "uuid")]),
}

APPS_EPOCH = day_of("2015-01-01")  # versions count months from here
MEAL_NAMES = ["Breakfast", "Lunch", "Dinner", "Snacks"]
FOODS = ["Oatmeal", "Greek Yogurt", "Chicken Salad", "Banana", "Pasta Bolognese", "Apple", "Rice Bowl"]

SLEEP_VALUES = {
    "AutoSleep": ["HKCategoryValueSleepAnalysisInBed", "HKCategoryValueSleepAnalysisAsleepUnspecified"],
    "Sleep Cycle": ["HKCategoryValueSleepAnalysisInBed", "HKCategoryValueSleepAnalysisAsleep"],
    "Oura": ["HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
             "HKCategoryValueSleepAnalysisAsleepREM", "HKCategoryValueSleepAnalysisAwake"],
    "Clock": ["HKCategoryValueSleepAnalysisInBed"],
}


def _hr(rand, ln):
    return NUM[55 + int(rand() * 70)]


def _q(lo, hi, fmt="%.1f"):
    return lambda rand, ln: fmt % (lo + rand() * (hi - lo))


def _count(lo, hi):
    return lambda rand, ln: NUM[lo + int(rand() * (hi - lo))]


Q = "HKQuantityTypeIdentifier"
C = "HKCategoryTypeIdentifier"
# group -> [(app, type, unit or None for a category, records a day, shortest and longest seconds, value)]
THIRD_PARTY = {
    "BodyMass": [("Zepp Life", Q + "BodyMass", "kg", 0.5, 0, 0, _q(64, 67, "%.2f")),
                 ("Health", Q + "BodyMass", "kg", 0.05, 0, 0, _q(64, 67, "%.1f"))],
    "BodyFatPercentage": [("Zepp Life", Q + "BodyFatPercentage", "%", 0.5, 0, 0, _q(0.22, 0.27, "%.3f")),
                          ("Health Mate", Q + "BodyFatPercentage", "%", 0.4, 0, 0, _q(0.22, 0.27, "%.3f"))],
    "HeartRate": [("Connect", Q + "HeartRate", "count/min", 40, 0, 0, _hr),
                  ("Oura", Q + "HeartRate", "count/min", 20, 0, 0, _hr),
                  ("WHOOP", Q + "HeartRate", "count/min", 24, 0, 0, _hr),
                  ("Polar Flow", Q + "HeartRate", "count/min", 6, 0, 0, _hr)],
    "StepCount": [("Connect", Q + "StepCount", "count", 30, 60, 900, _count(10, 1500)),
                  ("Zepp Life", Q + "StepCount", "count", 15, 60, 900, _count(10, 1500)),
                  ("Fitbit", Q + "StepCount", "count", 20, 60, 900, _count(10, 1500))],
    "DistanceWalkingRunning": [("Connect", Q + "DistanceWalkingRunning", "km", 15, 60, 900, _q(0.01, 1.2, "%.4f")),
                               ("Nike Run Club", Q + "DistanceWalkingRunning", "km", 1.5, 600, 3600, _q(1, 12, "%.3f")),
                               ("Runtastic", Q + "DistanceWalkingRunning", "km", 0.5, 600, 3600, _q(1, 12, "%.3f"))],
    "BasalEnergyBurned": [("Oura", Q + "BasalEnergyBurned", "Cal", 24, 3600, 3600, _q(55, 70, "%.2f"))],
    "ActiveEnergyBurned": [("Strava", Q + "ActiveEnergyBurned", "Cal", 1, 1200, 5400, _q(150, 900, "%.1f")),
                           ("WHOOP", Q + "ActiveEnergyBurned", "Cal", 8, 300, 3600, _q(5, 120, "%.2f")),
                           ("Wahoo", Q + "ActiveEnergyBurned", "kJ", 0.4, 1800, 5400, _q(300, 2500, "%.0f")),
                           ("Zwift", Q + "ActiveEnergyBurned", "kcal", 0.3, 1800, 5400, _q(200, 900, "%.0f"))],
    "OxygenSaturation": [("Oura", Q + "OxygenSaturation", "%", 6, 0, 0, _q(0.93, 1.0, "%.2f")),
                         ("Connect", Q + "OxygenSaturation", "%", 3, 0, 0, _q(0.92, 1.0, "%.2f"))],
    "BloodGlucose": [("mySugr", Q + "BloodGlucose", "mg/dL", 4, 0, 0, _count(70, 190)),
                     ("One Drop", Q + "BloodGlucose", "mg/dL", 2, 0, 0, _count(70, 190))],
    "DietaryFatTotal": [(app, Q + "DietaryFatTotal", "g", n, 0, 0, _q(2, 40)) for app, n in
                        (("Lose It!", 3), ("MyNetDiary", 2), ("Nutrino", 1))],
    "DietaryCarbohydrates": [(app, Q + "DietaryCarbohydrates", "g", n, 0, 0, _q(5, 90)) for app, n in
                             (("Lose It!", 3), ("MyNetDiary", 2), ("Nutrino", 1))],
    "DietaryProtein": [(app, Q + "DietaryProtein", "g", n, 0, 0, _q(2, 50)) for app, n in
                       (("Lose It!", 3), ("MyNetDiary", 2), ("Nutrino", 1))],
    "DietaryEnergyConsumed": [(app, Q + "DietaryEnergyConsumed", "kcal", n, 0, 0, _q(80, 900, "%.0f")) for app, n in
                              (("Lose It!", 3), ("MyNetDiary", 2), ("Nutrino", 1))],
    "DietaryWater": [("WaterMinder", Q + "DietaryWater", "mL", 6, 0, 0, _count(150, 600)),
                     ("MyFitnessPal", Q + "DietaryWater", "mL", 2, 0, 0, _count(200, 500))],
    "DietaryCaffeine": [("WaterMinder", Q + "DietaryCaffeine", "mg", 1, 0, 0, _count(40, 120)),
                        ("HiCoffee", Q + "DietaryCaffeine", "mg", 2, 0, 0, _count(60, 150))],
    "RespiratoryRate": [("Oura", Q + "RespiratoryRate", "count/min", 4, 60, 300, _q(12, 18)),
                        ("WHOOP", Q + "RespiratoryRate", "count/min", 1, 60, 300, _q(12, 18))],
    "SleepAnalysis": [(app, C + "SleepAnalysis", None, n, 900, 5400, None) for app, n in
                      (("AutoSleep", 6), ("Sleep Cycle", 4), ("Oura", 6), ("Clock", 1))],
    "MindfulSession": [(app, C + "MindfulSession", None, n, 300, 1200, None) for app, n in
                       (("Headspace", 0.6), ("Breathe", 0.5), ("Calm", 0.4))],
    "RestingHeartRate": [(app, Q + "RestingHeartRate", "count/min", 1, 0, 0, _count(48, 62)) for app in
                         ("Oura", "WHOOP", "Connect")],
    "VO2Max": [("Connect", Q + "VO2Max", "mL/min·kg", 0.1, 0, 0, _q(38, 46)),
               ("Polar Flow", Q + "VO2Max", "mL/min·kg", 0.05, 0, 0, _q(38, 46))],
    "HeartRateVariabilitySDNN": [("Oura", Q + "HeartRateVariabilitySDNN", "ms", 8, 60, 300, _q(20, 90, "%.3f")),
                                 ("WHOOP", Q + "HeartRateVariabilitySDNN", "ms", 2, 60, 300, _q(20, 90, "%.3f"))],
    "BodyTemperature": [("Oura", Q + "BodyTemperature", "degC", 1, 0, 0, _q(36.1, 37.2, "%.2f"))],
}
# Groups only the realistic shape writes, each after the group named.
REALISTIC_GROUPS_AFTER = {
    "BodyMass": ["BodyFatPercentage"],
    "OxygenSaturation": ["BloodGlucose", "BodyTemperature"],
    "DietaryEnergyConsumed": ["DietaryWater", "DietaryCaffeine"],
    "SleepAnalysis": ["MindfulSession"],
    "WalkingHeartRateAverage": ["VO2Max"],
}


def app_active(seed, app, day):
    """People switch apps: each app writes in about two quarters of three."""
    return (day // 91 + zlib.crc32(("%d/%s" % (seed, app)).encode())) % 3 != 0


def _meta_value(kind, r, ct, P):
    if kind == "uuid":
        return uuid4(r)
    if kind == "int":
        return str(100000 + int(r.random() * 9900000))
    if kind == "created":
        return ts(ct)
    if kind == "meal":
        return MEAL_NAMES[int(r.random() * 4)]
    if kind == "food":
        return FOODS[int(r.random() * len(FOODS))]
    if kind == "tz":
        return P.tz.name
    return kind[1:]


def third_party(P, d, out, cut, series):
    """The day's records of one type from third-party apps, in time order."""
    lines = []
    base = d * 86400
    for app, typ, unit, per_day, lo, hi, value in series:
        if not app_active(P.seed, app, d):
            continue
        version, device, keys = APPS[app]
        r = P.rng("app/%s/%s" % (app, typ), d)
        rand = r.random
        n = int(per_day * (0.5 + rand())) if per_day >= 1 else (1 if rand() < per_day else 0)
        dev = device % (0x280000000 + r.getrandbits(28)) if device else None
        head = _rec_head(typ, app, version(max(0, d - APPS_EPOCH) // 30), dev, unit)
        for _ in range(n):
            t = base + int(rand() * 86400)
            e = t + lo + int(rand() * (hi - lo))
            ct = e + 60 + int(rand() * 3600)
            if value is None:
                names = SLEEP_VALUES.get(app, ["HKCategoryValueNotApplicable"])
                v = names[int(rand() * len(names))]
            else:
                v = value(rand, e - t)
            meta = []
            for key, kind in keys:
                if key[0] == "?":
                    if rand() < 0.5:
                        continue
                    key = key[1:]
                meta.append(f'  <MetadataEntry key="{key}" value="{_meta_value(kind, r, ct, P)}"/>\n')
            if ct > cut:
                continue
            line = f'{head}{ts(ct)}" startDate="{ts(t)}" endDate="{ts(e)}" value="{v}"'
            if meta:
                lines.append((t, line + ">\n" + "".join(meta) + " </Record>\n"))
            else:
                lines.append((t, line + "/>\n"))
    lines.sort(key=lambda x: x[0])
    out.extend(x[1] for x in lines)


def _with_third_party(name, fn):
    series = THIRD_PARTY.get(name)
    if not series:
        return fn

    def g(P, d, out, cut):
        if fn is not None:
            fn(P, d, out, cut)
        third_party(P, d, out, cut, series)
    return g


def groups_for(shape):
    """The record groups of a shape, in the order Apple writes them."""
    if shape != "realistic":
        return GROUPS
    groups = []
    for name, fn in GROUPS:
        groups.append((name, _with_third_party(name, fn)))
        for extra in REALISTIC_GROUPS_AFTER.get(name, []):
            groups.append((extra, _with_third_party(extra, None)))
    return groups


def header(export_date, dob="1990-04-12"):
    me = [("HKCharacteristicTypeIdentifierDateOfBirth", dob),
          ("HKCharacteristicTypeIdentifierBiologicalSex", "HKBiologicalSexFemale"),
          ("HKCharacteristicTypeIdentifierBloodType", "HKBloodTypeNotSet"),
          ("HKCharacteristicTypeIdentifierFitzpatrickSkinType", "HKFitzpatrickSkinTypeNotSet"),
          ("HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse", "None")]
    return "\n".join(head_lines([DTD], "en_US", export_date, me)) + "\n"


def _day_bytes(P, d, cut):
    buf = []
    for _, fn in groups_for("realistic" if P.realistic else "generator"):
        fn(P, d, buf, cut)
    return len("".join(buf).encode("utf-8"))


def choose_days(P, end_day, cut, budget):
    """Number of days (ending with the export day) whose content is about `budget` bytes.

    A day's size is dominated by a base load plus workouts (the Watch samples heart
    rate every few seconds during a workout), so fit bytes(day) = a + b * workout
    seconds on sample days, then add up a + b * workout seconds, which is cheap to
    get for every day, backwards from the export day.  Typical error < 1 %.
    """
    def wsec(d, upto=None):
        return sum(w["dur"] for w in P.workouts(d) if upto is None or w["end"] + 60 <= upto)

    first = end_day - 14
    prepare_days(P.tz, first - 2, end_day + 2)
    mean = sum(_day_bytes(P, d, cut) for d in range(first, end_day)) / 14.0
    guess = max(2, int(budget / mean * 1.1) + 2)
    n = min(40, guess - 1)
    sample = sorted(set(end_day - 1 - i * (guess - 1) // n for i in range(n)))
    prepare_days(P.tz, min(sample) - 2, end_day + 2)
    xs = [wsec(d) for d in sample]
    ys = [_day_bytes(P, d, cut) for d in sample]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    vx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / vx if vx else 0.0
    base = my - slope * mx
    # the export day itself is cut off at the export time
    frac = (cut - end_day * 86400) / 86400.0
    total = base * frac + slope * wsec(end_day, cut)
    days = 1
    while total < budget:
        d = end_day - days
        nxt = total + base + slope * wsec(d)
        if nxt - budget > budget - total:  # closer without this day
            break
        total = nxt
        days += 1
    return days


# --------------------------------------------------------------------------
# The era samples (--eras, --era): SampleExports/, one small export per
# structural era for the tests, each hand-shaped from fixed seeds.  Every
# value, name and source is invented.  The structure of each era follows
# /work/shared/FORMAT.md and the public corpus, but no corpus file is copied.
# Nodes are (name, [(attribute, value)], children), ('#comment', text) or
# ('#raw', text); dates come from zoneinfo, not from the sized exports' tables.
# --------------------------------------------------------------------------

R, I = 'R', 'I'   # #REQUIRED, #IMPLIED


def attlist(name, decls, close=True):
    """An ATTLIST, its names padded to the longest; decls: (attribute, R or I)."""
    w = max(len(a) for a, _ in decls)
    out = [f"<!ATTLIST {name}"]
    out += [f"  {a.ljust(w)} CDATA #{'REQUIRED' if r == R else 'IMPLIED'}" for a, r in decls]
    if close:
        out.append(">")
    return out


SRC = [('sourceName', R), ('sourceVersion', I), ('device', I), ('creationDate', I), ('startDate', R), ('endDate', R)]
EYE = [(f + u, I) for f in ['sphere', 'cylinder', 'axis', 'add', 'vertex', 'prismAmount', 'prismAngle', 'farPD', 'nearPD', 'baseCurve', 'diameter']
       for u in ('', 'Unit')]


def era_dtd(version):
    """The internal DTD subset of HealthKit Export Version `version`, as a list of lines
    (version 12's with the iOS 16.0 defects)."""
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

def render(node, ind):
    """node = (name, attrs[list of (k, v)], children) | ('#comment', text) | ('#raw', text)"""
    pad = ' ' * ind
    if node[0] == '#comment':
        return [f"{pad}<!-- {node[1]} -->"]
    if node[0] == '#raw':
        return [pad + node[1]]
    name, pairs, kids = node
    a = xml_attrs(pairs)
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

    def rec(self, t, s, unit, st, en, value, meta=(), created=None, order=None, extra=()):
        """A Record of type t from source s (name, ver, dev), dates in the modern form; `order`
        puts the named attributes first."""
        m = modern
        attrs = [('type', t), ('sourceName', s['name']), ('sourceVersion', s['ver']), ('device', s['dev']() if s['dev'] else None),
                 ('unit', unit), ('creationDate', m(created or sec(en, self.r(20, 900)))), ('startDate', m(st)), ('endDate', m(en)), ('value', value)] + list(extra)
        if order:
            d = dict(attrs); attrs = [(k, d[k]) for k in order if k in d] + [(k, v) for k, v in attrs if k not in order]
        return ('Record', attrs, list(meta))

    def steps_and_heart_rate(self, recs, phone, watch, step_days, heart_rate_days, bpm):
        """Steps from phone and watch, then the watch's heart rate, over the last 59 days."""
        for src in (phone, watch):
            for d in self.days(step_days, 0.2, 59):
                st = self.at(d, self.r(7, 21), self.r(0, 59), self.r(0, 59))
                recs.append((st, self.rec('HKQuantityTypeIdentifierStepCount', src, 'count', st, sec(st, self.r(60, 600)), str(self.r(9, 1300)))))
        for d in self.days(heart_rate_days, 0.2, 59):
            st = self.at(d, self.r(6, 22), self.r(0, 59), self.r(0, 59))
            recs.append((st, self.rec('HKQuantityTypeIdentifierHeartRate', watch, 'count/min', st, st, str(self.r(*bpm)), [M('HKMetadataKeyHeartRateMotionContext', str(self.r(0, 2)))])))


def sec(dt, secs):
    return dt + timedelta(seconds=secs)


def era_document(doctype, body_nodes, locale, fmt, export_dt, me_attrs):
    """The bytes of an era's export.xml."""
    lines = head_lines(doctype, locale, fmt(export_dt), me_attrs)
    for n in body_nodes:
        lines += render(n, 1)
    return ('\n'.join(lines) + '\n' + FOOTER).encode('utf-8')


# ===================================================================== iOS 8 (2015)

def era_ios8():
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
    return era_document([], [n for _, n in body], 'en_US', compact, E.export, me)


# ===================================================================== v3 (2016)

def era_v3():
    E = Era(3, 'Europe/London', (2016, 5, 21, 21, 43, 8))
    m = modern
    IPH = dict(name="Tom’s iPhone", ver='9.3.1', dev=lambda: hkdevice(E.addr('0x1742'), 'iPhone', 'Apple', 'iPhone', 'iPhone8,1', '9.3.1'))
    WAT = dict(name="Tom’s Apple Watch", ver='2.2', dev=lambda: hkdevice(E.addr('0x1702'), 'Apple Watch', 'Apple', 'Watch', 'Watch1,2', '2.2'))
    HM = dict(name='Health Mate', ver='2090100', dev=None)
    ML = dict(name='Meal Ledger', ver='3.4', dev=None)
    HEALTH = dict(name='Health', ver='9.3.1', dev=None)
    recs, others = [], []

    rec = E.rec

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
    return era_document(era_dtd(3), [n for _, n in recs] + [n for _, n in others], 'en_GB', modern, E.export, me)


# ===================================================================== v8 (2019)

def era_v8():
    E = Era(19, 'America/Los_Angeles', (2019, 7, 2, 20, 14, 37))
    m = modern
    IPH = dict(name="Maya’s iPhone", ver='12.3.1', dev=lambda: hkdevice(E.addr('0x2830'), 'iPhone', 'Apple Inc.', 'iPhone', 'iPhone11,2', '12.3.1'))
    WAT = dict(name="Maya’s Apple Watch", ver='5.2.1', dev=lambda: hkdevice(E.addr('0x283a'), 'Apple Watch', 'Apple Inc.', 'Watch', 'Watch4,1', '5.2.1'))
    HM = dict(name='Health Mate', ver='4090201', dev=None)
    SL = dict(name='SnoozeLog', ver='2.3', dev=None)
    recs, others = [], []

    rec = E.rec
    E.steps_and_heart_rate(recs, IPH, WAT, step_days=14, heart_rate_days=14, bpm=(55, 131))
    # HRV with beat-to-beat list, en_US 12-hour times; one list crosses noon
    def hrv(st, n):
        beats, t = [], st + timedelta(seconds=3.2)
        for _ in range(n):
            bpm = E.r(58, 84); t = t + timedelta(seconds=60 / bpm)
            beats.append(('InstantaneousBeatsPerMinute', [('bpm', str(bpm)), ('time', beat_time_12h(t.hour, t.minute, t.second, t.microsecond // 10000))], []))
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
    return era_document(era_dtd(8), body, 'en_US', modern, E.export, me)


# ===================================================================== v11 (2020, de_DE)

def era_v11():
    E = Era(11, 'Europe/Berlin', (2020, 11, 8, 19, 42, 11))
    m = modern
    IPH = dict(name="Jonas’ iPhone", ver='14.2', dev=lambda: hkdevice(E.addr('0x2809'), 'iPhone', 'Apple Inc.', 'iPhone', 'iPhone12,1', '14.2'))
    WAT = dict(name="Apple Watch von Jonas", ver='7.1', dev=lambda: hkdevice(E.addr('0x283a'), 'Apple Watch', 'Apple Inc.', 'Watch', 'Watch5,4', '7.1'))
    HM = dict(name='Health Mate', ver='5030101', dev=None)
    BT = dict(name='Blutdruck Tagebuch', ver='1.8.4', dev=None)
    recs, others = [], []

    rec = E.rec
    E.steps_and_heart_rate(recs, IPH, WAT, step_days=12, heart_rate_days=12, bpm=(52, 140))
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
    return era_document(era_dtd(11), [n for _, n in recs] + [n for _, n in others] + [n for _, n in W] + A, 'de_DE', modern, E.export, me)


# ===================================================================== v12 (2022, iOS 16.0)

def era_v12():
    E = Era(12, 'America/New_York', (2022, 10, 9, 8, 51, 27))
    m = modern
    IPH = dict(name="Priya’s iPhone", ver='16.0.2', dev=lambda: hkdevice(E.addr('0x2817'), 'iPhone', 'Apple Inc.', 'iPhone', 'iPhone14,5', '16.0.2'))
    WAT = dict(name="Priya’s Apple Watch", ver='9.0.1', dev=lambda: hkdevice(E.addr('0x283a'), 'Apple Watch', 'Apple Inc.', 'Watch', 'Watch6,1', '9.0.1'))
    HM = dict(name='Health Mate', ver='6020300', dev=None)
    recs = []

    rec = E.rec
    E.steps_and_heart_rate(recs, IPH, WAT, step_days=11, heart_rate_days=14, bpm=(55, 150))
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
                          ('sourceName', WAT['name']), ('sourceVersion', '8.7.1'), ('device', hkdevice(E.addr('0x283a'), 'Apple Watch', 'Apple Inc.', 'Watch', 'Watch6,1', '8.7.1')), ('creationDate', m(sec(en, 20))), ('startDate', m(st)), ('endDate', m(en))],
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
    return era_document(era_dtd(12), [n for _, n in recs] + W[::-1] + A + CR + AU + VP, 'en_US', modern, E.export, me)


# ===================================================================== v14 (2025)

def era_v14():
    E = Era(14, 'America/Chicago', (2025, 11, 18, 7, 42, 55))
    m = modern
    wdev = lambda: hkdevice(E.addr('0xb1c2'), 'Apple Watch', 'Apple Inc.', 'Watch', 'Watch7,5', '26.1', '2025-11-04 02:17:33 +0000')
    IPH = dict(name="Daniel’s iPhone", ver='26.1', dev=lambda: hkdevice(E.addr('0xb1c3'), 'iPhone', 'Apple Inc.', 'iPhone', 'iPhone17,1', '26.1'))
    WAT = dict(name="Daniel’s Apple Watch", ver='26.1', dev=wdev)
    WI = dict(name='Withings', ver='7010200', dev=None)
    recs = []

    rec = E.rec
    E.steps_and_heart_rate(recs, IPH, WAT, step_days=10, heart_rate_days=14, bpm=(52, 160))
    for d in E.days(5, 0.5, 59):
        st = E.at(d, E.r(9, 20), E.r(0, 59), E.r(0, 59))
        recs.append((st, rec('HKQuantityTypeIdentifierActiveEnergyBurned', WAT, 'kJ', st, sec(st, 60), str(E.f(2, 40, 3)))))
    # HRV: en_US 12-hour times with U+202F NARROW NO-BREAK SPACE before AM/PM (newer ICU)
    for d, h, mi, s in [(0.7, 18, 14, 40), (11.2, 3, 22, 9), (36.6, 11, 59, 53)]:
        st = E.at(d, h, mi, s); t = st.replace(microsecond=E.r(0, 999999)) + timedelta(seconds=3); beats = []
        for _ in range(E.r(5, 7)):
            bpm = E.r(52, 79); t += timedelta(seconds=60 / bpm)
            beats.append(('InstantaneousBeatsPerMinute', [('bpm', str(bpm)), ('time', beat_time_12h(t.hour, t.minute, t.second, t.microsecond // 10000, '\u202f'))], []))
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
    return era_document(era_dtd(14), body, 'en_US', modern, E.export, me)


ERAS = {'ios8-2015': era_ios8, 'v3-2016': era_v3, 'v8-2019': era_v8, 'v11-2020': era_v11, 'v12-2022': era_v12, 'v14-2025': era_v14}


def write_era(name, path):
    """Writes era `name` to `path` (through path.tmp, as the sized exports); returns its size."""
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    data = ERAS[name]()
    with open(path + '.tmp', 'wb') as fh:
        fh.write(data)
    os.replace(path + '.tmp', path)
    return len(data)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--size", default="200M", help="target size, e.g. 200M, 1G (decimal units); default 200M")
    ap.add_argument("--days", type=int, help="use exactly this many days instead of sizing by --size")
    ap.add_argument("--out", help="output export.xml path (not with --eras)")
    ap.add_argument("--export-date", default="2025-11-20 08:00:00 +0100",
                    help='ExportDate value, yyyy-MM-dd HH:mm:ss +HHMM (default "2025-11-20 08:00:00 +0100")')
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--shape", choices=("generator", "realistic"), default="generator",
                    help="generator (default): one device description per device and day, few sources; "
                         "realistic: a memory address of its own in every device description, and records "
                         "from many third-party apps with their own versions, devices and metadata keys")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--newer-from", metavar="PATH",
                      help="make a later export of the same person as PATH (reads PATH.counts.json)")
    mode.add_argument("--eras", metavar="DIR",
                      help="write the six era samples, DIR/NAME/export.xml for each NAME of --era "
                           "(--eras SampleExports rewrites the committed ones)")
    mode.add_argument("--era", choices=list(ERAS), help="write one era sample to --out")
    ap.add_argument("--extra-percent", type=float, default=1.0,
                    help="with --newer-from: extra days as a percentage of the old span (default 1)")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    if a.eras:
        for name in ERAS:
            path = os.path.join(a.eras, name, "export.xml")
            n = write_era(name, path)
            if not a.quiet:
                sys.stderr.write("wrote %s: %d bytes\n" % (path, n))
        return
    if not a.out:
        ap.error("--out is required (except with --eras)")
    if a.era:
        n = write_era(a.era, a.out)
        if not a.quiet:
            sys.stderr.write("wrote %s: %d bytes\n" % (a.out, n))
        return

    t0 = time.time()
    params = {}
    if a.newer_from:
        side = a.newer_from + ".counts.json"
        try:
            with open(side) as f:
                old = json.load(f)["params"]
        except (OSError, KeyError, ValueError) as ex:
            ap.error("--newer-from needs the sidecar %s written by this generator (%s)" % (side, ex))
        if old.get("generator_version") != GENERATOR_VERSION:
            ap.error("%s was written by another generator version" % side)
        seed = old["seed"]
        old_wall, old_off = parse_export_date(old["export_date"])
        tz = TZ(old["tz_offset_hint"])
        start_day = day_of(old["start_day"])
        shape = old.get("shape", "generator")
        extra_days = max(1, int(round(old["days"] * a.extra_percent / 100.0)))
        cut = old_wall + extra_days * 86400
        end_day = cut // 86400
        prepare_days(tz, end_day, end_day)
        export_date = ts(cut)
        params = dict(old, export_date=export_date, days=end_day - start_day + 1,
                      newer_from=os.path.basename(a.newer_from), base_export_date=old["export_date"],
                      extra_days=extra_days, extra_percent=a.extra_percent)
        P = Person(seed, tz, shape)
    else:
        seed = a.seed
        shape = a.shape
        cut, off = parse_export_date(a.export_date)
        export_date = a.export_date
        tz = TZ(off)
        P = Person(seed, tz, shape)
        end_day = cut // 86400
        target = parse_size(a.size)
        if a.days:
            days = a.days
        else:
            head_bytes = len(header(export_date).encode()) + len(FOOTER)
            days = choose_days(P, end_day, cut, target - head_bytes)
        start_day = end_day - days + 1
        params = {"generator_version": GENERATOR_VERSION, "seed": seed, "export_date": export_date,
                  "tz_offset_hint": off, "tz": tz.name, "start_day": _dt.date.fromordinal(start_day + EPOCH_ORD).isoformat(),
                  "days": days, "target_size": a.size, "locale": "en_US", "newer_from": None}
        if shape != "generator":
            params["shape"] = shape

    prepare_days(tz, start_day - 3, end_day + 3)
    tmp = a.out + ".tmp"
    counts = {"Record": 0, "Correlation": 0, "Workout": 0, "ActivitySummary": 0}
    by_type = {}
    nested = {"MetadataEntry": 0, "InstantaneousBeatsPerMinute": 0, "HeartRateVariabilityMetadataList": 0,
              "Record(in Correlation)": 0, "WorkoutActivity": 0, "WorkoutEvent": 0, "WorkoutStatistics": 0,
              "WorkoutRoute": 0, "FileReference": 0}
    total = 0
    elements = 0
    FLUSH = 1 << 22
    with open(tmp, "wb", buffering=0) as f:
        def emit(text):
            nonlocal total
            b = text.encode("utf-8")
            f.write(b)
            total += len(b)
            return b

        emit(header(export_date))
        elements += 3  # HealthData, ExportDate, Me
        realistic = shape == "realistic"
        for gname, fn in groups_for(shape):
            buf = []
            size = 0
            grp = {"top": 0}

            def flush():
                nonlocal elements
                if not buf:
                    return
                b = emit("".join(buf))
                buf.clear()
                lt = b.count(b"<") - b.count(b"</")
                elements += lt
                top_rec = b.count(b" <Record ") - b.count(b"  <Record ")
                if gname in ("Correlation", "Workout", "ActivitySummary"):
                    grp["top"] += b.count(b" <" + gname.encode() + b" ")
                else:
                    grp["top"] += top_rec
                nested["MetadataEntry"] += b.count(b"<MetadataEntry ")
                nested["InstantaneousBeatsPerMinute"] += b.count(b"<InstantaneousBeatsPerMinute ")
                nested["HeartRateVariabilityMetadataList"] += b.count(b"<HeartRateVariabilityMetadataList>")
                nested["Record(in Correlation)"] += b.count(b"  <Record ")
                for k in ("WorkoutActivity", "WorkoutEvent", "WorkoutStatistics", "WorkoutRoute", "FileReference"):
                    nested[k] += b.count(b"<" + k.encode() + b" ")

            for d in range(start_day, end_day + 1):
                n0 = len(buf)
                fn(P, d, buf, cut)
                for i in range(n0, len(buf)):
                    if realistic:
                        buf[i] = readdress(buf[i], seed)
                    size += len(buf[i])
                if size >= FLUSH:
                    flush()
                    size = 0
            flush()
            if gname in counts:
                counts[gname] += grp["top"]
            else:
                counts["Record"] += grp["top"]
                by_type[gname] = grp["top"]
        emit(FOOTER)
    os.replace(tmp, a.out)
    elapsed = time.time() - t0
    top_total = sum(counts.values())
    side = {"params": params, "bytes": total, "top_level": counts, "top_level_total": top_total,
            "records_by_type": by_type, "nested": nested, "elements": elements,
            "generator_seconds": round(elapsed, 2)}
    with open(a.out + ".counts.json", "w") as f:
        json.dump(side, f, indent=1, ensure_ascii=False)
        f.write("\n")
    if not a.quiet:
        sys.stderr.write("wrote %s: %d bytes (%.1f MB), %d days from %s, %d top-level elements "
                         "(%d Records), %d elements, in %.1f s (%.1f MB/s)\n"
                         % (a.out, total, total / 1e6, params["days"], params["start_day"], top_total,
                            counts["Record"], elements, elapsed, total / 1e6 / max(elapsed, 1e-9)))


if __name__ == "__main__":
    main()
