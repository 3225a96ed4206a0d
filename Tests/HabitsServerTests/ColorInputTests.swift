import Foundation
import HabitsDomain
import Testing

@testable import HabitsServer

/// The colour input's `#rrggbb` and the API's hue, saturation and brightness, both ways.
@Suite struct ColorInputTests {
    @Test func everyColourTheInputSendsComesBackAsItWasSent() throws {
        let steps = Array(stride(from: 0, through: 255, by: 15)) + [1, 127, 128, 254]
        for red in steps {
            for green in steps {
                for blue in steps {
                    let hex = "#" + [red, green, blue].map { String(format: "%02x", $0) }.joined()
                    let color = try ColorInput.color(hex.uppercased())
                    #expect(color.isValid, "\(hex)")
                    #expect(ColorInput.hex(color) == hex, "\(hex): \(color)")
                }
            }
        }
    }

    @Test func anythingButSixHexadecimalDigitsIsRefused() {
        for text in ["", "#", "#12345", "#1234567", "123456", "#12345g", "#+1+2+3", "#-1-2-3", "# 12345", "red"] {
            #expect(throws: HabitsError.self, "\(text)") { try ColorInput.color(text) }
        }
    }
}
