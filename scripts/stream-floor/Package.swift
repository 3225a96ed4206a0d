// swift-tools-version: 6.0
import PackageDescription

// Hummingbird alone, serving event streams that do no work: what a stream costs before Habits adds
// anything. Built and run by scripts/stream-floor.sh, never by the test command.
let package = Package(
    name: "StreamFloor",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1")
    ],
    targets: [
        .executableTarget(
            name: "StreamFloor",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        )
    ]
)
