import CompositionalLayout
import Foundation
import HabitsDomain
import HabitsScreens
import Hummingbird

/// `GET /v1/screens/{screen}/frames`: the frame `CompositionalLayout` computes for every item of a
/// screen in a viewport, so that a client's drawing can be checked against the engine.
///
/// Estimated items keep their estimates unless `measured` gives the sizes a client measured
/// (`id:height` or `id:widthxheight`, comma-separated), as a collection view would measure its cells.
/// Items named in `hidden` (comma-separated ids) are left out, as a client takes a row it hides (a form
/// field whose `shownWhen` is not met) out of its snapshot.
struct ScreenFramesController: Sendable {
    let screens: ScreenService
    /// Whose screen it is: `?user=`, else `--active-user`.
    let viewers: ViewerMiddleware

    /// The largest viewport side accepted, in points.
    static let maximumSide = 10_000.0

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.group().add(middleware: viewers).get(Routes.screenFrames.routerPath, use: frames)
    }

    @Sendable func frames(_ request: Request, context: HabitsRequestContext) async throws -> JSON<ScreenFrames> {
        let query = request.uri.queryParameters
        let width = try Self.side("width", query.get("width"))
        let height = try Self.side("height", query.get("height"))
        let measured = try Self.measured(query.get("measured"))
        let hidden = Set((query.get("hidden") ?? "").split(separator: ",").map(String.init))
        var document = try await screens.document(for: try screens.screenRequest(request, context))
        for index in document.sections.indices {
            document.sections[index].items.removeAll { hidden.contains($0.id) }
        }
        let ids = document.sections.map { $0.items.map(\.id) }
        // As a section provider would, from the container's width: the wide layouts from 700 points.
        let sectionLayouts = document.sections.map { $0.layout(forWidth: width) }
        let layout = CompositionalLayout(sections: sectionLayouts)
        let engine: LayoutEngine
        do {
            engine = try LayoutEngine(
                layout: layout, containerSize: Size(width: width, height: height), itemCounts: ids.map(\.count),
                measure: { request in
                    guard request.category == .cell, request.isHeightEstimated || request.isWidthEstimated,
                        let id = ids[safe: request.indexPath.section]?[safe: request.indexPath.item],
                        let size = measured[id]
                    else { return nil }
                    return Size(
                        width: request.isWidthEstimated ? size.width ?? request.proposedSize.width
                            : request.proposedSize.width,
                        height: request.isHeightEstimated ? size.height : request.proposedSize.height)
                })
        } catch {
            throw HabitsError.unavailable(reason: "The screen's layout could not be computed: \(error)")
        }
        var items: [ScreenFrames.ItemFrame] = []
        for (section, sectionIDs) in ids.enumerated() {
            let layout = sectionLayouts[section]
            let cellSize = LayoutCSS.cell(of: layout.group)?.layoutSize
            let estimated = cellSize?.heightDimension.isEstimated ?? false
            let estimatedWidth = cellSize?.widthDimension.isEstimated ?? false
            for (index, id) in sectionIDs.enumerated() {
                guard let attributes = engine.attributesForItem(at: ElementIndexPath(item: index, section: section))
                else { continue }
                items.append(
                    ScreenFrames.ItemFrame(
                        id: id, section: document.sections[section].id, x: attributes.frame.origin.x,
                        y: attributes.frame.origin.y, width: attributes.frame.size.width,
                        height: attributes.frame.size.height, estimatedHeight: estimated,
                        estimatedWidth: estimatedWidth))
            }
        }
        return JSON(
            ScreenFrames(
                revision: document.revision, width: width, height: height, contentHeight: engine.contentSize.height,
                items: items), noStore: true)
    }

    static func side(_ name: String, _ text: String?) throws -> Double {
        guard let text else { throw HabitsError.malformed(reason: "\(name) is required, in points.") }
        guard let value = Double(text), value.isFinite, value >= 1, value <= maximumSide else {
            throw HabitsError.invalid(field: name, reason: "must be a number of points from 1 to 10000.")
        }
        return value
    }

    /// A measured size: the width only for items of estimated width.
    struct MeasuredSize: Equatable {
        var width: Double?
        var height: Double
    }

    /// `id:height` or `id:widthxheight` pairs, comma-separated.
    static func measured(_ text: String?) throws -> [String: MeasuredSize] {
        guard let text, !text.isEmpty else { return [:] }
        var sizes: [String: MeasuredSize] = [:]
        let side = { (text: Substring) -> Double? in
            guard let value = Double(text), value.isFinite, value >= 0, value <= maximumSide else { return nil }
            return value
        }
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: ":")
            let sides = parts.count == 2 ? parts[1].split(separator: "x") : []
            guard parts.count == 2, (1...2).contains(sides.count), let height = sides.last.flatMap(side) else {
                throw HabitsError.malformed(
                    reason: "measured must be id:height or id:widthxheight pairs such as user-3:96,tag-2:64x36.")
            }
            if sides.count == 2 {
                guard let width = side(sides[0]) else {
                    throw HabitsError.malformed(reason: "measured widths must be numbers of points.")
                }
                sizes[String(parts[0])] = MeasuredSize(width: width, height: height)
            } else {
                sizes[String(parts[0])] = MeasuredSize(width: nil, height: height)
            }
        }
        return sizes
    }
}

/// Every item's frame in a viewport, in points from the top left of the screen's content.
struct ScreenFrames: Codable, Sendable {
    struct ItemFrame: Codable, Sendable {
        var id: String
        var section: String
        var x, y, width, height: Double
        /// Whether the height is an estimate (or the measured height given).
        var estimatedHeight: Bool
        /// Whether the width is an estimate (or the measured width given).
        var estimatedWidth: Bool
    }

    var revision: String
    var width: Double
    var height: Double
    var contentHeight: Double
    var items: [ItemFrame]
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
