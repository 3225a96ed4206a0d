import HabitsDomain
import HabitsStore

/// Loads the demo's programs, ratings, memberships, help and recent emoji through the store's `/v1` writes,
/// after `DemoContent` has loaded the people and habits they name.
enum DemoProgramsAndHelpContent {
    /// Stores `content`; `users` and `habits` are the store's, `me` the active user.
    static func load(
        _ content: DemoProgramsAndHelp, into store: any HabitStore, users: [User], habits: [Habit],
        me: User
    ) async throws {
        let userIDs = Dictionary(users.map { ($0.key, $0.id) }, uniquingKeysWith: { first, _ in first })
        let habitIDs = Dictionary(habits.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })
        let categories = try await DemoContent.allPages { try await store.categories(page: $0) }
        let categoryIDs = Dictionary(categories.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })

        var programIDs: [String: Int64] = [:]
        for program in content.programs {
            guard let categoryID = categoryIDs[program.categoryName] else { continue }
            let created = try await store.createProgram(
                Program(
                    id: 0, title: program.title, author: program.author, summary: program.summary,
                    categoryID: categoryID, price: program.price, tag: program.tag,
                    habitIDs: program.habitNames.compactMap { habitIDs[$0] }, featured: program.featured,
                    createdAt: program.createdAt))
            programIDs[program.title] = created.id
        }
        // Ratings are independent writes: sent together, they share group commits.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for rating in content.ratings {
                guard let userID = userIDs[rating.userID], let programID = programIDs[rating.programTitle] else {
                    continue
                }
                group.addTask {
                    _ = try await store.rateProgram(userID: userID, programID: programID, stars: rating.stars)
                }
            }
            try await group.waitForAll()
        }
        for title in content.joinedProgramTitles {
            if let programID = programIDs[title] { try await store.joinProgram(userID: me.id, programID: programID) }
        }

        var tagIDs: [String: Int64] = [:]
        for name in content.helpTags {
            tagIDs[name] = try await store.createHelpTag(HelpTag(id: 0, name: name)).id
        }
        for question in content.questions {
            _ = try await store.createQuestion(
                Question(
                    id: 0, question: question.question, answer: question.answer,
                    tagIDs: question.tagNames.compactMap { tagIDs[$0] }.sorted(),
                    authorID: question.authorID.flatMap { userIDs[$0] }, createdAt: question.createdAt))
        }
        for pick in content.picks {
            if let habitID = habitIDs[pick.habitName] {
                _ = try await store.pickEmoji(userID: me.id, habitID: habitID, emoji: pick.emoji)
            }
        }
    }
}
