// Text from a manifest shown in hover and completion documentation, which clients render as Markdown.

enum Markdown {
    /// `text` with a backslash before every character that could start markup inside a line (emphasis, code,
    /// links, images, HTML, entities, strikethrough), so it is shown as written; CommonMark lets any ASCII
    /// punctuation be escaped this way. Line breaks become spaces, so the text stays inside its line (and no
    /// line of it can start a heading or a list).
    static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "&", "~":
                result.unicodeScalars.append("\\")
                result.unicodeScalars.append(scalar)
            case "\n", "\r": result.unicodeScalars.append(" ")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
