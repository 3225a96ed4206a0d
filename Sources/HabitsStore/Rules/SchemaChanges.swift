/// What the schema changes that both stores make at one version are called, once: each store records the
/// name with its version ("v18: …") in its own migration table.
package enum SchemaChanges {
    /// v18: `FollowRule`'s counter beside each account.
    package static let followRequestCounts = "follow requests counted by day"
    /// v19: `NameRule`'s skeletons beside each user.
    package static let nameSkeletons = "the skeletons of names, for look-alikes"
}
