/// Marks a longest strictly increasing subsequence of distinct values, reusing its buffers between calls.
///
/// The diff keeps items on this subsequence in place and reports the rest as moves, which gives the
/// fewest moves. An element larger than the current longest tail is appended in O(1), so input that is
/// mostly in order runs in linear time; only displaced elements pay a binary search (O(log n)).
@usableFromInline
struct LongestIncreasingRun {
    /// `tails[k]` is the index of the smallest last element of an increasing run of length k + 1, for k
    /// below the longest run's length; sized for the longest input so far.
    @usableFromInline var tails: [Int32] = []
    /// `previous[i]` is the index of the element before element `i` on its run, -1 for none.
    @usableFromInline var previous: [Int32] = []
    /// `keep[i]` is true when element `i` of the last input lies on the subsequence.
    @usableFromInline var keep: [Bool] = []

    /// Empty buffers; the first `mark` sizes them.
    ///
    /// - Complexity: O(1).
    @inlinable init() {}

    /// Marks `values` (distinct) in `keep`.
    ///
    /// - Complexity: O(n) when in order, O(n log n) at worst; allocates only when `values` is longer than
    ///   every earlier input.
    @inlinable
    mutating func mark(_ values: [Int32]) {
        values.withUnsafeBufferPointer { mark($0) }
    }

    /// Marks `values` (distinct) in `keep`, from a buffer that the caller fills and reuses.
    ///
    /// The loop works on buffers sized up front rather than appending, so that no step checks for a
    /// shared or full array.
    ///
    /// - Complexity: O(n) when in order, O(n log n) at worst; allocates only when `values` is longer than
    ///   every earlier input.
    @inlinable
    mutating func mark(_ values: UnsafeBufferPointer<Int32>) {
        let count = values.count
        if previous.count < count { previous = [Int32](repeating: -1, count: count) }
        if tails.count < count { tails = [Int32](repeating: 0, count: count) }
        keep.removeAll(keepingCapacity: true)
        keep.append(contentsOf: repeatElement(false, count: count))
        var length = 0
        previous.withUnsafeMutableBufferPointer { previous in
            tails.withUnsafeMutableBufferPointer { tails in
                for index in 0..<count {
                    let value = values[index]
                    // Past the longest run's last element: the run grows by one (the common, in-order case).
                    if length == 0 || values[Int(tails[length - 1])] < value {
                        previous[index] = length > 0 ? tails[length - 1] : -1
                        tails[length] = Int32(truncatingIfNeeded: index)
                        length += 1
                        continue
                    }
                    // Otherwise it replaces the first tail that is not smaller.
                    var low = 0
                    var high = length - 1
                    while low < high {
                        let mid = (low + high) >> 1
                        if values[Int(tails[mid])] < value { low = mid + 1 } else { high = mid }
                    }
                    previous[index] = low > 0 ? tails[low - 1] : -1
                    tails[low] = Int32(truncatingIfNeeded: index)
                }
            }
        }
        guard length > 0 else { return }
        var index = Int(tails[length - 1])
        keep.withUnsafeMutableBufferPointer { keep in
            previous.withUnsafeBufferPointer { previous in
                while index >= 0 {
                    keep[index] = true
                    index = Int(previous[index])
                }
            }
        }
    }
}
