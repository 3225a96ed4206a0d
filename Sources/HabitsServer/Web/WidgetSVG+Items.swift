import CompositionalLayout
import Foundation
import HabitsDomain
import HabitsScreens

/// How each kind of item a widget shows is drawn in its frame.
extension WidgetSVG {
    func draw(_ content: ItemContent, in frame: Rect, into svg: inout SVGText) {
        if let habit = content.as(TodayHabit.self) {
            family == .small ? drawHabitTile(habit, in: frame, into: &svg) : drawHabitRow(habit, in: frame, into: &svg)
        } else if let summary = content.as(StreakSummaryContent.self) {
            drawSummary(summary, in: frame, into: &svg)
        } else if let weekday = content.as(CalendarWeekday.self) {
            svg.text(
                weekday.symbol, x: frame.midX, y: frame.origin.y + 15, size: 11, fill: palette.text, anchor: "middle",
                opacity: 0.7)
        } else if let day = content.as(CalendarDay.self) {
            drawDay(day, in: frame, into: &svg)
        } else if let card = content.as(StreakCard.self) {
            drawFigure(card, in: frame, into: &svg)
        }
    }

    /// The small widget: the habit, a ring that closes when today is done, the streak inside it.
    private func drawHabitTile(_ habit: TodayHabit, in frame: Rect, into svg: inout SVGText) {
        let name = [habit.emoji, habit.habitName].compactMap { $0 }.joined(separator: " ")
        svg.text(
            name, x: frame.origin.x + 14, y: frame.origin.y + 28, size: 15, fill: palette.text,
            width: frame.size.width - 28, bold: true)
        ring(done: habit.done, centerX: frame.midX, centerY: frame.origin.y + 88, radius: 36, into: &svg)
        svg.text(
            "\(habit.streak)", x: frame.midX, y: frame.origin.y + 98, size: 28, fill: palette.text, anchor: "middle",
            bold: true)
        svg.text(
            habit.done ? "Done today" : "Not yet today", x: frame.midX, y: frame.origin.y + 145, size: 12,
            fill: palette.text, width: frame.size.width - 20, anchor: "middle", opacity: 0.75)
        svg.text(
            habit.streak == 0 ? "No streak yet" : "\(habit.streak)-day streak", x: frame.midX,
            y: frame.origin.y + 160, size: 11, fill: palette.text, anchor: "middle", opacity: 0.75)
    }

    /// A row of the medium widget: a dot filled when today is done, the habit, its streak.
    private func drawHabitRow(_ habit: TodayHabit, in frame: Rect, into svg: inout SVGText) {
        let centerY = frame.origin.y + frame.size.height / 2
        dot(done: habit.done, centerX: frame.origin.x + 9, centerY: centerY, radius: 8, into: &svg)
        let streak = habit.streak > 0 ? "\(habit.streak)-day streak" : ""
        let streakWidth = TextMeasure.width(streak, size: 12)
        let name = [habit.emoji, habit.habitName].compactMap { $0 }.joined(separator: " ")
        svg.text(
            name, x: frame.origin.x + 26, y: centerY + 5, size: 14, fill: palette.text,
            width: frame.size.width - 26 - streakWidth - 8)
        if !streak.isEmpty {
            svg.text(
                streak, x: frame.origin.x + frame.size.width, y: centerY + 4, size: 12, fill: palette.text,
                anchor: "end", opacity: 0.75)
        }
    }

    /// The large widget's head: the habit and its streaks, the current one large on the right.
    private func drawSummary(_ summary: StreakSummaryContent, in frame: Rect, into svg: inout SVGText) {
        let number = "\(summary.current)"
        let numberWidth = TextMeasure.width(number, size: 30)
        svg.text(
            summary.habitName, x: frame.origin.x + 14, y: frame.origin.y + 32, size: 16, fill: palette.text,
            width: frame.size.width - 42 - numberWidth, bold: true)
        let unit = summary.unit == .weeks ? "weeks" : "days"
        svg.text(
            "\(summary.label) · longest \(summary.longest) \(unit)", x: frame.origin.x + 14,
            y: frame.origin.y + 54, size: 12, fill: palette.text, width: frame.size.width - 42 - numberWidth,
            opacity: 0.75)
        svg.text(
            number, x: frame.origin.x + frame.size.width - 14, y: frame.origin.y + 50, size: 30, fill: palette.accent,
            anchor: "end", bold: true)
    }

