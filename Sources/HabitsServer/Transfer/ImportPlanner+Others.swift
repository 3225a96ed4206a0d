import Foundation
import HabitsDomain
import HabitsStore

/// What our export holds besides habits, logs and days: the people the account follows, its programs and
/// ratings (by title), and its help questions.
extension ImportPlanner {
    /// The most follows, programs, ratings or questions one import may bring.
    static let maximumOthers = 10_000

    /// Adds the follows, programs, ratings and questions of `export` to `data`, checked by the rules their own
    /// writes obey, and counts what cannot be written here: programs no program of this server is titled
    /// (`programs`, `ratings`) and the answers to questions (`answers`), which are the help desk's to write.
    /// Follows are resolved by the store, in its transaction.
    ///
    /// - Complexity: O(k) for k entries.
    func planOthers(_ export: AccountExport, into data: inout AccountImport) throws(ImportRefusal) -> [String: Int] {
        for (place, count) in [
            ("following", export.following.count), ("programs", export.programs.count),
            ("ratings", export.ratings.count), ("questions", export.questions.count),
        ] where count > Self.maximumOthers {
            throw ImportRefusal(place: place, reason: "holds more than \(Self.maximumOthers) entries.")
        }
        var notImported: [String: Int] = [:]
        for (position, key) in export.following.enumerated() {
            // Keys are short names; anything longer names no one and is a broken file.
            guard !key.isEmpty, key.utf8.count <= 256 else {
                throw ImportRefusal(place: "following[\(position)]", reason: "is not a username.")
            }
        }
        data.followKeys = export.following
        for title in export.programs {
            if let id = programByTitle[title.precomposedStringWithCanonicalMapping] {
                data.programIDs.append(id)
            } else {
                notImported["programs", default: 0] += 1
            }
        }
        var starsByProgram: [Int64: Int] = [:]
        for (position, rating) in export.ratings.enumerated() {
            let stars: Int
            do {
                stars = try ProgramRules.stars(rating.stars)
            } catch {
                throw ImportRefusal(place: "ratings[\(position)]", reason: error.message)
            }
            if let id = programByTitle[rating.program.precomposedStringWithCanonicalMapping] {
                starsByProgram[id] = stars
            } else {
                notImported["ratings", default: 0] += 1
            }
        }
        data.ratings = starsByProgram.sorted { $0.key < $1.key }.map {
            ImportedRating(programID: $0.key, stars: $0.value)
        }
        for (position, question) in export.questions.enumerated() {
            let place = "questions[\(position)]"
            let text: String
            do {
                text = try HelpRules.question(question.question)
                try LogRules.validate(timestamp: question.askedAt, now: now, field: "askedAt")
            } catch {
                throw ImportRefusal(place: place, reason: error.message)
            }
            if question.answer?.isEmpty == false { notImported["answers", default: 0] += 1 }
            data.questions.append(ImportedQuestion(question: text, askedAt: question.askedAt))
        }
        return notImported
    }
}
