// What the Notifee and expo modules share: identifier constants, the translator type, localizable text.

enum TypeScriptModule {
    /// The identifier constants of the manifest's categories and actions, then the translator type and default
    /// that every TypeScript module starts with.
    static func writeIdentifiersAndTranslator(of manifest: Manifest, into writer: inout CodeWriter) {
        writeConstants("NotificationCategoryId", about: "category", manifest.categories.map(\.identifier), into: &writer)
        writer.line()
        writeConstants("NotificationActionId", about: "action", manifest.actions.map(\.identifier), into: &writer)
        writer.line()
        writeTranslator(into: &writer)
    }

    /// `export const Name = { id: 'id', 'com.x': 'com.x' } as const;` and the union type of its values, under
    /// the same name. Keys are the identifiers themselves, so no two can collide.
    static func writeConstants(_ name: String, about kind: String, _ identifiers: [String], into writer: inout CodeWriter) {
        writer.line("/** The \(kind) identifiers of the manifest. */")  // not "in order": JS iterates integer-like keys first
        if identifiers.isEmpty {
            writer.line("export const ", name, " = {} as const;")
        } else {
            writer.line("export const ", name, " = {")
            writer.indented { writer in
                for identifier in identifiers {
                    writer.line(TypeScriptLiteral.propertyName(identifier), ": ", TypeScriptLiteral.string(identifier), ",")
                }
            }
            writer.line("} as const;")
        }
        writer.line("/** ", kind == "action" ? "An" : "A", " \(kind) identifier of the manifest. */")
        writer.line("export type ", name, " = (typeof ", name, ")[keyof typeof ", name, "];")
    }

    /// The translator type and the default that returns the manifest's text.
    static func writeTranslator(into writer: inout CodeWriter) {
        writer.line("/** Returns the text for a localizable string: its key in the String Catalog and the manifest's text. */")
        writer.line("export type NotificationTextTranslator = (key: string, defaultValue: string) => string;")
        writer.line()
        writer.line("const manifestText: NotificationTextTranslator = (_key, defaultValue) => defaultValue;")
    }

    /// The translator parameter of a function whose body calls ``text(_:_:)`` for the texts of the categories and
    /// their actions: `_translate` when there is none, so that `tsc --noUnusedParameters` accepts it.
    static func translatorParameter(_ manifest: Manifest) -> String {
        let translates = manifest.categories.contains {  // an empty text is written as '' (``text(_:_:)``)
            !$0.actions.isEmpty || $0.hiddenPreviewsBodyPlaceholder?.isEmpty == false || $0.categorySummaryFormat?.isEmpty == false
        }
        return (translates ? "  translate" : "  _translate") + ": NotificationTextTranslator = manifestText,"
    }

    /// `translate('key', 'manifest text')`; `''` for an empty text, which is not localized (as in the Swift: a lookup
    /// that misses may give the key back).
    static func text(_ key: String, _ value: String) -> String {
        if value.isEmpty { return TypeScriptLiteral.string(value) }
        return "translate(" + TypeScriptLiteral.string(key) + ", " + TypeScriptLiteral.string(value) + ")"
    }

    /// `Constants.id` or `Constants['com.x']`.
    static func constant(_ object: String, _ identifier: String) -> String {
        object + TypeScriptLiteral.member(identifier)
    }
}
