import Foundation
import HabitsDomain

/// The demo's content for Discover, Help and the emoji picker: programs in every demo category with
/// ratings, the active user's memberships, help tags, answered questions, one question the active user
/// sent, and the active user's recent emoji. Deterministic for a given seed and reference date.
public struct DemoProgramsAndHelp: Sendable {
    /// A program, naming its category and habits as the demo data names them.
    public struct ProgramSeed: Hashable, Sendable {
        public var title: String
        public var author: String
        public var summary: String
        public var categoryName: String
        public var price: Price
        public var tag: String?
        public var featured: Bool
        public var habitNames: [String]
        public var createdAt: Date
    }

    /// One user's rating of one program.
    public struct Rating: Hashable, Sendable {
        /// The user's course key.
        public var userID: String
        public var programTitle: String
        public var stars: Int
    }

    /// A question, naming its tags and author as the demo data names them.
    public struct QuestionSeed: Hashable, Sendable {
        public var question: String
        public var answer: String?
        public var tagNames: [String]
        /// The course key of the user who sent it; nil for the help desk's own.
        public var authorID: String?
        public var createdAt: Date
    }

    /// An emoji the active user picked for a habit.
    public struct Pick: Hashable, Sendable {
        public var habitName: String
        public var emoji: String
    }

    public var programs: [ProgramSeed]
    public var ratings: [Rating]
    /// The titles of the programs the active user joined.
    public var joinedProgramTitles: [String]
    public var helpTags: [String]
    public var questions: [QuestionSeed]
    /// The active user's picks, oldest first: the last is the first of their recent emoji.
    public var picks: [Pick]

    /// The programs, help and picks of a demo whose people are `userIDs` (course keys), the active one `activeUserID`,
    /// drawing what is random from `random`.
    public init(userIDs: [String], activeUserID: String, now: Date, random: inout SeededRandom) {
        let day: TimeInterval = 24 * 3600
        var programs: [ProgramSeed] = []
        for row in Self.programRows {
            let daysAgo = Double(Int.random(in: 1...120, using: &random))
            let price =
                (try? Price.parse(amount: row.amount, currency: row.currency)) ?? Price(minorUnits: 0, currency: "USD")
            programs.append(
                ProgramSeed(
                    title: row.title, author: row.author, summary: row.summary, categoryName: row.category,
                    price: price, tag: row.tag, featured: row.featured, habitNames: row.habits,
                    createdAt: now.addingTimeInterval(-daysAgo * day).rounded()))
        }
        self.programs = programs

        // Most people rate a few programs, kindly on the whole: 2 to 5 stars, mostly 4 and 5.
        var ratings: [Rating] = []
        for user in userIDs where user != activeUserID {
            for program in programs where Int.random(in: 0..<10, using: &random) < 2 {
                let stars = [2, 3, 4, 4, 5, 5, 5].randomElement(using: &random) ?? 5
                ratings.append(Rating(userID: user, programTitle: program.title, stars: stars))
            }
        }
        ratings.append(Rating(userID: activeUserID, programTitle: "Couch to 5K in 8 Weeks", stars: 5))
        ratings.append(Rating(userID: activeUserID, programTitle: "Breathe: Meditation for Beginners", stars: 4))
        self.ratings = ratings
        joinedProgramTitles = ["Couch to 5K in 8 Weeks", "Breathe: Meditation for Beginners"]

        helpTags = Self.tagNames
        var questions = Self.questionRows.enumerated().map { index, row in
            QuestionSeed(
                question: row.question, answer: row.answer, tagNames: row.tags, authorID: nil,
                createdAt: now.addingTimeInterval(-Double(200 - index) * day).rounded())
        }
        questions.append(
            QuestionSeed(
                question: "Could a program send me a reminder at the time its author suggests? "
                    + "I keep forgetting the evening stretch.",
                answer: nil, tagNames: ["Reminders"], authorID: activeUserID,
                createdAt: now.addingTimeInterval(-2 * day).rounded()))
        self.questions = questions
        picks = [
            Pick(habitName: "Sketch", emoji: "🎨"), Pick(habitName: "Meditate", emoji: "🧘"),
            Pick(habitName: "Read 20 pages", emoji: "📚"), Pick(habitName: "Drink water", emoji: "💧"),
            Pick(habitName: "Morning run", emoji: "🏃"),
        ]
    }

