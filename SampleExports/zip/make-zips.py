#!/usr/bin/env python3
"""Builds the sample zip exports in this folder (stdlib only, deterministic).

Every zip holds ../v14-2025/export.xml (under a localized name for some), a small malformed
export_cda.xml, the two GPX routes that export's workouts reference, and one ECG recording.
All routes, coordinates and voltages are invented here; no corpus file is copied.

    export.zip         Python's zipfile: deflated XML and GPX, the ECG stored (method 0)
    exportar.zip       the XML as apple_health_export/exportar.xml (Spanish)
    export-zh.zip      the XML as apple_health_export/导出.xml, UTF-8 name (flag bit 11)
    export-zip64.zip   written by hand: zip64 end records, zip64 extra fields in the central
                       directory (sizes and offsets 0xFFFFFFFF), data descriptors (flag bit 3),
                       and the XML named Exportación.xml in CP437 (flag bit 11 clear)

Run it from anywhere: python3 SampleExports/zip/make-zips.py
"""
import math
import os
import struct
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
EXPORT_XML = os.path.join(HERE, "..", "v14-2025", "export.xml")
FIXED_TIME = (2025, 11, 18, 7, 42, 54)
ROOT = "apple_health_export/"


def gpx(name, start_utc, seconds, lat0, lon0, heading, points=48):
    """An Apple-style GPX track: one point every `seconds / points` seconds along a gentle curve."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 '
        'http://www.topografix.com/GPX/1/1/gpx.xsd">',
        "  <metadata>",
        "    <time>2025-11-18T13:42:55Z</time>",
        "  </metadata>",
        "  <trk>",
        "    <name>%s</name>" % name,
        "    <trkseg>",
    ]
    step = seconds / (points - 1)
    for i in range(points):
        t = start_utc + int(round(i * step))
        angle = math.radians(heading + 40 * math.sin(i / 7.0))
        lat = lat0 + 0.00009 * i * math.cos(angle)
        lon = lon0 + 0.00011 * i * math.sin(angle)
        ele = 180.0 + 6 * math.sin(i / 5.0)
        speed = 2.6 + 0.4 * math.sin(i / 3.0)
        course = (heading + 40 * math.sin(i / 7.0)) % 360
        h_acc = 3.0 + (i % 5) * 0.35
        v_acc = 2.0 + (i % 3) * 0.5
        lines.append(
            '      <trkpt lon="%.6f" lat="%.6f"><ele>%.6f</ele><time>%s</time><extensions><speed>%.6f</speed>'
            "<course>%.6f</course><hAcc>%.6f</hAcc><vAcc>%.6f</vAcc></extensions></trkpt>"
            % (lon, lat, ele, iso(t), speed, course, h_acc, v_acc)
        )
    lines += ["    </trkseg>", "  </trk>", "</gpx>", ""]
    return "\n".join(lines).encode("utf-8")


def iso(seconds):
    import time

    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def utc(y, mo, d, h, mi, s, offset_hours):
    import calendar

    return calendar.timegm((y, mo, d, h, mi, s, 0, 0, 0)) - offset_hours * 3600


ROUTES = {
    # Referenced as workout-routes/route_2025-10-11_7.27am.gpx (no leading slash).
    "workout-routes/route_2025-10-11_7.27am.gpx": gpx(
        "Route 2025-10-11 7:27am", utc(2025, 10, 11, 7, 27, 51, -5), 4434, 41.878113, -87.629799, 20
    ),
    # Referenced as /workout-routes/route_2025-11-15_5.12pm.gpx (leading slash).
    "workout-routes/route_2025-11-15_5.12pm.gpx": gpx(
        "Route 2025-11-15 5:12pm", utc(2025, 11, 15, 17, 12, 40, -6), 2551, 41.889301, -87.624412, 200, points=36
    ),
}


def ecg():
    """A 512 Hz recording of 640 samples (1.25 s): a synthetic P-QRS-T beat every 0.8 s."""
    header = [
        "Name,Daniel Example",
        'Date of Birth,"Jun 19, 1982"',
        "Recorded Date,2025-11-02 09:14:07 -0600",
        "Classification,Sinus Rhythm",
        "Symptoms,",
        "Software Version,2",
        'Device,"Watch7,5"',
        "Sample Rate,512 hertz",
        "",
        "",
        "Lead,Lead I",
        "Unit,µV",
        "",
    ]
    samples = []
    for i in range(640):
        phase = (i / 512.0) % 0.8
        value = 20 * math.exp(-(((phase - 0.10) / 0.025) ** 2))  # P
        value += -60 * math.exp(-(((phase - 0.20) / 0.008) ** 2))  # Q
        value += 620 * math.exp(-(((phase - 0.22) / 0.010) ** 2))  # R
        value += -110 * math.exp(-(((phase - 0.24) / 0.010) ** 2))  # S
        value += 90 * math.exp(-(((phase - 0.45) / 0.045) ** 2))  # T
        value += 8 * math.sin(i / 40.0)  # baseline wander
        samples.append("%.3f" % value)
    return ("\n".join(header + samples) + "\n").encode("utf-8")


CDA = b"""<?xml version="1.0"?>
<?xml-stylesheet type="text/xsl" href="CDA.xsl"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
 <title>Health Export CDA</title>
 <effectiveTime value="20251118074255-0600"/>
 <component>
  <section>
   <entry>
    <observation classCode="OBS" moodCode="EVN">
     <code code="8867-4" codeSystem="2.16.840.1.113883.6.1" displayName="Heart rate"/>
     <value xsi:type="PQ" value="61" unit="count/min"/>
    </observation>
   </entry>
  </section>
 </component>
