import Foundation

/// Formats prices for one reader's locale, keeping a formatter and the digits of each currency it has
/// met: a screen of many cards formats with one of these rather than making formatters per price.
public final class PriceFormatter {
    private let locale: Locale
    private var currencies: [String: (formatter: NumberFormatter, digits: Int)] = [:]

    public init(locale: Locale) {
        self.locale = locale
    }

    /// `price` in its currency for this locale: "$19.99" (en_US), "19,99 €" (de_DE), "₩19,900" (ko_KR);
    /// "Free" when it costs nothing.
    ///
    /// - Complexity: O(1) once the price's currency has been met.
    public func string(for price: Price) -> String {
        guard !price.isFree else { return "Free" }
        let (formatter, digits) = currency(price.currency)
        let value = Decimal(price.minorUnits) / pow(Decimal(10), digits)
        return formatter.string(from: value as NSDecimalNumber) ?? "\(price.amount) \(price.currency)"
    }

    private func currency(_ code: String) -> (formatter: NumberFormatter, digits: Int) {
        if let known = currencies[code] { return known }
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = code
        let entry = (formatter, Price.fractionDigits(of: code))
        currencies[code] = entry
        return entry
    }
}
