/// A child's edge spacing read along a linear group's axis: the minimum lengths, and which of them are flexible.
struct ChildMargins {
    /// Minimum spacing before and after the child along the group's axis.
    var lead: Double
    var trail: Double
    /// Minimum spacing before and after the child across the group's axis.
    var crossLead: Double
    var crossTrail: Double
    var isLeadFlexible: Bool
    var isTrailFlexible: Bool
    var isCrossLeadFlexible: Bool
    var isCrossTrailFlexible: Bool

    init(_ spacing: EdgeSpacing, axis: Axis) {
        lead = spacing.start(axis)?.minimum ?? 0
        trail = spacing.end(axis)?.minimum ?? 0
        crossLead = spacing.start(axis.other)?.minimum ?? 0
        crossTrail = spacing.end(axis.other)?.minimum ?? 0
        isLeadFlexible = spacing.start(axis)?.isFlexible ?? false
        isTrailFlexible = spacing.end(axis)?.isFlexible ?? false
        isCrossLeadFlexible = spacing.start(axis.other)?.isFlexible ?? false
        isCrossTrailFlexible = spacing.end(axis.other)?.isFlexible ?? false
    }
}
