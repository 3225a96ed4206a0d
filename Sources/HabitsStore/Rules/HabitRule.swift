import HabitsDomain

/// How many habits of its own an account keeps, decided from the count a store reads in the write's
/// transaction.
///
/// The bound is on what one account can make everyone pay for: every screen, listing and export of the
/// account reads all its habits, and a store holds them all. Personal habits count, archived ones too (they
/// are kept, exported and brought back); the catalogue's shared habits do not, whoever made them.
public enum HabitRule {
    /// Whether `habit` counts towards its owner's bound: a personal habit does, a catalogue habit does not.
    public static func counts(_ habit: Habit) -> Bool { habit.visibility == .personal && habit.ownerID != nil }

    /// Refuses a new personal habit when its owner holds `held` already, archived ones included (409).
    ///
    /// The store counts under a lock that orders the owner's creations, so that two at once cannot both
    /// take the last place.
    public static func checkNewPersonalHabit(held: Int) throws(HabitsError) {
        guard held < AccountRules.maximumPersonalHabits else { throw StoreRefusal.personalHabitLimit }
    }

    /// Refuses an import whose `adding` new habits would take an account holding `held` past the bound
    /// (409), so that it writes nothing; `held` nil (not read yet, before the write waits for its turn)
    /// checks the import's own habits alone. An import that makes none is never refused for the bound: it
    /// moves nothing nearer to it, even for an account past it from before the bound.
    public static func checkImportedHabits(held: Int?, adding: Int) throws(HabitsError) {
        guard adding > 0, (held ?? 0) + adding > AccountRules.maximumPersonalHabits else { return }
        throw StoreRefusal.importHabitLimit(adding: adding, held: held)
    }
}