    static let tagNames = ["Getting started", "Account", "Billing", "Sync & backup", "Reminders", "Privacy"]

    // swift-format-ignore
    static let programRows: [(
        title: String, author: String, summary: String, category: String, amount: String, currency: String,
        tag: String?, featured: Bool, habits: [String]
    )] = [
        ("Hydration Reset: 21 Days", "Dr. Priya Raman", "Build a water habit that sticks, one glass at a time.",
         "Health", "9.99", "USD", "Bestseller", true, ["Drink water", "Eat a vegetable"]),
        ("Sleep Like You Mean It", "Marcus Hale", "A calm evening routine for deeper, longer nights.",
         "Health", "14.99", "EUR", nil, false, ["Sleep by 11", "Drink water"]),
        ("Plant-Forward Plates", "Lena Vogel", "Small swaps that put a vegetable on every plate.",
         "Health", "0", "USD", "New", false, ["Eat a vegetable"]),
        ("Couch to 5K in 8 Weeks", "Jordan Blake", "From a first jog to a full 5K, rest days built in.",
         "Fitness", "19.99", "USD", "Bestseller", true, ["Morning run", "Stretch"]),
        ("Ten-Minute Strength", "Sofia Reyes", "Bodyweight sets that fit between meetings.",
         "Fitness", "12000", "KRW", nil, false, ["Push-ups", "Stretch"]),
        ("The 10,000-Step Summer", "Kenji Watanabe", "Walk more without noticing: routes, tricks and rests.",
         "Fitness", "4.99", "EUR", "New", false, ["Walk 10k steps"]),
        ("Mobility for Desk Workers", "Amara Obi", "Loosen hips, back and shoulders in ten minutes a day.",
         "Fitness", "9.99", "USD", nil, false, ["Stretch", "Walk 10k steps"]),
        ("Breathe: Meditation for Beginners", "Hana Seo", "Ten quiet minutes a day, guided from the first breath.",
         "Mindfulness", "24900", "KRW", "Bestseller", true, ["Meditate", "Deep breathing"]),
        ("Gratitude in 30 Days", "Claire Dubois", "Three good things a day, and what they change.",
         "Mindfulness", "7.99", "EUR", nil, false, ["Gratitude journal"]),
        ("Calm Under Pressure", "Daniel Osei", "Breathing drills for busy, noisy days.",
         "Mindfulness", "11.99", "USD", "New", false, ["Deep breathing"]),
        ("Read 12 Books This Year", "Elena Marsh", "Twenty pages a day adds up to a book a month.",
         "Learning", "9.99", "USD", "Bestseller", false, ["Read 20 pages"]),
        ("Korean in 15 Minutes a Day", "Jieun Kim", "Hangul first, then everyday phrases, a little every day.",
         "Learning", "19900", "KRW", "New", true, ["Practice a language"]),
        ("Swift Every Day", "Tom Archer", "One small program a day until Swift feels like home.",
         "Learning", "29.99", "USD", nil, false, ["Write code", "Read 20 pages"]),
        ("The Three-Task Day", "Nadia Petrov", "Plan three tasks tonight, finish them tomorrow.",
         "Productivity", "14.99", "EUR", "Bestseller", true, ["Plan tomorrow"]),
        ("Inbox Zero for Humans", "Sam Whitaker", "A gentler way to an empty inbox, every evening.",
         "Productivity", "9.99", "USD", nil, false, ["Inbox zero"]),
        ("Clear Desk, Clear Mind", "Yuki Tanaka", "End each day with a tidy desk and a short plan.",
         "Productivity", "9900", "KRW", "New", false, ["Tidy desk", "Plan tomorrow"]),
        ("Reconnect: 30 Calls in 30 Days", "Maya Brooks", "One call a day to the people you miss.",
         "Social", "4.99", "USD", "New", false, ["Call a friend"]),
        ("The Family Table", "Luca Romano", "Shared dinners, phones away, stories back.",
         "Social", "12.99", "EUR", "Bestseller", false, ["Family dinner"]),
        ("Friendship Maintenance", "Grace Kim", "Keep in touch on purpose, not by chance.",
         "Social", "14900", "KRW", nil, true, ["Call a friend", "Family dinner"]),
        ("Sketchbook Habit", "Ines Duarte", "A page a day, from doodles to drawings.",
         "Creativity", "17.99", "EUR", "Bestseller", true, ["Sketch"]),
        ("Practice Makes Music", "Oliver Quinn", "Fifteen focused minutes of practice, scales included.",
         "Creativity", "19.99", "USD", nil, false, ["Play an instrument"]),
        ("Create Every Day", "Mira Sol", "Draw or play a little every day, and keep what you make.",
         "Creativity", "21900", "KRW", "New", false, ["Sketch", "Play an instrument"]),
    ]

