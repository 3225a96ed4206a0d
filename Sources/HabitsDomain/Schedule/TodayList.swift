/// `GET /v1/me/today`: the account's habits on its today, in its zone, as the command-line client lists them.
public struct TodayList: Codable, Hashable, Sendable {
    /// One habit's today.
    public struct Entry: Codable, Hashable, Sendable {
        public var id: Int64
        public var name: String
        public var emoji: String?
        /// The account's own habit, rather than a catalogue habit it favourited.
        public var own: Bool
        /// Whether the schedule asks for the habit today (a weekday schedule may not).
        public var scheduled: Bool
        public var logCount: Int
        /// How many logs make the day done.
        public var target: Int
        public var done: Bool
        public var skipped: Bool
        public var note: String?
        public var streak: ScheduledStreak

        /// An entry from its fields, as a client or a test has them.
        public init(
            id: Int64, name: String, emoji: String? = nil, own: Bool = true, scheduled: Bool = true,
            logCount: Int = 0, target: Int = 1, done: Bool = false, skipped: Bool = false, note: String? = nil,
            streak: ScheduledStreak = ScheduledStreak(current: 0, longest: 0, unit: .days)
        ) {
            self.id = id
            self.name = name
            self.emoji = emoji
            self.own = own
            self.scheduled = scheduled
            self.logCount = logCount
            self.target = target
            self.done = done
            self.skipped = skipped
            self.note = note
            self.streak = streak
        }

        /// The entry of `habit` on `day`, as the server answers it.
        public init(habit: Habit, own: Bool, day: HabitDay, streak: ScheduledStreak) {
            id = habit.id
            name = habit.name
            emoji = habit.emoji
            self.own = own
            scheduled = habit.schedule.isScheduled(day.day)
            logCount = day.logCount
            target = habit.schedule.timesPerDay
            done = day.isDone(under: habit.schedule)
            skipped = day.isSkipped
            note = day.note
            self.streak = streak
        }

        enum CodingKeys: String, CodingKey {
            case id, name, emoji, own, scheduled, logCount, target, done, skipped, note, streak
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(emoji, forKey: .emoji)
            try container.encode(own, forKey: .own)
            try container.encode(scheduled, forKey: .scheduled)
            try container.encode(logCount, forKey: .logCount)
            try container.encode(target, forKey: .target)
            try container.encode(done, forKey: .done)
            try container.encode(skipped, forKey: .skipped)
            // Always present, null when there is none, so scripts read one shape.
            try container.encode(note, forKey: .note)
            try container.encode(streak, forKey: .streak)
        }
    }

    /// The account's today.
    public var day: LocalDay
    /// The zone that today is counted in.
    public var timeZone: String
    /// Its own active habits in their order, then the catalogue habits it favourited.
    public var habits: [Entry]

    public init(day: LocalDay, timeZone: String, habits: [Entry]) {
        self.day = day
        self.timeZone = timeZone
        self.habits = habits
    }
}
