// The JSON form is documented in Docs/CompositionalLayout.md: keys with default values may be omitted,
// enums with a payload are single-key objects ({"absolute": 44}), closures (custom groups, providers) do not encode.

/// String-keyed coding keys so each type can list its JSON keys inline.
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

typealias Reader = KeyedDecodingContainer<JSONKey>
typealias Writer = KeyedEncodingContainer<JSONKey>

extension KeyedDecodingContainer where K == JSONKey {
    func value<T: Decodable>(_ key: String) throws -> T { try decode(T.self, forKey: JSONKey(key)) }
    func value<T: Decodable>(_ key: String, default defaultValue: T) throws -> T {
        try decodeIfPresent(T.self, forKey: JSONKey(key)) ?? defaultValue
    }
    func optional<T: Decodable>(_ key: String) throws -> T? { try decodeIfPresent(T.self, forKey: JSONKey(key)) }
    /// The single key of a one-key object naming an enum case.
    func singleKey(_ type: String) throws -> String {
        guard allKeys.count == 1, let key = allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(type) must be an object with exactly one key"))
        }
        return key.stringValue
    }
}

extension KeyedEncodingContainer where K == JSONKey {
    mutating func put<T: Encodable>(_ value: T, _ key: String) throws { try encode(value, forKey: JSONKey(key)) }
    /// Writes `value` unless it equals the default, keeping documents short.
    mutating func put<T: Encodable & Equatable>(_ value: T, _ key: String, default defaultValue: T) throws {
        if value != defaultValue { try encode(value, forKey: JSONKey(key)) }
    }
    mutating func put<T: Encodable>(_ value: T?, _ key: String) throws {
        if let value { try encode(value, forKey: JSONKey(key)) }
    }
}

func unknownCase(_ container: Reader, _ key: String, _ type: String) -> DecodingError {
    .dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "unknown \(type) \"\(key)\""))
}

extension LayoutDimension: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let key = try container.singleKey("dimension")
        let value: Double = try container.value(key)
        switch key {
        case "fractionalWidth": self = .fractionalWidth(value)
        case "fractionalHeight": self = .fractionalHeight(value)
        case "absolute": self = .absolute(value)
        case "estimated": self = .estimated(value)
        case "uniformAcrossSiblings": self = .uniformAcrossSiblings(estimate: value)
        default: throw unknownCase(container, key, "dimension")
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        switch self {
        case .fractionalWidth(let value): try container.put(value, "fractionalWidth")
        case .fractionalHeight(let value): try container.put(value, "fractionalHeight")
        case .absolute(let value): try container.put(value, "absolute")
        case .estimated(let value): try container.put(value, "estimated")
        case .uniformAcrossSiblings(let value): try container.put(value, "uniformAcrossSiblings")
        }
    }
}

extension LayoutSize: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.init(widthDimension: try container.value("width"), heightDimension: try container.value("height"))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.put(widthDimension, "width")
        try container.put(heightDimension, "height")
    }
}

extension LayoutSpacing: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let key = try container.singleKey("spacing")
        switch key {
        case "fixed": self = .fixed(try container.value(key))
        case "flexible": self = .flexible(try container.value(key))
        default: throw unknownCase(container, key, "spacing")
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        switch self {
        case .fixed(let value): try container.put(value, "fixed")
        case .flexible(let value): try container.put(value, "flexible")
        }
    }
}

extension EdgeInsets: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            top: try container.value("top", default: 0), leading: try container.value("leading", default: 0),
            bottom: try container.value("bottom", default: 0), trailing: try container.value("trailing", default: 0))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.put(top, "top", default: 0)
        try container.put(leading, "leading", default: 0)
        try container.put(bottom, "bottom", default: 0)
        try container.put(trailing, "trailing", default: 0)
    }
}

extension EdgeSpacing: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            leading: try container.optional("leading"), top: try container.optional("top"),
            trailing: try container.optional("trailing"),
            bottom: try container.optional("bottom"))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.put(leading, "leading")
        try container.put(top, "top")
        try container.put(trailing, "trailing")
        try container.put(bottom, "bottom")
    }
}

