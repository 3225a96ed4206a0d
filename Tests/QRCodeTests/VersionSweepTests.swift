import Testing

@testable import QRCode

/// One symbol of the sweep: a version and level filled to capacity, the mask expected and a hash of the
/// reference modules.
struct Sweep: Sendable, CustomTestStringConvertible {
    let errorCorrection: ErrorCorrection
    let version: Int
    let byteCount: Int
    let mask: Mask
    let hash: UInt64

    init(_ errorCorrection: ErrorCorrection, version: Int, bytes: Int, mask: Mask, hash: UInt64) {
        self.errorCorrection = errorCorrection
        self.version = version
        self.byteCount = bytes
        self.mask = mask
        self.hash = hash
    }

    var testDescription: String { "\(version)-\(errorCorrection)" }

    /// The payload: `byteCount` bytes, byte *i* being (73 *i* + 151 × version + 19 × level) mod 256 with the
    /// levels numbered L 0, M 1, Q 2, H 3.
    var payload: [UInt8] {
        let levelNumber = ErrorCorrection.allCases.firstIndex(of: errorCorrection) ?? 0
        return (0..<byteCount).map { UInt8((73 * $0 + 151 * version + 19 * levelNumber) & 0xFF) }
    }
}

/// FNV-1a (64-bit) over the modules row by row, one byte per module: 1 dark, 0 light.
func moduleHash(_ code: QRCode) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for y in 0..<code.size {
        for x in 0..<code.size {
            hash = (hash ^ (code[x, y] ? 1 : 0)) &* 0x0000_0100_0000_01B3
        }
    }
    return hash
}

