// Emits notificationCategories.notifee.ts: identifiers, the IOSNotificationCategory[] and a registration that keeps other code's categories.

/// Writes `notificationCategories.notifee.ts` (format `notifee`) for @notifee/react-native 3.x–9.x: identifier
/// constants, `notificationCategories()` (the `IOSNotificationCategory[]`), and `registerNotificationCategories()`,
/// which reads what is registered, replaces the manifest's categories by id and sets everything in one call
/// (Notifee's `setNotificationCategories` replaces every category).
public struct NotifeeEmitter: CrossPlatformEmitter {
    /// The output's file name.
    public static let fileName = "notificationCategories.notifee.ts"

    /// The manifest paths the header names.
    public var sourcePaths: [String]

    public init(sourcePaths: [String] = []) {
        self.sourcePaths = sourcePaths
    }

    public func contents(_ manifest: Manifest) -> [UInt8] {
        var writer = CodeWriter(capacity: 3072 + 1024 * manifest.categories.count, indentWidth: 2)
        CrossPlatformHeader.write(
            library: .notifee, manifest: manifest, sourcePaths: sourcePaths,
            about: [
                "The notification categories of the manifest for @notifee/react-native (3.x to 9.x). Register them",
                "once at start-up, before any notification arrives: await registerNotificationCategories();",
                "Notify with ios: { categoryId: NotificationCategoryId.… }.",
            ], into: &writer)
        writer.line()
        writer.line("/* eslint-disable */")
        writer.line()
        let usesIntents = manifest.categories.contains { $0.intentIdentifiers.contains { NotifeeIntent.member(for: $0) != nil } }
        writer.line("import notifee", usesIntents ? ", { IOSIntentIdentifier }" : "", " from '@notifee/react-native';")
        writer.line("import type { IOSNotificationCategory, IOSNotificationCategoryAction } from '@notifee/react-native';")
        writer.line()
        TypeScriptModule.writeIdentifiersAndTranslator(of: manifest, into: &writer)
        writer.line()
        writer.line("/**")
        writer.line(" * The manifest's categories, in manifest order. `translate` gives every title, button title and")
        writer.line(" * placeholder; without it, the manifest's text is used.")
        writer.line(" */")
        writer.line("export function notificationCategories(")
        writer.line(TypeScriptModule.translatorParameter(manifest))
        writer.block("): IOSNotificationCategory[]") { writer in
            if manifest.categories.isEmpty {
                writer.line("return [];")
                return
            }
            writer.line("return [")
            writer.indented { writer in
                let indices = manifest.actionIndices
                for category in manifest.categories {
                    let actions = manifest.actions(of: category, indices: indices)
                    write(category, actions: actions, into: &writer)
                }
            }
            writer.line("];")
        }
        writer.line()
        writer.line("/**")
        writer.line(" * Registers the manifest's categories and keeps those that other code registered: Notifee replaces every")
        writer.line(" * category on each call, so this reads the registered ones, replaces the manifest's by id and sets them")
        writer.line(" * all at once.")
        writer.line(" */")
        writer.line("export async function registerNotificationCategories(")
        writer.line("  translate: NotificationTextTranslator = manifestText,")
        writer.block("): Promise<void>") { writer in
            writer.line("const categories = notificationCategories(translate);")
            writer.line("const ids = new Set<string>(categories.map((category) => category.id));")
            writer.line("const registered = await notifee.getNotificationCategories();")
            writer.line("const kept = registered.filter((category) => !ids.has(category.id)).map(withoutReadBackInput);")
            writer.line("await notifee.setNotificationCategories([...kept, ...categories]);")
        }
        writer.line()
        writer.line("// getNotificationCategories() reports every action with `input: false`, and setNotificationCategories()")
        writer.line("// makes any action whose `input` is present but not an object a text-input action: such values are")
        writer.line("// dropped before a category read back is set again.")
        writer.block("function withoutReadBackInput(category: IOSNotificationCategory): IOSNotificationCategory") { writer in
            writer.line("if (category.actions === undefined) return category;")
            writer.line("const actions = category.actions.map((action): IOSNotificationCategoryAction => {")
            writer.line("  const { input, ...plain } = action;")
            writer.line("  return input === true || (typeof input === 'object' && input !== null) ? action : plain;")
            writer.line("});")
            writer.line("return { ...category, actions };")
        }
        return writer.finish()
    }

    private func write(_ category: Category, actions: [Action], into writer: inout CodeWriter) {
        let identifier = category.identifier
        writer.line("{")
        writer.indented { writer in
            writer.line("id: ", TypeScriptModule.constant("NotificationCategoryId", identifier), ",")
            if !actions.isEmpty {
                writer.line("actions: [")
                writer.indented { writer in
                    for action in actions { write(action, into: &writer) }
                }
                writer.line("],")
            }
            let intents = category.intentIdentifiers.compactMap(NotifeeIntent.member(for:))
            if !intents.isEmpty {
                writer.line("intentIdentifiers: [", CommaSeparated(intents.map { "IOSIntentIdentifier." + $0 }), "],")
            }
            for option in category.options {
                switch option {
                case .customDismissAction: continue  // Notifee sets it on every category.
                case .allowInCarPlay, .hiddenPreviewsShowTitle, .hiddenPreviewsShowSubtitle, .allowAnnouncement:
                    writer.line(option.rawValue, ": true,")
                }
            }
            if let placeholder = category.hiddenPreviewsBodyPlaceholder {
                writer.line(
                    "hiddenPreviewsBodyPlaceholder: ",
                    TypeScriptModule.text(LocalizationKey.hiddenPreviewsBodyPlaceholder(identifier), placeholder), ",")
            }
            if let format = category.categorySummaryFormat {
                writer.line(
                    "summaryFormat: ", TypeScriptModule.text(LocalizationKey.categorySummaryFormat(identifier), format),
                    ",")
            }
        }
        writer.line("},")
    }

    private func write(_ action: Action, into writer: inout CodeWriter) {
        let identifier = action.identifier
        writer.line("{")
        writer.indented { writer in
            writer.line("id: ", TypeScriptModule.constant("NotificationActionId", identifier), ",")
            writer.line("title: ", TypeScriptModule.text(LocalizationKey.actionTitle(identifier), action.title), ",")
            if let textInput = action.textInput {
                writer.line("input: {")
                writer.indented { writer in
                    writer.line(
                        "buttonText: ",
                        TypeScriptModule.text(LocalizationKey.actionButtonTitle(identifier), textInput.buttonTitle), ",")
                    writer.line(
                        "placeholderText: ",
                        TypeScriptModule.text(LocalizationKey.actionPlaceholder(identifier), textInput.placeholder), ",")
                }
                writer.line("},")
            }
            for option in action.options { writer.line(option.rawValue, ": true,") }
        }
        writer.line("},")
    }
}
