import HealthExport

/// A workout's route points: inline `Location`s of old exports, and the GPX files its routes name.
package enum RouteFiles {
    /// One list of points per route (inline) or route file, each in time order. A file that is
    /// missing or unreadable adds a warning and no points.
    static func segments(of workout: Workout, in package: ExportPackage, warnings: inout [String]) -> [[RoutePoint]] {
        var segments: [[RoutePoint]] = []
        for route in workout.routes {
            if !route.locations.isEmpty { segments.append(ordered(route.locations)) }
            for path in route.filePaths {
                do {
                    guard let source = try package.openSidecar(path: path) else {
                        warnings.append(
                            "\(package.displayName): warning: route file \(path) not found (referenced by the "
                                + "\(workout.activityType) workout of \(workout.header.startDate.iso8601))")
                        continue
                    }
                    segments.append(ordered(try GPXReader.read(source)))
                } catch {
                    warnings.append("\(package.displayName): warning: route file \(path) skipped: \(error)")
                }
            }
        }
        return inOrder(segments, start: workout.header.startDate)
    }

    /// The non-empty `segments` by their first point's time (a segment without times at `start`).
    package static func inOrder(_ segments: [[RoutePoint]], start: ExportTimestamp) -> [[RoutePoint]] {
        segments.filter { !$0.isEmpty }.sorted { ($0.first?.time ?? start) < ($1.first?.time ?? start) }
    }

    /// `points` in time order; points without a time keep their place after the one before.
    package static func ordered(_ points: [RoutePoint]) -> [RoutePoint] {
        var previous = Int64.min
        let keys = points.map { point -> Int64 in
            previous = point.time?.secondsSince1970 ?? previous
            return previous
        }
        return zip(keys, points).enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            .map(\.element.1)
    }
}
