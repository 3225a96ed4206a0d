import Foundation
import HabitsDomain
import Testing

@Suite struct DemoDataSetTests {
    let now = Date(timeIntervalSince1970: 1_795_368_015)

    @Test func hasTheAdvertisedShape() {
        let demo = DemoDataSet(activeUserID: "me", now: now)
        #expect(demo.users.count == 41)
        #expect(demo.users.contains { $0.id == "me" })
        #expect(Set(demo.users.map(\.id)).count == demo.users.count)
        #expect(demo.users.allSatisfy { $0.bio != nil && $0.color?.isValid == true })
        #expect(demo.categories.count == 7)
        #expect(demo.habits.count == 20)
        #expect(Set(demo.habits.map(\.category.name)).count == 7)
        #expect(!demo.logs.isEmpty)
        #expect(demo.logs.allSatisfy { $0.timestamp <= now && $0.timestamp > now.addingTimeInterval(-29 * 86_400) })
        #expect(demo.logs.contains { $0.userID == "me" })
    }

    @Test func userIDsAreASCIISlugs() {
        let demo = DemoDataSet(activeUserID: "me", now: now)
        for user in demo.users where user.id != "me" {
            #expect(user.id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "-" }, "\(user.id)")
        }
        #expect(demo.users.contains { $0.id == "zoe-muller" })
        #expect(demo.users.contains { $0.id == "finn-obrien" })
    }

    @Test func neverSimulatesTheActiveUser() {
        let demo = DemoDataSet(activeUserID: "me", now: now)
        #expect(!demo.rates.isEmpty)
        #expect(demo.rates.allSatisfy { $0.userID != "me" && $0.eventsPerHour > 0 })
    }

    @Test func isDeterministicForASeed() {
        #expect(DemoDataSet(now: now, seed: 1).logs == DemoDataSet(now: now, seed: 1).logs)
        #expect(DemoDataSet(now: now, seed: 1).logs != DemoDataSet(now: now, seed: 2).logs)
    }
}

@Suite struct ImageTests {
    @Test func avatarsArePNGsOfTheRequestedSize() {
        let png = Avatar.png(
            for: User(id: "ann", name: "Ann", color: Color(hue: 0.3, saturation: 0.6, brightness: 0.8)), size: 64)
        #expect(Avatar.ImageKind(magic: png) == .png)
        // IHDR width and height, big-endian, at bytes 16..<24.
        #expect(Array(png[16..<24]) == [0, 0, 0, 64, 0, 0, 0, 64])
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test func differentUsersGetDifferentAvatars() {
        let a = Avatar.png(for: User(id: "ann", name: "Ann"))
        let b = Avatar.png(for: User(id: "bob", name: "Bob"))
        #expect(a != b)
        #expect(a == Avatar.png(for: User(id: "ann", name: "Ann")))
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
