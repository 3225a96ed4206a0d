import Foundation

/// Byte streams made by Python 3.11's `zlib` and `zipfile`, kept as base64 so the tests need no files.
enum GoldenData {
    /// The text the raw deflate streams hold: 24 numbered lines, 1,368 bytes.
    static let text = (0..<24).map { "Line \($0): the quick brown fox jumps over the lazy dog \($0 * $0).\n" }.joined()

    /// `zlib.compressobj(0, zlib.DEFLATED, -15)` over `GoldenData.text`: stored blocks.
    static let deflateLevel0 = decode(
        """
        AVgFp/pMaW5lIDA6IHRoZSBxdWljayBicm93biBmb3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cgMC4KTGluZSAxOiB0aGUgcXVp
        Y2sgYnJvd24gZm94IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nIDEuCkxpbmUgMjogdGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBv
        dmVyIHRoZSBsYXp5IGRvZyA0LgpMaW5lIDM6IHRoZSBxdWljayBicm93biBmb3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cgOS4K
        TGluZSA0OiB0aGUgcXVpY2sgYnJvd24gZm94IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nIDE2LgpMaW5lIDU6IHRoZSBxdWljayBi
        cm93biBmb3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cgMjUuCkxpbmUgNjogdGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVy
        IHRoZSBsYXp5IGRvZyAzNi4KTGluZSA3OiB0aGUgcXVpY2sgYnJvd24gZm94IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nIDQ5LgpM
        aW5lIDg6IHRoZSBxdWljayBicm93biBmb3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cgNjQuCkxpbmUgOTogdGhlIHF1aWNrIGJy
        b3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZyA4MS4KTGluZSAxMDogdGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVy
        IHRoZSBsYXp5IGRvZyAxMDAuCkxpbmUgMTE6IHRoZSBxdWljayBicm93biBmb3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cgMTIx
        LgpMaW5lIDEyOiB0aGUgcXVpY2sgYnJvd24gZm94IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nIDE0NC4KTGluZSAxMzogdGhlIHF1
        aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZyAxNjkuCkxpbmUgMTQ6IHRoZSBxdWljayBicm93biBmb3gganVt
        cHMgb3ZlciB0aGUgbGF6eSBkb2cgMTk2LgpMaW5lIDE1OiB0aGUgcXVpY2sgYnJvd24gZm94IGp1bXBzIG92ZXIgdGhlIGxhenkg
        ZG9nIDIyNS4KTGluZSAxNjogdGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZyAyNTYuCkxpbmUgMTc6
        IHRoZSBxdWljayBicm93biBmb3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cgMjg5LgpMaW5lIDE4OiB0aGUgcXVpY2sgYnJvd24g
        Zm94IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nIDMyNC4KTGluZSAxOTogdGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRo
        ZSBsYXp5IGRvZyAzNjEuCkxpbmUgMjA6IHRoZSBxdWljayBicm93biBmb3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cgNDAwLgpM
        aW5lIDIxOiB0aGUgcXVpY2sgYnJvd24gZm94IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nIDQ0MS4KTGluZSAyMjogdGhlIHF1aWNr
        IGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZyA0ODQuCkxpbmUgMjM6IHRoZSBxdWljayBicm93biBmb3gganVtcHMg
        b3ZlciB0aGUgbGF6eSBkb2cgNTI5Lgo=
        """
    )

    /// `zlib.compressobj(1, zlib.DEFLATED, -15)` over `GoldenData.text`: a dynamic Huffman block.
    static let deflateLevel1 = decode(
        """
        ldLJEcIwDIXhO1WoAiaSZeNQQ5pgCRCWGAJhq55lLN/f2fOPRvLXdH1L1Zxuu5YuY7c60HJIj5426Un78XS+Urq3w//5uHi/aJ22
        VE0nzS9jLOOcCZZpzhyW1TlTLOOQO4914nMXsM7ZvBnWqe0XsS7YOWusi/Z7DGLhqnBBvUiZCZJhtS0ZVMPB7soonNp+klE6xQ6D
        eMSXmSAfiWVPEJCTcluQkAv2nwIa0mJIQEOqZSZoSKPtKaAhL9/bfgA=
        """
    )

