import Foundation

/// A name's skeleton after Unicode's UTS #39: names with one skeleton look alike on screen ("alice", "aIice"
/// with a capital I, "aliсe" with a Cyrillic с, "a1ice"), whatever their code points.
///
/// The prototypes come from Unicode's `confusables.txt` (`Resources/confusables.txt`, written by
/// `scripts/generate-confusables.py`). The skeleton is UTS #39's: NFD, each code point replaced by its
/// prototype, NFD again, after folding compatibility forms (NFKD: "Ａｄａ" is "Ada"). It keeps case, as
/// UTS #39 does ("ALICE" and "alice" are told apart on screen; a capital I and a small l are not, and share
/// the prototype l).
public enum ConfusableSkeleton {
    /// The prototype of each code point that has one.
    static let prototypes: [UInt32: String] = {
        let text = BundledResources.text(of: "confusables.txt", bundle: "Habits_HabitsDomain") ?? ""
        var prototypes: [UInt32: String] = [:]
        prototypes.reserveCapacity(6_400)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let points = line.split(separator: " ").compactMap { UInt32($0, radix: 16) }
            guard let source = points.first, points.count > 1 else { continue }
            var prototype = String.UnicodeScalarView()
            prototype.append(contentsOf: points.dropFirst().compactMap(Unicode.Scalar.init))
            prototypes[source] = String(prototype)
        }
        return prototypes
    }()

    /// Whether the prototypes were found (a build without its resources has none).
    public static var isAvailable: Bool { !prototypes.isEmpty }

    /// The skeleton of `text`: two texts look alike when their skeletons are equal.
    ///
    /// - Complexity: O(n) for n code points.
    public static func skeleton(of text: String) -> String {
        var result = String.UnicodeScalarView()
        // Compatibility forms first (full-width letters, ligatures, circled letters), which confusables.txt
        // leaves to NFKC; then UTS #39's NFD.
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            if let prototype = prototypes[scalar.value] {
                result.append(contentsOf: prototype.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result).decomposedStringWithCanonicalMapping
    }
}
