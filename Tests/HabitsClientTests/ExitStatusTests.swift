import Testing

@testable import HabitsClient

@Suite("Exit statuses")
struct ExitStatusTests {
    @Test("Scripts read 0, 1 and 64")
    func values() {
        #expect([ExitStatus.success, .failure, .usage].map(\.rawValue) == [0, 1, 64])
    }
}
