/// A boundary item (header or footer) after layout, remembering what pinning needs.
struct BoundaryPlacement: Sendable {
    var attributes: LayoutAttributes
    /// Stays visible while its section is on screen (`pinToVisibleBounds`).
    var pins: Bool
    /// True for headers (the start of the scroll axis), false for footers.
    var atStart: Bool
    /// False when the item overlaps the content instead of taking space (and may reach outside a short section).
    var extendsBoundary = true
}

/// Which end of the scroll axis a `BoundaryAlignment` names, and where across the scroll axis the item sits.
struct BoundaryPosition: Equatable {
    /// Where across the scroll axis a boundary item sits within the span it may use.
    enum CrossAlignment {
        case start, center, end

        /// The offset from the span's start of an item leaving `room` free in the span.
        func offset(room: Double) -> Double {
            switch self {
            case .start: return 0
            case .center: return room / 2
            case .end: return room
            }
        }
    }

    /// True for a header (the start of the scroll axis), false for a footer.
    var isHeader: Bool
    var crossAlignment: CrossAlignment

    /// Where `alignment` puts an item when the layout scrolls along `scrollAxis`. A vertical layout reads
    /// `leading`/`trailing` as headers aligned to that side; a horizontal one reads `top`/`bottom` likewise.
    init(_ alignment: BoundaryAlignment, scrollAxis: Axis) {
        if scrollAxis == .vertical {
            switch alignment {
            case .top: (isHeader, crossAlignment) = (true, .center)
            case .topLeading, .leading: (isHeader, crossAlignment) = (true, .start)
            case .topTrailing, .trailing: (isHeader, crossAlignment) = (true, .end)
            case .bottom: (isHeader, crossAlignment) = (false, .center)
            case .bottomLeading: (isHeader, crossAlignment) = (false, .start)
            case .bottomTrailing: (isHeader, crossAlignment) = (false, .end)
            }
        } else {
            switch alignment {
            case .leading: (isHeader, crossAlignment) = (true, .center)
            case .topLeading, .top: (isHeader, crossAlignment) = (true, .start)
            case .bottomLeading, .bottom: (isHeader, crossAlignment) = (true, .end)
            case .trailing: (isHeader, crossAlignment) = (false, .center)
            case .topTrailing: (isHeader, crossAlignment) = (false, .start)
            case .bottomTrailing: (isHeader, crossAlignment) = (false, .end)
            }
        }
    }
}
