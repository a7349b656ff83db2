import ArgumentParser
import Foundation
import HealthCore
import HealthSQLite
import HealthStatistics

#if PostgreSQL
import HealthPostgres
#endif

/// `healthimport sources`: the sources statistics have seen, in priority order; `--priority` saves an order.
struct Sources: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List the sources in the order statistics rank them, or save an order.",
        discussion: """
            Samples entered by hand rank above every source; then the saved order; then Apple Watch, iPhone, and
            every other source alphabetically. Saving an order recomputes the statistics it changes.
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(
        help: ArgumentHelp(
            "Source names, highest priority first, comma-separated, to save in the store (\"\" clears the order).",
            valueName: "names"))
    var priority: String?

    func run() throws {
        try CommandRunner.run {
            let sources: [SourceListing]
            var known: Set<String> = []
            if StoreOptions.isPostgres(store.db) {
                #if PostgreSQL
                let (url, person, order) = (
                    try PostgresURL(store.db), store.person ?? StoreOptions.defaultPerson,
                    priority.map(SourceOrder.parse)
                )
                let before: [SourceListing]
                (sources, before) = try AsyncWait.run {
                    try await PostgresStore.withConnection(
                        url: url, person: person, announceMigrations: StoreOpener.announce
                    ) { postgres in
                        try await postgres.requireKnownPerson()
                        guard let order else { return (try await postgres.sources(), []) }
                        let before = try await postgres.sources()
                        try await postgres.saveSourceOrder(order)
                        return (try await postgres.sources(), before)
                    }
                }
                known = Set(before.map(\.name))
                #else
                throw PostgresSupport.missing
                #endif
            } else {
                try store.requireSQLite("sources")
                guard FileManager.default.fileExists(atPath: store.db) else {
                    throw StoreError.missingStore(store.db)
                }
                let healthStore = try StoreOpener.openWithCurrentStatistics(store.db)
                if let priority {
                    known = Set(try healthStore.read { db in try StoreSources.list(db) }.map(\.name))
                    try healthStore.write { db in try StoreSources.save(db, order: SourceOrder.parse(priority)) }
                }
                sources = try healthStore.read { db in try StoreSources.list(db) }
            }
            var output = StatisticsTable(format: .table)
            output.add(
                keys: ["rank", "source", "device", "saved"],
                rows: sources.map {
                    [
                        .integer($0.rank), .text($0.name), .text($0.deviceModel),
                        .text($0.savedPosition.map { String($0) }),
                    ]
                })
            try StandardOutput.print(output.text)
            let unknown = (priority.map(SourceOrder.parse) ?? []).filter { !known.contains($0) }
            if !unknown.isEmpty {
                Diagnostics.print(
                    "healthimport: note: no source of the store is named "
                        + unknown.map { "'\($0)'" }.joined(separator: ", ")
                        + "; saved anyway (names match exactly, as listed above)")
            }
        }
    }
}
