import Foundation

/// An amount of money in an ISO 4217 currency, held in the currency's minor units (cents, or won).
///
/// In JSON it is `{"amount": "19.99", "currency": "USD"}`: the amount is decimal text, never a binary
/// floating-point number, so no price is ever rounded on its way through.
public struct Price: Codable, Hashable, Sendable {
    /// The amount in minor units: 1999 for USD 19.99, 19900 for KRW 19,900.
    public var minorUnits: Int64
    /// The ISO 4217 code, upper case ("USD", "EUR", "KRW").
    public var currency: String

    public init(minorUnits: Int64, currency: String) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Whether the program costs nothing.
    public var isFree: Bool { minorUnits == 0 }

    /// The digits after the decimal point of `currency`: 2 for USD and EUR, 0 for KRW and JPY, 3 for BHD.
    ///
    /// ICU knows them but `NumberFormatter` does not say: its fraction digit properties stay 2 whatever the
    /// currency, so they are counted in a formatted amount.
    public static func fractionDigits(of currency: String) -> Int {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.numberStyle = .currency
        formatter.currencyCode = currency
        let sample = Decimal(sign: .plus, exponent: -4, significand: 11_125)  // 1.1125
        let text = formatter.string(from: sample as NSDecimalNumber) ?? ""
        guard let point = text.lastIndex(of: ".") else { return 0 }
        return text[text.index(after: point)...].prefix(while: \.isNumber).count
    }

    /// The amount as decimal text in the currency's digits: "19.99", "19900".
    public var amount: String {
        let digits = Self.fractionDigits(of: currency)
        guard digits > 0 else { return String(minorUnits) }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let whole = minorUnits / scale
        let fraction = String(minorUnits % scale)
        return "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// The price for a reader in `locale`: "$19.99" (en_US), "19,99 €" (de_DE), "₩19,900" (ko_KR);
    /// "Free" when it costs nothing.
    public func formatted(locale: Locale) -> String {
        PriceFormatter(locale: locale).string(for: self)
    }

    private enum CodingKeys: String, CodingKey {
        case amount, currency
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let currency = try container.decode(String.self, forKey: .currency)
        let amount = try container.decode(String.self, forKey: .amount)
        // The rule's own refusal, naming the field at fault (`price.amount` or `price.currency`).
        self = try Price.parse(amount: amount, currency: currency)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(amount, forKey: .amount)
        try container.encode(currency, forKey: .currency)
    }

    /// The most a price may be in minor units (a billion units of any currency, far below overflow).
    public static let maximumMinorUnits: Int64 = 100_000_000_000

    /// Reads decimal text ("19.99", "0", "19900") in `currency`, refusing more digits than it has.
    public static func parse(amount: String, currency: String) throws(HabitsError) -> Price {
        guard currency.count == 3, currency.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }),
            Locale.Currency.isoCurrencies.contains(where: { $0.identifier == currency })
        else {
            throw .invalid(field: "price.currency", reason: "must be an ISO 4217 code in upper case, such as USD.")
        }
        let digits = fractionDigits(of: currency)
        let parts = amount.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        let isDigits = { (text: Substring) in text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
        guard !whole.isEmpty, whole.count <= 12, isDigits(whole), isDigits(fraction),
            parts.count == 1 || !fraction.isEmpty
        else {
            throw .invalid(field: "price.amount", reason: "must be decimal text such as \"19.99\".")
        }
        guard fraction.count <= digits else {
            throw .invalid(field: "price.amount", reason: "\(currency) has \(digits) digit(s) after the point.")
        }
        var minorUnits = Int64(whole) ?? 0
        for _ in 0..<digits { minorUnits *= 10 }
        let paddedFraction = fraction + String(repeating: "0", count: digits - fraction.count)
        minorUnits += Int64(paddedFraction) ?? 0
        guard minorUnits <= maximumMinorUnits else {
            throw .invalid(field: "price.amount", reason: "is larger than any program costs.")
        }
        return Price(minorUnits: minorUnits, currency: currency)
    }
}
