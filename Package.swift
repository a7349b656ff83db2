// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "healthimport",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "HealthExport", targets: ["HealthExport"]),
        .library(name: "HealthSync", targets: ["HealthSync"]),
        .library(name: "HealthStatistics", targets: ["HealthStatistics"]),
        .executable(name: "healthimport", targets: ["healthimport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(name: "CSHA1"),
        .target(name: "HealthExport", dependencies: ["CLibXML2", "CZlib"]),
        .target(name: "HealthStatistics"),
        .target(
            name: "HealthSync",
            dependencies: [
                "HealthExport",
                "CSHA1",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "healthimport",
            dependencies: [
                "HealthExport",
                "HealthSync",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "HealthExportTests", dependencies: ["HealthExport"]),
        .testTarget(name: "HealthSyncTests", dependencies: ["HealthSync"]),
        .testTarget(name: "HealthStatisticsTests", dependencies: ["HealthStatistics"]),
        .testTarget(
            name: "healthimportTests",
            dependencies: ["HealthExport", "HealthSync", .product(name: "GRDB", package: "GRDB.swift")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
