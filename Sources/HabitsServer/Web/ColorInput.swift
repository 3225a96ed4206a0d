import Foundation
import HabitsDomain

/// The colour an `<input type=color>` sends (`#rrggbb`) and the hue, saturation and brightness the API keeps
/// (0…1 each), both ways: a page shows and edits the same colour a `/v1` client writes.
enum ColorInput {
    /// The colour `text` names, `#rrggbb` in either case; `invalid` for anything else.
    static func color(_ text: String, field: String = "color") throws(HabitsError) -> Color {
        let digits = Array(text.utf8)
        // Hexadecimal digits only: `UInt8(_:radix:)` would also take a sign.
        guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
            digits.dropFirst().allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
        else { throw invalid(field) }
        var channels: [Double] = []
        for start in stride(from: 1, to: 7, by: 2) {
            guard let value = UInt8(String(decoding: digits[start..<start + 2], as: UTF8.self), radix: 16) else {
                throw invalid(field)
            }
            channels.append(Double(value) / 255)
        }
        return hsb(red: channels[0], green: channels[1], blue: channels[2])
    }

    /// `#rrggbb` of `color`, converted as the screens and avatars convert it.
    static func hex(_ color: Color) -> String {
        "#" + Avatar.rgbComponents(color).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// Hue, saturation and brightness of an RGB colour (each channel 0…1): the inverse of `Avatar`'s
    /// conversion, so that `hex(color(text)) == text` for every `#rrggbb`.
    static func hsb(red: Double, green: Double, blue: Double) -> Color {
        let high = max(red, green, blue)
        let low = min(red, green, blue)
        let spread = high - low
        var hue = 0.0
        if spread > 0 {
            switch high {
            case red: hue = (green - blue) / spread
            case green: hue = 2 + (blue - red) / spread
            default: hue = 4 + (red - green) / spread
            }
            hue /= 6
            if hue < 0 { hue += 1 }
        }
        return Color(hue: min(hue, 1), saturation: high > 0 ? spread / high : 0, brightness: high)
    }

    private static func invalid(_ field: String) -> HabitsError {
        .invalid(field: field, reason: "must be a colour written #rrggbb.")
    }
}
