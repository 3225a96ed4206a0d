/// Positions of the items of one array, for the flat-list diff: each item is hashed once on the way in
/// and once per lookup.
///
/// Hashes start from a copy of one seeded `Hasher` kept in the table rather than from `hashValue`, which
/// seeds a new hasher and compresses the seed on every call: for 16-byte identifiers that was about a
/// seventh of the hashing time.
///
/// Open addressing with linear probing over a power-of-two array of 32-bit positions, at most half full.
/// The table stores positions only and compares against the array itself, so it is a quarter of the
/// size of a `[Item: Int]` dictionary for 16-byte items and a lookup touches one cache line of it.
@usableFromInline
struct ItemPositionTable<Item: Hashable> {
    /// The items whose positions the table holds.
    @usableFromInline let items: [Item]
    /// `buckets[b]` is a position in `items`, or -1 when the bucket is empty.
    @usableFromInline var buckets: [Int32]
    /// Bucket count minus one; the bucket count is a power of two.
    @usableFromInline let bucketMask: Int
    /// The first item met a second time, if any; the table then holds only the items before it.
    @usableFromInline var firstRepeatedItem: Item?
    /// The seeded hasher every hash of this table starts from.
    @usableFromInline let seededHasher: Hasher

    /// Builds the table of `items`, stopping at the first repeated item.
    ///
    /// - Complexity: O(n) expected for n items.
    @inlinable
    init(_ items: [Item]) {
        var bucketCount = 8
        while bucketCount < items.count * 2 { bucketCount <<= 1 }
        self.items = items
        bucketMask = bucketCount - 1
        buckets = [Int32](repeating: -1, count: bucketCount)
        firstRepeatedItem = nil
        let hasher = Hasher()
        seededHasher = hasher
        let mask = bucketMask
        var repeated: Item?
        buckets.withUnsafeMutableBufferPointer { buckets in
            items.withUnsafeBufferPointer { items in
                /// Puts `position` in the first free bucket from its hash's; false if its item is already there.
                func insert(_ position: Int, hash: Int) -> Bool {
                    let item = items[position]
                    var bucket = hash & mask
                    while buckets[bucket] >= 0 {
                        if items[Int(buckets[bucket])] == item { return false }
                        bucket = (bucket + 1) & mask
                    }
                    buckets[bucket] = Int32(truncatingIfNeeded: position)
                    return true
                }
                // Four items hashed side by side, then inserted in order: the four hashers are independent, so
                // the processor overlaps their work, about twice the throughput of one at a time for UUIDs.
                var position = 0
                while position + 4 <= items.count {
                    var first = hasher, second = hasher, third = hasher, fourth = hasher
                    first.combine(items[position])
                    second.combine(items[position + 1])
                    third.combine(items[position + 2])
                    fourth.combine(items[position + 3])
                    let hashes = (first.finalize(), second.finalize(), third.finalize(), fourth.finalize())
                    guard insert(position, hash: hashes.0) else { break }
                    guard insert(position + 1, hash: hashes.1) else { position += 1; break }
                    guard insert(position + 2, hash: hashes.2) else { position += 2; break }
                    guard insert(position + 3, hash: hashes.3) else { position += 3; break }
                    position += 4
                }
                // The rest one by one; after a repeated item above, this stops at it again at once.
                while position < items.count {
                    var itemHasher = hasher
                    itemHasher.combine(items[position])
                    guard insert(position, hash: itemHasher.finalize()) else { break }
                    position += 1
                }
                if position < items.count { repeated = items[position] }
            }
        }
        firstRepeatedItem = repeated
    }

    /// The position of `item` in the array, nil if it is not there.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    func position(of item: Item) -> Int? {
        buckets.withUnsafeBufferPointer { buckets in
            items.withUnsafeBufferPointer { items in
                var itemHasher = seededHasher
                itemHasher.combine(item)
                var bucket = itemHasher.finalize() & bucketMask
                while buckets[bucket] >= 0 {
                    let position = Int(buckets[bucket])
                    if items[position] == item { return position }
                    bucket = (bucket + 1) & bucketMask
                }
                return nil
            }
        }
    }
}
