import Foundation
import HabitsDomain
import Testing

/// Prices keep their minor units exactly and read as each locale writes money.
@Suite struct PriceTests {
    @Test func currenciesHaveTheirOwnDigits() {
        #expect(Price.fractionDigits(of: "USD") == 2)
        #expect(Price.fractionDigits(of: "EUR") == 2)
        #expect(Price.fractionDigits(of: "KRW") == 0)
        #expect(Price.fractionDigits(of: "JPY") == 0)
        #expect(Price.fractionDigits(of: "BHD") == 3)
    }

    @Test func formatsInTheProgramsCurrencyForTheReadersLocale() {
        let dollars = Price(minorUnits: 1999, currency: "USD")
        let euros = Price(minorUnits: 1999, currency: "EUR")
        let won = Price(minorUnits: 19900, currency: "KRW")
        #expect(dollars.formatted(locale: Locale(identifier: "en_US")) == "$19.99")
        #expect(euros.formatted(locale: Locale(identifier: "de_DE")) == "19,99\u{a0}€")
        #expect(won.formatted(locale: Locale(identifier: "ko_KR")) == "₩19,900")
        #expect(dollars.formatted(locale: Locale(identifier: "de_DE")) == "19,99\u{a0}$")
        #expect(won.formatted(locale: Locale(identifier: "en_US")) == "₩19,900")
        #expect(Price(minorUnits: 0, currency: "EUR").formatted(locale: Locale(identifier: "de_DE")) == "Free")
    }

    @Test func parsesDecimalTextWithoutRounding() throws {
        #expect(try Price.parse(amount: "19.99", currency: "USD") == Price(minorUnits: 1999, currency: "USD"))
        #expect(try Price.parse(amount: "19.9", currency: "USD") == Price(minorUnits: 1990, currency: "USD"))
        #expect(try Price.parse(amount: "7", currency: "EUR") == Price(minorUnits: 700, currency: "EUR"))
        #expect(try Price.parse(amount: "19900", currency: "KRW") == Price(minorUnits: 19900, currency: "KRW"))
        #expect(Price(minorUnits: 1990, currency: "USD").amount == "19.90")
        #expect(Price(minorUnits: 5, currency: "USD").amount == "0.05")
        #expect(Price(minorUnits: 19900, currency: "KRW").amount == "19900")
    }

    @Test func refusesWhatIsNotAPrice() {
        for (amount, currency) in [
            ("19.999", "USD"), ("19.5", "KRW"), ("-1", "USD"), ("1e3", "USD"), ("", "USD"), ("1.", "USD"),
            (".5", "USD"), ("12.34", "usd"), ("12.34", "XYZ"), ("12.34", "US"), ("99999999999999", "USD"),
            ("١٢", "USD"),
        ] {
            #expect(throws: HabitsError.self, "\(amount) \(currency)") {
                try Price.parse(amount: amount, currency: currency)
            }
        }
    }

    @Test func roundTripsThroughJSON() throws {
        let price = Price(minorUnits: 1999, currency: "EUR")
        let data = try JSONEncoder().encode(price)
        #expect(String(decoding: data, as: UTF8.self).contains("\"amount\":\"19.99\""))
        #expect(try JSONDecoder().decode(Price.self, from: data) == price)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Price.self, from: Data(#"{"amount":19.99,"currency":"EUR"}"#.utf8))
        }
    }
}