    /// `zlib.compressobj(9, zlib.DEFLATED, -15)` over `GoldenData.text`: a dynamic Huffman block.
    static let deflateLevel9 = decode(
        """
        lZRJEsIwDATvvEIvoCLZMTZvyCdYAoQlhkDYXs9Slu5zdnXJM+pS0/UtVXO67Vq6jN3qQMshP3ra5Cftx9P5SvneDv/n4+L9onXe
        UjWdND+MMYwLJhjmC+YwLBXMg58MhasxTurCBYxzOm8GtqL5IsYFrTNhXNTtMSgLV6YL6ovYTFAZ9pqSHbp+7ZVRcZJuklF1zB0O
        qHQ2E9RHouUEBXJi3SZUdbsAoEPeHBLQIe9tJnp2ouYU0KFavt1+AA==
        """
    )

    /// Python `zipfile`, ZIP_STORED: hello.txt, dir/, dir/café ☕.txt (UTF-8 flag), lines.txt.
    static let storedArchive = decode(
        """
        UEsDBBQAAAAAAAU5pljWmzjWDAAAAAwAAAAJAAAAaGVsbG8udHh0SGVsbG8sIHppcCEKUEsDBBQAAAAAAAU5plgAAAAAAAAAAAAA
        AAAEAAAAZGlyL1BLAwQUAAAIAAAFOaZYWhFksgQBAAAEAQAAEQAAAGRpci9jYWbDqSDimJUudHh0bmHDr3ZlIGNhZsOpIG5hw692
        ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOpIG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOpIG5h
        w692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOpIG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOp
        IG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOpIG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNh
        ZsOpIG5hw692ZSBjYWbDqSBQSwMEFAAAAAAABTmmWCnfSKlYAgAAWAIAAAkAAABsaW5lcy50eHRMaW5lIDA6IHRoZSBxdWljayBi
        cm93biBmb3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cgMC4KTGluZSAxOiB0aGUgcXVpY2sgYnJvd24gZm94IGp1bXBzIG92ZXIg
        dGhlIGxhenkgZG9nIDEuCkxpbmUgMjogdGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZyA0LgpMaW5l
        IDM6IHRoZSBxdWljayBicm93biBmb3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cgOS4KTGluZSA0OiB0aGUgcXVpY2sgYnJvd24g
        Zm94IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nIDE2LgpMaW5lIDU6IHRoZSBxdWljayBicm93biBmb3gganVtcHMgb3ZlciB0aGUg
        bGF6eSBkb2cgMjUuCkxpbmUgNjogdGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZyAzNi4KTGluZSA3
        OiB0aGUgcXVpY2sgYnJvd24gZm94IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nIDQ5LgpMaW5lIDg6IHRoZSBxdWljayBicm93biBm
        b3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cgNjQuCkxpbmUgOTogdGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBs
        YXp5IGRvZyA4MS4KTGluZSAxMDogdGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBQSwECFAMUAAAAAAAFOaZY1ps4
        1gwAAAAMAAAACQAAAAAAAAAAAAAAgAEAAAAAaGVsbG8udHh0UEsBAhQDFAAAAAAABTmmWAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAA
        AIABMwAAAGRpci9QSwECFAMUAAAIAAAFOaZYWhFksgQBAAAEAQAAEQAAAAAAAAAAAAAAgAFVAAAAZGlyL2NhZsOpIOKYlS50eHRQ
        SwECFAMUAAAAAAAFOaZYKd9IqVgCAABYAgAACQAAAAAAAAAAAAAAgAGIAQAAbGluZXMudHh0UEsFBgAAAAAEAAQA3wAAAAcEAAAA
        AA==
        """
    )

