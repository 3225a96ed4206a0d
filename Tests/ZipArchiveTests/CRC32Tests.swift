import Testing

@testable import ZipArchive

@Suite("CRC-32")
struct CRC32Tests {
    @Test("The standard check value, and the empty input")
    func checkValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    @Test("Updating in pieces equals one pass")
    func pieces() {
        let bytes = Array("The quick brown fox jumps over the lazy dog".utf8)
        var crc = CRC32()
        crc.update(bytes[..<10])
        crc.update(bytes[10...])
        #expect(crc.value == 0x414F_A339)
        #expect(crc.value == CRC32.checksum(bytes))
    }
}
