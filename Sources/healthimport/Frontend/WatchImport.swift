import HealthCore
import HealthExport
import HealthJSON
import HealthWatch

/// One import of an export the watcher found: the same steps as `import`, with the outcome
/// told as a line on standard error (and a JSON object on standard output with `--json`).
struct WatchImport {
    let db: String
    /// Whose rows, in a PostgreSQL store.
    let person: String?
    let options: ImportOptions
    let json: Bool
    let quiet: Bool
    /// Seconds to wait before trying a locked store again.
    let lockedRetry: Double
    /// Seconds to wait before trying again a database that cannot be reached or went away (a
    /// restart): a watcher rides it out, and the next try goes on from what was committed.
    var unavailableRetry: Double = 5

    /// What stopped the watch for good, if anything did.
    enum Stop: Error {
        case interrupted
        case fatal(StoreError)
    }

    /// Imports `export`; returns whether to retry, or throws ``Stop``.
    func run(_ export: WatchedExport) throws(Stop) -> WatchDecision {
        do {
            let package = try ExportPackage.open(export.path)
            let signature = ExportSignature.of(path: export.path, package: package)
            let reader = try package.makeReader()
            let store = try StoreOpener.open(db, person: person)
            let importer = Importer(destination: store)
            importer.checkStop = { try Interrupt.check() }
            importer.isInterruption = { $0 is Interrupt.Requested }
            let result = try importer.run(reader: reader, input: export.path, signature: signature, options: options)
            if let earlier = result.sameExport {
                say("\(export.path) is the export imported on \(earlier.started) (import #\(earlier.id)); skipped")
                emit(export, "same-export") { $0.field("sameExportAs", Int(earlier.id)) }
            } else if let report = result.report {
                let total = report.counts.values.reduce(TypeCounts(), +)
                say(
                    "imported \(export.path): import #\(result.importID ?? 0), \(total.new) new, "
                        + "\(total.alreadyImported) already imported, \(total.outsideWindow) outside the window, "
                        + "\(total.invalid) invalid")
                if json {
                    let path = export.path
                    let bytes = CountsReport.json(report.counts, importID: result.importID, read: report.read) {
                        $0.field("path", path)
                        $0.field("outcome", "imported")
                    }
                    printJSON(String(decoding: bytes, as: UTF8.self))
                }
            }
            return .done
        } catch is Interrupt.Requested {
            say("stopped during \(export.path); what was read is committed, the rest is imported at the next start")
            emit(export, "interrupted") { _ in }
            throw .interrupted
        } catch let error as StoreError where error.code == .locked {
            say("the store is locked (\(error.message)); trying \(export.path) again in \(Int(lockedRetry)) s")
            return .retry(after: lockedRetry)
        } catch let error as StoreError where error.code == .unavailable {
            say("\(error.message); trying \(export.path) again in \(Int(unavailableRetry)) s")
            return .retry(after: unavailableRetry)
        } catch let error as StoreError {
            failed(export, "error: \(error.message)")
            throw .fatal(error)
        } catch let refused as DeletionsRefused {
            failed(
                export, "\(refused.reason); `healthimport import \(export.path) --accept-deletions` imports it anyway")
            return .done
        } catch {
            failed(export, "\(error)")
            return .done
        }
    }

    /// A zip the watcher skipped without importing.
    func skipped(_ export: WatchedExport, reason: String) {
        failed(export, reason)
    }

    private func failed(_ export: WatchedExport, _ message: String) {
        let line = message.hasPrefix(export.path) ? message : "\(export.path): \(message)"
        Diagnostics.print("healthimport: watch: skipped \(line)")
        emit(export, "failed") { $0.field("error", message) }
    }

    private func say(_ line: String) {
        if !quiet { Diagnostics.print("healthimport: watch: " + line) }
    }

    private func emit(_ export: WatchedExport, _ outcome: String, _ extra: (inout JSONBuffer) -> Void) {
        guard json else { return }
        var out = JSONBuffer()
        out.beginObject()
        out.field("path", export.path)
        out.field("outcome", outcome)
        extra(&out)
        out.endObject()
        out.newline()
        printJSON(out.text)
    }

    private func printJSON(_ text: String) {
        try? StandardOutput.print(text)
    }
}
