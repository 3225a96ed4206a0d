import Testing

@testable import LoopImport

@Suite("Loop checkmarks")
struct LoopCheckmarkTests {
    @Test("Amounts compare by value; the marks are distinct")
    func distinct() {
        #expect(LoopCheckmark.amount(1.5) == .amount(1.5))
        #expect(Set<LoopCheckmark>([.yes, .no, .skip, .amount(0)]).count == 4)
    }
}
