import Testing

@testable import QRCode

/// The symbol before masking: function patterns, codewords placed, format and version areas light.
func unmaskedGrid(text: String, level: ErrorCorrection) -> ModuleGrid {
    let bytes = Array(text.utf8)
    let version = DataEncoding.smallestVersion(byteCount: bytes.count, level: level) ?? 40
    let data = DataEncoding.dataCodewords(for: bytes, version: version, level: level)
    var grid = ModuleGrid.withFunctionPatterns(version: version)
    grid.place(codewords: DataEncoding.interleavedCodewords(data: data, version: version, level: level))
    return grid
}

let calendarURL = "https://habits.example.org/account/calendar/subscription.ics"
    + "?user=8f14e45f-ceea-467a-9575-42b6a0c1e2d3&token=Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4OTAxMjM0NTY3ODkw"
    + "&include=habits&tz=Europe%2FLondon&v=2"

@Suite("Masks and penalty rules")
struct MaskingTests {
    /// Module hashes (see `moduleHash`) of python-qrcode 8.2's symbols with each mask forced, 0 to 7.
    static let helloWorldHashes: [UInt64] = [
        0x05D2_B81C_BAA2_FF6B, 0xCEAE_6908_6AE1_5E7D, 0xDF4B_912A_1587_7921, 0x98E6_BFA5_FA34_EF47,
        0xCFC5_932A_258C_77B9, 0x843A_5087_BC46_ABDF, 0x65C8_F64B_8A9C_A8EB, 0x9687_6F3E_6F90_B929,
    ]
    static let calendarURLHashes: [UInt64] = [
        0xDE4C_0F38_9318_B4D1, 0xD8B7_655D_AF21_D616, 0x1E89_E0D5_11DD_341B, 0x7876_B12E_3356_3D72,
        0xABE6_291D_5B99_78CE, 0xCBB7_0077_928B_EE0A, 0x35A7_A927_A685_CB42, 0x1BF0_98EA_2C1D_E898,
    ]

    @Test("Each forced mask gives python-qrcode 8.2's symbol, in versions 1 and 15", arguments: Mask.allCases)
    func forcedMasksMatchReference(mask: Mask) throws {
        let small = try QRCode(text: "Hello, world!", errorCorrection: .low, mask: mask)
        #expect(small.version == 1)
        #expect(moduleHash(small) == Self.helloWorldHashes[mask.rawValue])
        let large = try QRCode(text: calendarURL, errorCorrection: .high, mask: mask)
        #expect(large.version == 15)
        #expect(moduleHash(large) == Self.calendarURLHashes[mask.rawValue])
    }

    @Test("Penalties N1–N4 of each mask equal segno 1.6.1's mask_scores (N3 at every start)")
    func penaltiesMatchReference() throws {
        // (N1, N2, N3, N4) per mask, scored on python-qrcode 8.2's symbols with the format areas light.
        // segno's own N3 for the version 15 symbol with mask 4 is 1520: it skips an overlapping second run.
        let expected: [(text: String, level: ErrorCorrection, penalties: [[Int]])] = [
            ("Hello, world!", .low, [
                [220, 216, 720, 0], [218, 225, 800, 0], [187, 180, 720, 0], [188, 195, 720, 0],
                [213, 177, 720, 0], [223, 228, 760, 0], [217, 210, 800, 0], [221, 210, 760, 0],
            ]),
            (calendarURL, .high, [
                [1863, 2430, 1400, 0], [1747, 2346, 1160, 0], [1681, 2130, 1280, 0], [1715, 2253, 1080, 0],
                [1603, 2124, 1560, 0], [1556, 2112, 1280, 0], [1566, 2121, 1200, 0], [1682, 2190, 1200, 0],
            ]),
        ]
        for (text, level, penalties) in expected {
            let grid = unmaskedGrid(text: text, level: level)
            for mask in Mask.allCases {
                var masked = grid
                masked.apply(mask)
                let penalty = MaskPenalty(masked)
                let actual = [penalty.adjacentRuns, penalty.blocks, penalty.finderLikePatterns, penalty.balance]
                #expect(actual == penalties[mask.rawValue], "mask \(mask.rawValue)")
                #expect(penalty.total == penalties[mask.rawValue].reduce(0, +))
            }
            // The automatic choice is the lowest total, the first on a tie.
            let totals = penalties.map { $0.reduce(0, +) }
            let lowest = totals.firstIndex(of: totals.min() ?? 0) ?? 0
            #expect(try QRCode(text: text, errorCorrection: level).mask.rawValue == lowest)
        }
    }

