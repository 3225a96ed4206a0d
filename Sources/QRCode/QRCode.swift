/// A QR code symbol (ISO/IEC 18004:2015 Model 2) holding bytes in byte mode: its modules, dark or light.
///
/// The symbol is the smallest version that holds the data at the requested error correction level, with
/// the data mask of lowest penalty unless one is asked for. It has no quiet zone: draw at least four light
/// modules around it, as `svg(moduleSize:quietZone:title:)` does.
public struct QRCode: Sendable, Hashable {
    /// The version, 1 to 40: the symbol is 17 + 4 × version modules wide.
    public let version: Int
    /// The error correction level the symbol was made with.
    public let errorCorrection: ErrorCorrection
    /// The data mask applied to the symbol.
    public let mask: Mask
    /// The width and height of the symbol in modules, without the quiet zone.
    public let size: Int
    /// Whether each module is dark, row by row from the top left.
    private let modules: [Bool]

    /// Whether the module at column `x`, row `y` (both from 0 at the top left) is dark; coordinates outside
    /// the symbol are light, as the quiet zone around it.
    ///
    /// - Complexity: O(1).
    public subscript(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// Encodes `bytes` in byte mode at `errorCorrection`, in the smallest version that holds them, with
    /// `mask` or else the mask of lowest penalty; throws `QRCodeError.dataTooLong` past version 40.
    ///
    /// - Complexity: O(*n* · *e* + *size*²) for *n* bytes and *e* error correction codewords per block.
    public init(
        bytes: some Collection<UInt8>, errorCorrection: ErrorCorrection = .medium, mask: Mask? = nil
    ) throws(QRCodeError) {
        let bytes = Array(bytes)
        guard let version = DataEncoding.smallestVersion(byteCount: bytes.count, level: errorCorrection) else {
            let maximum = DataEncoding.maximumByteCount(level: errorCorrection)
            throw QRCodeError.dataTooLong(byteCount: bytes.count, maximum: maximum)
        }
        // The codewords: data segment and padding, then error correction per block, interleaved.
        let data = DataEncoding.dataCodewords(for: bytes, version: version, level: errorCorrection)
        let codewords = DataEncoding.interleavedCodewords(data: data, version: version, level: errorCorrection)
        // The symbol: function patterns first, so that placement knows which modules to skip.
        var grid = ModuleGrid.withFunctionPatterns(version: version)
        grid.place(codewords: codewords)
        // Mask the data modules, scoring each mask unless one was asked for.
        let chosenMask: Mask
        if let mask {
            grid.apply(mask)
            chosenMask = mask
        } else {
            (chosenMask, grid) = grid.masked()
        }
        // Only now can the format information say which mask it is.
        grid.drawFormatInformation(level: errorCorrection, mask: chosenMask)
        grid.drawVersionInformation(version: version)

        self.version = version
        self.errorCorrection = errorCorrection
        self.mask = chosenMask
        self.size = grid.size
        self.modules = grid.modules
    }

    /// Encodes the UTF-8 bytes of `text` in byte mode, as `init(bytes:errorCorrection:mask:)` does.
    ///
    /// - Complexity: O(*n* · *e* + *size*²) for *n* UTF-8 bytes and *e* error correction codewords per block.
    public init(
        text: String, errorCorrection: ErrorCorrection = .medium, mask: Mask? = nil
    ) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8), errorCorrection: errorCorrection, mask: mask)
    }

    /// The most bytes a QR code can hold at `errorCorrection`, in version 40: 2953 at level L.
    ///
    /// - Complexity: O(1).
    public static func maximumByteCount(errorCorrection: ErrorCorrection) -> Int {
        DataEncoding.maximumByteCount(level: errorCorrection)
    }
}
