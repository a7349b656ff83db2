/// The Python script the FHIR command's tests read its output with: every line validated by
/// `fhir.resources` (R4B, the R4 line its version 8 ships), then checked against the records
/// `healthimport records --all` prints for the same export, with a code table of its own.
///
/// Arguments: the NDJSON file, the records' JSON lines. Prints the resources per code as JSON.
enum FHIRCheck {
    static let script = #"""
        import collections, json, re, sys
        from fhir.resources.R4B import get_fhir_model_class

        fhir_path, records_path = sys.argv[1], sys.argv[2]
        LOINC = {
            "HKQuantityTypeIdentifierHeartRate": ("8867-4", {"count/min", "count/s"}, "/min", "vital-signs"),
            "HKQuantityTypeIdentifierRestingHeartRate": ("40443-4", {"count/min", "count/s"}, "/min", "vital-signs"),
            "HKQuantityTypeIdentifierHeartRateVariabilitySDNN": ("80404-7", {"ms", "s"}, "ms", "vital-signs"),
            "HKQuantityTypeIdentifierRespiratoryRate": ("9279-1", {"count/min", "count/s"}, "/min", "vital-signs"),
            "HKQuantityTypeIdentifierOxygenSaturation": ("59408-5", {"%"}, "%", "vital-signs"),
            "HKQuantityTypeIdentifierHeight": ("8302-2", {"cm", "m", "mm", "km", "in", "ft", "yd", "mi"}, "cm", "vital-signs"),
            "HKQuantityTypeIdentifierBodyMassIndex": ("39156-5", {"count"}, "kg/m2", "vital-signs"),
            "HKQuantityTypeIdentifierBodyFatPercentage": ("41982-0", {"%"}, "%", "vital-signs"),
            "HKQuantityTypeIdentifierBodyTemperature": ("8310-5", {"degC", "degF", "K"}, "Cel", "vital-signs"),
            "HKQuantityTypeIdentifierBloodPressureSystolic": ("8480-6", {"mmHg", "cmAq", "inHg", "kPa"}, "mm[Hg]", "vital-signs"),
            "HKQuantityTypeIdentifierBloodPressureDiastolic": ("8462-4", {"mmHg", "cmAq", "inHg", "kPa"}, "mm[Hg]", "vital-signs"),
            "HKQuantityTypeIdentifierBloodGlucose": ("2339-0", {"mg/dL", "mmol/L"}, "mg/dL", "laboratory"),
            "HKQuantityTypeIdentifierStepCount": ("55423-8", {"count"}, "{steps}", "activity"),
        }
        UNITS = {code: unit for code, _, unit, _ in LOINC.values()}
        UNITS["29463-7"] = "kg"
        CATEGORIES = {code: category for code, _, _, category in LOINC.values()}
        CATEGORIES.update({"29463-7": "vital-signs", "85354-9": "vital-signs", "11524-6": "procedure"})

        def fits(unit, allowed):
            return unit in allowed or (unit or "").startswith("mmol<") and "mmol/L" in allowed

        def expected_code(record):
            kind, type = record["kind"], record["type"]
            if kind == "weight": return "29463-7"
            if kind == "ecg": return "11524-6"
            if kind == "correlation":
                return "85354-9" if type == "HKCorrelationTypeIdentifierBloodPressure" else type
            if kind == "quantity" and type in LOINC:
                number = record.get("value")
                if number is None and "valueText" not in record:
                    number = (record.get("metadata") or {}).get("average")
                if number is None or fits(record.get("unit"), LOINC[type][1]):
                    return LOINC[type][0]
            return type

        records, expected = {}, collections.Counter()
        for line in open(records_path, encoding="utf-8"):
            record = json.loads(line)
            if record["kind"] in ("quantity", "weight", "category", "correlation", "ecg"):
                records[record["uuid"].lower()] = record
                expected[expected_code(record)] += 1

        resources = [json.loads(line) for line in open(fhir_path, encoding="utf-8")]
        for number, resource in enumerate(resources, 1):
            try:
                get_fhir_model_class(resource["resourceType"]).model_validate(resource)
            except Exception as error:
                sys.exit(f"line {number} is not valid FHIR: {error}")
        patient = resources[0]
        assert patient["resourceType"] == "Patient", patient
        assert sum(r["resourceType"] == "Patient" for r in resources) == 1

        actual, seen = collections.Counter(), set()
        for resource in resources[1:]:
            # The clinical records' own resources, passed on: ours all have a record's UUID as id.
            if not re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", resource.get("id", "")):
                actual["clinical:" + resource["resourceType"]] += 1
                continue
            rid = resource["id"]
            assert resource["subject"] == {"reference": "Patient/" + patient["id"]}, resource
            assert resource["identifier"] == [{"system": "urn:ietf:rfc:3986", "value": "urn:uuid:" + rid}]
            assert resource["status"] == "final"
            record = records[rid]
            seen.add(rid)
            code = resource["code"]["coding"][0]["code"]
            actual[code] += 1
            if code in CATEGORIES:
                coding = resource["category"][0]["coding"][0]
                assert coding["system"] == "http://terminology.hl7.org/CodeSystem/observation-category"
                assert coding["code"] == CATEGORIES[code], resource
            quantity = resource.get("valueQuantity")
            if code in UNITS and quantity is not None:
                assert quantity["system"] == "http://unitsofmeasure.org" and quantity["code"] == UNITS[code], resource
            if code == "29463-7":
                assert abs(quantity["value"] - record["kilograms"]) < 1e-6, (resource, record)
            if code in ("59408-5", "41982-0") and "value" in record:
                assert abs(quantity["value"] - record["value"] * 100) < 1e-6, (resource, record)
            if code == "85354-9":
                codes = sorted(c["code"]["coding"][0]["code"] for c in resource["component"])
                assert codes == ["8462-4", "8480-6"], resource
                for component in resource["component"]:
                    assert component["valueQuantity"]["code"] == "mm[Hg]"
            if code == "11524-6":
                data = resource["valueSampledData"]
                assert data["data"].split(" ") == [f"{s:g}" if s != int(s) else str(int(s)) for s in record["samples"]] or \
                    [float(x) for x in data["data"].split(" ")] == [float(s) for s in record["samples"]]
                assert abs(data["period"] - 1000 / record["sampleRateHertz"]) < 1e-9
                assert data["origin"]["value"] == 0 and data["origin"]["code"] == "uV"
            start = resource.get("effectiveDateTime") or resource["effectivePeriod"]["start"]
            assert start == record["start"], (resource, record)

        assert seen == set(records), (set(records) - seen, seen - set(records))
        observations = {k: v for k, v in actual.items() if not k.startswith("clinical:")}
        assert observations == dict(expected), (sorted(observations.items()), sorted(expected.items()))
        print(json.dumps(dict(sorted(actual.items()))))
        """#
}
