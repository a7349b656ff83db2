#if PostgreSQL
/// One ``RowBuffer`` per table of the store, made once per writer, so that binding a record
/// reads a constant instead of looking a buffer up by the table's name.
struct TableBuffers {
    let quantitySamples, heartbeatSeries, weightSamples, categorySamples, correlations, correlationMembers: RowBuffer
    let metadata, activitySummaries, electrocardiograms, clinicalRecords, audiograms: RowBuffer
    let visionPrescriptions, exports: RowBuffer
    let workouts, workoutActivities, workoutEvents, workoutStatistics, workoutRoutes, routes, routePoints: RowBuffer
    let workoutZones, recordDigests: RowBuffer
    /// Every buffer: the records' tables (which return the IDs of new rows) first, in the
    /// order of ``PostgresSchema/recordTables``, ``PostgresSchema/workoutTables`` and
    /// ``PostgresSchema/correctionTables``.
    let all: [RowBuffer]
    /// The buffers of child rows (beats, metadata, members, workout parts, route points).
    let children: [RowBuffer]

    init(person: String) {
        func make(_ table: PostgresTable) -> RowBuffer { RowBuffer(table: table, person: person) }
        quantitySamples = make(PostgresSchema.quantitySamples)
        heartbeatSeries = make(PostgresSchema.heartbeatSeries)
        weightSamples = make(PostgresSchema.weightSamples)
        categorySamples = make(PostgresSchema.categorySamples)
        correlations = make(PostgresSchema.correlations)
        correlationMembers = make(PostgresSchema.correlationMembers)
        metadata = make(PostgresSchema.metadata)
        activitySummaries = make(PostgresSchema.activitySummaries)
        electrocardiograms = make(PostgresSchema.electrocardiograms)
        clinicalRecords = make(PostgresSchema.clinicalRecords)
        audiograms = make(PostgresSchema.audiograms)
        visionPrescriptions = make(PostgresSchema.visionPrescriptions)
        exports = make(PostgresSchema.exports)
        workouts = make(PostgresSchema.workouts)
        workoutActivities = make(PostgresSchema.workoutActivities)
        workoutEvents = make(PostgresSchema.workoutEvents)
        workoutStatistics = make(PostgresSchema.workoutStatistics)
        workoutRoutes = make(PostgresSchema.workoutRoutes)
        routes = make(PostgresSchema.routes)
        routePoints = make(PostgresSchema.routePoints)
        workoutZones = make(PostgresSchema.workoutZones)
        recordDigests = make(PostgresSchema.recordDigests)
        all = [
            quantitySamples, heartbeatSeries, weightSamples, categorySamples, correlations, correlationMembers,
            metadata, activitySummaries, electrocardiograms, clinicalRecords, audiograms, visionPrescriptions, exports,
            workouts, workoutActivities, workoutEvents, workoutStatistics, workoutRoutes, routes, routePoints,
            workoutZones, recordDigests,
        ]
        children = all.filter { $0.table.returning == nil }
        assert(
            all.map(\.table.name)
                == (PostgresSchema.recordTables + PostgresSchema.workoutTables + PostgresSchema.correctionTables).map(
                    \.name))
    }
}
#endif
