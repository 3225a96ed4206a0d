import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird
import LoopImport
import NIOCore
import NIOPosix
import ZipArchive

/// `GET /v1/me/export` and `POST /v1/me/import`: everything an account owns, out as JSON or a zip of CSV
/// files, and in from our JSON or Loop Habit Tracker's CSV export, all or nothing.
struct TransferController: Sendable {
    let store: any HabitStore
    let clock: @Sendable () -> Date
    /// Imports running at once: one per account, so that one member's slow imports never take another's
    /// place, and at most `maximumImports` in all, since each holds up to a whole file (32 MiB) and what it
    /// was read into.
    let imports = AccountConcurrencyLimit(maximum: maximumImports, refusal: importRunning, noun: "imports")

    /// The most imports running at once, all accounts together: each holds up to a 32 MiB file while it
    /// arrives and waits for the reading thread (`parsingPool`, one file at a time), so eight bound that
    /// memory to eight files and what they are read into, while eight members importing in the same few
    /// seconds is rare enough that a ninth trying again a moment later (503 `busy`, `Retry-After`) is fair.
    static let maximumImports = 8

    /// What an account sending an import while one of its own runs is told (409): the second would only
    /// wait for the first, and may well repeat it.
    static let importRunning = HabitsError.conflict(
        reason: "An import into this account is still running; send the next one when it has finished.")

