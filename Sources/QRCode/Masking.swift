/// One of the eight data mask patterns of ISO/IEC 18004:2015 §7.8.2 (Table 10), named by its reference.
///
/// In the conditions below, *i* is the row and *j* the column of a module; the mask inverts the data
/// modules where its condition holds.
public enum Mask: Int, Sendable, Hashable, CaseIterable {
    /// Reference 000: (*i* + *j*) mod 2 = 0.
    case pattern0 = 0
    /// Reference 001: *i* mod 2 = 0.
    case pattern1
    /// Reference 010: *j* mod 3 = 0.
    case pattern2
    /// Reference 011: (*i* + *j*) mod 3 = 0.
    case pattern3
    /// Reference 100: (⌊*i* / 2⌋ + ⌊*j* / 3⌋) mod 2 = 0.
    case pattern4
    /// Reference 101: (*i* *j*) mod 2 + (*i* *j*) mod 3 = 0.
    case pattern5
    /// Reference 110: ((*i* *j*) mod 2 + (*i* *j*) mod 3) mod 2 = 0.
    case pattern6
    /// Reference 111: ((*i* + *j*) mod 2 + (*i* *j*) mod 3) mod 2 = 0.
    case pattern7
}

extension Mask {
    /// Whether the mask inverts the data module at column `x` (*j*), row `y` (*i*).
    func inverts(x: Int, y: Int) -> Bool {
        switch self {
        case .pattern0: (y + x) % 2 == 0
        case .pattern1: y % 2 == 0
        case .pattern2: x % 3 == 0
        case .pattern3: (y + x) % 3 == 0
        case .pattern4: (y / 2 + x / 3) % 2 == 0
        case .pattern5: (y * x) % 2 + (y * x) % 3 == 0
        case .pattern6: ((y * x) % 2 + (y * x) % 3) % 2 == 0
        case .pattern7: ((y + x) % 2 + (y * x) % 3) % 2 == 0
        }
    }
}

/// The penalty of a masked symbol under the four rules of ISO/IEC 18004:2015 §7.8.3.1 (Table 11); the
/// mask with the lowest total is the one a symbol gets, so that readers are not misled by long runs,
/// blocks, look-alike finders or an unbalanced share of dark modules.
struct MaskPenalty: Hashable {
    /// N1: 3 points for each run of five modules of one colour in a row or column, one more per extra module.
    var adjacentRuns = 0
    /// N2: 3 points for each 2 × 2 block of one colour, overlapping blocks counted each.
    var blocks = 0
    /// N3: 40 points for each dark-light-dark-dark-dark-light-dark (1:1:3:1:1) run in a row or column with
    /// four light modules before or after it; beyond the symbol's edge counts as light (the quiet zone).
    /// Every start is counted, so two runs sharing a module count twice, as in ZXing (segno skips the second).
    var finderLikePatterns = 0
    /// N4: 10 points for each full 5 % that the share of dark modules is away from 50 %.
    var balance = 0

    /// The sum of the four penalties, which masks are ranked by.
    var total: Int { adjacentRuns + blocks + finderLikePatterns + balance }

    /// The penalty of `grid` as it stands.
    ///
    /// - Complexity: O(*size*²).
    init(_ grid: ModuleGrid) {
        let size = grid.size
        let modules = grid.modules
        // Rules N1 and N3 look along lines: row `line` runs through the flat array one by one, column
        // `line` a whole row at a time.
        for line in 0..<size {
            for (start, step) in [(line * size, 1), (line, size)] {
                adjacentRuns += Self.adjacentRunPenalty(modules, start: start, step: step, count: size)
                finderLikePatterns += Self.finderLikePenalty(modules, start: start, step: step, count: size)
            }
        }
        // Rule N2 looks at every 2 × 2 square by its top-left module.
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let index = y * size + x
                let colour = modules[index]
                if modules[index + 1] == colour && modules[index + size] == colour
                    && modules[index + size + 1] == colour
                {
                    blocks += 3
                }
            }
        }
        // Rule N4 counts whole steps of 5 % away from half: |dark / total − ½| · 20, rounded down, in integers.
        let total = size * size
        let dark = grid.darkModuleCount
        balance = 10 * (abs(dark * 20 - total * 10) / total)
    }

    /// N1 for one line of `count` modules, `modules[start]`, `modules[start + step]`, …: each maximal run of
    /// five or more modules of one colour scores its length minus 2.
    static func adjacentRunPenalty(_ modules: [Bool], start: Int = 0, step: Int = 1, count: Int? = nil) -> Int {
        let count = count ?? modules.count
        var penalty = 0
        var runLength = 0
        var previous = false
        for index in 0..<count {
            let module = modules[start + index * step]
            if index > 0 && module == previous {
                runLength += 1
            } else {
                if runLength >= 5 { penalty += runLength - 2 }
                runLength = 1
                previous = module
            }
        }
        if runLength >= 5 { penalty += runLength - 2 }
        return penalty
    }

    /// N3 for one line, read as `adjacentRunPenalty` reads it: 40 for every start of a 1:1:3:1:1 run
    /// (1011101) with four light modules before or after it, where beyond the line's ends counts as light.
    static func finderLikePenalty(_ modules: [Bool], start: Int = 0, step: Int = 1, count: Int? = nil) -> Int {
        let count = count ?? modules.count
        // Slide a 15-bit window over the line padded with four light modules at each end, the newest module
        // in the lowest bit: when the window's middle seven bits are the pattern, its top four bits are
        // the modules before the pattern and its bottom four those after it.
        var penalty = 0
        var window = 0
        for padded in 0..<(count + 8) {
            let index = padded - 4
            let dark = index >= 0 && index < count && modules[start + index * step]
            window = (window << 1 | (dark ? 1 : 0)) & 0x7FFF
            guard padded >= 14, (window >> 4) & 0x7F == 0b101_1101 else { continue }
            if window >> 11 == 0 || window & 0xF == 0 { penalty += 40 }
        }
        return penalty
    }
}

extension ModuleGrid {
    /// How many modules are dark.
    var darkModuleCount: Int {
        modules.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    /// The mask with the lowest penalty for this grid (codewords placed, format areas still light), and
    /// the grid with it applied; on a tie the lower reference wins.
    ///
    /// - Complexity: O(*size*²) for each of the eight masks.
    func masked() -> (mask: Mask, grid: ModuleGrid) {
        var bestMask = Mask.pattern0
        var bestGrid = self
        bestGrid.apply(bestMask)
        var bestPenalty = MaskPenalty(bestGrid).total
        for mask in Mask.allCases.dropFirst() {
            var candidate = self
            candidate.apply(mask)
            let penalty = MaskPenalty(candidate).total
            if penalty < bestPenalty {
                (bestMask, bestGrid, bestPenalty) = (mask, candidate, penalty)
            }
        }
        return (bestMask, bestGrid)
    }
}
