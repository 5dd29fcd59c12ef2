/// `3 pages`, `1 page`: a count and its noun, for messages and summaries.
public func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
