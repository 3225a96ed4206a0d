import HabitsDomain
import HabitsScreens
import Mustache

// What each template may read, by name: Mustache otherwise finds fields through reflection, which
// took most of a page's rendering time. A name a template uses must be listed here.

extension PageView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "screen": screen
        case "revision": revision
        case "events": events
        case "path": path
        case "back": back
        case "sections": sections
        case "users": users
        case "tabs": tabs
        case "openMode": openMode
        case "signedInName": signedInName
        case "serverTime": serverTime
        default: nil
        }
    }
}

extension UserOption: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "key": key
        case "name": self.name
        case "selected": selected
        default: nil
        }
    }
}

extension TabView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "icon": icon
        case "href": href
        case "current": current
        default: nil
        }
    }
}

extension SectionView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "css": css
        case "wide": wide
        case "sideways": sideways
        case "background": background
        case "header": header
        case "footer": footer
        case "items": items
        default: nil
        }
    }
}

extension BoundaryView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "color": color
        case "textColor": textColor
        case "css": css
        case "pinned": pinned
        default: nil
        }
    }
}

extension ItemView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "type": type
        case "body": body
        case "link": link
        case "button": button
        case "form": form
        case "plain": plain
        case "menu": menu
        case "hasMenu": hasMenu
        default: nil
        }
    }
}

extension ItemView.Action: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "href": href
        case "method": method
        case "path": path
        case "json": json
        default: nil
        }
    }
}

extension ItemFallback: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "subtitle": subtitle
        default: nil
        }
    }
}

extension ScreenColor: MustacheParent {
    public func child(named name: String) -> Any? { name == "hex" ? hex : nil }
}

extension EmptyState: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "message": message
        default: nil
        }
    }
}

extension LeaderboardHabit: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "habitName": habitName
        case "leader": leader
        case "secondary": secondary
        case "leaderUsername": leaderUsername
        case "secondaryUsername": secondaryUsername
        default: nil
        }
    }
}

extension FollowedUser: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "userName": userName
        case "username": username
        case "message": message
        default: nil
        }
    }
}

extension HabitRow: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "emoji": emoji
        case "category": category
        case "color": color
        case "isFavorite": isFavorite
        default: nil
        }
    }
}

extension HabitHeader: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "emoji": emoji
        case "category": category
        case "color": color
        case "description": description
        default: nil
        }
    }
}

extension UserCount: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "userName": userName
        case "username": username
        case "count": count
        case "isViewer": isViewer
        default: nil
        }
    }
}

extension UserCard: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "username": username
        case "color": color
        case "picture": picture
        case "isFollowed": isFollowed
        default: nil
        }
    }
}

extension UserHeader: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "username": username
        case "bio": bio
        case "picture": picture
        default: nil
        }
    }
}

extension HabitCount: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "habitName": habitName
        case "emoji": emoji
        case "count": count
        default: nil
        }
    }
}

extension StreakSummaryContent: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "current": current
        // Mustache counts 0 as true: the template asks whether there is a streak.
        case "hasStreak": current > 0
        case "longest": longest
        case "label": label
        case "habitName": habitName
        default: nil
        }
    }
}

extension MonthLink: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "direction": direction.rawValue
        case "title": title
        default: nil
        }
    }
}

extension CalendarWeekday: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "symbol": symbol
        case "name": self.name
        default: nil
        }
    }
}

extension CalendarBlank: MustacheParent {
    public func child(named name: String) -> Any? { nil }
}

extension CalendarDay: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "date": date.description
        case "day": day
        case "done": done
        case "today": today
        case "future": future
        case "skipped": skipped
        case "note": note
        default: nil
        }
    }
}

extension HabitChoice: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "emoji": emoji
        case "selected": selected
        default: nil
        }
    }
}

extension LogHabitRow: MustacheParent {
    public func child(named name: String) -> Any? { row.child(named: name) }
}

extension HabitStat: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "value": value
        case "detail": detail
        default: nil
        }
    }
}

extension YearDay: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "date": date.description
        case "level": level
        case "done": done
        case "partly": !done && level > 0
        case "skipped": skipped
        case "scheduled": scheduled
        case "today": today
        case "hasNote": hasNote
        default: nil
        }
    }
}

extension DayNote: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "note": note
        default: nil
        }
    }
}
