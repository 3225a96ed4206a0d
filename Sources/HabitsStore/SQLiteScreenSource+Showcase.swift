import GRDB
import HabitsDomain

// The showcase screens' reads. Until their tables exist, the store holds no programs, help or recents.
extension SQLiteScreenSource {
    func featuredProgram() throws -> ProgramResource? { nil }
    func programs(categoryID: Int64, limit: Int) throws -> [ProgramResource] { [] }
    func joinedProgramIDs(userID: Int64) throws -> Set<Int64> { [] }
    func programRatings(userID: Int64) throws -> [Int64: Int] { [:] }
    func helpTags() throws -> [HelpTagResource] { [] }
    func questions(viewerID: Int64, tagID: Int64?) throws -> [QuestionResource] { [] }
    func recentEmoji(userID: Int64) throws -> [String] { [] }
}
