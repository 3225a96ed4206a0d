/// What a section's layout needs before its groups are placed; computed once and reused on re-layout.
struct SectionGeometry: Sendable {
    /// Where the content starts across the scroll axis and its length there, after the reference's and the section's
    /// content insets.
    var crossStart: Double
    var crossLength: Double
    /// The section's full length across the scroll axis.
    var sectionCross: Double
    /// The span across the scroll axis boundary items align in.
    var supplementaryCrossStart: Double
    var supplementaryCrossLength: Double
    /// What the top-level group's fractional dimensions resolve against.
    var groupContainer: Size
    /// Where the first group starts along the scroll axis: after the headers and the section's leading inset.
    var contentStart: Double
    /// True when the section scrolls across the layout's scroll direction.
    var isOrthogonal: Bool
    /// Space before the first and after the last group of an orthogonal section, along its sideways scroll.
    var scrollLeadingPadding: Double
    var scrollTrailingPadding: Double
    /// The section's headers, placed at its start.
    var headers: [BoundaryPlacement] = []
}
