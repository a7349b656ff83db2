#if PostgreSQL
import ArgumentParser
import Foundation
import HealthCore
import HealthExport
import HealthSyncClient

/// `healthimport simulate-phone PATH --server URL --token TOKEN`: an export replayed as a
/// phone's HealthKit would see it, through the sync client's engine and transport.
struct SimulatePhone: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate-phone",
        abstract: "Replay an export as a phone syncing live to a `serve` server.",
        discussion: """
            The export's quantity, weight and category samples become HealthKit samples saved in \
            the order they were created, --speed times faster than they were; some arrive late, \
            and --delete-every deletes some after they were sent. The HealthSyncClient engine \
            sends them as a phone would (anchors, batches of 1,000, retries, deletions), then \
            backfills what is older than the server's window. By default only the 30 days \
            before the export's date; --all for everything.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var selection: SelectionOptions

    @Option(help: ArgumentHelp("The sync server's root URL.", valueName: "url"))
    var server: String

    @Option(help: ArgumentHelp("The person's bearer token (healthimport people add NAME).", valueName: "token"))
    var token: String

    @Option(help: "How many times faster than real time the samples arrive (0: all at once).")
    var speed: Double = 3600

    @Option(help: "Delete one sample in N from the phone after it was sent (0: none).")
    var deleteEvery = 0

    @Option(help: "Save one sample in N a day after the rest of its time (a late sync); 0: none.")
    var lateEvery = 50

    func validate() throws {
        guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw ValidationError("--server '\(server)' is not an http(s) URL")
        }
        guard speed >= 0, speed.isFinite else { throw ValidationError("--speed must be 0 or more") }
        guard deleteEvery >= 0, lateEvery >= 0 else {
            throw ValidationError("--delete-every and --late-every are 0 or more")
        }
    }

    func run() throws {
        try CommandRunner.run {
            let reader = try ExportInput.open(input.path)
            let stream = RecordStream(
                reader: reader, selection: try selection.selection(), policy: WindowPolicy(window: selection.window)
            )
            var samples: [PhoneReplay.Arrival] = []
            var skipped = 0
            _ = try stream.run { record in
                try Interrupt.check()
                guard let sample = HealthSample(record: record.record, id: record.id.description) else {
                    skipped += 1
                    return
                }
                let late = lateEvery > 0 && samples.count % lateEvery == lateEvery - 1
                samples.append(PhoneReplay.Arrival(sample: sample, late: late))
            }
            let replay = PhoneReplay(
                server: URL(string: server)!, token: token, speed: speed, deleteEvery: deleteEvery)
            let arrivals = samples
            let result: PhoneReplay.Result
            do {
                result = try AsyncWait.run { try await replay.run(arrivals) }
            } catch let error as SyncError {
                throw CommandFailure(error.description)
            }
            print(
                "simulate-phone: \(result.saved) samples saved (\(skipped) records not samples), "
                    + "\(result.summary.sent) sent: \(result.summary.new) new, "
                    + (result.summary.updated > 0 ? "\(result.summary.updated) updated, " : "")
                    + "\(result.summary.alreadyImported) already on the server; "
                    + "\(result.summary.deleted) deleted; \(result.summary.rejected.count) batches refused; "
                    + "\(String(format: "%.1f", result.seconds)) s")
            for batch in result.summary.rejected { Diagnostics.print("simulate-phone: refused: \(batch)") }
        }
    }
}
#endif
