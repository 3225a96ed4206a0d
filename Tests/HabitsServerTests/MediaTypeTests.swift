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
        // Parameters start at the ";" byte, even where a combining mark follows it.
        #expect(MediaType.essence(of: "application/json;\u{301}charset=utf-8") == "application/json")
    }

    @Test func compressibleTypesAreReadTheSameWay() {
        #expect(ResponseCompressionMiddleware<HabitsRequestContext>.isCompressible("Text/HTML; charset=utf-8"))
        #expect(ResponseCompressionMiddleware<HabitsRequestContext>.isCompressible("application/json"))
        #expect(!ResponseCompressionMiddleware<HabitsRequestContext>.isCompressible("image/png"))
        #expect(!ResponseCompressionMiddleware<HabitsRequestContext>.isCompressible("application/jsonp"))
    }

    @Test func aHeaderTokenIsTrimmedOfHttpSpacesAndLowered() {
        #expect(MediaType.token(" \tGZIP ") == "gzip")
        #expect(MediaType.token("q=0.5") == "q=0.5")
        #expect(MediaType.token("\u{00A0}gzip") == "\u{00A0}gzip")
        #expect(MediaType.token("   ") == "")
        // Neither a non-breaking space nor a dotted capital passes for gzip; a tab does.
        #expect(!ResponseCompressionMiddleware<HabitsRequestContext>.acceptsGzip(["\u{00A0}gzip"]))
        #expect(!ResponseCompressionMiddleware<HabitsRequestContext>.acceptsGzip(["GZİP"]))
        #expect(ResponseCompressionMiddleware<HabitsRequestContext>.acceptsGzip(["br,\tGZIP ;\tQ=0.8"]))
    }
}
