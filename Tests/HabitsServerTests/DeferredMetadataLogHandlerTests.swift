import Logging
import Testing

@testable import HabitsServer

/// The log handler writes the lines swift-log's stream handler writes, its metadata included.
@Suite struct DeferredMetadataLogHandlerTests {
    final class Lines: TextOutputStream, @unchecked Sendable {
        var text = ""
        func write(_ string: String) { text += string }
    }

    @Test func aLineCarriesTheLoggersMetadataAndItsOwnWins() {
        let lines = Lines()
        var logger = Logger(label: "habits.test") { label in
            DeferredMetadataLogHandler(stream: StreamLogHandler(label: label, stream: lines, metadataProvider: nil))
        }
        logger[metadataKey: "client"] = "127.0.0.1"
        logger[metadataKey: "hb.request.id"] = "7"
        logger.info("first", metadata: ["hb.request.id": "8", "status": "201"])
        logger.debug("not written at the default level")
        logger[metadataKey: "client"] = nil
        logger.warning("second")
        let provider = Logger.MetadataProvider { ["hb.request.id": "9", "trace": "t"] }
        var provided = Logger(label: "habits.test") { label, _ in
            DeferredMetadataLogHandler(
                stream: StreamLogHandler(label: label, stream: lines, metadataProvider: provider))
        }
        provided[metadataKey: "hb.request.id"] = "7"
        provided.error("third", metadata: ["trace": "u"])
        let written = lines.text.split(separator: "\n")
        #expect(written.count == 3)
        // The provider's value wins over the logger's, the line's own over the provider's.
        let third = " error habits.test: hb.request.id=9 trace=u [HabitsServerTests] third"
        #expect(written.last?.hasSuffix(third) == true)
        let second = " warning habits.test: hb.request.id=7 [HabitsServerTests] second"
        #expect(written.dropLast().last?.hasSuffix(second) == true)
        let first = " info habits.test: client=127.0.0.1 hb.request.id=8 status=201 [HabitsServerTests] first"
        #expect(written.first?.hasSuffix(first) == true)
        #expect(logger[metadataKey: "hb.request.id"] == "7")
    }
}
