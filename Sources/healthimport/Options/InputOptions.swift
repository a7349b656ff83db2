import ArgumentParser

/// The export to read.
struct InputOptions: ParsableArguments {
    @Argument(
        help:
            "The export: export.zip, the apple_health_export folder (or the folder above it), export.xml, or - for standard input."
    )
    var path: String

    @Flag(name: .shortAndLong, help: "Print no progress or warnings on standard error.")
    var quiet = false
}
