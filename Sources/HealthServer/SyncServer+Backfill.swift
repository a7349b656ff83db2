#if PostgreSQL
import Foundation
import HealthCore
import HealthExport
import HealthJSON
import HealthPostgres
import Hummingbird

/// The backfill routes: `sync-status`, `mark-backfill-complete` and the admin's reset.
extension SyncServer {
    /// Midnight UTC three years before `now`: where an app's historical upload starts.
    static func recommendedStart(now: Date = Date()) -> CalendarDay {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let then = calendar.date(byAdding: .year, value: -3, to: now)!
        let parts = calendar.dateComponents([.year, .month, .day], from: then)
        return CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    static func midnightUTC(_ day: CalendarDay) -> String { "\(day.iso8601)T00:00:00Z" }

    /// `GET /api/healthkit/sync-status`.
    @Sendable func syncStatus(_ request: Request) async throws -> Response {
        let person = try await authenticate(request)
        let backfill = try await directory.backfill(of: person)
        var out = JSONBuffer(capacity: 256)
        out.beginObject()
        out.key("backfillComplete")
        out.bool(backfill.complete)
        out.fieldOrNull("backfillDate", backfill.date)
        out.key("needsHistoricalSync")
        out.bool(!backfill.complete)
        out.fieldOrNull("recommendedStartDate", backfill.complete ? nil : Self.midnightUTC(Self.recommendedStart()))
        out.endObject()
        return Reply.json(out.text)
    }

    /// `POST /api/healthkit/mark-backfill-complete` with `{"sampleCount", "startDate", "endDate"}`;
    /// 409 while an upload of the person runs.
    @Sendable func markBackfillComplete(_ request: Request) async throws -> Response {
        let person = try await authenticate(request, needs: .write)
        let body = try await jsonObject(request)
        let count = body["sampleCount"]
        if count != nil, !(count is NSNull), (count as? NSNumber).map({ $0.doubleValue >= 0 }) != true {
            throw ServerFailure(.badRequest, "body: error: sampleCount must be a number of samples")
        }
        for key in ["startDate", "endDate"] where body[key] != nil && !(body[key] is String) && !(body[key] is NSNull) {
            throw ServerFailure(.badRequest, "body: error: \(key) must be a date string")
        }
        if try await directory.importRunning(of: person) {
            throw ServerFailure(
                .conflict, "an upload for \(person) is still running; mark the backfill complete when it has finished")
        }
        let date = try await directory.markBackfillComplete(
            of: person, sampleCount: (count as? NSNumber)?.intValue, start: body["startDate"] as? String,
            end: body["endDate"] as? String)
        var out = JSONBuffer(capacity: 128)
        out.beginObject()
        out.key("success")
        out.bool(true)
        out.field("backfillDate", date)
        out.endObject()
        return Reply.json(out.text)
    }

    /// `POST /api/admin/reset-healthkit-backfill` with `{"userId"}` (admin token only).
    @Sendable func resetBackfill(_ request: Request) async throws -> Response {
        try await authenticateAdmin(request)
        let body = try await jsonObject(request)
        guard let user = body["userId"] as? String, !user.isEmpty else {
            throw ServerFailure(.badRequest, "body: error: userId (a person's name) is missing")
        }
        guard try await directory.resetBackfill(of: user) else {
            throw ServerFailure(.notFound, "no person \(user) (healthimport people list)")
        }
        var out = JSONBuffer(capacity: 128)
        out.beginObject()
        out.key("success")
        out.bool(true)
        out.field("userId", user)
        out.endObject()
        return Reply.json(out.text)
    }
}
#endif
