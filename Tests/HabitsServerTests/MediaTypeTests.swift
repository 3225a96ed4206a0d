import Logging
import Testing

@testable import HabitsServer

/// Every check of a body's or a response's type reads its media type one way: without parameters and
/// HTTP's spaces, in lower case.
@Suite struct MediaTypeTests {
    @Test func aMediaTypeIsReadWithoutParametersSpacesOrCase() {
        #expect(MediaType.essence(of: "application/json") == "application/json")
        #expect(MediaType.essence(of: "Application/JSON; charset=utf-8") == "application/json")
        #expect(MediaType.essence(of: " \tapplication/json \t;charset=utf-8") == "application/json")
        #expect(MediaType.essence(of: "TEXT/EVENT-STREAM") == "text/event-stream")
        #expect(MediaType.essence(of: "image/svg+xml;") == "image/svg+xml")
        #expect(MediaType.essence(of: "") == "")
        #expect(MediaType.essence(of: ";") == "")
        #expect(MediaType.essence(of: "   ") == "")
    }

    @Test func onlyAsciiSpacesAndLettersAreChanged() {
        // Not HTTP's spaces, and not a type any check names: neither is taken for `application/json`.
        #expect(MediaType.essence(of: "\u{00A0}application/json") == "\u{00A0}application/json")
        #expect(MediaType.essence(of: "application/JSÖN") == "application/jsÖn")
        #expect(MediaType.essence(of: "APPLİCATION/JSON") == "applİcation/json")
        // An empty type before the parameters is no type, where splitting on ";" had skipped it.
        #expect(MediaType.essence(of: ";application/json") == "")
    }

    @Test func compressibleTypesAreReadTheSameWay() {
        #expect(ResponseCompressionMiddleware<HabitsRequestContext>.isCompressible("Text/HTML; charset=utf-8"))
        #expect(ResponseCompressionMiddleware<HabitsRequestContext>.isCompressible("application/json"))
        #expect(!ResponseCompressionMiddleware<HabitsRequestContext>.isCompressible("image/png"))
        #expect(!ResponseCompressionMiddleware<HabitsRequestContext>.isCompressible("application/jsonp"))
    }
}

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
