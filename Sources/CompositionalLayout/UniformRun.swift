/// The children of one linear group sized `uniformAcrossSiblings` along its axis: they all end up as long as the
/// longest of them, so the group must keep room for that growth while it places children.
struct UniformRun {
    /// How many children are uniform along the axis.
    var count = 0
    /// Their own (measured) lengths, summed.
    var ownLength = 0.0
    /// The longest of them.
    var longest = 0.0

    /// The length the run still grows by once every member takes the longest length.
    var growth: Double { Double(count) * longest - ownLength }

    /// The run with one more member of `length`.
    func adding(_ length: Double) -> UniformRun {
        UniformRun(count: count + 1, ownLength: ownLength + length, longest: max(longest, length))
    }
}
