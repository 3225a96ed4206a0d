import Foundation

/// A colour as the course app stores it: hue, saturation and brightness, each in 0…1.
public struct Color: Codable, Hashable, Sendable {
    public var hue: Double
    public var saturation: Double
    public var brightness: Double

    public init(hue: Double, saturation: Double, brightness: Double) {
        self.hue = hue
        self.saturation = saturation
        self.brightness = brightness
    }

    enum CodingKeys: String, CodingKey {
        case hue = "h"
        case saturation = "s"
        case brightness = "b"
    }

    /// Whether every component is a finite number in 0…1.
    public var isValid: Bool {
        [hue, saturation, brightness].allSatisfy { $0.isFinite && (0...1).contains($0) }
    }
}
