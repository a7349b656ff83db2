import Foundation
import HealthFixtures
import Testing

@Suite struct FHIRCommandTests {
    /// The sample exports, the zip with its ECG, and two corpus exports when the corpus is there.
    static let exports: [String] = {
        var paths = ["ios8-2015", "v3-2016", "v8-2019", "v11-2020", "v12-2022", "v14-2025"].map {
            CLI.sample($0 + "/export.xml")
        }
        paths.append(CLI.sample("zip/export.zip"))
        return paths
    }()

    static let corpusExports = [
        "comocomo-hkimporter-v3-2017-head300k.xml", "ericwolter-ios8-2015-en_DE-export.xml",
        "ahcd-v11-2020-export.xml", "grll-apple-health-mcp-v14.xml",
    ]

    static let corpus = CLI.repositoryRoot + "/../shared/corpus"

    /// Runs `fhir` and `records --all` on `path` and checks one against the other with ``FHIRCheck``.
    func check(_ path: String, _ extra: [String] = []) throws -> [String: Int] {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/out.ndjson"
        let fhir = try CLI.run(["fhir", path, "-o", output, "-q"] + extra)
        #expect(fhir.status == 0, "\(fhir.stderr)")
        let window = extra.contains("--days") || extra.contains("--since") ? [] : ["--all"]
        let records = try CLI.run(["records", path, "-q"] + window + extra)
        #expect(records.status == 0, "\(records.stderr)")
        let recordsPath = folder + "/records.jsonl"
        try Data(records.stdout.utf8).write(to: URL(fileURLWithPath: recordsPath))
        let printed = try TestPython.run(FHIRCheck.script, [output, recordsPath])
        let counts = try #require(
            try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Int], "\(printed)")
        return counts
    }

    @Test(
        "Every line of a sample export's FHIR is valid R4 and its Observations match the records per code",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)), arguments: exports)
    func sampleExport(_ path: String) throws {
        let counts = try check(path)
        #expect(counts["8867-4", default: 0] > 0)
        #expect(counts["55423-8", default: 0] + counts["29463-7", default: 0] > 0)
    }

    @Test(
        "The sample zip's ECG and the blood-pressure panels are there",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func ecgAndBloodPressure() throws {
        #expect(try check(CLI.sample("zip/export.zip"))["11524-6"] == 1)
        let bloodPressure = try check(CLI.sample("v11-2020/export.xml"))
        #expect(bloodPressure["85354-9"] == 5)
    }

    @Test(
        "Corpus exports' FHIR is valid R4 and matches their records per code",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)), arguments: corpusExports)
    func corpusExport(_ name: String) throws {
        let path = Self.corpus + "/" + name
        guard FileManager.default.fileExists(atPath: path) else {
            print("skipped: \(path) is absent (the corpus is not checked out beside the package)")
            return
        }
        let counts = try check(path)
        #expect(!counts.isEmpty)
    }

    @Test(
        "--type and --days cut the output as they cut records",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func cut() throws {
        let counts = try check(CLI.sample("v14-2025/export.xml"), ["--type", "heart-rate", "--days", "20"])
        #expect(Array(counts.keys) == ["8867-4"])
        let all = try check(CLI.sample("v14-2025/export.xml"), ["--type", "heart-rate"])
        #expect(counts["8867-4", default: 0] < all["8867-4", default: 0])
    }

    @Test("The whole export by default, not the 30 days records takes")
    func wholeByDefault() throws {
        let path = CLI.sample("v14-2025/export.xml")
        let fhir = try CLI.run(["fhir", path, "-o", "-", "-q"])
        let recent = try CLI.run(["records", path, "-q"])
        let all = try CLI.run(["records", path, "--all", "-q"])
        #expect(fhir.status == 0)
        let observations = fhir.lines.filter { $0.contains(#""resourceType":"Observation""#) }.count
        let sampleKinds = all.lines.filter { line in
            ["quantity", "weight", "category", "correlation", "ecg"].contains { line.contains(#""kind":"\#($0)""#) }
        }
        #expect(observations == sampleKinds.count)
        #expect(recent.lines.count < all.lines.count)
    }

    @Test("The first line is the Patient with the profile's gender and birth date")
    func patient() throws {
        let result = try CLI.run(["fhir", CLI.sample("v11-2020/export.xml"), "-o", "-", "-q"])
        let first = try #require(result.lines.first)
        let patient = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(patient["resourceType"] as? String == "Patient")
        let xml = try String(contentsOfFile: CLI.sample("v11-2020/export.xml"), encoding: .utf8)
        let birth = try #require(xml.firstMatch(of: /DateOfBirth="([0-9-]+)"/)?.1)
        #expect(patient["birthDate"] as? String == String(birth))
        #expect(["female", "male", "other", "unknown"].contains(patient["gender"] as? String ?? ""))
    }

    @Test("--patient gives each person's file a Patient of their own, the same on every run")
    func patientByName() throws {
        let export = CLI.sample("v11-2020/export.xml")
        func patientReferences(_ arguments: [String]) throws -> (id: String, subjects: Set<String>) {
            let result = try CLI.run(["fhir", export, "-o", "-", "-q"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let objects = try result.lines.map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            let id = try #require(objects.first?["id"] as? String)
            let subjects = objects.dropFirst().compactMap { ($0["subject"] as? [String: Any])?["reference"] as? String }
            #expect(subjects.count == objects.count - 1)
            return (id, Set(subjects))
        }
        let plain = try patientReferences([])
        let ann = try patientReferences(["--patient", "ann"])
        let ben = try patientReferences(["--patient", "ben"])
        #expect(Set([plain.id, ann.id, ben.id]).count == 3)
        // The same record of two people is two resources; a name's spellings are one person.
        let ids = { (arguments: [String]) in
            try Set(
                CLI.run(["fhir", export, "-o", "-", "-q"] + arguments).lines.map {
                    try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["id"]
                        as? String
                })
        }
        #expect(try ids(["--patient", "ann"]).isDisjoint(with: ids(["--patient", "ben"])))
        #expect(try ids(["--patient", "Jos\u{E9}"]) == ids(["--patient", "Jose\u{301}"]))
        #expect(ann.subjects == ["Patient/" + ann.id])
        #expect(ben.subjects == ["Patient/" + ben.id])
        #expect(try patientReferences(["--patient", "ann"]).id == ann.id)
        #expect(UUID(uuidString: ann.id) != nil)
    }

    @Test("The same export gives the same bytes on every run, and -o writes what - prints")
    func deterministic() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = CLI.sample("zip/export.zip")
        let printed = try CLI.run(["fhir", path, "-o", "-", "-q"])
        let again = try CLI.run(["fhir", path, "-o", "-", "-q"])
        let written = try CLI.run(["fhir", path, "-o", folder + "/out.ndjson"])
        #expect(printed.stdout == again.stdout)
        #expect(!printed.stdout.isEmpty)
        #expect(written.status == 0)
        #expect(try String(contentsOfFile: folder + "/out.ndjson", encoding: .utf8) == printed.stdout)
        #expect(written.stderr.contains("FHIR resources"))
        #expect(written.stderr.contains("not written, FHIR output has no mapping for them yet: 10 activitySummary"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.ndjson.partial"))
    }

    @Test(
        "Clinical records go out as the export's own FHIR files, unchanged but for the line breaks",
        .enabled(if: TestPython.enabled, Comment(rawValue: TestPython.skipReason)))
    func clinicalRecords() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = folder + "/apple_health_export"
        try FileManager.default.createDirectory(atPath: export + "/clinical-records", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.sample("v12-2022/export.xml"), toPath: export + "/export.xml")
        let observation = """
            {
              "resourceType" : "Observation",
              "id" : "eRh7Qm2",
              "status" : "final",
              "code" : { "coding" : [ { "system" : "http://loinc.org", "code" : "2093-3",
                "display" : "Cholesterol [Mass/volume] in Serum or Plasma" } ], "text" : "Cholesterol,  total" },
              "effectiveDateTime" : "2022-09-20T08:15:00-04:00",
              "valueQuantity" : { "value" : 182.0, "unit" : "mg/dL", "system" : "http://unitsofmeasure.org", "code" : "mg/dL" }
            }
            """
        let immunization = """
            {"resourceType": "Immunization", "id": "kP20xZa", "status": "completed",
             "vaccineCode": {"text": "Influenza, seasonal"}, "patient": {"display": "Jordan"},
             "occurrenceDateTime": "2021-10-02"}
            """
        try Data(observation.utf8).write(
            to: URL(fileURLWithPath: export + "/clinical-records/Observation-eRh7Qm2.json"))
        try Data(immunization.utf8).write(
            to: URL(fileURLWithPath: export + "/clinical-records/Immunization-kP20xZa.json"))
        let counts = try check(export)
        #expect(counts["clinical:Observation"] == 1)
        #expect(counts["clinical:Immunization"] == 1)
        let result = try CLI.run(["fhir", export, "-o", "-", "-q", "--type", "clinical"])
        #expect(result.lines.count == 3)
        #expect(
            result.lines.contains(
                #"{"resourceType":"Immunization","id":"kP20xZa","status":"completed","vaccineCode":{"text":"Influenza, seasonal"},"patient":{"display":"Jordan"},"occurrenceDateTime":"2021-10-02"}"#
            ))
        #expect(
            result.lines.contains { $0.contains(#""text":"Cholesterol,  total"}"#) && $0.contains(#""value":182.0"#) })
    }

    @Test("A missing clinical file is a warning; an output that cannot be written is one error line")
    func failures() throws {
        let missing = try CLI.run(["fhir", CLI.sample("v12-2022/export.xml"), "-o", "-"])
        #expect(missing.status == 0)
        #expect(
            missing.stderr.contains(
                "warning: clinical record left out: /clinical-records/Observation-eRh7Qm2.json is not in the export"))
        let unwritable = try CLI.run(["fhir", CLI.sample("v12-2022/export.xml"), "-o", "/nonexistent/out.ndjson"])
        #expect(unwritable.status != 0)
        #expect(
            unwritable.stderr
                == "healthimport: error: cannot create /nonexistent/out.ndjson.partial: No such file or directory\n")
        #expect(unwritable.stdout.isEmpty)
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let intoFolder = try CLI.run(["fhir", CLI.sample("v12-2022/export.xml"), "-o", folder])
        #expect(intoFolder.status == 1)
        #expect(intoFolder.stderr == "healthimport: error: \(folder) is a folder: give -o a file name\n")
        let noOutput = try CLI.run(["fhir", CLI.sample("v12-2022/export.xml")])
        #expect(noOutput.status == 64)
    }

    @Test(
        "--db writes the same resources as the export the store was imported from",
        arguments: ["zip/export.zip", "ios8-2015/export.xml", "v3-2016/export.xml", "v11-2020/export.xml"])
    func store(_ sample: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = folder + "/health.sqlite"
        let imported = try CLI.run(["import", CLI.sample(sample), "--all", "--db", store, "-q"])
        #expect(imported.status == 0, "\(imported.stderr)")
        for cut in [[], ["--type", "heart-rate"]] {
            let fromStore = try CLI.run(["fhir", "--db", store, "-o", "-", "-q"] + cut)
            let fromExport = try CLI.run(["fhir", CLI.sample(sample), "-o", "-", "-q"] + cut)
            #expect(fromStore.status == 0, "\(fromStore.stderr)")
            #expect(fromStore.lines.count > 1)
            #expect(fromStore.lines.first == fromExport.lines.first)
            #expect(fromStore.lines.sorted() == fromExport.lines.sorted())
        }
        let both = try CLI.run(["fhir", CLI.sample(sample), "--db", store, "-o", "-"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("Give either PATH (an export) or --db (a store)."))
    }

    /// The store finds a correlation's members by its span first: members outside it (a meal
    /// logged with a dish from before) must still be found, in the whole table.
    @Test("--db finds a correlation's members outside the correlation's span too")
    func membersOutsideTheSpan() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func food(_ type: String, _ date: String, _ value: String) -> String {
            """
              <Record type="HKQuantityTypeIdentifierDietary\(type)" sourceName="Lose It!" unit="g" \
            creationDate="2025-05-01 12:30:00 +0200" startDate="\(date)" endDate="\(date)" value="\(value)"/>
            """
        }
        let export = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="de_DE">
             <ExportDate value="2025-05-02 08:00:00 +0200"/>
             <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="Lose It!" creationDate="2025-05-01 12:30:00 +0200" startDate="2025-05-01 12:00:00 +0200" endDate="2025-05-01 12:10:00 +0200">
            \(food("Protein", "2025-05-01 12:00:00 +0200", "21"))
            \(food("FatTotal", "2025-05-01 11:40:00 +0200", "9"))
            \(food("Carbohydrates", "2025-05-01 12:40:00 +0200", "50"))
             </Correlation>
            </HealthData>
            """
        let path = folder + "/export.xml"
        try export.write(toFile: path, atomically: true, encoding: .utf8)
        let store = folder + "/health.sqlite"
        let imported = try CLI.run(["import", path, "--all", "--db", store, "-q"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let fromStore = try CLI.run(["fhir", "--db", store, "-o", "-", "-q"])
        let fromExport = try CLI.run(["fhir", path, "-o", "-", "-q"])
        #expect(fromStore.status == 0, "\(fromStore.stderr)")
        #expect(fromStore.lines.sorted() == fromExport.lines.sorted())
        let meal = try #require(fromStore.lines.first { $0.contains("HKCorrelationTypeIdentifierFood") })
        for type in ["Protein", "FatTotal", "Carbohydrates"] {
            #expect(meal.contains("HKQuantityTypeIdentifierDietary\(type)"), "\(type)")
        }
    }
    /// Exports list a sleep interval again, byte for byte or with other metadata: one resource
    /// per id, the first listing's, as the store keeps it.
    @Test("A record the export lists again is one resource, the first listing's, as from the store")
    func repeatsOnce() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sleep = """
              <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" sourceVersion="11.0" \
            creationDate="2025-05-02 07:00:00 +0200" startDate="2025-05-02 01:00:00 +0200" \
            endDate="2025-05-02 02:30:00 +0200" value="HKCategoryValueSleepAnalysisAsleepCore"
            """
        let steps = """
              <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" \
            creationDate="2025-05-01 12:30:00 +0200" startDate="2025-05-01 12:00:00 +0200" \
            endDate="2025-05-01 12:10:00 +0200" value="420"/>
            """
        let export = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2025-05-03 08:00:00 +0200"/>
            \(steps)
            \(sleep)/>
            \(steps)
            \(sleep)/>
            \(sleep)>
               <MetadataEntry key="HKTimeZone" value="Europe/Berlin"/>
              </Record>
            </HealthData>
            """
        let path = folder + "/export.xml"
        try export.write(toFile: path, atomically: true, encoding: .utf8)
        let fromExport = try CLI.run(["fhir", path, "-o", "-", "-q"])
        #expect(fromExport.status == 0, "\(fromExport.stderr)")
        let ids = try fromExport.lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["id"] as? String)
        }
        #expect(ids.count == 3, "\(fromExport.stdout)")
        #expect(Set(ids).count == ids.count)
        #expect(!fromExport.stdout.contains("Europe/Berlin"))
        let store = folder + "/health.sqlite"
        let imported = try CLI.run(["import", path, "--all", "--db", store, "-q"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let fromStore = try CLI.run(["fhir", "--db", store, "-o", "-", "-q"])
        #expect(fromStore.lines.sorted() == fromExport.lines.sorted())
    }
    @Test("-o writes through a symbolic link and into a named pipe, and refuses the export itself")
    func outputsThatAreNoPlainFile() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = CLI.sample("v14-2025/export.xml")
        let expected = try CLI.run(["fhir", export, "-o", "-", "-q"]).stdout
        #expect(!expected.isEmpty)
        let target = folder + "/target.ndjson"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.ndjson", withDestinationPath: target)
        let linked = try CLI.run(["fhir", export, "-o", folder + "/link.ndjson", "-q"])
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.ndjson") == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == expected)
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let piped = try CLI.runProcess(
            "/bin/sh",
            [
                "-c", "cat \"$1\" > \"$2\" & \"$3\" fhir \"$4\" -o \"$1\" -q; status=$?; wait; exit $status",
                "sh", fifo, folder + "/read.ndjson", CLI.binary, export,
            ])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(try String(contentsOfFile: folder + "/read.ndjson", encoding: .utf8) == expected)
        var info = stat()
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        let itself = try CLI.run(["fhir", folder + "/target.ndjson", "-o", folder + "/target.ndjson"])
        #expect(itself.status == 64)
        #expect(itself.stderr.contains("-o must name a new file, not the export itself"))
        // The input by another name, or through a link: refused too, and left as it was.
        let copy = folder + "/export.xml"
        try FileManager.default.copyItem(atPath: export, toPath: copy)
        try FileManager.default.createSymbolicLink(atPath: folder + "/alias.xml", withDestinationPath: copy)
        for name in [folder + "/./export.xml", folder + "/alias.xml"] {
            let refused = try CLI.run(["fhir", copy, "-o", name])
            #expect(refused.status == 64, "\(refused.stderr)")
            #expect(refused.stderr.contains("is the export itself"), "\(refused.stderr)")
        }
        let redacted = try CLI.run(["redact", copy, "-o", folder + "/alias.xml"])
        #expect(redacted.status == 64, "\(redacted.stderr)")
        #expect(FileManager.default.contentsEqual(atPath: copy, andPath: export))
        // A link to a file not there yet makes it.
        try FileManager.default.createSymbolicLink(atPath: folder + "/later.ndjson", withDestinationPath: "made.ndjson")
        #expect(try CLI.run(["fhir", export, "-o", folder + "/later.ndjson", "-q"]).status == 0)
        #expect(try String(contentsOfFile: folder + "/made.ndjson", encoding: .utf8) == expected)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/later.ndjson") == "made.ndjson")
    }
}
