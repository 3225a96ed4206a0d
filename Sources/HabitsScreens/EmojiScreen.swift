import HabitsDomain

extension ScreenBuilder {
    func emoji(viewer: UserResource, request: ScreenRequest, revision: String) throws -> ScreenDocument {
        throw ScreenError.missingParameter("habit")
    }
}
