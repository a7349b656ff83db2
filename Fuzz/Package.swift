// swift-tools-version: 6.1
// libFuzzer targets for healthimport: build and run them with ../Scripts/fuzz.sh.
import PackageDescription

let fuzzTargets = ["FuzzRead", "FuzzOverview", "FuzzZip", "FuzzSidecars", "FuzzValues"]

let package = Package(
    name: "healthimport-fuzz",
    dependencies: [.package(name: "healthimport", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "HealthExport", package: "healthimport")])
    ]
        + fuzzTargets.map { name in
            .executableTarget(
                name: name,
                dependencies: ["FuzzSupport", .product(name: "HealthExport", package: "healthimport")])
        }
        + [
            .executableTarget(
                name: "FuzzStore",
                dependencies: [
                    "FuzzSupport", .product(name: "HealthExport", package: "healthimport"),
                    .product(name: "HealthCore", package: "healthimport"),
                    .product(name: "HealthSQLite", package: "healthimport"),
                ])
        ],
    swiftLanguageModes: [.v6]
)
