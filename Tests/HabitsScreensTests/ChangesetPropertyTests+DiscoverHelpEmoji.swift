import Foundation
import HabitsDomain
import HabitsStore
import HabitsTestSupport

@testable import HabitsScreens

extension ChangesetPropertyTests {
    /// One random edit of Discover's, Help's or the emoji picker's data.
    static func editDiscoverHelpOrEmoji(
        _ world: inout WorldSource, _ random: inout SeededRandom, user: Int64, habit: Int64
    ) {
        let categoryIDs = world.categoryList.map(\.id)
        switch Int.random(in: 0..<8, using: &random) {
        case 0:
            let id = (world.programList.map(\.id).max() ?? 0) + 1
            let currencies = [("USD", 1999), ("EUR", 0), ("KRW", 19900)]
            let (currency, amount) = currencies.randomElement(using: &random) ?? ("USD", 100)
            world.programList.append(
                Program(
                    id: id, title: "Program \(id) \(randomName(&random))", author: randomName(&random),
                    summary: "Summary \(id)", categoryID: categoryIDs.randomElement(using: &random) ?? 1,
                    price: Price(minorUnits: Int64(amount), currency: currency),
                    tag: Bool.random(using: &random) ? "New" : nil, habitIDs: [habit],
                    featured: Bool.random(using: &random),
                    createdAt: Date(timeIntervalSince1970: Double(Int.random(in: 0...5, using: &random)) * 86_400)))
        case 1:
            if let program = world.programList.randomElement(using: &random) {
                world.ratings[user, default: [:]][program.id] = Int.random(in: 1...5, using: &random)
            }
        case 2:
            if let program = world.programList.randomElement(using: &random) {
                world.joined[user, default: []].formSymmetricDifference([program.id])
                world.ratings[user]?[program.id] = nil
            }
        case 3:
            if let index = world.programList.indices.randomElement(using: &random) {
                world.programList[index].title = "Renamed \(randomName(&random))"
                world.programList[index].featured.toggle()
            }
        case 4:
            let id = (world.tagList.map(\.id).max() ?? 0) + 1
            world.tagList.append(HelpTag(id: id, name: "Tag \(id) \(randomName(&random))"))
        case 5:
            let id = (world.questionList.map(\.id).max() ?? 0) + 1
            let tags = world.tagList.map(\.id).filter { _ in Bool.random(using: &random) }
            world.questionList.append(
                Question(
                    id: id, question: "Question \(id)?", answer: Bool.random(using: &random) ? "Answer \(id)" : nil,
                    tagIDs: tags, authorID: Bool.random(using: &random) ? user : nil,
                    createdAt: Date(timeIntervalSince1970: Double(id))))
        case 6:
            if let index = world.questionList.indices.randomElement(using: &random) {
                if Bool.random(using: &random) {
                    world.questionList[index].answer = "Answered \(randomName(&random))"
                } else {
                    world.questionList.remove(at: index)
                }
            }
        default:
            let emoji = ["🐈", "😀", "🏃", "🐕", "🇰🇷", "👍🏽", "🐱"].randomElement(using: &random) ?? "😀"
            world.recents[user] = RecentEmoji.picking(emoji, after: world.recents[user] ?? [])
            if let index = world.habitList.firstIndex(where: { $0.id == habit }) {
                world.habitList[index].emoji = emoji
            }
        }
    }

    /// Discover, Help under every tag, and emoji pickers small enough to build often: searches, a grid and a
    /// collapsed group.
    static func discoverHelpAndEmojiRequests(in world: WorldSource) -> [ScreenRequest] {
        var requests = [
            ScreenRequest(screen: .discover, viewerID: viewerID), ScreenRequest(screen: .help, viewerID: viewerID),
        ]
        for tag in world.tagList { requests.append(ScreenRequest(screen: .help, viewerID: viewerID, tagID: tag.id)) }
        if let habit = world.habitList.first?.id {
            requests += [
                ScreenRequest(screen: .emoji, viewerID: viewerID, habitID: habit, query: "cat"),
                ScreenRequest(screen: .emoji, viewerID: viewerID, habitID: habit, query: "dog", arrangement: .grid),
                ScreenRequest(
                    screen: .emoji, viewerID: viewerID, habitID: habit, query: "face smil",
                    collapsedGroups: ["recents"]),
            ]
        }
        return requests
    }
}