extension LayoutAnchor: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let edges: [String] = try container.value("edges")
        var set: RectEdges = []
        for edge in edges {
            switch edge {
            case "top": set.insert(.top)
            case "leading": set.insert(.leading)
            case "bottom": set.insert(.bottom)
            case "trailing": set.insert(.trailing)
            default: throw unknownCase(container, edge, "edge")
            }
        }
        self.edges = set
        offset = try container.value("offset", default: .zero)
        isFractionalOffset = try container.value("fractionalOffset", default: false)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        let names: [(RectEdges, String)] = [
            (.top, "top"), (.leading, "leading"), (.bottom, "bottom"), (.trailing, "trailing"),
        ]
        try container.put(names.filter { edges.contains($0.0) }.map(\.1), "edges")
        try container.put(offset, "offset", default: .zero)
        try container.put(isFractionalOffset, "fractionalOffset", default: false)
    }
}

extension SupplementaryItem: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            layoutSize: try container.value("size"), elementKind: try container.value("elementKind"),
            containerAnchor: try container.value("containerAnchor"),
            itemAnchor: try container.optional("itemAnchor"), zIndex: try container.value("zIndex", default: 1))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.put(elementKind, "elementKind")
        try container.put(layoutSize, "size")
        try container.put(containerAnchor, "containerAnchor")
        try container.put(itemAnchor, "itemAnchor")
        try container.put(zIndex, "zIndex", default: 1)
    }
}

extension BoundarySupplementaryItem: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            layoutSize: try container.value("size"), elementKind: try container.value("elementKind"),
            alignment: try container.value("alignment"),
            absoluteOffset: try container.value("offset", default: .zero),
            pinToVisibleBounds: try container.value("pinToVisibleBounds", default: false),
            extendsBoundary: try container.value("extendsBoundary", default: true),
            zIndex: try container.value("zIndex", default: 1),
            contentInsets: try container.value("contentInsets", default: .zero))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.put(elementKind, "elementKind")
        try container.put(layoutSize, "size")
        try container.put(alignment, "alignment")
        try container.put(offset, "offset", default: .zero)
        try container.put(pinToVisibleBounds, "pinToVisibleBounds", default: false)
        try container.put(extendsBoundary, "extendsBoundary", default: true)
        try container.put(zIndex, "zIndex", default: 1)
        try container.put(contentInsets, "contentInsets", default: .zero)
    }
}

extension DecorationItem: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            elementKind: try container.value("elementKind"), zIndex: try container.value("zIndex", default: -1),
            contentInsets: try container.value("contentInsets", default: .zero))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.put(elementKind, "elementKind")
        try container.put(zIndex, "zIndex", default: -1)
        try container.put(contentInsets, "contentInsets", default: .zero)
    }
}

extension LayoutItem: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            layoutSize: try container.value("size"),
            supplementaryItems: try container.value("supplementaryItems", default: []),
            contentInsets: try container.value("contentInsets", default: .zero),
            edgeSpacing: try container.value("edgeSpacing", default: EdgeSpacing()))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.put(layoutSize, "size")
        try container.put(contentInsets, "contentInsets", default: .zero)
        try container.put(edgeSpacing, "edgeSpacing", default: EdgeSpacing())
        try container.put(supplementaryItems, "supplementaryItems", default: [])
    }
}

extension LayoutGroupChild: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let key = try container.singleKey("subitem")
        switch key {
        case "item": self = .item(try container.value(key))
        case "group": self = .group(try container.value(key))
        default: throw unknownCase(container, key, "subitem")
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        switch self {
        case .item(let item): try container.put(item, "item")
        case .group(let group): try container.put(group, "group")
        }
    }
}

extension LayoutGroup: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let kindName: String = try container.value("kind")
        let kind: GroupKind
        switch kindName {
        case "horizontal": kind = .horizontal
        case "vertical": kind = .vertical
        default: throw unknownCase(container, kindName, "group kind (custom groups cannot be decoded)")
        }
        self.init(
            kind: kind, layoutSize: try container.value("size"), subitems: try container.value("subitems"),
            count: try container.optional("count"),
            interItemSpacing: try container.optional("interItemSpacing"),
            contentInsets: try container.value("contentInsets", default: .zero),
            edgeSpacing: try container.value("edgeSpacing", default: EdgeSpacing()),
            supplementaryItems: try container.value("supplementaryItems", default: []))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        switch kind {
        case .horizontal: try container.put("horizontal", "kind")
        case .vertical: try container.put("vertical", "kind")
        case .custom(let custom):
            throw EncodingError.invalidValue(
                custom.name,
                .init(
                    codingPath: container.codingPath,
                    debugDescription: "custom group \"\(custom.name)\" is a closure and cannot be encoded"))
        }
        try container.put(layoutSize, "size")
        try container.put(subitems, "subitems")
        try container.put(count, "count")
        try container.put(interItemSpacing, "interItemSpacing")
        try container.put(contentInsets, "contentInsets", default: .zero)
        try container.put(edgeSpacing, "edgeSpacing", default: EdgeSpacing())
        try container.put(supplementaryItems, "supplementaryItems", default: [])
    }
}

