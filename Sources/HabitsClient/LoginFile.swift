import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The stored login, `habits/login.json` in the user's configuration folder: readable by its owner only.
public struct LoginFile: Sendable {
    /// The file itself.
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// `$XDG_CONFIG_HOME/habits/login.json`, else `~/.config/habits/login.json`.
    public static func standard(environment: [String: String], home: String) -> LoginFile {
        // The XDG specification ignores a relative XDG_CONFIG_HOME.
        let configuration: URL
        if let folder = environment["XDG_CONFIG_HOME"], folder.hasPrefix("/") {
            configuration = URL(fileURLWithPath: folder, isDirectory: true)
        } else {
            configuration = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config")
        }
        return LoginFile(url: configuration.appendingPathComponent("habits").appendingPathComponent("login.json"))
    }

    /// The login for this process's user: their environment and home folder.
    public static var current: LoginFile {
        let environment = ProcessInfo.processInfo.environment
        return standard(environment: environment, home: environment["HOME"] ?? NSHomeDirectory())
    }

    /// The stored login, or nil when there is none.
    public func read() throws(ClientError) -> LoginRecord? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode(LoginRecord.self, from: Data(contentsOf: url))
        } catch {
            throw .local("cannot read \(url.path): \(error.localizedDescription); run `habits login` again")
        }
    }

    /// Stores `record`: the folder made with mode 0700, the file written beside it with mode 0600 from
    /// its creation (never readable by others, even for a moment) and renamed over the old one.
    public func write(_ record: LoginRecord) throws(ClientError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .local("cannot create \(folder.path): \(error.localizedDescription)")
        }
        // The folder may have existed with a wider mode; it is ours, so narrow it.
        _ = chmod(folder.path, 0o700)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(record) else { throw .local("cannot encode the login") }
        let temporary = folder.appendingPathComponent(".login-\(UUID().uuidString).json").path
        try Self.createPrivateFile(temporary, contents: data)
        guard rename(temporary, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .local("cannot write \(url.path): \(reason)")
        }
    }

    /// Deletes the stored login; false when there was none.
    @discardableResult
    public func delete() throws(ClientError) -> Bool {
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        guard unlink(url.path) == 0 else {
            throw .local("cannot delete \(url.path): \(String(cString: strerror(errno)))")
        }
        return true
    }

    /// Creates `path` (which must not exist) with mode 0600 and writes `contents` to it.
    static func createPrivateFile(_ path: String, contents: Data) throws(ClientError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, mode_t(0o600))
        guard descriptor >= 0 else {
            throw .local("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        let written = contents.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return fsync(descriptor) == 0
        }
        close(descriptor)
        guard written else {
            unlink(path)
            throw .local("cannot write \(path)")
        }
    }
}

/// `write(2)`, named apart from Foundation's many `write` methods.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
