/// Adds an export's sidecar files to the records its XML yields: each workout's GPX routes
/// (`.route`) right after the workout, and the ECG recordings (`.electrocardiogram`) at the end.
///
/// A ``PackageReader`` drives one around its ``ExportReader``. The reader's `plan` decides for routes and ECGs as for any record: when routes are wanted,
/// workouts are parsed even if not selected (to find their route files), then left out and
/// counted here as the XML reader would have.
final class SidecarReader {
    /// Individual sidecar warnings kept; beyond them, only counted.
    static let warningLimit = ReadReport.keptWarnings

    let package: ExportPackage
    private var warnings: [String] = []
    private var moreWarnings = 0

    init(package: ExportPackage) {
        self.package = package
    }

    /// Reads the XML's records (deciding with a plan) and returns its report.
    typealias Document = (
        _ plan: @escaping (RecordKind, String) -> TypePlan, _ body: @escaping (HealthRecord) throws -> Void
    ) throws -> ReadReport

    func read(
        with reader: ExportReader, document: Document, _ body: @escaping (HealthRecord) throws -> Void
    ) throws -> ReadReport {
        let outer = reader.plan
        let routePlan = outer(.route, RouteTrack.typeIdentifier)
        let ecgPlan = outer(.electrocardiogram, Electrocardiogram.typeIdentifier)
        let wantsRoutes = routePlan != .skip
        var workoutPlans: [String: TypePlan] = [:]
        var extra = ReadReport()
        var routeFilesSkipped = 0
        var routesUnavailable = 0
        /// Route files the workouts name, as paths relative to the export's folder, lowercased.
        var referencedRoutes = Set<String>()

        let inner: (RecordKind, String) -> TypePlan = { kind, type in
            kind == .workout && wantsRoutes ? .all : outer(kind, type)
        }
        var report = try document(inner) { [unowned self] record in
            switch record {
            case .workout(let workout):
                let paths = workout.routes.flatMap(\.filePaths)
                guard wantsRoutes else {
                    routeFilesSkipped += paths.count
                    try body(record)
                    return
                }
                let type = workout.activityType
                let plan = workoutPlans[type] ?? outer(.workout, type)
                workoutPlans[type] = plan
                if extra.admits(plan, type: type, start: workout.header.startDate) {
                    try body(record)
                }
                guard package.hasSidecars else {
                    routesUnavailable += paths.count
                    return
                }
                for route in workout.routes {
                    for path in route.filePaths {
                        if let relative = Paths.relative(path) { referencedRoutes.insert(relative.lowercased()) }
                        guard let track = self.track(path, route: route, workout: workout) else { continue }
                        let start = track.startDate ?? track.workoutStart
                        if extra.admits(routePlan, type: RouteTrack.typeIdentifier, start: start) {
                            try body(.route(track))
                        }
                    }
                }
            case .route(let track):
                // Inline `Location` points of old exports, yielded by the XML reader.
                let start = track.startDate ?? track.workoutStart
                if extra.admits(routePlan, type: RouteTrack.typeIdentifier, start: start) {
                    try body(record)
                }
            default:
                try body(record)
            }
        }

        let ecgPaths = package.electrocardiogramPaths
        if ecgPlan == .skip {
            extra.notSelected += ecgPaths.count
        } else {
            for path in ecgPaths {
                guard let ecg = electrocardiogram(path) else { continue }
                if extra.admits(ecgPlan, type: Electrocardiogram.typeIdentifier, start: ecg.recordedDate) {
                    try body(.electrocardiogram(ecg))
                }
            }
        }

        extra.notSelected += routeFilesSkipped
        report.notSelected += extra.notSelected
        for (type, count) in extra.outsideWindow { report.outsideWindow[type, default: 0] += count }
        if routesUnavailable > 0 {
            warn(
                "\(routesUnavailable) route file\(routesUnavailable == 1 ? "" : "s") not read: "
                    + "XML on standard input has no folder; pass the zip or the apple_health_export folder")
        }
        var notes = package.notes
        if wantsRoutes, let note = unreferencedRoutesNote(referenced: referencedRoutes) { notes.append(note) }
        for warning in notes + warnings { report.warn(warning) }
        report.warningsNotKept += moreWarnings
        return report
    }

    /// One note for the route files in `workout-routes/` that no workout names (they are not read).
    private func unreferencedRoutesNote(referenced: Set<String>) -> String? {
        let unreferenced = package.routePaths.filter { !referenced.contains($0.lowercased()) }
        guard let first = unreferenced.first else { return nil }
        let count = unreferenced.count
        let examples = unreferenced.count == 1 ? first : "\(first), ..."
        return "\(package.displayName): note: \(count) route file\(count == 1 ? "" : "s") in workout-routes/ "
            + "\(count == 1 ? "is" : "are") referenced by no workout and not read (\(examples))"
    }

    private func track(_ path: String, route: WorkoutRoute, workout: Workout) -> RouteTrack? {
        do {
            guard let source = try package.openSidecar(path: path) else {
                warn(
                    "route file \(path) not found (referenced by the \(workout.activityType) workout of "
                        + "\(workout.header.startDate.iso8601))")
                return nil
            }
            let points = try GPXReader.read(source)
            return RouteTrack(
                filePath: path, sourceName: route.sourceName, workoutActivityType: workout.activityType,
                workoutStart: workout.header.startDate, startDate: points.first?.time ?? route.startDate,
                endDate: points.last?.time ?? route.endDate, points: points)
        } catch {
            warn("route file \(path) skipped: \(error.description)")
            return nil
        }
    }

    private func electrocardiogram(_ path: String) -> Electrocardiogram? {
        do {
            guard let source = try package.openSidecar(path: path) else { return nil }
            let ecg = try ElectrocardiogramReader.read(source, filePath: path)
            if ecg.sampleRateHertz == nil, !ecg.samples.isEmpty {
                warn("ECG file \(path) has no Sample Rate that reads as a number: its end is taken as its start")
            }
            return ecg
        } catch {
            warn("ECG file \(path) skipped: \(error.description)")
            return nil
        }
    }

    private func warn(_ message: String) {
        if warnings.count < Self.warningLimit {
            warnings.append("\(package.displayName): warning: \(message)")
        } else {
            moreWarnings += 1
        }
    }
}