extension LayoutSection: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            group: try container.value("group"), contentInsets: try container.value("contentInsets", default: .zero),
            contentInsetsReference: try container.value("contentInsetsReference", default: .automatic),
            interGroupSpacing: try container.value("interGroupSpacing", default: 0),
            orthogonalScrollingBehavior: try container.value("orthogonalScrollingBehavior", default: .none),
            boundarySupplementaryItems: try container.value("boundarySupplementaryItems", default: []),
            decorationItems: try container.value("decorationItems", default: []),
            supplementariesFollowContentInsets: try container.value("supplementariesFollowContentInsets", default: true)
        )
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.put(group, "group")
        try container.put(contentInsets, "contentInsets", default: .zero)
        try container.put(contentInsetsReference, "contentInsetsReference", default: .automatic)
        try container.put(interGroupSpacing, "interGroupSpacing", default: 0)
        try container.put(orthogonalScrollingBehavior, "orthogonalScrollingBehavior", default: .none)
        try container.put(boundarySupplementaryItems, "boundarySupplementaryItems", default: [])
        try container.put(decorationItems, "decorationItems", default: [])
        try container.put(supplementariesFollowContentInsets, "supplementariesFollowContentInsets", default: true)
    }
}

extension LayoutConfiguration: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            scrollDirection: try container.value("scrollDirection", default: .vertical),
            interSectionSpacing: try container.value("interSectionSpacing", default: 0),
            boundarySupplementaryItems: try container.value("boundarySupplementaryItems", default: []),
            contentInsetsReference: try container.value("contentInsetsReference", default: .automatic))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.put(scrollDirection, "scrollDirection", default: .vertical)
        try container.put(interSectionSpacing, "interSectionSpacing", default: 0)
        try container.put(boundarySupplementaryItems, "boundarySupplementaryItems", default: [])
        try container.put(contentInsetsReference, "contentInsetsReference", default: .automatic)
    }
}

extension ListConfiguration: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            appearance: try container.value("appearance"),
            headerMode: try container.value("headerMode", default: .none),
            footerMode: try container.value("footerMode", default: .none),
            showsSeparators: try container.value("showsSeparators", default: true),
            estimatedRowHeight: try container.value("estimatedRowHeight", default: 44))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.put(appearance, "appearance")
        try container.put(headerMode, "headerMode", default: .none)
        try container.put(footerMode, "footerMode", default: .none)
        try container.put(showsSeparators, "showsSeparators", default: true)
        try container.put(estimatedRowHeight, "estimatedRowHeight", default: 44)
    }
}

extension CompositionalLayout: Codable {
    /// Exactly one of `section`, `sections` or `list`, plus an optional `configuration`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let configuration: LayoutConfiguration = try container.value("configuration", default: LayoutConfiguration())
        if let section: LayoutSection = try container.optional("section") {
            self.init(source: .uniform(section), configuration: configuration)
        } else if let sections: [LayoutSection] = try container.optional("sections") {
            self.init(source: .perSection(sections), configuration: configuration)
        } else if let list: ListConfiguration = try container.optional("list") {
            self.init(source: .list(list), configuration: configuration)
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath,
                    debugDescription: "a layout needs \"section\", \"sections\" or \"list\""))
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        switch source {
        case .uniform(let section): try container.put(section, "section")
        case .perSection(let sections): try container.put(sections, "sections")
        case .list(let list): try container.put(list, "list")
        case .provider(let name, _):
            throw EncodingError.invalidValue(
                name,
                .init(
                    codingPath: container.codingPath,
                    debugDescription: "section provider \"\(name)\" is a closure and cannot be encoded"))
        }
        try container.put(configuration, "configuration", default: LayoutConfiguration())
    }
}
