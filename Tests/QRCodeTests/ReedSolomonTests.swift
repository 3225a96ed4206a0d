import Testing

@testable import QRCode

/// A seeded SplitMix64 generator, so that the property tests draw the same data on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// The value of a polynomial, coefficients highest degree first, at `point`, by Horner's rule in GF(2⁸).
func evaluate(_ coefficients: [UInt8], at point: UInt8) -> UInt8 {
    coefficients.reduce(0) { GaloisField.multiply($0, point) ^ $1 }
}

@Suite("Reed–Solomon over GF(256)")
struct ReedSolomonTests {
    @Test("α's powers run through all 255 non-zero elements, and the logarithm inverts them")
    func fieldTables() {
        #expect(Set(GaloisField.exponents).count == 255)
        #expect(!GaloisField.exponents.contains(0))
        #expect(GaloisField.power(0) == 1)
        #expect(GaloisField.power(8) == 0x1D)  // α⁸ = α⁴ + α³ + α² + 1 by the primitive polynomial
        #expect(GaloisField.power(255) == 1)
        for value in 1...255 {
            #expect(GaloisField.power(GaloisField.logarithms[value]) == UInt8(value))
        }
    }

    @Test("Multiplication agrees with carry-less multiplication reduced by 0x11D")
    func multiplication() {
        func slowMultiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
            var product = 0
            for bit in 0..<8 where (Int(right) >> bit) & 1 == 1 {
                product ^= Int(left) << bit
            }
            for bit in stride(from: 14, through: 8, by: -1) where (product >> bit) & 1 == 1 {
                product ^= 0x11D << (bit - 8)
            }
            return UInt8(product)
        }
        for left in UInt8.min...UInt8.max {
            for right in stride(from: 0, through: 255, by: 7) {
                #expect(GaloisField.multiply(left, UInt8(right)) == slowMultiply(left, UInt8(right)))
            }
        }
    }

    @Test("The generator of degree 10 is the one tabled in the standard (Annex A), as exponents of α")
    func generatorOfDegreeTen() {
        let exponents = [0, 251, 67, 46, 61, 118, 70, 64, 94, 32, 45]
        #expect(ReedSolomonEncoder(degree: 10).generator == exponents.map { GaloisField.power($0) })
    }

    @Test("ISO/IEC 18004 Annex I: \"01234567\" in numeric mode, version 1-M")
    func isoWorkedExample() {
        // The data codewords of Annex I.2 and its error correction codewords; the last two are 44 and 85
        // (00101100 01010101), as segno 1.6.1 and an independent division by the generator also give.
        let data: [UInt8] = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17]
        let expected: [UInt8] = [165, 36, 212, 193, 237, 54, 199, 135, 44, 85]
        #expect(ReedSolomonEncoder(degree: 10).remainder(of: data) == expected)
    }

    @Test("thonky.com's QR code tutorial: \"HELLO WORLD\" in alphanumeric mode, version 1-M")
    func thonkyWorkedExample() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        let expected: [UInt8] = [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]
        #expect(ReedSolomonEncoder(degree: 10).remainder(of: data) == expected)
    }

    /// Every number of error correction codewords per block that a QR code uses.
    static let degrees = Array(Set(Tables.eccCodewordsPerBlock.flatMap { $0.dropFirst() })).sorted()

    @Test("Random blocks: data followed by its ECC is divisible by the generator", arguments: degrees)
    func codewordsAreDivisible(degree: Int) {
        var generator = SeededGenerator(state: UInt64(degree))
        let encoder = ReedSolomonEncoder(degree: degree)
        #expect(encoder.degree == degree)
        for _ in 0..<40 {
            let length = Int.random(in: 1...(255 - degree), using: &generator)
            let data = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let codeword = data + encoder.remainder(of: data)
            // The remainder of the whole codeword is zero...
            #expect(encoder.remainder(of: codeword).allSatisfy { $0 == 0 })
            // ...because it vanishes at each root α⁰…αⁿ⁻¹ of the generator, checked without division.
            for exponent in 0..<degree {
                #expect(evaluate(codeword, at: GaloisField.power(exponent)) == 0)
            }
        }
    }

    @Test("A changed data codeword changes the error correction codewords")
    func errorCorrectionDependsOnData() {
        let encoder = ReedSolomonEncoder(degree: 7)
        let data: [UInt8] = Array(0..<19)
        var changed = data
        changed[5] ^= 0x40
        #expect(encoder.remainder(of: data) != encoder.remainder(of: changed))
    }
}
