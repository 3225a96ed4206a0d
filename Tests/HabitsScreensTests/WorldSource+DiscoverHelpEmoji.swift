import HabitsDomain
import HabitsStore

extension WorldSource {
    func featuredProgram() throws -> Program? {
        programList.filter(\.featured).max { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.map(rated)
    }

    func programs(categoryID: Int64, limit: Int) throws -> [Program] {
        Array(
            programList.filter { $0.categoryID == categoryID }
                .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }.prefix(limit).map(rated))
    }

    /// The program with its rating summed from every user's rating, by brute force.
    func rated(_ program: Program) -> Program {
        var program = program
        let stars = ratings.values.compactMap { $0[program.id] }
        program.rating = RatingSummary(count: stars.count, starTotal: stars.reduce(0, +))
        return program
    }

    func joinedProgramIDs(userID: Int64) throws -> Set<Int64> { joined[userID] ?? [] }
    func programRatings(userID: Int64) throws -> [Int64: Int] { ratings[userID] ?? [:] }
    func helpTags() throws -> [HelpTag] { tagList.sorted { ($0.name, $0.id) < ($1.name, $1.id) } }

    func questions(viewerID: Int64, tagID: Int64?) throws -> [Question] {
        questionList.filter { question in
            (question.isPublic || question.authorID == viewerID) && (tagID.map(question.tagIDs.contains) ?? true)
        }.sorted { $0.id < $1.id }
    }

    func recentEmoji(userID: Int64) throws -> [String] { recents[userID] ?? [] }
}