    /// What an import answers: what it wrote, and what the file held that an import does not write.
    struct ImportResult: Encodable, Sendable {
        var format: String
        var imported: ImportSummary
        /// Counts of what the file held and cannot be written here: programs and ratings of programs no program
        /// here is titled, and answers to questions (the help desk's to write).
        var notImported: [String: Int]
    }

    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get(Routes.meExport.routerPath, use: export)
        router.post(Routes.meImport.routerPath, use: importFile)
    }

    @Sendable func export(_ request: Request, context: HabitsRequestContext) async throws -> Response {
        let userID = try context.signedInIdentity().userID
        let format = request.uri.queryParameters.get("format") ?? "json"
        guard format == "json" || format == "csv" else {
            throw HabitsError.invalid(field: "format", reason: "must be json or csv.")
        }
        let now = clock()
        let reader = AccountExportReader(store: store, userID: userID, now: now)
        // Read before the answer starts, so that a failure is still an error answer rather than a cut file.
        let head = try await reader.head()
        let date = HabitsJSON.formatInstant(now).prefix(10)
        let name = "habits-\(head.export.account.username)-\(date)"
        var headers: HTTPFields = [.cacheControl: "no-store"]
        if format == "json" {
            headers[.contentType] = "application/json; charset=utf-8"
            headers[.contentDisposition] = "attachment; filename=\"\(name).json\""
            let json = AccountExportJSON(reader: reader, head: head)
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    try await json.write(to: &writer)
                    try await writer.finish(nil)
                })
        }
        headers[.contentType] = "application/zip"
        headers[.contentDisposition] = "attachment; filename=\"\(name).zip\""
        let files = try await AccountExportCSV(reader: reader, head: head).files()
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                var zip = ZipWriter()
                for file in files {
                    let entry = zip.add(path: "\(name)/\(file.name)", contents: Array(file.text.utf8), modified: now)
                    try await writer.write(ByteBuffer(bytes: entry))
                }
                try await writer.write(ByteBuffer(bytes: zip.finish()))
                try await writer.finish(nil)
            })
    }

    /// - Complexity: O(h + n + d) planning for h habits, n logs and d days, then one transaction.
    @Sendable func importFile(_ request: Request, context: HabitsRequestContext) async throws -> JSON<ImportResult> {
        let identity = try context.signedInIdentity()
        return try await imports.run(account: identity.userID) {
            try await importing(request, identity: identity)
        }
    }

    private func importing(_ request: Request, identity: Identity) async throws -> JSON<ImportResult> {
        let body = try await request.body.collect(upTo: RequestBody.maximumImport)
        let bytes = Array(body.readableBytesView)
        let type = request.headers[.contentType].map(MediaType.essence)
        let user = try await store.user(id: identity.userID)
        let now = clock()
        let (categories, habits, programs) = try await store.readScreens { source in
            let categories = try await source.categories()
            var programs: [Program] = []
            // Programs are named by title; each category's are one index walk.
            for category in categories {
                programs += try await source.programs(categoryID: category.id, limit: ImportPlanner.maximumOthers)
            }
            return (categories, try await source.habits(), programs)
        }
        let planner = ImportPlanner(
            userID: identity.userID,
            zone: user.zone, now: now,
            categories: categories, ownHabits: habits.filter { $0.ownerID == identity.userID },
            catalogue: habits.filter { $0.visibility == .shared }, programs: programs)
        // Reading and checking a file is seconds of CPU: on a thread of its own, so that the cooperative
        // threads that answer every other request never wait for it.
        let (plan, result) = try await Self.parsingPool.runIfActive {
            try Self.plan(bytes, type: type, planner: planner)
        }
        let summary = try await store.importAccountData(plan, userID: identity.userID, now: now)
        return JSON(ImportResult(format: result.format, imported: summary, notImported: result.notImported))
    }

    /// One thread, for the whole process, on which imports are read and checked: imports of different
    /// accounts wait for it in turn rather than being refused, and however many run, reading them takes one
    /// core from the requests of everyone else, never more.
    static let parsingPool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        return pool
    }()

    /// The file read and checked into what the store writes, with what the answer says of it.
    static func plan(_ bytes: [UInt8], type: String?, planner: ImportPlanner) throws
        -> (AccountImport, (format: String, notImported: [String: Int]))
    {
        let plan: AccountImport
        let result: (format: String, notImported: [String: Int])
        do {
            switch type {
            case "application/json":
                let planned = try planner.plan(try Self.decodeExport(bytes))
                plan = planned.0
                result = ("habits-export", planned.notImported)
            case "application/zip":
                let backup: LoopBackup
                do {
                    backup = try LoopBackup(zip: bytes)
                } catch {
                    throw ImportRefusal(place: error.file + Self.where(error), reason: error.reason)
                }
                plan = try planner.plan(backup)
                result = ("loop", [:])
            default:
                throw APIError(
                    status: .unsupportedMediaType, code: "unsupported_media_type",
                    message:
                        "Send our JSON export as application/json, or Loop Habit Tracker's CSV zip as application/zip.")
            }
        } catch let refusal as ImportRefusal {
            throw APIError(status: .unprocessableContent, code: "invalid_import", message: refusal.message)
        }
        return (plan, result)
    }

    /// ", line 3, field Name" for a Loop error that has them.
    static func `where`(_ error: LoopImportError) -> String {
        (error.line.map { ", line \($0)" } ?? "") + (error.field.map { ", field \($0)" } ?? "")
    }

    /// Our export, a decoding failure named by its place in the document.
    static func decodeExport(_ bytes: [UInt8]) throws(ImportRefusal) -> AccountExport {
        let export: AccountExport
        do {
            export = try HabitsJSON.decoder().decode(AccountExport.self, from: Data(bytes))
        } catch let DecodingError.keyNotFound(key, context) {
            throw ImportRefusal(place: Self.path(context.codingPath + [key]), reason: "is missing.")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw ImportRefusal(place: Self.path(context.codingPath), reason: context.debugDescription)
        } catch let DecodingError.dataCorrupted(context) {
            throw ImportRefusal(place: Self.path(context.codingPath), reason: context.debugDescription)
        } catch {
            throw ImportRefusal(place: "the file", reason: "is not JSON.")
        }
        // A repeated key would import whichever value the decoder kept.
        if let path = DuplicateJSONKeys.first(in: bytes) {
            throw ImportRefusal(place: Self.path(path), reason: "is written twice.")
        }
        return export
    }

    /// `logs[3].at` for a path into the file.
    static func path(_ steps: [DuplicateJSONKeys.Step]) -> String {
        steps.map { step in
            switch step {
            case .key(let key): ".\(key)"
            case .index(let index): "[\(index)]"
            }
        }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    /// `logs[3].at` for a coding path.
    static func path(_ keys: [any CodingKey]) -> String {
        guard !keys.isEmpty else { return "the file" }
        return keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            .trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
}
