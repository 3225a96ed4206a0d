/// English ordinals: 1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st 111th 112th.
public enum Ordinal {
    /// `rank` with its English suffix.
    public static func english(_ rank: Int) -> String {
        let lastTwo = rank % 100
        let suffix: String
        if (11...13).contains(lastTwo) {
            suffix = "th"
        } else {
            switch rank % 10 {
            case 1: suffix = "st"
            case 2: suffix = "nd"
            case 3: suffix = "rd"
            default: suffix = "th"
            }
        }
        return "\(rank)\(suffix)"
    }
}
