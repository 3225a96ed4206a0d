import Testing

@testable import QRCode

/// A reference symbol: its payload, the version and mask expected, and its modules as rows of hex digits,
/// most significant bit leftmost, each row padded with light modules to a whole digit.
struct Golden: Sendable, CustomTestStringConvertible {
    let text: String
    let errorCorrection: ErrorCorrection
    let version: Int
    let mask: Mask
    let rows: String

    var testDescription: String { "\(errorCorrection), \(text.utf8.count) bytes" }

    /// The modules, dark as true, row by row.
    var modules: [[Bool]] {
        rows.split(separator: "\n").map { row in
            row.flatMap { digit -> [Bool] in
                let value = digit.hexDigitValue ?? -1
                return (0..<4).map { (value >> (3 - $0)) & 1 == 1 }
            }
        }
    }
}

/// Reference matrices made offline, so the tests need no Python:
///
/// - modules: python-qrcode 8.2 (PyPI `qrcode==8.2`), `QRCode(error_correction=…, border=0,
///   mask_pattern=mask)` with `add_data(QRData(bytes, mode=MODE_8BIT_BYTE))` and `make(fit=True)`, so in byte
///   mode, at the smallest version, with the mask named;
/// - mask: the lowest total of the ISO/IEC 18004 penalties over those eight symbols, with the format and
///   version areas and the dark module left light as the standard scores them before drawing the format
///   information: N1, N2 and N4 from segno 1.6.1's `encoder.mask_scores`, N3 counted at every start of a
///   1:1:3:1:1 run with four light modules (or the edge) on either side, as ZXing does. segno itself skips
///   past each match, which drops an overlapping second run; python-qrcode 8.2 ignores runs that touch the
///   edge and so picks other masks. segno was not used for the modules: 1.6.1 and 1.6.6 add an extra 0x00
///   codeword when the bit stream ends on a codeword boundary after the terminator, as byte mode does
///   whenever the whole 4-bit terminator fits (their `write_padding_bits` pads 8 bits instead of none).
enum Goldens {
    /// 13 bytes at level L: version 1, mask 2.
    static let helloWorldLow = Golden(
        text: "Hello, world!",
        errorCorrection: .low, version: 1, mask: .pattern2,
        rows: """
            fe3bf8
            82ea08
            ba3ae8
            bacae8
            ba4ae8
            829208
            feabf8
            004000
            fb9550
            8cace8
            daae70
            659d60
            3e8b08
            00c7c0
            fe8f30
            824d70
            babe98
            bae1c0
            ba9b20
            82ece0
            fed290
            """
    )

    /// 155 bytes at level M: version 9, mask 2.
    static let calendarURLMedium = Golden(
        text: "https://habits.example.org/calendar/feed.ics?user=8f14e45f-ceea-467a-9575-42b6a0c1e2d3"
            + "&token=Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4OTA&tz=Europe%2FLondon&lang=en",
        errorCorrection: .medium, version: 9, mask: .pattern2,
        rows: """
            fe51e08f9fa3f8
            825f41c030f208
            baf664899912e8
            ba8528cf0e6ae8
            baed87ffd862e8
            82ba628dab2208
            feaaaaaaaaabf8
            00ee308c1e9800
            be4d85ff9d3be0
            2594128e917548
            c72ec943f612a0
            10915edb80d250
            a7a430265f4fb8
            09bf97ca91f0d8
            1ef73016c34740
            b1a22683a6a510
            bbef99e87a5ea0
            e46964bf2d2448
            bf613241da5b90
            15341fcec00458
            bf7a02575d69a0
            31aecd17187068
            ff075c89ed3ef0
            61bd895e8efc48
            ffc3d8f9537fa0
            d896f38ec478d8
            daddb7afb30a80
            58f6898f2ba8c8
            cfae7dfe787fe8
            89b5abaf4df8d8
            d6da047c3b00c0
            f41a3a25c4efc8
            02f770f91a6738
            148ac814546ff8
            fb8a4273764cc0
            f4c46406d2b698
            16ea71c50a6e68
            9065bf2adc6180
            efd614588b8860
            2d861936a75fd0
            5f8104865ae9d8
            3db839768ff7e8
            df9de23960c0b0
            610a22409c5600
            12d148fe0c0fa0
            008d7f8f1db8d8
            fe729aa96fba90
            8293368e34b8d8
            baa022ff8b1ff0
            bafb45ce906940
            baeda4ad8e10d8
            820f324385a8d0
            fef5f6d7785da0
            """
    )