/// Every version at every level, each filled to its byte capacity so that it is the smallest that fits.
///
/// Made offline like the goldens (see `Goldens`): modules from python-qrcode 8.2 in byte mode with the mask
/// named, hashed with the same FNV-1a; the mask is the one of lowest ISO/IEC 18004 penalty over python-qrcode's
/// eight symbols (segno 1.6.1's N1, N2, N4 and N3 at every start), and the byte count is python-qrcode's
/// `BIT_LIMIT_TABLE` less the mode and count bits, in whole bytes.
enum Sweeps {
    static let all: [Sweep] = [
        Sweep(.low, version: 1, bytes: 17, mask: .pattern4, hash: 0xBA805A18362FFA7B),
        Sweep(.low, version: 2, bytes: 32, mask: .pattern5, hash: 0xF65C44F5DDD991C4),
        Sweep(.low, version: 3, bytes: 53, mask: .pattern5, hash: 0x94BA7FDF97BF6760),
        Sweep(.low, version: 4, bytes: 78, mask: .pattern0, hash: 0xBC36DA31FB8A63B1),
        Sweep(.low, version: 5, bytes: 106, mask: .pattern4, hash: 0xCCDB3C7184131259),
        Sweep(.low, version: 6, bytes: 134, mask: .pattern1, hash: 0xC9B301F2C9E56E0D),
        Sweep(.low, version: 7, bytes: 154, mask: .pattern3, hash: 0x031A70373771C789),
        Sweep(.low, version: 8, bytes: 192, mask: .pattern6, hash: 0xF08D49894586F103),
        Sweep(.low, version: 9, bytes: 230, mask: .pattern0, hash: 0xA36F0208899B79D1),
        Sweep(.low, version: 10, bytes: 271, mask: .pattern1, hash: 0xEE4468DD4F6425CE),
        Sweep(.low, version: 11, bytes: 321, mask: .pattern6, hash: 0xAC30C7298ADA2C67),
        Sweep(.low, version: 12, bytes: 367, mask: .pattern2, hash: 0x944717B9ED1C27A7),
        Sweep(.low, version: 13, bytes: 425, mask: .pattern7, hash: 0x824DC9DCE1E6D7CB),
        Sweep(.low, version: 14, bytes: 458, mask: .pattern0, hash: 0xB279C09A6553F3F9),
        Sweep(.low, version: 15, bytes: 520, mask: .pattern6, hash: 0x67710BB727575E10),
        Sweep(.low, version: 16, bytes: 586, mask: .pattern6, hash: 0x4803649B694E8766),
        Sweep(.low, version: 17, bytes: 644, mask: .pattern4, hash: 0xBC58D21671D99628),
        Sweep(.low, version: 18, bytes: 718, mask: .pattern6, hash: 0x1268329525BA65E2),
        Sweep(.low, version: 19, bytes: 792, mask: .pattern7, hash: 0x5C8D37602B65265F),
        Sweep(.low, version: 20, bytes: 858, mask: .pattern5, hash: 0x9F1A06DC351F4506),
        Sweep(.low, version: 21, bytes: 929, mask: .pattern7, hash: 0xDF0D4D2353C23277),
        Sweep(.low, version: 22, bytes: 1003, mask: .pattern4, hash: 0x859989B77832767F),
        Sweep(.low, version: 23, bytes: 1091, mask: .pattern2, hash: 0x933EFD0C4871B35D),
        Sweep(.low, version: 24, bytes: 1171, mask: .pattern3, hash: 0x5BE4B2AFA5F469BD),
        Sweep(.low, version: 25, bytes: 1273, mask: .pattern5, hash: 0x63C316FFEAB191DF),
        Sweep(.low, version: 26, bytes: 1367, mask: .pattern0, hash: 0xE0B4F457755F0A33),
        Sweep(.low, version: 27, bytes: 1465, mask: .pattern5, hash: 0x256312417693A4C2),
        Sweep(.low, version: 28, bytes: 1528, mask: .pattern6, hash: 0x7449BFF018913D50),
        Sweep(.low, version: 29, bytes: 1628, mask: .pattern1, hash: 0x4BB626445FA5D9C0),
        Sweep(.low, version: 30, bytes: 1732, mask: .pattern1, hash: 0x8BBB2977BC74852A),
        Sweep(.low, version: 31, bytes: 1840, mask: .pattern4, hash: 0xA1E857E0BCAC2F8F),
        Sweep(.low, version: 32, bytes: 1952, mask: .pattern1, hash: 0x7D3BBDD4020C6588),
        Sweep(.low, version: 33, bytes: 2068, mask: .pattern4, hash: 0x83367083E1003BDE),
        Sweep(.low, version: 34, bytes: 2188, mask: .pattern7, hash: 0x1EB8EFF4C2F8641F),
        Sweep(.low, version: 35, bytes: 2303, mask: .pattern3, hash: 0xBC66F6F39A3C86BB),
        Sweep(.low, version: 36, bytes: 2431, mask: .pattern4, hash: 0xCE13CC80C21F2EF7),
        Sweep(.low, version: 37, bytes: 2563, mask: .pattern5, hash: 0xD38858033FA2AB95),
        Sweep(.low, version: 38, bytes: 2699, mask: .pattern7, hash: 0xE167592ADD8EE0AF),
        Sweep(.low, version: 39, bytes: 2809, mask: .pattern4, hash: 0x5AE53925CA23ECFF),
        Sweep(.low, version: 40, bytes: 2953, mask: .pattern1, hash: 0xDA27B471EBDC2388),
        Sweep(.medium, version: 1, bytes: 14, mask: .pattern1, hash: 0x6365919254C18567),
        Sweep(.medium, version: 2, bytes: 26, mask: .pattern2, hash: 0x3271DC208AA26F7D),
        Sweep(.medium, version: 3, bytes: 42, mask: .pattern5, hash: 0x701AB146E310C514),
        Sweep(.medium, version: 4, bytes: 62, mask: .pattern3, hash: 0x37919E671BD4E2B0),
        Sweep(.medium, version: 5, bytes: 84, mask: .pattern1, hash: 0x7E9D77755F121A2F),
        Sweep(.medium, version: 6, bytes: 106, mask: .pattern1, hash: 0xC1FFC39FBEDC008F),
        Sweep(.medium, version: 7, bytes: 122, mask: .pattern3, hash: 0xF995646A5AF78F2D),
        Sweep(.medium, version: 8, bytes: 152, mask: .pattern5, hash: 0x481FE81EBBFD5760),
        Sweep(.medium, version: 9, bytes: 180, mask: .pattern6, hash: 0x9CC1899FF0A43644),
        Sweep(.medium, version: 10, bytes: 213, mask: .pattern1, hash: 0x6FE7472EAF2FE1DC),
        Sweep(.medium, version: 11, bytes: 251, mask: .pattern1, hash: 0xF7AC27729C510690),
        Sweep(.medium, version: 12, bytes: 287, mask: .pattern0, hash: 0x2720E6117243C9FD),
        Sweep(.medium, version: 13, bytes: 331, mask: .pattern1, hash: 0x6E30C2149A3FCCBC),
        Sweep(.medium, version: 14, bytes: 362, mask: .pattern5, hash: 0x54F6227FCB526772),
        Sweep(.medium, version: 15, bytes: 412, mask: .pattern3, hash: 0x6310C4F792F2B9B0),
        Sweep(.medium, version: 16, bytes: 450, mask: .pattern4, hash: 0xD45C1351928BF052),
        Sweep(.medium, version: 17, bytes: 504, mask: .pattern6, hash: 0xF4CF86117B13B011),
        Sweep(.medium, version: 18, bytes: 560, mask: .pattern2, hash: 0x0D55EB7E2E1EBDA3),
        Sweep(.medium, version: 19, bytes: 624, mask: .pattern0, hash: 0x53522713DE33A623),
        Sweep(.medium, version: 20, bytes: 666, mask: .pattern3, hash: 0x755D2A2D34080FD5),
        Sweep(.medium, version: 21, bytes: 711, mask: .pattern3, hash: 0xCC4A9959F0526653),
        Sweep(.medium, version: 22, bytes: 779, mask: .pattern4, hash: 0x25FBBD900C9B85A5),
        Sweep(.medium, version: 23, bytes: 857, mask: .pattern7, hash: 0x2176F33EE7FE4BC7),
        Sweep(.medium, version: 24, bytes: 911, mask: .pattern7, hash: 0xD62CDD09A2240BB5),
        Sweep(.medium, version: 25, bytes: 997, mask: .pattern6, hash: 0x52289B83150687A0),
        Sweep(.medium, version: 26, bytes: 1059, mask: .pattern3, hash: 0xC428422D25F31825),
        Sweep(.medium, version: 27, bytes: 1125, mask: .pattern1, hash: 0x91C771C1A3B04CF6),
        Sweep(.medium, version: 28, bytes: 1190, mask: .pattern3, hash: 0xD77A1DBC40AF76C8),
        Sweep(.medium, version: 29, bytes: 1264, mask: .pattern1, hash: 0x6D0CCB3630A1D5B0),
        Sweep(.medium, version: 30, bytes: 1370, mask: .pattern4, hash: 0xEBB417C7A200CD4E),
        Sweep(.medium, version: 31, bytes: 1452, mask: .pattern0, hash: 0x07A9796E10918853),
        Sweep(.medium, version: 32, bytes: 1538, mask: .pattern2, hash: 0xD19B43A585662A72),
        Sweep(.medium, version: 33, bytes: 1628, mask: .pattern4, hash: 0xCE90A390BC0AC0BA),
        Sweep(.medium, version: 34, bytes: 1722, mask: .pattern2, hash: 0x7AB38268711ABE37),
        Sweep(.medium, version: 35, bytes: 1809, mask: .pattern0, hash: 0xB3725B3DA596D7A1),
        Sweep(.medium, version: 36, bytes: 1911, mask: .pattern0, hash: 0xD8C9299B30E92F53),
        Sweep(.medium, version: 37, bytes: 1989, mask: .pattern3, hash: 0xD33B54440E76B895),
        Sweep(.medium, version: 38, bytes: 2099, mask: .pattern2, hash: 0xFFE91847858D2349),
        Sweep(.medium, version: 39, bytes: 2213, mask: .pattern4, hash: 0xA60707C65A4F1DB1),
        Sweep(.medium, version: 40, bytes: 2331, mask: .pattern2, hash: 0x897B52A4F92B07BD),
        Sweep(.quartile, version: 1, bytes: 11, mask: .pattern5, hash: 0xF03F5DD5507617D9),
        Sweep(.quartile, version: 2, bytes: 20, mask: .pattern1, hash: 0x706C02E17CCA87E5),
        Sweep(.quartile, version: 3, bytes: 32, mask: .pattern0, hash: 0xC426DC7E128F090B),
        Sweep(.quartile, version: 4, bytes: 46, mask: .pattern2, hash: 0xA8CE6CD8955FC500),
        Sweep(.quartile, version: 5, bytes: 60, mask: .pattern3, hash: 0x7F7019E23220AE4B),
        Sweep(.quartile, version: 6, bytes: 74, mask: .pattern6, hash: 0xD5BB987D1489AA03),
        Sweep(.quartile, version: 7, bytes: 86, mask: .pattern1, hash: 0x2D44A7AA1927484E),
        Sweep(.quartile, version: 8, bytes: 108, mask: .pattern4, hash: 0x608E9F76BCC07F4F),
        Sweep(.quartile, version: 9, bytes: 130, mask: .pattern2, hash: 0x87AD9B3044853185),
        Sweep(.quartile, version: 10, bytes: 151, mask: .pattern4, hash: 0xE4F37ABF2EF8C15D),
        Sweep(.quartile, version: 11, bytes: 177, mask: .pattern2, hash: 0x38DB1C2C930658F5),
        Sweep(.quartile, version: 12, bytes: 203, mask: .pattern5, hash: 0x160F28871773AAAA),
        Sweep(.quartile, version: 13, bytes: 241, mask: .pattern5, hash: 0x8A23997727A1DBA7),
        Sweep(.quartile, version: 14, bytes: 258, mask: .pattern3, hash: 0x50CEB1514E418A11),
        Sweep(.quartile, version: 15, bytes: 292, mask: .pattern2, hash: 0xBCA1BBD03656F541),
        Sweep(.quartile, version: 16, bytes: 322, mask: .pattern0, hash: 0xE4EBBA35AAA5A7CD),
        Sweep(.quartile, version: 17, bytes: 364, mask: .pattern3, hash: 0x6FC28A1B887391CB),
        Sweep(.quartile, version: 18, bytes: 394, mask: .pattern0, hash: 0x3289C9381212AB19),
        Sweep(.quartile, version: 19, bytes: 442, mask: .pattern6, hash: 0x5976A4571F2C6CDD),
        Sweep(.quartile, version: 20, bytes: 482, mask: .pattern3, hash: 0x1F01DFB8D81B8965),
        Sweep(.quartile, version: 21, bytes: 509, mask: .pattern3, hash: 0xE79E3DC5F3DE749B),
        Sweep(.quartile, version: 22, bytes: 565, mask: .pattern0, hash: 0xA5CEC9D6E92C2835),
        Sweep(.quartile, version: 23, bytes: 611, mask: .pattern4, hash: 0xFC2ECC4496B5E38B),
        Sweep(.quartile, version: 24, bytes: 661, mask: .pattern4, hash: 0xEF71E45BEE54A18D),
        Sweep(.quartile, version: 25, bytes: 715, mask: .pattern6, hash: 0x24869BFED1A5F0BE),
        Sweep(.quartile, version: 26, bytes: 751, mask: .pattern3, hash: 0x80E22D377631AD55),
        Sweep(.quartile, version: 27, bytes: 805, mask: .pattern6, hash: 0xA7DBAF71A4235F5F),
        Sweep(.quartile, version: 28, bytes: 868, mask: .pattern7, hash: 0x0A60E09760DC7F06),
        Sweep(.quartile, version: 29, bytes: 908, mask: .pattern4, hash: 0x53E5190F433D7A94),
        Sweep(.quartile, version: 30, bytes: 982, mask: .pattern6, hash: 0x04C9788BCBB66148),
        Sweep(.quartile, version: 31, bytes: 1030, mask: .pattern1, hash: 0xECCA2815203B84B8),
        Sweep(.quartile, version: 32, bytes: 1112, mask: .pattern3, hash: 0x8FABC5DBA0756EDE),
        Sweep(.quartile, version: 33, bytes: 1168, mask: .pattern1, hash: 0xD22EA207B79B5132),
        Sweep(.quartile, version: 34, bytes: 1228, mask: .pattern0, hash: 0x36395B7BB9D87BB9),
        Sweep(.quartile, version: 35, bytes: 1283, mask: .pattern1, hash: 0x220C52A8550FA4B0),
        Sweep(.quartile, version: 36, bytes: 1351, mask: .pattern0, hash: 0x1B9DA5CAD77D8C09),
        Sweep(.quartile, version: 37, bytes: 1423, mask: .pattern6, hash: 0x2C4488152A460777),
        Sweep(.quartile, version: 38, bytes: 1499, mask: .pattern2, hash: 0x974C5D197DDF6885),
        Sweep(.quartile, version: 39, bytes: 1579, mask: .pattern2, hash: 0x884181869F875073),
        Sweep(.quartile, version: 40, bytes: 1663, mask: .pattern2, hash: 0xE3DEC08FD93F1D89),
        Sweep(.high, version: 1, bytes: 7, mask: .pattern6, hash: 0x42C22AA050F376B9),
        Sweep(.high, version: 2, bytes: 14, mask: .pattern4, hash: 0x917A6DF982C3E26D),
        Sweep(.high, version: 3, bytes: 24, mask: .pattern2, hash: 0x02A8D4A09F8BB4F0),
        Sweep(.high, version: 4, bytes: 34, mask: .pattern7, hash: 0x5BD6A73393970034),
        Sweep(.high, version: 5, bytes: 44, mask: .pattern1, hash: 0x2021207F99246137),
        Sweep(.high, version: 6, bytes: 58, mask: .pattern6, hash: 0xE428C9021EFF3779),
        Sweep(.high, version: 7, bytes: 64, mask: .pattern0, hash: 0x85308FFD1972862B),
        Sweep(.high, version: 8, bytes: 84, mask: .pattern5, hash: 0xEFF26D2276D619A2),
        Sweep(.high, version: 9, bytes: 98, mask: .pattern2, hash: 0x12A1213E092EC6C1),
        Sweep(.high, version: 10, bytes: 119, mask: .pattern3, hash: 0xF7CCE3B7DDCA1EA9),
        Sweep(.high, version: 11, bytes: 137, mask: .pattern2, hash: 0x48E1E01616818C4B),
        Sweep(.high, version: 12, bytes: 155, mask: .pattern3, hash: 0xC0C206941C31178C),
        Sweep(.high, version: 13, bytes: 177, mask: .pattern3, hash: 0x9EE7D2A9E64FEBA9),
        Sweep(.high, version: 14, bytes: 194, mask: .pattern4, hash: 0x51B5B09510A2E443),
        Sweep(.high, version: 15, bytes: 220, mask: .pattern4, hash: 0x81AD339234D8D770),
        Sweep(.high, version: 16, bytes: 250, mask: .pattern4, hash: 0x73BC8B7B2C4E547E),
        Sweep(.high, version: 17, bytes: 280, mask: .pattern7, hash: 0x0A0400FFBF660C81),
        Sweep(.high, version: 18, bytes: 310, mask: .pattern6, hash: 0x1A87494AFD334282),
        Sweep(.high, version: 19, bytes: 338, mask: .pattern5, hash: 0xB494799049BE8B7F),
        Sweep(.high, version: 20, bytes: 382, mask: .pattern2, hash: 0x61C8AF39C58D06E9),
        Sweep(.high, version: 21, bytes: 403, mask: .pattern7, hash: 0x431523C99C06ADB9),
        Sweep(.high, version: 22, bytes: 439, mask: .pattern0, hash: 0xA6FF6502D3ED22ED),
        Sweep(.high, version: 23, bytes: 461, mask: .pattern4, hash: 0x53670AD6ABDB4DD1),
        Sweep(.high, version: 24, bytes: 511, mask: .pattern6, hash: 0x907922B2CC0D292D),
        Sweep(.high, version: 25, bytes: 535, mask: .pattern1, hash: 0xE2DD2191A7EE3544),
        Sweep(.high, version: 26, bytes: 593, mask: .pattern6, hash: 0xF98D506554A15FE7),
        Sweep(.high, version: 27, bytes: 625, mask: .pattern0, hash: 0x084648B19C95D355),
        Sweep(.high, version: 28, bytes: 658, mask: .pattern2, hash: 0x5387E6490681EE08),
        Sweep(.high, version: 29, bytes: 698, mask: .pattern3, hash: 0x0B00682BD446F807),
        Sweep(.high, version: 30, bytes: 742, mask: .pattern1, hash: 0xDFE436AA6269BA60),
        Sweep(.high, version: 31, bytes: 790, mask: .pattern1, hash: 0x2F63FB145EF3C428),
        Sweep(.high, version: 32, bytes: 842, mask: .pattern7, hash: 0x5213D6D6FDF1A80A),
        Sweep(.high, version: 33, bytes: 898, mask: .pattern2, hash: 0x88F486802C89AAE4),
        Sweep(.high, version: 34, bytes: 958, mask: .pattern7, hash: 0xC969D041BFEA2C39),
        Sweep(.high, version: 35, bytes: 983, mask: .pattern6, hash: 0x133E579DEEAE9315),
        Sweep(.high, version: 36, bytes: 1051, mask: .pattern3, hash: 0x57623DD62E293738),
        Sweep(.high, version: 37, bytes: 1093, mask: .pattern3, hash: 0xDB1D03A7C15D8019),
        Sweep(.high, version: 38, bytes: 1139, mask: .pattern6, hash: 0xA5F6AD4BD544B261),
        Sweep(.high, version: 39, bytes: 1219, mask: .pattern3, hash: 0x2079FBBD6D46EBD8),
        Sweep(.high, version: 40, bytes: 1273, mask: .pattern5, hash: 0xF119BC0FFC256171),
    ]
}

@Suite("Every version and level against python-qrcode 8.2")
struct VersionSweepTests {
    @Test("Version, mask and module hash match the reference", arguments: Sweeps.all)
    func matchesReference(sweep: Sweep) throws {
        let code = try QRCode(bytes: sweep.payload, errorCorrection: sweep.errorCorrection)
        #expect(code.version == sweep.version)
        #expect(code.mask == sweep.mask)
        #expect(moduleHash(code) == sweep.hash)
    }

    @Test("The sweep covers versions 1 to 40 at each level")
    func coverage() {
        for level in ErrorCorrection.allCases {
            #expect(Sweeps.all.filter { $0.errorCorrection == level }.map(\.version) == Array(1...40))
        }
    }

    @Test("One byte more than each sweep's payload needs the next version")
    func capacityIsTight() {
        for sweep in Sweeps.all {
            let next = DataEncoding.smallestVersion(byteCount: sweep.byteCount + 1, level: sweep.errorCorrection)
            #expect(next == (sweep.version == 40 ? nil : sweep.version + 1), "\(sweep.testDescription)")
        }
    }
}
