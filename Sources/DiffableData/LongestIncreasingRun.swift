/// Marks a longest strictly increasing subsequence of distinct values, reusing its buffers between calls.
///
/// The diff keeps items on this subsequence in place and reports the rest as moves, which gives the
/// fewest moves. An element larger than the current longest tail is appended in O(1), so input that is
/// mostly in order runs in linear time; only displaced elements pay a binary search (O(log n)).
@usableFromInline
struct LongestIncreasingRun {
    /// `tails[k]` is the index of the smallest last element of an increasing run of length k + 1.
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
        let count = values.count
        tails.removeAll(keepingCapacity: true)
        tails.reserveCapacity(count)
        keep.reserveCapacity(count)
        if previous.count < count { previous = [Int32](repeating: -1, count: count) }
        keep.removeAll(keepingCapacity: true)
        keep.append(contentsOf: repeatElement(false, count: count))
        values.withUnsafeBufferPointer { valueBuffer in
            previous.withUnsafeMutableBufferPointer { previousBuffer in
                for index in 0..<count {
                    let value = valueBuffer[index]
                    if let last = tails.last {
                        if valueBuffer[Int(last)] < value {
                            previousBuffer[index] = last
                            tails.append(Int32(index))
                            continue
                        }
                    } else {
                        previousBuffer[index] = -1
                        tails.append(Int32(index))
                        continue
                    }
                    var low = 0
                    var high = tails.count - 1
                    while low < high {
                        let mid = (low + high) >> 1
                        if valueBuffer[Int(tails[mid])] < value { low = mid + 1 } else { high = mid }
                    }
                    previousBuffer[index] = low > 0 ? tails[low - 1] : -1
                    tails[low] = Int32(index)
                }
            }
        }
        var index = tails.last.map(Int.init) ?? -1
        while index >= 0 {
            keep[index] = true
            index = Int(previous[index])
        }
    }
}
