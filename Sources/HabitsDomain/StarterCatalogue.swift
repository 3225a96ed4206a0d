/// The categories a new server's first account finds, so that its first habit can be added at once: a
/// habit needs a category, and only an administrator makes them.
///
/// Planted once, when the first account of a store is created and the store holds no category; never
/// with `--demo` (which brings its own) and never again after that, so an administrator's own choices
/// are never overwritten.
public enum StarterCatalogue {
    /// The starter categories, in the order they are made; names and colours an administrator may change.
    public static let categories: [(name: String, color: Color)] = [
        ("Health", Color(hue: 0.33, saturation: 0.6, brightness: 0.75)),
        ("Fitness", Color(hue: 0.08, saturation: 0.7, brightness: 0.9)),
        ("Mind", Color(hue: 0.75, saturation: 0.5, brightness: 0.8)),
        ("Learning", Color(hue: 0.58, saturation: 0.6, brightness: 0.85)),
        ("Home", Color(hue: 0.12, saturation: 0.5, brightness: 0.7)),
        ("Other", Color(hue: 0.0, saturation: 0.0, brightness: 0.6)),
    ]

    /// Whether a new account is the one the starter catalogue is planted for: the store's first (its
    /// administrator), on a store without any category.
    public static func isPlanted(forNewAccountWith role: Role, categoriesInStore: Int) -> Bool {
        role == .administrator && categoriesInStore == 0
    }
}