    /// 64 bytes at level Q: version 6, mask 3.
    static let koreanQuartile = Golden(
        text: "습관 달력: 매일 물 마시기, 산책하기, 일기 쓰기",
        errorCorrection: .quartile, version: 6, mask: .pattern3,
        rows: """
            fe7aef8fbf8
            82ce3633a08
            baf67eed2e8
            ba6d5f112e8
            ba10d5d9ae8
            82771d1ca08
            feaaaaaabf8
            0026262b800
            765c8494030
            00e29542478
            265e1b6b020
            cd452386268
            8efcf153210
            c8b6f348bc0
            ee634efd780
            58806ace430
            52bbe9b02d8
            792d7b3b2d8
            9e70a9f3a38
            e0ce646e180
            3ae021711b0
            81722b95a18
            2b9de13fcb8
            a546b49d628
            af5369e4330
            911a6c71398
            c70045d8060
            e1394b56730
            8224156a3c8
            2c362eac5a0
            8fd067bb488
            05db40c0920
            4eabfd0cfe8
            00f97d25898
            fe5c8a22ab8
            82c0a2ed8a8
            ba224191fa0
            baf70a419c0
            ba992a1c9d8
            82cb8efcbb0
            fe629d70870
            """
    )

    /// 195 bytes at level H: version 15, mask 6.
    static let calendarURLHigh = Golden(
        text: "https://habits.example.org/account/calendar/subscription.ics?user=8f14e45f-ceea-467a-9575-42b6a0c1e2d3"
            + "&token=Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4OTAxMjM0NTY3ODkw&include=habits&tz=Europe%2FLondon&v=2",
        errorCorrection: .high, version: 15, mask: .pattern6,
        rows: """
            fe76b1a8c863165543f8
            82662082b1fc9dd8ea08
            bab14cab839eb8d60ae8
            baf3e955065d14e68ae8
            ba305cfd867bf6713ae8
            8260278c06a23276a208
            feaaaaaaaaaaaaaaabf8
            0028c58888ba385fb800
            1b3f5efe1ef7f7638860
            08cf06501d0369810fc8
            5e09e131d3a6222e0010
            51b0fea7ddb82d2355e0
            a3f71987def393330d78
            a8a9c450db43b12e31e8
            ba56b346846558d36b58
            e04484f809e757d76ad8
            82498f6728ff3cb3f920
            9c3a09fc564605ba4800
            e2368a3d8b8f59992b48
            7cd55835af52ea9593a8
            0ff882b17d870f43aaf8
            0d841b7cde85f33a8ad0
            bad3c909bf20a97f8100
            98844aabadd84f82add0
            5fda98f8e8e3f1573fd0
            e8b6928c797a220c3880
            1ae33cab1caeb409daa8
            68abd18f78ae393838e8
            1f9128f86d73fe7a2f80
            31c34ecdcc8fc4894288
            0f29a13593a84f84ddc8
            c15298c64206fc6bc530
            7349ebbd784d7d071ea8
            91cc573254420e8b12a0
            12d61aaa053314bc88c0
            143cdf93b84533b71258
            bb7a6785dfc0f76bb390
            74a2de5ae2b3c236af28
            afb60c90b8d23cf99c88
            2c19b251375dd6d56c30
            737350128aff343d94d8
            d4b5ca236f4c8671e040
            57cef2fd477bf1d91788
            e9dda4acf8a9af472c28
            ef7ded340bab540541e8
            75177b77506453002730
            bfeb43fe3977e98a8ff0
            08d13b8c85322d661880
            aa9774af1752b3d1ca88
            98eb018b62ca202338a8
            2fc141fe0807fc864f88
            5d021f90f5fea54222e8
            6638cf069168a03f7800
            653e061775099682cce0
            dfc46e56b690a10a7628
            bcb684f4214512a15b30
            6771bbfb99bc5ba54350
            414da1a34257d02a71e0
            232fc68e3dfd1a1ccca0
            bd9cf44a84fd1561ff58
            ce59b91fa8ceb51b5368
            7df32611eeb99ba4b3e8
            ea89c4b570b0ce035f18
            b1022e945fe9f163c4e8
            9acae9125d9a72d990c0
            b53d564557d6ef2075c0
            4e5e9fc4f4ff0a119098
            08e1959c398fed1feef0
            7b9323fc1733f56f5fe8
            00a61d8bd79a30821880
            feb6b5abc74ea19c1ae0
            822dc48a3a8e22a968d8
            baa954fe642bff535f98
            babb229ee1f8a9070ca0
            ba083a1bac9718a94918
            8247bc63e6aa91116628
            fe4fcf682c085eb1f840
            """
    )
}

