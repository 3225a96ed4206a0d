/// Arithmetic in the Galois field GF(2⁸) of ISO/IEC 18004 §7.5.2, built on the primitive polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D) with α = 2.
///
/// Addition is exclusive or; multiplication goes through tables of powers and logarithms of α, so that it
/// costs two look-ups instead of a carry-less product and a reduction.
enum GaloisField {
    /// The field's primitive polynomial, the ninth bit included.
    static let primitivePolynomial = 0x11D

    /// `exponents[i]` is αⁱ, for i in 0..<255; the powers repeat with period 255.
    static let exponents: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 255)
        var value = 1
        for power in 0..<255 {
            table[power] = UInt8(value)
            // Multiplying by α is a shift; reduce by the primitive polynomial when it overflows eight bits.
            value <<= 1
            if value & 0x100 != 0 { value ^= primitivePolynomial }
        }
        return table
    }()

    /// `logarithms[x]` is the i with αⁱ = x, for x in 1...255; zero has no logarithm and its entry is unused.
    static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for (power, value) in exponents.enumerated() {
            table[Int(value)] = power
        }
        return table
    }()

    /// The power αⁿ, for any n ≥ 0.
    static func power(_ exponent: Int) -> UInt8 {
        exponents[exponent % 255]
    }

    /// The product of two field elements.
    static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
        if left == 0 || right == 0 { return 0 }
        return exponents[(logarithms[Int(left)] + logarithms[Int(right)]) % 255]
    }
}

/// Reed–Solomon error correction as ISO/IEC 18004 §7.5.2 defines it for one block: the error correction
/// codewords are the remainder of the data polynomial, times xⁿ, divided by the generator polynomial
/// g(x) = (x − α⁰)(x − α¹)…(x − αⁿ⁻¹) of degree n.
struct ReedSolomonEncoder: Sendable {
    /// The generator's coefficients, the leading 1 of xⁿ first, then those of xⁿ⁻¹ down to x⁰.
    let generator: [UInt8]

    /// The number of error correction codewords the encoder makes: the generator's degree.
    var degree: Int { generator.count - 1 }

    /// An encoder that makes `degree` error correction codewords (7 to 30 in a QR code).
    init(degree: Int) {
        // Multiply out the factors one at a time; in GF(2⁸) subtraction is addition, so x − αⁱ is x + αⁱ.
        var polynomial: [UInt8] = [1]
        for exponent in 0..<degree {
            let root = GaloisField.power(exponent)
            var product = polynomial + [0]
            for index in 1..<product.count {
                product[index] ^= GaloisField.multiply(polynomial[index - 1], root)
            }
            polynomial = product
        }
        generator = polynomial
    }

    /// The error correction codewords for `data`: the remainder of data(x)·xⁿ divided by g(x).
    ///
    /// - Complexity: O(*m*·*n*) for *m* data codewords and degree *n*.
    func remainder(of data: some Sequence<UInt8>) -> [UInt8] {
        // Polynomial long division, one data codeword at a time: the remainder slides up a degree and the
        // generator, scaled to cancel the leading term, is subtracted from it.
        var remainder = [UInt8](repeating: 0, count: degree)
        guard degree > 0 else { return remainder }
        for codeword in data {
            let factor = codeword ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in 0..<degree {
                remainder[index] ^= GaloisField.multiply(generator[index + 1], factor)
            }
        }
        return remainder
    }
}
