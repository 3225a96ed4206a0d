/// Follow requests counted per account and UTC day (migration v18, `FollowRule`), in the request's own
/// transaction: the day counted and how many that day, beside the account's user row.
enum FollowRequestSchema {
    static let v18 = """
        ALTER TABLE users ADD COLUMN follow_request_day INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE users ADD COLUMN follow_requests_that_day INTEGER NOT NULL DEFAULT 0;
        """
}
