import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a username and a password: prompts on standard error, no echo for the password on a terminal.
public enum TerminalInput {
    /// Whether a file descriptor is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// One line of standard input after `prompt` (shown on a terminal only); nil at the end of input.
    public static func line(prompt: String) -> String? {
        if isTerminal(STDIN_FILENO) { FileHandle.standardError.write(Data(prompt.utf8)) }
        return readLine(strippingNewline: true)
    }

    /// A secret: typed without echo on a terminal, else read as one line so scripts can pipe it.
    public static func secret(prompt: String) throws(ClientError) -> String {
        guard isTerminal(STDIN_FILENO) else {
            guard let line = readLine(strippingNewline: true) else {
                throw .usage("no password on standard input")
            }
            return line
        }
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { throw .local("cannot read the terminal's settings") }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        // Ctrl-C at the prompt must not leave the terminal without echo: the handlers put it back first.
        InterruptedSecret.settings = saved
        let previous = InterruptedSecret.signals.map { ($0, signal($0, InterruptedSecret.handler)) }
        defer { for (number, handler) in previous { signal(number, handler) } }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent) == 0 else {
            throw .local("cannot turn the terminal's echo off")
        }
        let line = readLine(strippingNewline: true)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        // The Return typed was not echoed either.
        FileHandle.standardError.write(Data("\n".utf8))
        guard let line else { throw .usage("no password typed") }
        return line
    }
}

/// What puts the terminal back when a signal ends the process while a secret is typed without echo.
private enum InterruptedSecret {
    /// The signals that end a process typing at its terminal.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The terminal's settings before its echo was turned off. Written before the handlers are installed
    /// and only read by them.
    nonisolated(unsafe) static var settings = termios()

    /// Puts the settings back, ends the line the prompt began, then dies of the signal as it would have
    /// (async-signal-safe calls only).
    static let handler: @convention(c) (Int32) -> Void = { number in
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &InterruptedSecret.settings)
        var newline = UInt8(ascii: "\n")
        _ = write(STDERR_FILENO, &newline, 1)
        signal(number, SIG_DFL)
        raise(number)
    }
}
