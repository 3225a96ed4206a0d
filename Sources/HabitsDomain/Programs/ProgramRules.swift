import Foundation

/// The validation rules of programs and their ratings. Each returns the normalised value (text trimmed,
/// in NFC) or throws `HabitsError.invalid` naming the field and the rule.
///
/// Text is checked by the one `TextRule`: lengths count Unicode scalars (a Korean syllable in NFC is one,
/// a family emoji five), after trimming spaces and new lines at both ends.
public enum ProgramRules {
    /// A program's title, in Unicode scalars after trimming.
    public static let titleLengths = 1...120
    /// A program's author.
    public static let authorLengths = 1...80
    /// The line under a program's title.
    public static let summaryLengths = 0...200
    /// A program card's chip ("Bestseller").
    public static let tagLengths = 1...24
    /// The most habits a program holds.
    public static let maximumProgramHabits = 20
    /// A rating's stars.
    public static let stars = 1...5

    /// A program's title: one line.
    public static let titleRule = TextRule(field: "title", lengths: titleLengths)
    /// A program's author: one line.
    public static let authorRule = TextRule(field: "author", lengths: authorLengths)
    /// The line under a program's title.
    public static let summaryRule = TextRule(field: "summary", lengths: summaryLengths)
    /// A program card's chip.
    public static let tagRule = TextRule(field: "tag", lengths: tagLengths)

    /// A rating's stars, 1…5.
    public static func stars(_ value: Int) throws(HabitsError) -> Int {
        guard stars.contains(value) else {
            throw .invalid(field: "stars", reason: "must be a whole number from 1 to 5 (got \(value)).")
        }
        return value
    }

    /// Refuses a program's habit that is not a shared, active habit of the catalogue: joining a program makes
    /// its habits the member's favourites, so neither someone's own habit nor an archived one may be one.
    /// `found` holds the habits of `ids` that exist; an unknown id and someone's own habit are refused
    /// alike, so that the answer tells nothing of habits one may not see.
    public static func checkHabits(_ ids: [Int64], found: [Int64: Habit]) throws(HabitsError) {
        for id in ids {
            guard let habit = found[id], habit.visibility == .shared, !habit.isArchived else {
                throw .invalid(field: "habitIDs", reason: "no shared habit in use has id \(id).")
            }
        }
    }

    /// A program with every field checked and its text trimmed; references are the store's to check.
    public static func checked(_ program: Program) throws(HabitsError) -> Program {
        var program = program
        program.title = try titleRule.checked(program.title)
        program.author = try authorRule.checked(program.author)
        program.summary = try summaryRule.checked(program.summary)
        if let tag = program.tag { program.tag = try tagRule.checked(tag) }
        program.habitIDs = try ResourceRules.ids(program.habitIDs, field: "habitIDs", maximum: maximumProgramHabits)
        return program
    }
}
