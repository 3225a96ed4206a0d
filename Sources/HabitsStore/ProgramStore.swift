import Foundation
import HabitsDomain

/// The `/v1` programs Discover shows: programs with their pictures, members and ratings.
///
/// Like `ResourceStore`, every write is one transaction that keeps the programs' rating totals, bumps the
/// revision and reports what it changed; values arrive checked with `ProgramRules`, and the store checks
/// references (`notFound`) and uniqueness (`conflict`).
public protocol ProgramStore: Sendable {
    /// Creates a program (its `id` and `rating` are ignored) and returns it with its new id.
    func createProgram(_ program: Program) async throws -> Program
    /// The program with this id.
    func program(id: Int64) async throws -> Program
    /// Programs in id order.
    func programs(page: PageRequest) async throws -> Page<Program>
    /// Reads the program, applies `change` and stores the result, all in one transaction; the id,
    /// `createdAt` and rating stay.
    func updateProgram(
        id: Int64, _ change: @escaping @Sendable (Program) throws -> Program
    ) async throws -> Program
    /// Deletes a program with its picture, members and ratings; the habits it added to favourites stay.
    func deleteProgram(id: Int64) async throws
    /// The program's uploaded picture, if any, and its category's colour for drawing one.
    func programPicture(id: Int64) async throws -> ProgramPicture
    /// Stores (or replaces) a program's picture.
    func setProgramPicture(_ image: StoredImage, programID: Int64) async throws

    /// Makes a user a member of a program and adds its habits to the user's favourites, in one
    /// transaction; idempotent.
    func joinProgram(userID: Int64, programID: Int64) async throws
    /// Ends a membership; the favourites it added stay. Idempotent.
    func leaveProgram(userID: Int64, programID: Int64) async throws
    /// The programs a user joined, in program id order.
    func joinedPrograms(userID: Int64, page: PageRequest) async throws -> Page<Program>
    /// Sets a user's rating of a program (1…5, replacing an earlier one) and returns the program with its
    /// new rating.
    func rateProgram(userID: Int64, programID: Int64, stars: Int) async throws -> Program
    /// Removes a user's rating of a program; idempotent.
    func removeRating(userID: Int64, programID: Int64) async throws
}

/// What the server needs to answer for a program's picture.
public struct ProgramPicture: Hashable, Sendable {
    /// The uploaded picture; nil when none was.
    public var uploaded: StoredImage?
    /// The colour of the program's category, for the generated picture.
    public var color: Color

    public init(uploaded: StoredImage?, color: Color) {
        self.uploaded = uploaded
        self.color = color
    }
}
