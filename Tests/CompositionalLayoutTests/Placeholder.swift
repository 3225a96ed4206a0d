import Testing

@Test func placeholderCompositionalLayoutTests() {}
