/// SplitMix64: small, seedable, the same on every platform, so a printed seed replays a failure.
public struct SplitMix: RandomNumberGenerator {
    public var state: UInt64

    /// A generator whose first state is `seed`.
    public init(seed: UInt64) { state = seed }

    /// A generator for a signed seed; it starts one step further, as the layout properties always have,
    /// so that their seeds keep naming the same layouts.
    public init(signedSeed seed: Int) { state = UInt64(truncatingIfNeeded: seed) &+ 0x9E37_79B9_7F4A_7C15 }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension Sequence {
    /// The results of `transform` over the elements in order, each awaited before the next starts.
    public func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}

extension Dictionary {
    /// The dictionary with `transform` applied to each value, each awaited before the next starts.
    public func asyncMapValues<T>(_ transform: (Value) async throws -> T) async rethrows -> [Key: T] {
        var results: [Key: T] = [:]
        for (key, value) in self { results[key] = try await transform(value) }
        return results
    }
}
