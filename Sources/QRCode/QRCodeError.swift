/// Why a QR code could not be made.
public enum QRCodeError: Error, Sendable, Hashable {
    /// The data needs more room than version 40 has at the requested level, which holds `maximum` bytes.
    case dataTooLong(byteCount: Int, maximum: Int)
}
