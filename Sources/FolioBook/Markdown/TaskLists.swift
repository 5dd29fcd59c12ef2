import FolioBase
import FolioOptions

/// GFM's task list items: a list item whose paragraph opens with `[ ]` or `[x]` and a space
/// starts with a disabled checkbox instead.
func taskListItems(_ list: MarkdownList) -> MarkdownList {
    var list = list
    list.items = list.items.map { item in
        guard case .paragraph(let content)? = item.first, case .text(let text)? = content.first,
              let checked = taskMarker(text) else { return item }
        let rest = String(text.dropFirst(3))
        return [.paragraph([.taskBox(checked: checked)] + [.text(rest)] + content.dropFirst())] + item.dropFirst()
    }
    return list
}

/// `[ ] ` → false, `[x] ` or `[X] ` → true.
private func taskMarker(_ text: String) -> Bool? {
    let marker = text.prefix(4)
    switch marker {
    case "[ ] ", "[ ]\t": return false
    case "[x] ", "[X] ", "[x]\t", "[X]\t": return true
    default: return nil
    }
}
