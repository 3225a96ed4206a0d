/// The four error correction levels of ISO/IEC 18004, named by how much of a damaged symbol they restore.
public enum ErrorCorrection: Sendable, Hashable, CaseIterable {
    /// Level L: about 7 % of the codewords can be restored.
    case low
    /// Level M: about 15 % of the codewords can be restored.
    case medium
    /// Level Q: about 25 % of the codewords can be restored.
    case quartile
    /// Level H: about 30 % of the codewords can be restored.
    case high
}

extension ErrorCorrection {
    /// The two bits that stand for the level in the format information (ISO/IEC 18004:2015 Table 12).
    ///
    /// They are not in the order of strength: L is 01, M is 00, Q is 11 and H is 10.
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }

    /// The level's row in the per-version tables of `Tables`, in the order L, M, Q, H.
    var tableRow: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }
}
