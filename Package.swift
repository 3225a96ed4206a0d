// swift-tools-version: 6.1
import PackageDescription

/// Upcoming language features every target of ours builds with.
let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Habits",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "DiffableData", targets: ["DiffableData"]),
        .library(name: "DiffableDataCompat", targets: ["DiffableDataCompat"]),
        .library(name: "CompositionalLayout", targets: ["CompositionalLayout"]),
        .library(name: "CompositionalLayoutCompat", targets: ["CompositionalLayoutCompat"]),
        .library(name: "QRCode", targets: ["QRCode"]),
        .library(name: "ZipArchive", targets: ["ZipArchive"]),
        .library(name: "LoopImport", targets: ["LoopImport"]),
        .library(name: "HabitsDomain", targets: ["HabitsDomain"]),
        .library(name: "HabitsStore", targets: ["HabitsStore"]),
        .library(name: "HabitsSQLite", targets: ["HabitsSQLite"]),
        .library(name: "HabitsPostgres", targets: ["HabitsPostgres"]),
        .library(name: "HabitsDemo", targets: ["HabitsDemo"]),
        .library(name: "HabitsScreens", targets: ["HabitsScreens"]),
        .library(name: "HabitsServer", targets: ["HabitsServer"]),
        .library(name: "HabitsClient", targets: ["HabitsClient"]),
        .executable(name: "habits", targets: ["habits"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // Tests only: the OpenAPI document read as YAML, not scanned line by line.
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    ],
    targets: [
        // Pure engines: no I/O, no networking.
        .target(name: "DiffableData"),
        .target(name: "DiffableDataCompat", dependencies: ["DiffableData"]),
        .target(name: "CompositionalLayout"),
        .target(name: "CompositionalLayoutCompat", dependencies: ["CompositionalLayout"]),
        // QR codes (ISO/IEC 18004) as module matrices and SVG: the calendar link's code on the account page.
        .target(name: "QRCode"),
        // CRC-32, the one implementation: zip entries, gzip trailers and PNG chunks. No dependencies, so the pure
        // domain can use it without NIO.
        .target(name: "Checksum"),
        // Zip archives (stored and deflated entries) read and written in memory: export and import.
        // Deflated entries are inflated by zlib, through compress-nio, rather than by code of our own.
        .target(
            name: "ZipArchive",
            dependencies: [
                "Checksum",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // Loop Habit Tracker's CSV export (its zip) read into plain values, for importing it.
        .target(name: "LoopImport", dependencies: ["ZipArchive", "HabitsDomain"]),

        // Domain, store, server, executable: the arrows point one way.
        .target(
            name: "HabitsDomain",
            dependencies: ["Checksum"],
            resources: [
                .copy("Resources/emoji.txt"), .copy("Resources/common-passwords.txt"),
                .copy("Resources/confusables.txt"),
            ]
        ),
        // The storage interface: protocols, changes and their feed; pure, so any database can implement it.
        .target(name: "HabitsStore", dependencies: ["HabitsDomain"]),
        // The SQLite implementation: the only module that imports GRDB.
        .target(
            name: "HabitsSQLite",
            dependencies: [
                "HabitsDomain",
                "HabitsStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's own calls, for the reads that only bind and read integers (`IntegerQuery`).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The PostgreSQL implementation: the only module that imports PostgresNIO.
        .target(
            name: "HabitsPostgres",
            dependencies: [
                "HabitsDomain",
                "HabitsStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The demo: its data set, programs and help, loaders and activity simulator, over the store protocols alone.
        .target(name: "HabitsDemo", dependencies: ["HabitsDomain", "HabitsStore"]),
        // Screen documents: pure, built from the domain's reads with the engines.
        .target(
            name: "HabitsScreens", dependencies: ["HabitsDomain", "HabitsStore", "DiffableData", "CompositionalLayout"]
        ),
        .target(
            name: "HabitsServer",
            dependencies: [
                "QRCode",
                "Checksum",
                "ZipArchive",
                "LoopImport",
                "HabitsDomain",
                "HabitsStore",
                "HabitsScreens",
                "CompositionalLayout",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Resources/openapi.yaml"), .copy("Resources/web")]
        ),
        // The command-line client's HTTP calls and output over `/v1`: Foundation only, no server code.
        .target(name: "HabitsClient", dependencies: ["HabitsDomain"]),
        .executableTarget(
            name: "habits",
            dependencies: [
                "HabitsClient",
                "HabitsServer",
                "HabitsStore",
                "HabitsSQLite",
                "HabitsPostgres",
                "HabitsDemo",
                "HabitsDomain",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),

        .testTarget(
            name: "DiffableDataTests",
            dependencies: [
                "DiffableData", "DiffableDataCompat", "HabitsTestSupport",
            ]
        ),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "ChecksumTests", dependencies: ["Checksum"]),
        .testTarget(name: "ZipArchiveTests", dependencies: ["ZipArchive", "Checksum"]),
        .testTarget(name: "LoopImportTests", dependencies: ["LoopImport", "ZipArchive"]),
        .testTarget(
            name: "CompositionalLayoutTests",
            dependencies: [
                "CompositionalLayout", "CompositionalLayoutCompat", "HabitsTestSupport",
            ]
        ),
        // What the store and server tests share: one fixture, one instant, seeds, temporary databases.
        .target(
            name: "HabitsTestSupport",
            dependencies: ["HabitsDomain", "HabitsStore", "HabitsSQLite", "HabitsPostgres"],
            path: "Tests/HabitsTestSupport"
        ),
        .testTarget(name: "HabitsClientTests", dependencies: ["HabitsClient", "HabitsDomain"]),
        .testTarget(name: "HabitsDomainTests", dependencies: ["HabitsDomain", "HabitsTestSupport"]),
        // The rules above the stores, alone: what each decides from its facts, with no database.
        .testTarget(name: "HabitsStoreTests", dependencies: ["HabitsStore", "HabitsDomain"]),
        .testTarget(
            name: "HabitsDemoTests",
            dependencies: ["HabitsDemo", "HabitsDomain", "HabitsStore", "HabitsSQLite", "HabitsTestSupport"]
        ),
        .testTarget(
            name: "HabitsScreensTests",
            dependencies: [
                "HabitsScreens", "HabitsDomain", "HabitsStore", "DiffableData", "CompositionalLayout",
                "HabitsTestSupport", .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "HabitsSQLiteTests",
            dependencies: [
                "HabitsSQLite", "HabitsStore", "HabitsDomain", "HabitsDemo", "HabitsTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The store contract: every test runs against each implementation `StoreImplementation` lists.
        .testTarget(
            name: "HabitsStoreContractTests",
            dependencies: ["HabitsStore", "HabitsSQLite", "HabitsDomain", "HabitsDemo", "HabitsTestSupport"]
        ),
        // The PostgreSQL store's own tests: its URL, and several instances writing to one database.
        .testTarget(
            name: "HabitsPostgresTests",
            dependencies: [
                "HabitsPostgres", "HabitsStore", "HabitsDomain", "HabitsTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "HabitsServerTests",
            dependencies: [
                "HabitsServer", "HabitsStore", "HabitsSQLite", "HabitsPostgres", "HabitsDomain", "HabitsDemo",
                "HabitsScreens", "QRCode",
                "CompositionalLayout", "HabitsTestSupport", "habits",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + upcomingFeatures
}
