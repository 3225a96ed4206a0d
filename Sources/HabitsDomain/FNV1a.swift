/// The 64-bit FNV-1a hash: stable across runs and platforms (unlike `Hasher`), for patterns drawn from
/// ids and for tags of file contents.
public enum FNV1a {
    /// The hash of `bytes`.
    ///
    /// - Complexity: O(n) for n bytes.
    public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }
}
