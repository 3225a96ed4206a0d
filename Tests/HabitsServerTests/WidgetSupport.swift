import Foundation
import HabitsDomain
import HabitsScreens
import HabitsServer
import HabitsStore
import HabitsTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An SVG read back as XML: whether it parses, and what a person (or a screen reader) would read.
final class ParsedSVG: NSObject, XMLParserDelegate {
    private(set) var elements: [String] = []
    private(set) var attributes: [[String: String]] = []
    private(set) var texts: [String: [String]] = [:]
    private var open: [String] = []
    private var current = ""

    /// Parses `data`; nil when it is not well-formed XML.
    static func parse(_ data: Data) -> ParsedSVG? {
        let parsed = ParsedSVG()
        let parser = XMLParser(data: data)
        parser.delegate = parsed
        return parser.parse() ? parsed : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        elements.append(name)
        self.attributes.append(attributes)
        open.append(name)
        current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if !current.isEmpty { texts[name, default: []].append(current) }
        current = ""
        open.removeLast()
    }

    /// Every attribute value of every element.
    var attributeValues: [String] { attributes.flatMap(\.values) }
}

/// A clock a test moves.
final class SetClock: Sendable {
    private let date: NIOLockedValueBox<Date>

    init(_ date: Date) { self.date = NIOLockedValueBox(date) }

    func set(_ new: Date) { date.withLockedValue { $0 = new } }
    var now: Date { date.withLockedValue { $0 } }
}

/// The real application over `store` with a clock the test moves.
func makeApplication(
    store: any HabitStore, clock: SetClock, configuration: ServerConfiguration = ServerConfiguration(port: 0)
) -> some ApplicationProtocol {
    var logger = Logger(label: "habits.test")
    logger.logLevel = .warning
    return buildApplication(
        configuration: configuration, store: store, simulator: nil, logger: logger, metrics: ServerMetrics(),
        clock: { clock.now })
}

/// The path of a URL the server answered with.
func pathOf(_ url: String) throws -> String {
    try #require(URL(string: url)).path
}
