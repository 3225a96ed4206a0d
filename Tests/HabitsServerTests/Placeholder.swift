import Testing

@Test func placeholderHabitsServerTests() {}
