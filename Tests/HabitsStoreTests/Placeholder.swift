import Testing

@Test func placeholderHabitsStoreTests() {}
