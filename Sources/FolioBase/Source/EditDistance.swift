/// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in stride(from: 1, through: a.count, by: 1) {
        var current = [i] + [Int](repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], previous2[j - 2] + 1)
            }
        }
        (previous2, previous) = (previous, current)
    }
    return previous[b.count]
}

/// Of `names`, the one fewest edits away from `word` (the first of equals), with its distance, for a hint.
package func nearest(_ word: String, among names: some Sequence<String>) -> (name: String, distance: Int)? {
    let typed = Array(word)
    var best: (name: String, distance: Int)?
    for name in names {
        let distance = editDistance(typed, Array(name))
        if best.map({ distance < $0.distance }) ?? true { best = (name, distance) }
    }
    return best
}