</ClinicalDocument>
 <component>
  <section>
   <entry>
    <observation classCode="OBS" moodCode="EVN">
     <value xsi:type="PQ" value="64" unit="count/min"/>
    </observation>
   </entry>
  </section>
 </component>
"""

ECG_NAME = "electrocardiograms/ecg_2025-11-02.csv"


def members(xml_name):
    with open(EXPORT_XML, "rb") as f:
        xml = f.read()
    result = [(ROOT + xml_name, xml, zipfile.ZIP_DEFLATED), (ROOT + "export_cda.xml", CDA, zipfile.ZIP_DEFLATED)]
    result += [(ROOT + name, data, zipfile.ZIP_DEFLATED) for name, data in sorted(ROUTES.items())]
    result.append((ROOT + ECG_NAME, ecg(), zipfile.ZIP_STORED))
    return result


def write_with_zipfile(path, xml_name):
    with zipfile.ZipFile(path, "w") as archive:
        for folder in (ROOT, ROOT + "workout-routes/", ROOT + "electrocardiograms/"):
            info = zipfile.ZipInfo(folder, FIXED_TIME)
            info.external_attr = 0o40755 << 16
            archive.writestr(info, b"")
        for name, data, method in members(xml_name):
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)


def write_zip64_by_hand(path, xml_name_cp437):
    """A zip64 archive as large-export tools write it, built field by field."""
    dos_time = (FIXED_TIME[3] << 11) | (FIXED_TIME[4] << 5) | (FIXED_TIME[5] // 2)
    dos_date = ((FIXED_TIME[0] - 1980) << 9) | (FIXED_TIME[1] << 5) | FIXED_TIME[2]
    out = bytearray()
    central = bytearray()
    entries = members("placeholder.xml")
    entries[0] = (ROOT + xml_name_cp437, entries[0][1], entries[0][2])
    for name, data, method in entries:
        utf8 = all(ord(c) < 128 for c in name)
        raw_name = name.encode("ascii") if utf8 else name.encode("cp437")
        flags = 0x0008  # data descriptor; CP437 names: bit 11 clear
        if method == zipfile.ZIP_DEFLATED:
            compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
            payload = compressor.compress(data) + compressor.flush()
        else:
            payload = data
        crc = zlib.crc32(data) & 0xFFFFFFFF
        offset = len(out)
        # Local header: sizes unknown (data descriptor follows), a zip64 extra with zeros.
        local_extra = struct.pack("<HHQQ", 0x0001, 16, 0, 0)
        out += struct.pack(
            "<IHHHHHIIIHH", 0x04034B50, 45, flags, method, dos_time, dos_date, 0, 0xFFFFFFFF, 0xFFFFFFFF,
            len(raw_name), len(local_extra),
        )
        out += raw_name + local_extra + payload
        out += struct.pack("<IIQQ", 0x08074B50, crc, len(payload), len(data))
        central_extra = struct.pack("<HHQQQ", 0x0001, 24, len(data), len(payload), offset)
        central += struct.pack(
            "<IHHHHHHIIIHHHHHII", 0x02014B50, 0x031E, 45, flags, method, dos_time, dos_date, crc, 0xFFFFFFFF,
            0xFFFFFFFF, len(raw_name), len(central_extra), 0, 0, 0, 0o644 << 16, 0xFFFFFFFF,
        )
        central += raw_name + central_extra
    central_offset = len(out)
    out += central
    zip64_end_offset = len(out)
    count = len(entries)
    out += struct.pack(
        "<IQHHIIQQQQ", 0x06064B50, 44, 0x031E, 45, 0, 0, count, count, len(central), central_offset
    )
    out += struct.pack("<IIQI", 0x07064B50, 0, zip64_end_offset, 1)
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
    with open(path, "wb") as f:
        f.write(out)


def main():
    write_with_zipfile(os.path.join(HERE, "export.zip"), "export.xml")
    write_with_zipfile(os.path.join(HERE, "exportar.zip"), "exportar.xml")
    write_with_zipfile(os.path.join(HERE, "export-zh.zip"), "导出.xml")
    write_zip64_by_hand(os.path.join(HERE, "export-zip64.zip"), "Exportación.xml")
    for name in ("export.zip", "exportar.zip", "export-zh.zip", "export-zip64.zip"):
        with zipfile.ZipFile(os.path.join(HERE, name)) as archive:
            assert archive.testzip() is None, name
            print(name, os.path.getsize(os.path.join(HERE, name)), "bytes,", len(archive.infolist()), "members")


if __name__ == "__main__":
    main()
