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
