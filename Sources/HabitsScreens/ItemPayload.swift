/// An item's typed payload: a value that names its `type` in JSON and is rendered by that name.
///
/// A new kind of item is one type conforming to this, listed in its screen's `Screen.payloads`; the
/// JSON coding, equality, the screen cache's size estimate and the web client's template all go
/// through this protocol, not through a list of every kind.
public protocol ItemPayload: Codable, Hashable, Sendable {
    /// The item's `type` in JSON, and the name of its template.
    static var type: String { get }
    /// About how many bytes its strings and arrays take on the heap (for the screen cache's budget).
    var heapBytes: Int { get }
}

extension ItemPayload {
    /// Whether `other` is this same payload.
    fileprivate func isEqual(to other: any ItemPayload) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// An item's payload, whichever type it is.
public struct ItemContent: Hashable, Sendable {
    /// The payload itself.
    public let payload: any ItemPayload

    public init(_ payload: some ItemPayload) {
        self.payload = payload
    }

    /// The item's `type` in JSON.
    public var type: String { Swift.type(of: payload).type }

    /// The payload as `Payload`, when it is one.
    public func `as`<Payload: ItemPayload>(_: Payload.Type) -> Payload? { payload as? Payload }

    public static func == (lhs: ItemContent, rhs: ItemContent) -> Bool { lhs.payload.isEqual(to: rhs.payload) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        payload.hash(into: &hasher)
    }

    /// Every type this version sends, in the order of `Screens.all`.
    public static let types: [String] = payloadTypes.map { $0.type }

    /// The payload types of every screen, then of the widgets, each once.
    static let payloadTypes: [any ItemPayload.Type] = {
        var seen = Set<String>()
        return (Screens.all.flatMap { $0.payloads } + WidgetPayloads.all).filter { seen.insert($0.type).inserted }
    }()

    /// - Complexity: O(1).
    private static let byType: [String: any ItemPayload.Type] = Dictionary(
        payloadTypes.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })

    /// The payload of an item of `type`, decoded.
    init(type: String, from decoder: any Decoder) throws {
        guard let payloadType = Self.byType[type] else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown type \(type)"))
        }
        payload = try payloadType.init(from: decoder)
    }

    func encodePayload(to encoder: any Encoder) throws {
        try payload.encode(to: encoder)
    }

    /// The heap the content takes: its payload's strings, and the box it lives in when it does not fit
    /// an existential's inline buffer.
    var heapBytes: Int { Self.heapBytes(of: payload) }

    private static func heapBytes<Payload: ItemPayload>(of payload: Payload) -> Int {
        let size = MemoryLayout<Payload>.size
        return payload.heapBytes + (size > 3 * MemoryLayout<Int>.size ? 16 + size : 0)
    }
}
