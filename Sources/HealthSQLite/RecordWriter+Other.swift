import HealthExport

extension RecordWriter {
    func write(_ ecg: Electrocardiogram, uuid: String) throws -> Bool {
        let statement = try insert(
            """
            INSERT OR IGNORE INTO electrocardiograms (uuid, file_path, recorded_date, recorded_unix, end_date, end_unix, \
            classification, symptoms, software_version, device, sample_rate_hz, lead, unit, sample_count, samples) \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        statement.text(uuid)
        statement.text(ecg.filePath)
        statement.timestamp(ecg.recordedDate)
        statement.timestamp(ecg.endDate)
        statement.text(ecg.classification)
        statement.text(ecg.symptoms)
        statement.text(ecg.softwareVersion)
        statement.text(ecg.device)
        statement.real(ecg.sampleRateHertz)
        statement.text(ecg.lead)
        statement.text(ecg.unit)
        statement.integer(ecg.samples.count)
        statement.json { $0.array(ecg.samples) }
        return try statement.run()
    }

    func write(_ record: ClinicalRecord, uuid: String) throws -> Bool {
        let statement = try insert(
            """
            INSERT OR IGNORE INTO clinical_records (uuid, type, identifier, source_name, source_url, fhir_version, \
            received_date, received_unix, resource_file_path) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        statement.text(uuid)
        statement.text(record.type)
        statement.text(record.identifier)
        statement.text(record.sourceName)
        statement.text(record.sourceURL)
        statement.text(record.fhirVersion)
        statement.timestamp(record.receivedDate)
        statement.text(record.resourceFilePath)
        return try statement.run()
    }

    func write(_ audiogram: Audiogram, uuid: String) throws -> Bool {
        let statement = try insert(Self.headerInsert("audiograms", extra: ["points"]))
        bindHeader(statement, audiogram.header, uuid: uuid)
        statement.json { out in
            out.beginArray()
            for point in audiogram.points { out.object(point) }
            out.endArray()
        }
        guard try statement.run() else { return false }
        try writeMetadata(audiogram.metadata, owner: uuid)
        return true
    }

    func write(_ prescription: VisionPrescription, uuid: String) throws -> Bool {
        let statement = try insert(
            """
            INSERT OR IGNORE INTO vision_prescriptions (uuid, type, issued_date, issued_unix, expiration_date, \
            expiration_unix, brand, right_eye, left_eye, attachments) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        statement.text(uuid)
        statement.text(prescription.type)
        statement.timestamp(prescription.dateIssued)
        statement.timestamp(prescription.expirationDate)
        statement.text(prescription.brand)
        statement.json { $0.object(prescription.rightEye) }
        statement.json { $0.object(prescription.leftEye) }
        statement.json { $0.array(prescription.attachments) }
        guard try statement.run() else { return false }
        try writeMetadata(prescription.metadata, owner: uuid)
        return true
    }
}
