#if PostgreSQL
import ArgumentParser
import HealthCore
import HealthPostgres

extension People {
    /// `people webhook NAME URL`: where the server tells of each completed upload of a person.
    struct Webhook: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "webhook",
            abstract:
                "Set a person's webhook (or --remove it); prints its signing secret once, alone on the last line.",
            discussion: """
                After every completed upload of theirs, `serve` POSTs {"type", "person", "importId", \
                "total", "changedDays"} to URL, signed as Standard Webhooks says (webhook-id, \
                webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body> with \
                this secret), retried with exponential backoff until it gets a 2xx.
                """)

        @Argument(help: "The person's name.")
        var name: String

        @Argument(help: ArgumentHelp("The http(s) URL to POST to.", valueName: "url"))
        var url: String?

        @Flag(help: "Remove the person's webhook.")
        var remove = false

        @OptionGroup var database: Database

        func validate() throws {
            if remove {
                guard url == nil else { throw ValidationError("give a URL or --remove, not both") }
            } else {
                guard let url else { throw ValidationError("give the webhook's URL (or --remove)") }
                guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                    throw ValidationError("the webhook's URL must start with http:// or https:// (got \(url))")
                }
            }
        }

        func run() throws {
            try CommandRunner.run {
                let name = self.name
                if remove {
                    guard try database.run({ try await $0.removeWebhook(person: name) }) else {
                        throw CommandFailure("\(name) has no webhook")
                    }
                    Diagnostics.print("healthimport: removed \(name)'s webhook")
                    return
                }
                let url = self.url ?? ""
                let secret = try database.run { try await $0.setWebhook(person: name, url: url) }
                Diagnostics.print(
                    "healthimport: \(name)'s uploads are told to \(url); its signing secret (shown once):")
                try StandardOutput.print(secret + "\n")
            }
        }
    }
}
#endif