    /// A day of the month: filled when done, a dashed ring when skipped, a ring around today.
    private func drawDay(_ day: CalendarDay, in frame: Rect, into svg: inout SVGText) {
        let radius = max(4, min(frame.size.width, frame.size.height) / 2 - 4)
        let (x, y) = (SVGText.number(frame.midX), SVGText.number(frame.midY))
        if day.done {
            svg.empty("circle", #"cx="\#(x)" cy="\#(y)" r="\#(SVGText.number(radius))" fill="\#(palette.accent)""#)
        } else if day.skipped {
            svg.empty(
                "circle",
                #"cx="\#(x)" cy="\#(y)" r="\#(SVGText.number(radius - 1))" fill="none" stroke="\#(palette.ring)" "#
                    + #"stroke-width="2" stroke-dasharray="3 3""#)
        }
        if day.today {
            svg.empty(
                "circle",
                #"cx="\#(x)" cy="\#(y)" r="\#(SVGText.number(radius + 1.5))" fill="none" "#
                    + #"stroke="\#(palette.accent)" stroke-width="2""#)
        }
        svg.text(
            "\(day.day)", x: frame.midX, y: frame.midY + 4.5, size: 13,
            fill: day.done ? palette.onAccent : palette.text, anchor: "middle", bold: day.today,
            opacity: day.future ? 0.4 : 1)
    }

    /// One figure of the card; the current streak inside a ring, as on the streak cards people know.
    private func drawFigure(_ card: StreakCard, in frame: Rect, into svg: inout SVGText) {
        let width = frame.size.width - 16
        let top = frame.origin.y
        if card.figure == .current {
            ring(done: card.value > 0, centerX: frame.midX, centerY: top + 50, radius: 36, into: &svg)
            svg.text(
                "\(card.value)", x: frame.midX, y: top + 60, size: 26, fill: palette.text, anchor: "middle", bold: true)
            svg.text(
                card.label, x: frame.midX, y: top + 112, size: 14, fill: palette.accent, width: width,
                anchor: "middle", bold: true)
            svg.text(
                card.dates, x: frame.midX, y: top + 134, size: 11, fill: palette.text, width: width,
                anchor: "middle", opacity: 0.75)
        } else {
            svg.text(
                "\(card.value)", x: frame.midX, y: top + 62, size: 26, fill: palette.text, anchor: "middle", bold: true)
            svg.text(
                card.label, x: frame.midX, y: top + 92, size: 14, fill: palette.text, width: width, anchor: "middle")
            svg.text(
                card.dates, x: frame.midX, y: top + 114, size: 11, fill: palette.text, width: width,
                anchor: "middle", opacity: 0.75)
        }
        if card.figure != .longest {
            let x = SVGText.number(frame.origin.x + frame.size.width)
            svg.empty(
                "line",
                #"x1="\#(x)" y1="\#(SVGText.number(top + 12))" x2="\#(x)" "#
                    + #"y2="\#(SVGText.number(top + frame.size.height - 18))" stroke="\#(palette.ring)""#)
        }
    }

    /// A ring: the track, and the accent over it when `done`.
    private func ring(done: Bool, centerX: Double, centerY: Double, radius: Double, into svg: inout SVGText) {
        let (x, y, r) = (SVGText.number(centerX), SVGText.number(centerY), SVGText.number(radius))
        svg.empty(
            "circle",
            #"cx="\#(x)" cy="\#(y)" r="\#(r)" fill="none" stroke="\#(done ? palette.accent : palette.ring)" "#
                + #"stroke-width="6""#)
    }

    /// A dot: the accent filled when `done`, the track's outline when not.
    private func dot(done: Bool, centerX: Double, centerY: Double, radius: Double, into svg: inout SVGText) {
        let (x, y, r) = (SVGText.number(centerX), SVGText.number(centerY), SVGText.number(radius))
        svg.empty(
            "circle",
            done
                ? #"cx="\#(x)" cy="\#(y)" r="\#(r)" fill="\#(palette.accent)""#
                : #"cx="\#(x)" cy="\#(y)" r="\#(r)" fill="none" stroke="\#(palette.ring)" stroke-width="2""#)
    }
}
