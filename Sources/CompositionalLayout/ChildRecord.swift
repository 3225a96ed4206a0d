/// What the layout of one subitem left behind, so uniform sizing, flexible spacing and alignment can adjust it
/// afterwards.
struct ChildRecord {
    /// The child's item frames in the section buffer (one for an item, several for a nested group).
    var frames: Range<Int>
    /// The child's supplementaries in the section buffer.
    var supplementaries: Range<Int>
    /// The child's length along the group's axis, without edge spacing.
    var mainLength: Double
    /// The child's length across the group's axis, and the edge spacing before and after it there.
    var crossLead: Double
    var crossLength: Double
    var crossTrail: Double
    /// Which spacings around the child share leftover space.
    var flexibleGapBefore: Bool
    var flexibleLead: Bool
    var flexibleTrail: Bool
    var flexibleCrossLead: Bool
    var flexibleCrossTrail: Bool
    /// `uniformAcrossSiblings` on the group's axis (only without a count, which fixes that length).
    var uniformMain: Bool
    /// `uniformAcrossSiblings` across the group's axis.
    var uniformCross: Bool
    /// The item's badges, re-anchored when uniform sizing changes the item's frame.
    var badges: [SupplementaryItem]
}
