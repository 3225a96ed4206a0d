import HabitsScreens
import Mustache

extension TodayHabit: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "habitName": habitName
        case "emoji": emoji
        case "color": color
        case "done": done
        case "caption": caption
        default: nil
        }
    }
}
