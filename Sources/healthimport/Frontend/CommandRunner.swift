import ArgumentParser
import HealthCore
import HealthExport
import HealthJSON

/// Runs a subcommand's body and turns every failure into one clear line on standard error and an exit code:
/// 1 for errors, 69 when the database cannot be reached or went away (`EX_UNAVAILABLE`: try
/// again later), 75 when another import holds the store, 130 after Ctrl-C, 0 when the reader
/// of standard output went away.
enum CommandRunner {
    static func run(_ body: () throws -> Void) throws {
        Interrupt.install()
        do {
            try body()
        } catch is StandardOutput.Closed {
            return
        } catch is Interrupt.Requested {
            Diagnostics.print("healthimport: interrupted")
            throw ExitCode(130)
        } catch let error as ExportError {
            Diagnostics.print(error.description)
            throw ExitCode.failure
        } catch let error as StoreError {
            Diagnostics.print("healthimport: error: \(error.message)")
            throw ExitCode(error.code == .locked ? 75 : error.code == .unavailable ? 69 : 1)
        } catch let refused as DeletionsRefused {
            Diagnostics.print("healthimport: error: \(refused.description)")
            throw ExitCode.failure
        } catch let failure as CommandFailure {
            Diagnostics.print("healthimport: error: \(failure.message)")
            throw ExitCode(failure.exitCode)
        }
    }
}
