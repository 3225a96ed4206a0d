/// The square of modules of a symbol while it is being built: whether each is dark, and whether it belongs
/// to a function pattern (or the format and version areas), which codeword placement and masking skip.
///
/// Coordinates are `x`, the column from the left, and `y`, the row from the top, both from 0.
struct ModuleGrid: Hashable {
    /// The side of the square, in modules.
    let size: Int
    /// Whether each module is dark, row by row.
    private(set) var modules: [Bool]
    /// Whether each module is part of a function pattern or reserved for format or version information.
    private(set) var functionModules: [Bool]

    /// A grid of `size` × `size` light modules, none of them reserved.
    init(size: Int) {
        self.size = size
        modules = [Bool](repeating: false, count: size * size)
        functionModules = [Bool](repeating: false, count: size * size)
    }

    /// Whether the module at column `x`, row `y` is dark.
    subscript(x: Int, y: Int) -> Bool {
        modules[y * size + x]
    }

    /// Whether the module at column `x`, row `y` is kept out of codeword placement and masking.
    func isFunction(x: Int, y: Int) -> Bool {
        functionModules[y * size + x]
    }

    /// Sets a function module: it is drawn `dark` or light and kept from data and masks from now on.
    mutating func setFunction(x: Int, y: Int, dark: Bool) {
        modules[y * size + x] = dark
        functionModules[y * size + x] = true
    }

    /// Sets a data module, one that placement fills and masks may invert.
    mutating func setData(x: Int, y: Int, dark: Bool) {
        modules[y * size + x] = dark
    }

    /// Inverts the data modules that `mask` selects, leaving the function modules alone (§7.8.2).
    mutating func apply(_ mask: Mask) {
        for y in 0..<size {
            for x in 0..<size where !functionModules[y * size + x] && mask.inverts(x: x, y: y) {
                modules[y * size + x].toggle()
            }
        }
    }

    /// Places the codewords' bits in the data modules (§7.7.3): in two-module-wide columns from the right
    /// edge leftwards, going up and down in turn, each pair right module first, skipping function modules
    /// and the vertical timing column. Modules left over once the bits run out stay light: they are the
    /// remainder bits, which are zero.
    ///
    /// - Complexity: O(*size*²).
    mutating func place(codewords: [UInt8]) {
        let bitCount = codewords.count * 8
        var bitIndex = 0
        var right = size - 1
        // The first pair, at the bottom right, goes upwards; each next pair turns round.
        var upward = true
        while right >= 1 {
            // The vertical timing pattern takes column 6, so the column pair to its left starts at 5.
            if right == 6 { right = 5 }
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for offset in 0..<2 {
                    let x = right - offset
                    guard !isFunction(x: x, y: y), bitIndex < bitCount else { continue }
                    let codeword = codewords[bitIndex / 8]
                    setData(x: x, y: y, dark: (codeword >> UInt8(7 - bitIndex % 8)) & 1 == 1)
                    bitIndex += 1
                }
            }
            upward.toggle()
            right -= 2
        }
    }
}