@Suite("Golden matrices from python-qrcode 8.2")
struct GoldenMatrixTests {
    static let all = [
        Goldens.helloWorldLow, Goldens.calendarURLMedium, Goldens.koreanQuartile, Goldens.calendarURLHigh,
    ]

    @Test("Version, mask and every module match the reference", arguments: all)
    func matchesReference(golden: Golden) throws {
        let code = try QRCode(text: golden.text, errorCorrection: golden.errorCorrection)
        #expect(code.version == golden.version)
        #expect(code.errorCorrection == golden.errorCorrection)
        #expect(code.mask == golden.mask)
        #expect(code.size == 17 + 4 * golden.version)
        let expected = golden.modules
        #expect(expected.count == code.size)
        var mismatches: [String] = []
        for (y, row) in expected.enumerated() {
            #expect(row.count >= code.size && row.dropFirst(code.size).allSatisfy { !$0 })
            for x in 0..<code.size where code[x, y] != row[x] {
                mismatches.append("(\(x), \(y))")
            }
        }
        #expect(mismatches.isEmpty, "modules that differ: \(mismatches.prefix(20))")
    }

    @Test("The levels and versions the goldens cover")
    func coverage() {
        #expect(Set(Self.all.map(\.errorCorrection)) == Set(ErrorCorrection.allCases))
        #expect(Self.all.contains { $0.version >= 7 })
        #expect(Self.all.contains { !$0.text.unicodeScalars.allSatisfy(\.isASCII) })
        #expect(Goldens.calendarURLMedium.text.utf8.count == 155)
        #expect(Goldens.calendarURLHigh.text.utf8.count == 195)
        #expect(Goldens.koreanQuartile.text.utf8.count == 64)
    }

    @Test("Forcing the reference mask gives the same symbol; another mask changes only data and format")
    func forcedMask() throws {
        let golden = Goldens.koreanQuartile
        let automatic = try QRCode(text: golden.text, errorCorrection: golden.errorCorrection)
        let forced = try QRCode(text: golden.text, errorCorrection: golden.errorCorrection, mask: golden.mask)
        #expect(forced == automatic)
        let other = try QRCode(text: golden.text, errorCorrection: golden.errorCorrection, mask: .pattern0)
        #expect(other.mask == .pattern0)
        #expect(other != automatic)
        // The finders do not move with the mask.
        for index in 0..<7 {
            #expect(other[index, 0] == automatic[index, 0])
        }
    }
}