    /// The same entries with lines.txt ZIP_DEFLATED, and the archive comment "Golden archive comment".
    static let deflatedArchive = decode(
        """
        UEsDBBQAAAAAAAU5pljWmzjWDAAAAAwAAAAJAAAAaGVsbG8udHh0SGVsbG8sIHppcCEKUEsDBBQAAAAAAAU5plgAAAAAAAAAAAAA
        AAAEAAAAZGlyL1BLAwQUAAAIAAAFOaZYWhFksgQBAAAEAQAAEQAAAGRpci9jYWbDqSDimJUudHh0bmHDr3ZlIGNhZsOpIG5hw692
        ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOpIG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOpIG5h
        w692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOpIG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOp
        IG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOpIG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNh
        ZsOpIG5hw692ZSBjYWbDqSBQSwMEFAAAAAgABTmmWCnfSKl4AAAAWAIAAAkAAABsaW5lcy50eHTzycxLVTCwUijJSFUoLM1MzlZI
        Ksovz1NIy69QyCrNLShWyC9LLQJL5yRWVSqk5KcrGOhx+YC0GZKmzRCqzYg0bSZQbcakabOEajMh0ZFmUH2mpOkzMoXqMyNNnzHM
        PnMSQwXmPwvS9JnBgtOSNH0WsNgzJC6xAABQSwECFAMUAAAAAAAFOaZY1ps41gwAAAAMAAAACQAAAAAAAAAAAAAAgAEAAAAAaGVs
        bG8udHh0UEsBAhQDFAAAAAAABTmmWAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAIABMwAAAGRpci9QSwECFAMUAAAIAAAFOaZYWhFk
        sgQBAAAEAQAAEQAAAAAAAAAAAAAAgAFVAAAAZGlyL2NhZsOpIOKYlS50eHRQSwECFAMUAAAACAAFOaZYKd9IqXgAAABYAgAACQAA
        AAAAAAAAAAAAgAGIAQAAbGluZXMudHh0UEsFBgAAAAAEAAQA3wAAACcCAAAWAEdvbGRlbiBhcmNoaXZlIGNvbW1lbnQ=
        """
    )

    /// The same entries written by `zipfile` to a non-seekable stream: flag bit 3, data descriptors.
    static let dataDescriptorArchive = decode(
        """
        UEsDBBQACAAAAAU5plgAAAAAAAAAAAAAAAAJAAAAaGVsbG8udHh0SGVsbG8sIHppcCEKUEsHCNabONYMAAAADAAAAFBLAwQUAAgA
        AAAFOaZYAAAAAAAAAAAAAAAABAAAAGRpci9QSwcIAAAAAAAAAAAAAAAAUEsDBBQACAgAAAU5plgAAAAAAAAAAAAAAAARAAAAZGly
        L2NhZsOpIOKYlS50eHRuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOpIG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNh
        ZsOpIG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOpIG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3Zl
        IGNhZsOpIG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOpIG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHD
        r3ZlIGNhZsOpIG5hw692ZSBjYWbDqSBuYcOvdmUgY2Fmw6kgbmHDr3ZlIGNhZsOpIFBLBwhaEWSyBAEAAAQBAABQSwMEFAAIAAgA
        BTmmWAAAAAAAAAAAAAAAAAkAAABsaW5lcy50eHTzycxLVTCwUijJSFUoLM1MzlZIKsovz1NIy69QyCrNLShWyC9LLQJL5yRWVSqk
        5KcrGOhx+YC0GZKmzRCqzYg0bSZQbcakabOEajMh0ZFmUH2mpOkzMoXqMyNNnzHMPnMSQwXmPwvS9JnBgtOSNH0WsNgzJC6xAABQ
        SwcIKd9IqXgAAABYAgAAUEsBAhQDFAAIAAAABTmmWNabONYMAAAADAAAAAkAAAAAAAAAAAAAAIABAAAAAGhlbGxvLnR4dFBLAQIU
        AxQACAAAAAU5plgAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAACAAUMAAABkaXIvUEsBAhQDFAAICAAABTmmWFoRZLIEAQAABAEAABEA
        AAAAAAAAAAAAAIABdQAAAGRpci9jYWbDqSDimJUudHh0UEsBAhQDFAAIAAgABTmmWCnfSKl4AAAAWAIAAAkAAAAAAAAAAAAAAIAB
        uAEAAGxpbmVzLnR4dFBLBQYAAAAABAAEAN8AAABnAgAAAAA=
        """
    )

    /// The bytes of `base64`, ignoring the line breaks the literals are wrapped with.
    private static func decode(_ base64: String) -> [UInt8] {
        let joined = base64.filter { !$0.isWhitespace }
        return Data(base64Encoded: joined).map { Array($0) } ?? []
    }
}
