import Foundation
import HabitsDemo
import HabitsDomain
import HabitsServer
import HabitsSQLite
import HabitsStore
import HabitsTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// The real application over `store`, with (for `demo`) a simulator that is off, and the clock stopped at
/// `Fixture.now`.
func makeApplication(
    store: any HabitStore,
    demo: DemoDataSet? = nil,
    metrics: ServerMetrics = ServerMetrics(),
    configuration: ServerConfiguration = ServerConfiguration(port: 0)
) -> some ApplicationProtocol {
    var logger = Logger(label: "habits.test")
    logger.logLevel = .warning
    // With `demo`, as `habits serve --demo` wires it: the simulator stopped, its controls served.
    let simulator = demo.map { ActivitySimulator(store: store, demo: $0, activeUserID: "user0", startRunning: false) }
    return buildApplication(
        configuration: configuration, store: store, simulator: simulator, logger: logger, metrics: metrics,
        clock: { Fixture.now }
    )
}

func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(response.body.readableBytesView))
}

/// The JSON error body every failure carries.
struct ErrorBody: Decodable {
    struct Detail: Decodable { let code: String; let message: String }
    let error: Detail
}

func expectError(
    _ response: TestResponse, _ status: HTTPResponse.Status, code: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(response.status == status, sourceLocation: sourceLocation)
    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
    let body = try decode(ErrorBody.self, response)
    #expect(!body.error.message.isEmpty, sourceLocation: sourceLocation)
    if let code { #expect(body.error.code == code, sourceLocation: sourceLocation) }
}

func jsonBody(_ value: some Encodable) throws -> ByteBuffer {
    ByteBuffer(bytes: try CourseClient.logEncoder.encode(value))
}
