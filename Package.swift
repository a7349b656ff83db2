// swift-tools-version: 6.1
import PackageDescription

// The modules follow the data flow and depend one way: reading (HealthExport), the core of
// identity, windows, anchors and the record stream (HealthCore), then the sinks (JSON lines,
// statistics, the stores, the server, the report, MCP) and the CLI. docs/architecture.md draws
// every target and its dependencies; Scripts/architecture.sh checks the drawing against this file.
let package = Package(
    name: "healthimport",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "HealthExport", targets: ["HealthExport"]),
        .library(name: "HealthCore", targets: ["HealthCore"]),
        .library(name: "HealthJSON", targets: ["HealthJSON"]),
        .library(name: "HealthFHIR", targets: ["HealthFHIR"]),
        .library(name: "HealthStatistics", targets: ["HealthStatistics"]),
        .library(name: "HealthWorkouts", targets: ["HealthWorkouts"]),
        .library(name: "HealthSQLite", targets: ["HealthSQLite"]),
        .library(name: "HealthPostgres", targets: ["HealthPostgres"]),
        .library(name: "HealthServer", targets: ["HealthServer"]),
        .library(name: "HealthSyncClient", targets: ["HealthSyncClient"]),
        .library(name: "HealthKitSource", targets: ["HealthKitSource"]),
        .executable(name: "healthimport", targets: ["healthimport"]),
        .executable(name: "healthimport-mcp", targets: ["healthimport-mcp"]),
    ],
    // Only the embedded store is in the default build. Every product of a server-side package is
    // referenced under a trait, so that SwiftPM leaves those packages out of a default build's
    // resolution too, and the modules that use them compile to nothing without their trait.
    traits: [
        .trait(
            name: "PostgreSQL",
            description:
                "Everything: the PostgreSQL store (--db postgresql://...), `serve`, `people` and `simulate-phone` (PostgresNIO, Hummingbird, swift-crypto, jwt-kit), with the MCP and SyncClient traits.",
            enabledTraits: ["MCP", "SyncClient"]
        ),
        .trait(
            name: "MCP",
            description:
                "`healthimport-mcp`, the Model Context Protocol server that `healthimport mcp` runs (the MCP Swift SDK)."
        ),
        .trait(
            name: "SyncClient",
            description:
                "HealthSyncClient and HealthKitSource, the phone side that uploads HealthKit samples (the OpenAPI runtime)."
        ),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.1.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
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
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
        ),
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(name: "CSHA1"),
        .target(name: "HealthExport", dependencies: ["CLibXML2", "CZlib"]),
        .target(name: "HealthCore", dependencies: ["HealthExport", "HealthStatistics", "CSHA1"]),
        .target(name: "HealthJSON", dependencies: ["HealthExport", "HealthCore"]),
        .target(name: "HealthStoreRows", dependencies: ["HealthExport", "HealthCore", "HealthJSON"]),
        .target(name: "HealthFHIR", dependencies: ["HealthExport", "HealthCore", "HealthJSON"]),
        .target(name: "HealthStatistics"),
        .target(name: "HealthRedact", dependencies: ["HealthExport", "HealthCore", "CZlib", "CLibCrypto"]),
        .target(
            name: "HealthSQLite",
            dependencies: [
                "HealthExport",
                "HealthCore",
                "HealthJSON",
                "HealthStatistics",
                "HealthStoreRows",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(name: "HealthWatch", dependencies: ["HealthExport"]),
        .target(name: "HealthParquet", dependencies: ["CZstd"]),
        .target(name: "HealthParquetTables", dependencies: ["HealthExport", "HealthCore", "HealthParquet"]),
        .target(
            name: "HealthParquetStore",
            dependencies: [
                "HealthExport", "HealthCore", "HealthParquet", "HealthParquetTables", "HealthQuery",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "HealthParquetPostgres",
            dependencies: [
                "HealthCore", "HealthExport", "HealthParquet", "HealthParquetTables", "HealthParquetStore",
                "HealthQueryPostgres", "HealthPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .target(name: "HealthWorkouts", dependencies: ["HealthExport", "HealthCore"]),
        .target(
            name: "HealthWorkoutsPostgres",
            dependencies: [
                "HealthCore", "HealthExport", "HealthWorkouts", "HealthWorkoutsStore", "HealthPostgres",
                "HealthQuery", "HealthQueryPostgres",
            ]
        ),
        .target(
            name: "HealthQueryPostgres",
            dependencies: [
                "HealthCore", "HealthExport", "HealthQuery", "HealthStatistics", "HealthPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .target(
            name: "HealthWorkoutsStore",
            dependencies: [
                "HealthExport", "HealthCore", "HealthWorkouts", "HealthQuery",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "HealthQuery",
            dependencies: [
                "HealthExport", "HealthCore", "HealthSQLite", "HealthStatistics",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "HealthReport",
            dependencies: ["HealthCore", "HealthQuery"]
        ),
        .target(
            name: "HealthMCP",
            dependencies: [
                "HealthCore",
                "HealthQuery",
                .product(name: "MCP", package: "swift-sdk", condition: .when(traits: ["MCP"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["MCP"])),
            ]
        ),
        .target(
            name: "HealthPostgres",
            dependencies: [
                "HealthExport",
                "HealthCore",
                "HealthJSON",
                "HealthStatistics",
                "HealthStoreRows",
                "CZlib",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle",
                    condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .target(
            name: "HealthServer",
            dependencies: [
                "HealthExport",
                "HealthCore",
                "HealthStatistics",
                "HealthJSON",
                "HealthPostgres",
                "HealthParquetPostgres",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "JWTKit", package: "jwt-kit", condition: .when(traits: ["PostgreSQL"])),
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle",
                    condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        // Its Generated/ folder is the client generated from docs/openapi.yaml, committed and
        // rewritten by Scripts/openapi-generate.sh (the build plugin would compile the generator
        // in every clean build).
        .target(
            name: "HealthSyncClient",
            dependencies: [
                .product(
                    name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["SyncClient"])),
                .product(
                    name: "OpenAPIURLSession", package: "swift-openapi-urlsession",
                    condition: .when(traits: ["SyncClient"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["SyncClient"])),
            ]
        ),
        .target(name: "HealthKitSource", dependencies: ["HealthSyncClient"]),
        .executableTarget(
            name: "healthimport",
            dependencies: [
                "HealthExport",
                "HealthCore",
                "HealthJSON",
                "HealthFHIR",
                "HealthSQLite",
                "HealthQuery",
                "HealthReport",
                "HealthWatch",
                "HealthWorkouts",
                "HealthWorkoutsStore",
                "HealthStatistics",
                "HealthParquet",
                "HealthParquetTables",
                "HealthParquetStore",
                "HealthRedact",
                .target(name: "HealthSyncClient", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "HealthPostgres", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "HealthServer", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "HealthParquetPostgres", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "HealthWorkoutsPostgres", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "HealthQueryPostgres", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "healthimport-mcp",
            dependencies: [
                "HealthCore", "HealthMCP", "HealthQuery",
                .target(name: "HealthPostgres", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "HealthQueryPostgres", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .target(name: "HealthFixtures", dependencies: ["HealthExport", "HealthCore"], path: "Tests/HealthFixtures"),
        .testTarget(name: "HealthExportTests", dependencies: ["HealthExport", "HealthFixtures"]),
        .testTarget(name: "HealthCoreTests", dependencies: ["HealthCore", "HealthFixtures"]),
        .testTarget(name: "HealthJSONTests", dependencies: ["HealthJSON", "HealthFixtures"]),
        .testTarget(name: "HealthFHIRTests", dependencies: ["HealthFHIR", "HealthFixtures"]),
        .testTarget(
            name: "HealthQueryTests",
            dependencies: [
                "HealthQuery", "HealthSQLite", "HealthCore", "HealthExport", "HealthFixtures",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "HealthWatchTests", dependencies: ["HealthWatch"]),
        .testTarget(name: "HealthReportTests", dependencies: ["HealthReport", "HealthQuery"]),
        .testTarget(
            name: "HealthMCPTests",
            dependencies: [
                "HealthMCP", "HealthQuery", "HealthSQLite", "HealthCore", "HealthExport", "HealthFixtures",
                .product(name: "MCP", package: "swift-sdk", condition: .when(traits: ["MCP"])),
            ]
        ),
        .testTarget(name: "HealthParquetTests", dependencies: ["HealthParquet", "HealthFixtures"]),
        .testTarget(name: "HealthWorkoutsTests", dependencies: ["HealthWorkouts", "HealthExport", "HealthFixtures"]),
        .testTarget(
            name: "HealthSQLiteTests",
            dependencies: ["HealthSQLite", "HealthFixtures", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "HealthStatisticsTests", dependencies: ["HealthStatistics"]),
        .testTarget(name: "HealthRedactTests", dependencies: ["HealthRedact", "HealthExport", "HealthFixtures"]),
        .testTarget(
            name: "HealthStoreTests",
            dependencies: [
                "HealthCore", "HealthSQLite", "HealthPostgres", "HealthStatistics", "HealthStoreRows", "HealthFixtures",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "HealthServerTests",
            dependencies: [
                "HealthCore", "HealthPostgres", "HealthServer", "HealthFixtures", "HealthSyncClient",
                .product(name: "JWTKit", package: "jwt-kit", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "CryptoExtras", package: "swift-crypto", condition: .when(traits: ["PostgreSQL"])),
                .product(
                    name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["SyncClient"])),
                .product(
                    name: "OpenAPIURLSession", package: "swift-openapi-urlsession",
                    condition: .when(traits: ["SyncClient"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["SyncClient"])),
            ]
        ),
        .testTarget(
            name: "HealthSyncClientTests",
            dependencies: [
                "HealthSyncClient", "HealthExport", "HealthFixtures",
                .product(
                    name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["SyncClient"])),
            ]
        ),
        .testTarget(
            name: "healthimportTests",
            dependencies: [
                "HealthExport", "HealthCore", "HealthJSON", "HealthSQLite", "HealthFixtures",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
