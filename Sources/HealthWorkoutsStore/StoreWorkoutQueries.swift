import HealthQuery
import HealthWorkouts

/// The queries that read a store's workouts, their children, routes and samples: one description
/// for both stores, their differences in the ``StoreSQLDialect``. Each gives its SQL and its
/// values, bound in order (after the person, in PostgreSQL).
package struct StoreWorkoutQueries: Sendable {
    /// A query and its values.
    package typealias Query = StoreQuery

    let dialect: StoreSQLDialect

    /// The queries in `dialect`.
    package init(_ dialect: StoreSQLDialect) {
        self.dialect = dialect
    }

    private func current(_ alias: String) -> String {
        "\(alias).deleted_by IS NULL AND \(alias).replaced_by IS NULL"
    }

    private func p(_ number: Int) -> String { dialect.parameter(number) }

    /// The newest export's date, locale and `Me` profile.
    package var facts: Query {
        (
            """
            SELECT x.export_date, x.locale, x.profile FROM exports x WHERE \(dialect.mineAnd("x"))1 = 1
            ORDER BY x.export_unix IS NULL, x.export_unix DESC LIMIT 1
            """, []
        )
    }

    /// The highest heart rate (beats per minute) from `since` on.
    package func highestHeartRate(since: Int64) -> Query {
        (
            """
            SELECT max(CASE WHEN q.unit = 'count/s' THEN q.value * 60 ELSE q.value END) FROM quantity_samples q
            WHERE \(dialect.mineAnd("q"))q.type = \(p(1)) AND q.start_unix >= \(p(2)) AND \(current("q"))
            """, [.text(HeartRate.type), .integer(since)]
        )
    }

    /// The current workouts starting at `from` or later, in start order: the columns
    /// ``StoreWorkoutAssembly/workout(_:)`` reads.
    package func workouts(from: Int64?) -> Query {
        (
            """
            SELECT w.uuid, w.activity_type, w.source_name, w.source_version, w.creation_date, w.start_date, w.end_date,
                w.duration, w.duration_unit, w.total_distance, w.total_distance_unit, w.total_energy_burned,
                w.total_energy_burned_unit
            FROM workouts w WHERE \(dialect.mineAnd("w"))w.start_unix >= \(p(1)) AND \(current("w"))
            ORDER BY w.start_unix, w.uuid
            """, [.integer(from ?? Int64.min)]
        )
    }

    /// A workout's metadata, events, statistics, activities and zones, in the order
    /// ``StoreWorkoutAssembly/complete(_:details:)`` takes them.
    package func details(of uuid: String) -> [Query] {
        let id: [StoreValue] = [.text(uuid)]
        return [
            (
                "SELECT m.key, m.value FROM metadata m WHERE \(dialect.mineAnd("m"))m.record_uuid = \(p(1)) ORDER BY m.position",
                id
            ),
            (
                """
                SELECT e.activity_position, e.type, e.date, e.duration, e.duration_unit FROM workout_events e
                WHERE \(dialect.mineAnd("e"))e.workout_uuid = \(p(1)) ORDER BY e.activity_position, e.position
                """, id
            ),
            (
                """
                SELECT s.activity_position, s.type, s.start_date, s.end_date, s.average, s.minimum, s.maximum, s.sum,
                    s.unit
                FROM workout_statistics s WHERE \(dialect.mineAnd("s"))s.workout_uuid = \(p(1))
                ORDER BY s.activity_position, s.position
                """, id
            ),
            (
                """
                SELECT a.position, a.activity_uuid, a.start_date, a.end_date, a.duration, a.duration_unit
                FROM workout_activities a WHERE \(dialect.mineAnd("a"))a.workout_uuid = \(p(1)) ORDER BY a.position
                """, id
            ),
            (
                """
                SELECT z.group_position, z.type, z.source, z.unit, z.minimum, z.maximum, z.duration, z.duration_unit
                FROM workout_zones z WHERE \(dialect.mineAnd("z"))z.workout_uuid = \(p(1))
                ORDER BY z.group_position, z.position
                """, id
            ),
        ]
    }

    /// The stored routes of a workout of `activityType` starting at `start`.
    package func routes(activityType: String, start: Int64) -> Query {
        (
            """
            SELECT r.uuid FROM routes r
            WHERE \(dialect.mineAnd("r"))r.workout_activity_type = \(p(1)) AND r.workout_start_unix = \(p(2))
                AND \(current("r"))
            ORDER BY r.file_path, r.uuid
            """, [.text(activityType), .integer(start)]
        )
    }

    /// A route's points in order: the columns ``StoreWorkoutAssembly/point(_:)`` reads.
    package func points(route: String) -> Query {
        (
            """
            SELECT p.time_date, p.latitude, p.longitude, p.elevation, p.speed, p.course, p.horizontal_accuracy,
                p.vertical_accuracy
            FROM route_points p WHERE \(dialect.mineAnd("p"))p.route_uuid = \(p(1)) ORDER BY p.position
            """, [.text(route)]
        )
    }

    /// The current samples of `type` from `source` starting in `range`: start, value and unit.
    package func samples(type: String, source: String, _ range: ClosedRange<Int64>) -> Query {
        (
            """
            SELECT q.start_unix, q.value, q.unit FROM quantity_samples q
            WHERE \(dialect.mineAnd("q"))q.type = \(p(1)) AND q.source_name = \(p(2))
                AND q.start_unix BETWEEN \(p(3)) AND \(p(4)) AND q.value IS NOT NULL AND \(current("q"))
            ORDER BY q.start_unix
            """, [.text(type), .text(source), .integer(range.lowerBound), .integer(range.upperBound)]
        )
    }
}
