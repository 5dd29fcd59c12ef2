extension RandomAccessCollection {
    /// The index of the first element for which `isAfter` holds, in a collection where every
    /// element for which it holds comes after every one for which it does not; found by bisection.
    package func partitionPoint(where isAfter: (Element) throws -> Bool) rethrows -> Index {
        var (low, count) = (startIndex, self.count)
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try isAfter(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
