import HabitsDomain

/// Names that cannot pass for someone else's: a user's display name and username are kept with their
/// skeletons (`ConfusableSkeleton`, columns `users.name_skeleton` and `users.key_skeleton`), and a new or
/// changed name whose skeleton another user's display name or username has is refused. The store reads
/// whether one has it in the write's transaction; this decides.
///
/// Who already held a look-alike name before this rule keeps it; the rule applies to what is written.
public enum NameRule {
    /// The skeletons a store keeps beside `user`'s display name and username.
    public static func skeletons(of user: User) -> (name: String, key: String) {
        (ConfusableSkeleton.skeleton(of: user.name), ConfusableSkeleton.skeleton(of: user.key))
    }

    /// Refuses a display name (`nameTaken`) or a username (`keyTaken`) that looks like another user's display
    /// name or username (422). The message says neither whose nor which, so it tells nothing of accounts.
    public static func checkNotConfusable(nameTaken: Bool, keyTaken: Bool) throws(HabitsError) {
        if keyTaken { throw StoreRefusal.confusableUsername }
        if nameTaken { throw StoreRefusal.confusableName }
    }
}
