// Binary search in a collection sorted by some key.

extension RandomAccessCollection {
    /// The index of the first element for which `belongsToSecondPart` holds, in a collection where it holds for a
    /// suffix (every element from some point on): `endIndex` when it holds for none.
    func partitioningIndex(where belongsToSecondPart: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongsToSecondPart(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
