import Foundation
import HabitsDomain

/// The JSON coders of the client: the server's own (instants in ISO 8601), with sorted keys for output
/// that scripts can compare.
public enum HabitsClientJSON {
    /// Writes sorted keys, unescaped slashes, instants as the server reads them, indented: what `--json` prints.
    public static var encoder: JSONEncoder {
        let encoder = HabitsJSON.encoder()
        encoder.outputFormatting.insert(.prettyPrinted)
        return encoder
    }

    /// Decodes a server answer, as a typed error naming what did not fit.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(ClientError) -> T {
        do {
            return try HabitsJSON.decoder().decode(type, from: data)
        } catch {
            throw .unexpectedAnswer("cannot read it as \(T.self): \(error)")
        }
    }

    /// `value` as text for standard output.
    public static func text(_ value: some Encodable) -> String {
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
