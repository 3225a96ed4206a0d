import Foundation

/// A Loop Habit Tracker "Export as CSV" written by hand from the exporter's format
/// (uhabits-core/.../io/HabitsCSVExporter.kt): five habits covering every kind of value.
enum LoopFixture {
    /// The export's files by path, as Loop's zip holds them.
    static let files: [String: String] = [
        "Habits.csv": #"""
            Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,\#
            Target Type,Target Value,Archived?
            001,Meditate,YES_NO,Did you meditate this morning?,Ten minutes after waking,1,1,#FF8F00,,,,false
            002,Wake up early,YES_NO,Did you wake up before 6am?,,2,3,#00897B,,,,false
            003,Drink water,NUMERICAL,How many glasses did you drink today?,,1,1,#039BE5,glasses,AT_LEAST,8.0,\#
            false
            004,"Read ""Dune"", slowly",YES_NO,Did you read?,"A chapter a day,
            no skipping",3,7,#8E24AA,,,,true
            005,Smoke,NUMERICAL,How many cigarettes?,,7,7,#D32F2F,cigarettes,AT_MOST,5.0,false
            """#,
        "001 Meditate/Checkmarks.csv": #"""
            Date,Value,Notes
            2024-03-05,YES_MANUAL,
            2024-03-04,SKIP,Travelling
            2024-03-03,NO,Sick
            2024-03-02,UNKNOWN,"Forgot to check, maybe"
            2024-03-01,YES_MANUAL,"""Best"" session"
            2024-02-29,YES_MANUAL,
            """#,
        "001 Meditate/Scores.csv": #"""
            Date,Score
            2024-03-05,0.1253
            2024-03-04,0.0874
            """#,
        "002 Wake up early/Checkmarks.csv": #"""
            Date,Value,Notes
            2024-03-05,YES_AUTO,
            2024-03-04,YES_MANUAL,
            2024-03-03,NO,
            2024-03-02,YES_AUTO,
            2024-03-01,YES_MANUAL,
            """#,
        "002 Wake up early/Scores.csv": #"""
            Date,Score
            2024-03-05,0.2557
            """#,
        "003 Drink water/Checkmarks.csv": #"""
            Date,Value,Notes
            2024-03-05,8000,
            2024-03-04,6500,Hot day
            2024-03-03,NO,
            2024-03-02,10250,
            2024-03-01,SKIP,
            """#,
        "003 Drink water/Scores.csv": #"""
            Date,Score
            2024-03-05,0.3100
            """#,
        "004 Read Dune slowly/Checkmarks.csv": #"""
            Date,Value,Notes
            2023-12-31,YES_MANUAL,
            2023-12-30,YES_AUTO,
            2023-12-28,YES_MANUAL,
            """#,
        "004 Read Dune slowly/Scores.csv": #"""
            Date,Score
            2023-12-31,0.0500
            """#,
        "005 Smoke/Checkmarks.csv": #"""
            Date,Value,Notes
            """#,
        "005 Smoke/Scores.csv": #"""
            Date,Score
            """#,
        "Scores.csv": #"""
            Date,Meditate,Wake up early,Drink water,Read "Dune", slowly,Smoke,
            2024-03-05,0.1253,0.2557,0.3100,0.0000,0.0000,
            2024-03-04,0.0874,0.2226,0.2900,0.0000,0.0000,
            """#,
        "Checkmarks.csv": #"""
            Date,Meditate,Wake up early,Drink water,Read "Dune", slowly,Smoke,
            2024-03-05,YES_MANUAL,YES_AUTO,8000,UNKNOWN,UNKNOWN,
            2024-03-04,SKIP,YES_MANUAL,6500,UNKNOWN,UNKNOWN,
            """#,
    ]

    /// The same files zipped by Python's `zipfile` with deflate and data descriptors, as `java.util.zip`'s
    /// `ZipOutputStream` writes Loop's exports.
    static let deflatedZip = decode(
        """
        UEsDBBQACAAIAACoZVgAAAAAAAAAAAAAAAAKAAAASGFiaXRzLmNzdm1QXWvbUAx9768QzqsYrtMs6VNwa5sNmnRr3I09Fc1Wkovt
        e737seB/P9mYtpRdwUUcSecc6ZtxyiujcU8dYzn0jN8DuwnK2FVW9VNeWP4TWFfDPnRsyRv7BmWsTaf0BN6bVv5nrTyWZE/sYeKc
        8x/UBsbUVmf1l+vtVRxf445r5ckz/soPL/tHzFQNgwnQzTj4s3LQGauVPm2xZA0iFjw7oKNnCxdqpILXEoui2BRxjPKO1DoWgQR/
        UsMQemCy7fBR5TIXf/PRWIbP1G0RE1ziIo43t+u791RLzKzSjcyILO6fd/nT1/v0Ab+YC3SkBzi15Jz4qmfyemr3pqZBWCeD8fL2
        Ll/h3Ilp+fKQp4cSN5/iV50bjJ6YaoiiLGiOIgTXmks7RB/NW+naYpRCdaZ+PAWBSOGVNuAa1fdylkhWWeNikyc3aTou420YNVZ4
        6EzD/9uiUiey7OXAYno9TmfLpEgKfCuMvnePYnv1avsfUEsHCD6TFktwAQAASQIAAFBLAwQUAAgACAAAqGVYAAAAAAAAAAAAAAAA
        GwAAADAwMSBNZWRpdGF0ZS9DaGVja21hcmtzLmNzdlWOsQrCMBRFd78ivPkFYloHx4oKUk2FWMVJ0vCoobGBJgr+vZNE13MPnLs2
        ifBs/JNQhURxJoUsuSi4WOB1o2+HSrXVHjMuUde7I54m8yLv3djnqUDVoHZ2yEhiq2rVXBTCNkx9SCwFZu9kB2QP8+4Isjv/DQLA
        imICYJFidGH8ipLL5d+zD1BLBwj8QDbmhwAAAMIAAABQSwMEFAAIAAgAAKhlWAAAAAAAAAAAAAAAABcAAAAwMDEgTWVkaXRhdGUv
        U2NvcmVzLmNzdnNJLEnVCU7OL0rlMjIwMtE1MNY1MNUx0DM0MjVGiJgARQwszE24AFBLBwixXaHQJwAAAC8AAABQSwMEFAAIAAgA
        AKhlWAAAAAAAAAAAAAAAACAAAAAwMDIgV2FrZSB1cCBlYXJseS9DaGVja21hcmtzLmNzdnNJLEnVCUvMKU3V8csvSS3mMjIwMtE1
        MNY1MNWJdA2OdwwN8ddBCJqABX0d/UIdfZCEjXX8kFUZYdNqiKIVAFBLBwjsnPHJPwAAAHgAAABQSwMEFAAIAAgAAKhlWAAAAAAA
        AAAAAAAAABwAAAAwMDIgV2FrZSB1cCBlYXJseS9TY29yZXMuY3N2c0ksSdUJTs4vSuUyMjAy0TUw1jUw1THQMzI1NecCAFBLBwic
        W/K+HwAAAB0AAABQSwMEFAAIAAgAAKhlWAAAAAAAAAAAAAAAAB4AAAAwMDMgRHJpbmsgd2F0ZXIvQ2hlY2ttYXJrcy5jc3ZzSSxJ
        1QlLzClN1fHLL0kt5jIyMDLRNTDWNTDVsTAwMNBBCJjomJkCBTzySxRSEisR4sY6fv5Iyox0DA2MTJE1GuoEe3sG6HABAFBLBwg5
        17R0SgAAAGwAAABQSwMEFAAIAAgAAKhlWAAAAAAAAAAAAAAAABoAAAAwMDMgRHJpbmsgd2F0ZXIvU2NvcmVzLmNzdnNJLEnVCU7O
        L0rlMjIwMtE1MNY1MNUx0DM2NDDgAgBQSwcIV7F6RR8AAAAdAAAAUEsDBBQACAAIAACoZVgAAAAAAAAAAAAAAAAjAAAAMDA0IFJl
        YWQgRHVuZSBzbG93bHkvQ2hlY2ttYXJrcy5jc3ZzSSxJ1QlLzClN1fHLL0kt5jIyMDLWNTTSNTbUiXQNjvd19At19NFBCBuAhR1D
        Q/wRgkYWKGoBUEsHCBR1wqI3AAAAVAAAAFBLAwQUAAgACAAAqGVYAAAAAAAAAAAAAAAAHwAAADAwNCBSZWFkIER1bmUgc2xvd2x5
        L1Njb3Jlcy5jc3ZzSSxJ1QlOzi9K5TIyMDLWNTTSNTbUMdAzMDUw4AIAUEsHCC8sUeYfAAAAHQAAAFBLAwQUAAgACAAAqGVYAAAA
        AAAAAAAAAAAAGAAAADAwNSBTbW9rZS9DaGVja21hcmtzLmNzdnNJLEnVCUvMKU3V8csvSS3mAgBQSwcI+VxBHhMAAAARAAAAUEsD
        BBQACAAIAACoZVgAAAAAAAAAAAAAAAAUAAAAMDA1IFNtb2tlL1Njb3Jlcy5jc3ZzSSxJ1QlOzi9K5QIAUEsHCHKBjZYNAAAACwAA
        AFBLAwQUAAgACAAAqGVYAAAAAAAAAAAAAAAACgAAAFNjb3Jlcy5jc3Zlyr0OgzAMBOC9T2Exm8pxSCl7VpZ26BwJDyj8KYAQb48z
        MXT6TnfnwybYStdvOfxCFNgXkJCGE33qpwiHDgk/Ejoo/D5JgbAO86H7d5yj4IOJq5JsSQ7padhZhZ2rFWuIFKKb+17l6l1nmPmV
        af7vF1BLBwjrpLNEcQAAAKEAAABQSwMEFAAIAAgAAKhlWAAAAAAAAAAAAAAAAA4AAABDaGVja21hcmtzLmNzdnNJLEnV8U1NySwB
        McITs1MVSgsUUhOLcip1XIoy87IVyoESRTpBqYkpCkoupXmpSjoKxTn55UD54Nz87FQdLiMDIxNdA2NdA1OdSNfgeF9Hv1BHHzDT
        MTTEX8fCwMBAJ9TP288/3A9OIzSZ6AR7ewYg6zQzxaYBAFBLBwjRFq5ReAAAAKkAAABQSwECFAMUAAgACAAAqGVYPpMWS3ABAABJ
        AgAACgAAAAAAAAAAAAAAgAEAAAAASGFiaXRzLmNzdlBLAQIUAxQACAAIAACoZVj8QDbmhwAAAMIAAAAbAAAAAAAAAAAAAACAAagB
        AAAwMDEgTWVkaXRhdGUvQ2hlY2ttYXJrcy5jc3ZQSwECFAMUAAgACAAAqGVYsV2h0CcAAAAvAAAAFwAAAAAAAAAAAAAAgAF4AgAA
        MDAxIE1lZGl0YXRlL1Njb3Jlcy5jc3ZQSwECFAMUAAgACAAAqGVY7JzxyT8AAAB4AAAAIAAAAAAAAAAAAAAAgAHkAgAAMDAyIFdh
        a2UgdXAgZWFybHkvQ2hlY2ttYXJrcy5jc3ZQSwECFAMUAAgACAAAqGVYnFvyvh8AAAAdAAAAHAAAAAAAAAAAAAAAgAFxAwAAMDAy
        IFdha2UgdXAgZWFybHkvU2NvcmVzLmNzdlBLAQIUAxQACAAIAACoZVg517R0SgAAAGwAAAAeAAAAAAAAAAAAAACAAdoDAAAwMDMg
        RHJpbmsgd2F0ZXIvQ2hlY2ttYXJrcy5jc3ZQSwECFAMUAAgACAAAqGVYV7F6RR8AAAAdAAAAGgAAAAAAAAAAAAAAgAFwBAAAMDAz
        IERyaW5rIHdhdGVyL1Njb3Jlcy5jc3ZQSwECFAMUAAgACAAAqGVYFHXCojcAAABUAAAAIwAAAAAAAAAAAAAAgAHXBAAAMDA0IFJl
        YWQgRHVuZSBzbG93bHkvQ2hlY2ttYXJrcy5jc3ZQSwECFAMUAAgACAAAqGVYLyxR5h8AAAAdAAAAHwAAAAAAAAAAAAAAgAFfBQAA
        MDA0IFJlYWQgRHVuZSBzbG93bHkvU2NvcmVzLmNzdlBLAQIUAxQACAAIAACoZVj5XEEeEwAAABEAAAAYAAAAAAAAAAAAAACAAcsF
        AAAwMDUgU21va2UvQ2hlY2ttYXJrcy5jc3ZQSwECFAMUAAgACAAAqGVYcoGNlg0AAAALAAAAFAAAAAAAAAAAAAAAgAEkBgAAMDA1
        IFNtb2tlL1Njb3Jlcy5jc3ZQSwECFAMUAAgACAAAqGVY66SzRHEAAAChAAAACgAAAAAAAAAAAAAAgAFzBgAAU2NvcmVzLmNzdlBL
        AQIUAxQACAAIAACoZVjRFq5ReAAAAKkAAAAOAAAAAAAAAAAAAACAARwHAABDaGVja21hcmtzLmNzdlBLBQYAAAAADQANAIwDAADQ
        BwAAAAA=
        """
    )

    /// The bytes of `base64`, ignoring the line breaks the literal is wrapped with.
    private static func decode(_ base64: String) -> [UInt8] {
        Data(base64Encoded: base64.filter { !$0.isWhitespace }).map { Array($0) } ?? []
    }
}
