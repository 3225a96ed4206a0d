import Testing

@testable import QRCode

/// How many times `needle` occurs in `text`, without Foundation.
func occurrences(of needle: String, in text: String) -> Int {
    let haystack = Array(text.utf8)
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, haystack.count >= pattern.count else { return 0 }
    return (0...(haystack.count - pattern.count)).filter { haystack[$0..<($0 + pattern.count)].elementsEqual(pattern) }
        .count
}

/// The value of the first `name="…"` attribute in `text`.
func attribute(_ name: String, in text: String) -> String? {
    let marker = " \(name)=\""
    let parts = text.split(separator: marker, maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, let value = parts[1].split(separator: "\"", maxSplits: 1).first else { return nil }
    return String(value)
}

/// The dark modules a path draws, parsed from its runs `M x y h n v1 h-n z`, in symbol coordinates.
func modulesDrawn(byPath data: String, quietZone: Int) -> Set<[Int]>? {
    var drawn: Set<[Int]> = []
    for run in data.split(separator: "z") {
        // "M12 4h3v1h-3" → ["12 4", "3v1", "-3"] around the h's.
        guard run.first == "M" else { return nil }
        let pieces = run.dropFirst().split(separator: "h")
        guard pieces.count == 3, pieces[1].hasSuffix("v1") else { return nil }
        let origin = pieces[0].split(separator: " ").compactMap { Int($0) }
        guard origin.count == 2, let length = Int(pieces[1].dropLast(2)), Int(pieces[2]) == -length,
            length > 0
        else { return nil }
        for offset in 0..<length {
            guard drawn.insert([origin[0] + offset - quietZone, origin[1] - quietZone]).inserted else { return nil }
        }
    }
    return drawn
}

@Suite("SVG")
struct SVGTests {
    @Test("One black path on a white rectangle, sized by modules, quiet zone and module size")
    func structure() throws {
        let code = try QRCode(text: "https://habits.example.org/calendar.ics")
        let svg = code.svg(moduleSize: 5, quietZone: 4, title: "Calendar")
        let side = code.size + 8
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>"))
        #expect(occurrences(of: "<path", in: svg) == 1)
        #expect(occurrences(of: "<rect", in: svg) == 1)
        #expect(occurrences(of: "style", in: svg) == 0)
        #expect(attribute("width", in: svg) == "\(side * 5)")
        #expect(attribute("height", in: svg) == "\(side * 5)")
        #expect(attribute("viewBox", in: svg) == "0 0 \(side) \(side)")
        #expect(attribute("role", in: svg) == "img")
        #expect(svg.contains("<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"))
        #expect(svg.contains("<path fill=\"#000\" d=\""))
        #expect(svg.contains("<title>Calendar</title>"))
    }

    @Test("The path draws exactly the dark modules, shifted by the quiet zone", arguments: [0, 4])
    func pathMatchesModules(quietZone: Int) throws {
        let code = try QRCode(text: "Hello, world!", errorCorrection: .high)
        let svg = code.svg(moduleSize: 1, quietZone: quietZone, title: nil)
        let data = try #require(attribute("d", in: svg))
        let drawn = try #require(modulesDrawn(byPath: data, quietZone: quietZone))
        var dark: Set<[Int]> = []
        for y in 0..<code.size {
            for x in 0..<code.size where code[x, y] {
                dark.insert([x, y])
            }
        }
        #expect(drawn == dark)
        // One run per maximal horizontal stretch: the first dark row is the finders' top edges.
        #expect(data.hasPrefix("M\(quietZone) \(quietZone)h7v1h-7z"))
    }

    @Test("The title escapes & < > \" ' and is left out when nil")
    func titleEscaping() throws {
        let code = try QRCode(text: "x")
        let svg = code.svg(title: "Tom & Jerry's <\"calendar\">")
        #expect(svg.contains("<title>Tom &amp; Jerry&#39;s &lt;&quot;calendar&quot;&gt;</title>"))
        #expect(occurrences(of: "<title>", in: code.svg(title: nil)) == 0)
        #expect(occurrences(of: "<title>", in: code.svg(title: "")) == 1)
    }

    @Test("Defaults: four pixels a module, a four-module quiet zone; nonsense sizes are clamped")
    func defaultsAndClamping() throws {
        let code = try QRCode(text: "defaults")
        #expect(attribute("width", in: code.svg(title: nil)) == "\((code.size + 8) * 4)")
        let clamped = code.svg(moduleSize: 0, quietZone: -3, title: nil)
        #expect(attribute("width", in: clamped) == "\(code.size)")
        #expect(attribute("viewBox", in: clamped) == "0 0 \(code.size) \(code.size)")
    }
}
