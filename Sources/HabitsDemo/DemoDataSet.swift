import Foundation
import HabitsDomain

/// A believable data set for `--demo`: users with bios and colours, categories, habits and weeks of history.
///
/// Generation is deterministic for a given seed and reference date.
public struct DemoDataSet: Sendable {
    /// The id of the user the course app treats as "me" by default.
    public static let defaultActiveUserID = CourseAPI.defaultActiveUserID

    /// The course key of the person using the app.
    public var activeUserID: String
    public var users: [CourseAPI.User]
    public var categories: [CourseAPI.Category]
    public var habits: [CourseAPI.Habit]
    /// Historical events, oldest first.
    public var logs: [CourseAPI.LoggedHabit]
    /// Average events per hour for each simulated (user, habit) pair; the active user has none.
    public var rates: [PairRate]
    /// The names of the active user's favourite habits, so that a new user's Home is full.
    public var favoriteHabitNames: [String]
    /// The ids of the users the active user follows.
    public var followedUserIDs: [String]
    /// Programs, ratings, help and recent emoji for Discover, Help and the emoji picker.
    public var programsAndHelp: DemoProgramsAndHelp

    /// How often one user logs one habit in the simulation.
    public struct PairRate: Hashable, Sendable {
        public var userID: String
        public var habitName: String
        public var eventsPerHour: Double
    }

    /// Generates the data set.
    /// - Parameters:
    ///   - activeUserID: the id of the person using the app; never simulated.
    ///   - now: history ends here.
    ///   - weeks: how many weeks of history to invent.
    public init(activeUserID: String = defaultActiveUserID, now: Date = Date(), weeks: Int = 4, seed: UInt64 = 2026) {
        self.activeUserID = activeUserID
        var random = SeededRandom(seed: seed)
        func color() -> Color {
            Color(
                hue: Double.random(in: 0..<1, using: &random),
                saturation: Double.random(in: 0.45...0.8, using: &random),
                brightness: Double.random(in: 0.6...0.9, using: &random)
            )
        }

        categories = Self.categoryNames.enumerated().map { index, name in
            CourseAPI.Category(name: name, color: Color(hue: Double(index) / 7, saturation: 0.6, brightness: 0.85))
        }
        let categoryByName = Dictionary(uniqueKeysWithValues: categories.map { ($0.name, $0) })
        habits = Self.habitRows.compactMap { row in
            categoryByName[row.category].map { CourseAPI.Habit(name: row.name, category: $0, info: row.info) }
        }

        // The active user is "Alex Rivera", unless its id is one of the demo people's: then that person is "me".
        let isDemoPerson = Self.userNames.contains { Self.slug($0) == activeUserID }
        var users: [CourseAPI.User] = []
        if !isDemoPerson {
            let bio = "Building better days, one habit at a time."
            users.append(CourseAPI.User(id: activeUserID, name: "Alex Rivera", color: color(), bio: bio))
        }
        for (index, name) in Self.userNames.enumerated() {
            let id = Self.slug(name)
            let bio = Self.bios[index % Self.bios.count]
            users.append(CourseAPI.User(id: id, name: name, color: color(), bio: bio))
        }
        self.users = users

        // Each simulated user takes up a handful of habits, each at a rate of their own.
        var rates: [PairRate] = []
        for user in users where user.id != activeUserID {
            let chosen = habits.shuffled(using: &random).prefix(Int.random(in: 2...7, using: &random))
            for habit in chosen {
                let perDay = Double.random(in: 0.2...3, using: &random)
                rates.append(PairRate(userID: user.id, habitName: habit.name, eventsPerHour: perDay / 24))
            }
        }
        self.rates = rates

        // History: every simulated pair, plus a modest routine for the active user.
        var logs: [CourseAPI.LoggedHabit] = []
        let span = TimeInterval(max(weeks, 0) * 7 * 24 * 3600)
        var historyRates = rates
        for habit in habits.shuffled(using: &random).prefix(4) {
            historyRates.append(PairRate(userID: activeUserID, habitName: habit.name, eventsPerHour: 1.0 / 24))
        }
        for rate in historyRates {
            let expected = rate.eventsPerHour * span / 3600
            let count = Int((expected * Double.random(in: 0.7...1.3, using: &random)).rounded())
            for _ in 0..<count {
                let offset = Double.random(in: 0..<span, using: &random)
                let instant = (now.timeIntervalSince1970 - offset).rounded(.down)
                logs.append(
                    CourseAPI.LoggedHabit(
                        userID: rate.userID, habitName: rate.habitName, timestamp: Date(timeIntervalSince1970: instant))
                )
            }
        }
        logs.sort { $0.timestamp < $1.timestamp }
        self.logs = logs

        // Drawn last, so that the people, habits and history above stay as they were for a given seed.
        let logged = historyRates.filter { $0.userID == activeUserID }.map(\.habitName)
        let extra = habits.map(\.name).filter { !logged.contains($0) }.shuffled(using: &random).prefix(1)
        favoriteHabitNames = (logged + extra).sorted()
        followedUserIDs = users.map(\.id).filter { $0 != activeUserID }.shuffled(using: &random).prefix(6).sorted()
        programsAndHelp = DemoProgramsAndHelp(
            userIDs: users.map(\.id), activeUserID: activeUserID, now: now, random: &random)
    }