    @Test("N1: five in a row score 3, each more one more; shorter runs nothing")
    func adjacentRuns() {
        func line(_ pattern: String) -> [Bool] { pattern.map { $0 == "1" } }
        #expect(MaskPenalty.adjacentRunPenalty(line("1111")) == 0)
        #expect(MaskPenalty.adjacentRunPenalty(line("11111")) == 3)
        #expect(MaskPenalty.adjacentRunPenalty(line("0111111")) == 4)
        #expect(MaskPenalty.adjacentRunPenalty(line("000001111100000")) == 9)
        #expect(MaskPenalty.adjacentRunPenalty(line("101010101010")) == 0)
        #expect(MaskPenalty.adjacentRunPenalty(Array(repeating: false, count: 21)) == 19)
    }

    @Test("N3: a 1:1:3:1:1 run with four light modules, or the edge, on one side scores 40")
    func finderLikePatterns() {
        func line(_ pattern: String) -> [Bool] { pattern.map { $0 == "1" } }
        #expect(MaskPenalty.finderLikePenalty(line("00001011101")) == 40)
        #expect(MaskPenalty.finderLikePenalty(line("10111010000")) == 40)
        #expect(MaskPenalty.finderLikePenalty(line("1011101")) == 40)  // the quiet zone is light
        #expect(MaskPenalty.finderLikePenalty(line("000010111010000")) == 40)  // one run, counted once
        #expect(MaskPenalty.finderLikePenalty(line("11011101111")) == 0)
        #expect(MaskPenalty.finderLikePenalty(line("1101110100011")) == 0)  // three light only
        #expect(MaskPenalty.finderLikePenalty(line("0000101110111010000")) == 80)  // two overlapping runs
        #expect(MaskPenalty.finderLikePenalty(line("00001011001")) == 0)
    }

    @Test("N2 counts each 2 × 2 block and N4 each 5 % away from half dark")
    func blocksAndBalance() {
        var grid = ModuleGrid(size: 3)
        var penalty = MaskPenalty(grid)
        #expect(penalty.blocks == 12)  // four overlapping blocks in an all-light 3 × 3
        #expect(penalty.balance == 100)  // 0 % dark is ten steps of 5 % from half
        #expect(penalty.finderLikePatterns == 0)
        #expect(penalty.adjacentRuns == 0)
        // A checkerboard with dark corners: no block, 5 of 9 dark is 55.6 %, one full step from half.
        for (x, y) in [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)] {
            grid.setData(x: x, y: y, dark: true)
        }
        penalty = MaskPenalty(grid)
        #expect(penalty.blocks == 0)
        #expect(penalty.balance == 10)
        // Half dark is no step at all.
        var half = ModuleGrid(size: 2)
        half.setData(x: 0, y: 0, dark: true)
        half.setData(x: 1, y: 1, dark: true)
        #expect(MaskPenalty(half).balance == 0)
        #expect(MaskPenalty(half).blocks == 0)
    }

    @Test("Masks invert data modules only, and each of the eight inverts a different set")
    func masksTouchOnlyData() {
        let grid = unmaskedGrid(text: "mask", level: .medium)
        var patterns: Set<[Bool]> = []
        for mask in Mask.allCases {
            var masked = grid
            masked.apply(mask)
            for index in grid.modules.indices where grid.functionModules[index] {
                #expect(masked.modules[index] == grid.modules[index])
            }
            patterns.insert(zip(masked.modules, grid.modules).map { $0 != $1 })
        }
        #expect(patterns.count == 8)
        // Mask 000 inverts the module at row 9, column 9 ((i + j) mod 2 = 0) but not at row 9, column 10.
        #expect(Mask.pattern0.inverts(x: 9, y: 9) && !Mask.pattern0.inverts(x: 10, y: 9))
        #expect(Mask.pattern4.inverts(x: 2, y: 1) && !Mask.pattern4.inverts(x: 3, y: 1))
    }
}
