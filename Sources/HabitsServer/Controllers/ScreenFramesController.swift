import CompositionalLayout
import Foundation
import HabitsDomain
import HabitsScreens
import Hummingbird

/// `GET /v1/screens/{screen}/frames`: the frame `CompositionalLayout` computes for every item of a
/// screen in a viewport, so that a client's drawing can be checked against the engine.
///
/// Estimated items keep their estimates unless `measured` gives the heights a client measured
/// (`id:height,…`), as a collection view would measure its cells.
struct ScreenFramesController: Sendable {
    let screens: ScreensController

    /// The largest viewport side accepted, in points.
    static let maximumSide = 10_000.0

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get("/v1/screens/:screen/frames", use: frames)
    }

    @Sendable func frames(_ request: Request, context: HabitsRequestContext) async throws -> JSON<ScreenFrames> {
        let query = request.uri.queryParameters
        let width = try Self.side("width", query.get("width"))
        let height = try Self.side("height", query.get("height"))
        let measured = try Self.measured(query.get("measured"))
        let document = try await screens.hub.document(for: try await screens.screenRequest(request, context))
        let ids = document.sections.map { $0.items.map(\.id) }
        let layout = CompositionalLayout(sections: document.sections.map(\.layout))
        let engine: LayoutEngine
        do {
            engine = try LayoutEngine(
                layout: layout, containerSize: Size(width: width, height: height), itemCounts: ids.map(\.count),
                measure: { request in
                    guard request.category == .cell, request.isHeightEstimated,
                        let id = ids[safe: request.indexPath.section]?[safe: request.indexPath.item],
                        let height = measured[id]
                    else { return nil }
                    return Size(width: request.proposedSize.width, height: height)
                })
        } catch {
            throw HabitsError.unavailable(reason: "The screen's layout could not be computed: \(error)")
        }
        var items: [ScreenFrames.ItemFrame] = []
        for (section, sectionIDs) in ids.enumerated() {
            let layout = document.sections[section].layout
            let estimated = LayoutCSS.cell(of: layout.group)?.layoutSize.heightDimension.isEstimated ?? false
            for (index, id) in sectionIDs.enumerated() {
                guard let attributes = engine.attributesForItem(at: ElementIndexPath(item: index, section: section))
                else { continue }
                items.append(
                    ScreenFrames.ItemFrame(
                        id: id, section: document.sections[section].id, x: attributes.frame.origin.x,
                        y: attributes.frame.origin.y, width: attributes.frame.size.width,
                        height: attributes.frame.size.height, estimatedHeight: estimated))
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

    /// `id:height` pairs, comma-separated.
    static func measured(_ text: String?) throws -> [String: Double] {
        guard let text, !text.isEmpty else { return [:] }
        var heights: [String: Double] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: ":")
            guard parts.count == 2, let height = Double(parts[1]), height.isFinite, height >= 0, height <= maximumSide
            else {
                throw HabitsError.malformed(reason: "measured must be id:height pairs such as user-3:96,user-4:120.")
            }
            heights[String(parts[0])] = height
        }
        return heights
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