    // swift-format-ignore
    static let questionRows: [(question: String, answer: String, tags: [String])] = [
        ("How do I add a new habit?",
         "Open Your Habits at the top of Habits (or Add your first habit on Home) and give it a name, a schedule "
            + "(every day, some weekdays or a number of days a week) and, if you like, a reminder: only you see it. "
            + "Tap one of yours to edit it; Move Up, Move Down and Archive are beside it. To follow a habit of the "
            + "catalogue, tap its star and it joins your favourites on Home.", ["Getting started"]),
        ("Can I skip a day without breaking my streak?",
         "Yes: on the Streak calendar, press and hold the day (or right-click it, or press Shift+F10) and choose "
            + "Skip. A skipped day neither breaks nor extends the streak; a habit may skip three days a month. "
            + "Below the calendar you can also leave a note on today.", ["Getting started"]),
        ("Is there a quicker way to favourite a habit or follow someone?",
         "Right-click it, press and hold it on a touch screen, or press Shift+F10 while it has the focus: a menu "
            + "offers Favorite or Follow (and their opposites), as the buttons on it do.", ["Getting started"]),
        ("Can I log a habit more than once a day?",
         "Yes. Every log counts in the rankings, and a day is done once it meets the habit's times a day.",
         ["Getting started"]),
        ("How are streaks counted?",
         "By the habit's schedule, in your time zone: each scheduled day done extends it; a skipped day (three a "
            + "month) or a day off the schedule neither breaks nor extends it; a habit of N days a week counts weeks.",
         ["Getting started", "Reminders"]),
        ("I logged a habit by mistake. How do I undo it?",
         "On the Log screen, the habit's button offers Undo while you have logged it today: it takes back your latest "
            + "log. For another day, tap the day on the habit's streak calendar to unmark it.", ["Getting started"]),
        ("How am I doing over the year?",
         "Open a habit: its page shows your current and longest streak, how much of the last 30, 90 and 365 days "
            + "you did as scheduled, a year of days at a glance and your notes.", ["Getting started"]),
        ("How do I change my time zone?",
         "Edit your profile and pick a time zone. Days you already logged stay where they were.", ["Account"]),
        ("How do I delete my account?",
         "On your account page, under Delete your account, enter your password: your profile, logs, ratings and "
            + "questions go together, at once. It cannot be undone.",
         ["Account", "Privacy"]),
        ("Is a program a one-time purchase?",
         "Yes. You pay once and keep the program, its habits and any updates the author makes.", ["Billing"]),
        ("Can I get a refund for a program?",
         "Within 14 days of joining, ask here and we refund the full price.", ["Billing"]),
        ("Why don't my logs show up on my other phone?",
         "Every screen is live: a log made anywhere shows on every open screen within a moment. A page that lost "
            + "its connection catches up by itself once it is back.", ["Sync & backup"]),
        ("Can I export my history?",
         "Yes: every log is available through the API as JSON, a page at a time.", ["Sync & backup", "Privacy"]),
        ("How do I set a reminder?",
         "Give a habit of yours a reminder time on Your Habits, then subscribe to the calendar address on "
            + "your account page: "
            + "Apple Calendar, Google Calendar or Thunderbird remind you at that time.", ["Reminders"]),
        ("Who can see my habits?",
         "Habits you made are yours alone. Whoever may see you sees your favourites and counts; make your account "
            + "private to approve each follower. Your questions stay between you and us.",
         ["Privacy"]),
        ("프로그램 가격은 어떤 통화로 표시되나요?",
         "프로그램마다 작성자가 정한 통화(USD, EUR, KRW)로 표시됩니다. 결제할 때는 카드사 환율이 적용됩니다.",
         ["Billing"]),
        ("Can I give each habit its own emoji? 🏃‍♀️📚",
         "Yes! Tap a habit's icon and choose from the picker; your recent picks come first ✨", ["Getting started"]),
    ]
}

extension Date {
    /// The instant rounded down to a whole second, as demo instants are.
    fileprivate func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