    /// An ASCII id from a name: "Zoe Müller" → "zoe-muller", "Finn O'Brien" → "finn-obrien".
    static func slug(_ name: String) -> String {
        let folded = name.folding(
            options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX")
        ).lowercased()
        let words = folded.split(separator: " ").map { word in
            String(
                word.unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.map(Character.init))
        }
        return words.filter { !$0.isEmpty }.joined(separator: "-")
    }

    static let categoryNames = ["Health", "Fitness", "Mindfulness", "Learning", "Productivity", "Social", "Creativity"]

    static let habitRows: [(name: String, category: String, info: String)] = [
        ("Drink water", "Health", "Eight glasses over the day keep energy up and headaches away."),
        ("Eat a vegetable", "Health", "Add one more serving of vegetables to a meal."),
        ("Sleep by 11", "Health", "Lights out by eleven for a full night's rest."),
        ("Morning run", "Fitness", "A run of any length before the day gets busy."),
        ("Push-ups", "Fitness", "A set of push-ups, as many as good form allows."),
        ("Stretch", "Fitness", "Ten minutes of stretching for back, hips and shoulders."),
        ("Walk 10k steps", "Fitness", "Reach ten thousand steps, however you get there."),
        ("Meditate", "Mindfulness", "Sit quietly and follow the breath for ten minutes."),
        ("Deep breathing", "Mindfulness", "Five slow breaths whenever stress builds up."),
        ("Gratitude journal", "Mindfulness", "Write down three things you are grateful for."),
        ("Read 20 pages", "Learning", "Twenty pages of a book, any book."),
        ("Practice a language", "Learning", "A lesson or a conversation in the language you are learning."),
        ("Write code", "Learning", "Build something small, or learn one new thing about Swift."),
        ("Plan tomorrow", "Productivity", "Write tomorrow's three most important tasks."),
        ("Inbox zero", "Productivity", "Answer, file or delete everything in the inbox."),
        ("Tidy desk", "Productivity", "Clear the desk before finishing for the day."),
        ("Call a friend", "Social", "Catch up with someone you have not spoken to in a while."),
        ("Family dinner", "Social", "Share a meal with family, phones away."),
        ("Sketch", "Creativity", "Fill a page of the sketchbook."),
        ("Play an instrument", "Creativity", "Fifteen minutes of practice, scales included."),
    ]

    static let userNames = [
        "Ava Thompson", "Noah Kim", "Mia Rossi", "Liam Okafor", "Sofia Lindqvist", "Ethan Park",
        "Isabella Moreau", "Lucas Silva", "Amelia Novak", "Mateo Garcia", "Harper Nguyen", "Elijah Brown",
        "Chloe Dubois", "Benjamin Cohen", "Zoe Müller", "Daniel Sato", "Layla Haddad", "Henry Walsh",
        "Aria Kowalski", "Samuel Adeyemi", "Nora Jensen", "Leo Fischer", "Hana Yoshida", "Oliver Grant",
        "Yuna Choi", "Jack Murphy", "Grace Osei", "Mason Lee", "Elena Petrova", "James Wilson",
        "Camila Torres", "Arjun Mehta", "Lily Chen", "David Levi", "Sara Ahmed", "Finn O'Brien",
        "Maya Patel", "Jonas Berg", "Ines Costa", "Theo Martin",
    ]

    static let bios = [
        "Early riser, coffee lover, trying to run a half marathon this year.",
        "Software engineer who keeps forgetting to drink water.",
        "Teacher by day, guitarist by night.",
        "Learning Korean one lesson at a time.",
        "Parent of two, chasing eight hours of sleep.",
        "Designer who sketches on every train ride.",
        "Recovering workaholic, now a fan of long walks.",
        "Marathon finisher, reader of big books.",
        "Yoga every morning, no matter what.",
        "Student, night owl, reformed procrastinator.",
    ]
}
