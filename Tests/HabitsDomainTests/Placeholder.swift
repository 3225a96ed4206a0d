import Testing

@Test func placeholderHabitsDomainTests() {}
