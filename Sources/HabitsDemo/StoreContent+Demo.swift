import Foundation
import HabitsDomain
import HabitsStore

extension StoreContent {
    /// The demo data set with a generated avatar for every user.
    public init(demo: DemoDataSet) {
        var images: [String: StoredImage] = [:]
        for user in demo.users {
            images[user.id] = StoredImage(
                contentType: Avatar.ImageKind.png.rawValue, bytes: Data(Avatar.png(for: user)))
        }
        self.init(
            users: demo.users, categories: demo.categories, habits: demo.habits, logs: demo.logs, images: images,
            isDemo: true)
    }
}
