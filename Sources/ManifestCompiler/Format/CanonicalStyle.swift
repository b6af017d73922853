// The canonical layout of .notif text, shared by `notifc fmt` and by everything that writes manifests.

/// The one layout notifc writes manifests in (`fmt` output, `import` output):
///
/// - one declaration per paragraph, separated by exactly one blank line; `kind name {`, then one entry per
///   line indented by ``indent``, then `}` alone; an empty body is `kind name {}`;
/// - `key: value` with one space after the colon and no separators between entries;
/// - lists on one line as `[a, b, c]` when the entry fits in ``lineWidth`` columns, otherwise one element
///   per line, indented one level deeper, each followed by a comma, with `]` on its own line;
/// - names bare when they are plain words, quoted otherwise; strings as ``StringEscapes/literal(_:)`` writes
///   them; the file ends with exactly one line feed.
public enum CanonicalStyle {
    /// The indentation of one level.
    public static let indent = "    "
    /// The widest a one-line list entry may be, indentation included.
    public static let lineWidth = 100

    /// `key: [a, b]`, or the multi-line form when the one-line form is wider than ``lineWidth``.
    /// `elements` are already written values.
    public static func listEntry(key: String, elements: [String], level: Int = 1) -> String {
        let prefix = String(repeating: indent, count: level) + key + ": "
        let oneLine = prefix + "[" + elements.joined(separator: ", ") + "]"
        if elements.isEmpty || oneLine.count <= lineWidth { return oneLine }
        let inner = String(repeating: indent, count: level + 1)
        return prefix + "[\n" + elements.map { inner + $0 + ",\n" }.joined()
            + String(repeating: indent, count: level) + "]"
    }

    /// A number as the canonical text writes it: whole numbers without a fraction (`1`), others in their
    /// shortest round-trip form (`0.6`, `1e-05`); negative zero as `0`; non-finite values as `nan`, `inf`
    /// and `-inf` (which the validator then reports).
    public static func number(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }
}
