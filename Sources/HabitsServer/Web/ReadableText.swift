import Foundation
import HabitsScreens
import Mustache

/// The text colour that reads on a background colour: near-black or white, whichever contrasts more
/// (WCAG relative luminance), since category and user colours come from the data.
enum ReadableText {
    /// `#111111` or `#ffffff` for text on the `#rrggbb` background `hex`.
    static func on(_ hex: String) -> String {
        let digits = Array(hex.utf8.dropFirst())
        guard digits.count == 6 else { return "#111111" }
        var channels: [Double] = []
        for index in stride(from: 0, to: 6, by: 2) {
            guard let value = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                return "#111111"
            }
            let linear = Double(value) / 255
            channels.append(linear <= 0.04045 ? linear / 12.92 : pow((linear + 0.055) / 1.055, 2.4))
        }
        let luminance = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        // Contrast with #111111 (luminance 0.0056) against contrast with white.
        let withDark = (luminance + 0.05) / (0.0056 + 0.05)
        let withWhite = 1.05 / (luminance + 0.05)
        return withDark >= withWhite ? "#111111" : "#ffffff"
    }
}

extension ScreenColor: MustacheTransformable {
    /// `{{ readableText(color) }}` in a template: the text colour that reads on this colour.
    public func transform(_ name: String) -> Any? {
        name == "readableText" ? ReadableText.on(hex) : nil
    }
}
