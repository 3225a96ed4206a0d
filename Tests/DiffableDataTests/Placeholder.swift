import Testing

@Test func placeholderDiffableDataTests() {}
