import Foundation
import HabitsDomain
import Testing

@Suite struct ImageTests {
    @Test func avatarsArePNGsOfTheRequestedSize() {
        let png = Avatar.png(
            for: CourseAPI.User(
                id: "ann", name: "Ann", color: Color(hue: 0.3, saturation: 0.6, brightness: 0.8)),
            size: 64)
        #expect(Avatar.ImageKind(magic: png) == .png)
        // IHDR width and height, big-endian, at bytes 16..<24.
        #expect(Array(png[16..<24]) == [0, 0, 0, 64, 0, 0, 0, 64])
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test func differentUsersGetDifferentAvatars() {
        let a = Avatar.png(for: CourseAPI.User(id: "ann", name: "Ann"))
        let b = Avatar.png(for: CourseAPI.User(id: "bob", name: "Bob"))
        #expect(a != b)
        #expect(a == Avatar.png(for: CourseAPI.User(id: "ann", name: "Ann")))
    }

    @Test func recognisesImageKindsByMagicBytes() {
        #expect(Avatar.ImageKind(magic: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(Avatar.ImageKind(magic: Array("GIF89a".utf8)) == nil)
        #expect(Avatar.ImageKind(magic: [UInt8]()) == nil)
    }

    @Test func hsbConvertsToRGB() {
        #expect(Avatar.rgbComponents(Color(hue: 0, saturation: 1, brightness: 1)) == [255, 0, 0])
        #expect(Avatar.rgbComponents(Color(hue: 1.0 / 3, saturation: 1, brightness: 1)) == [0, 255, 0])
        #expect(Avatar.rgbComponents(Color(hue: 0.5, saturation: 0, brightness: 0.5)) == [128, 128, 128])
    }
}
