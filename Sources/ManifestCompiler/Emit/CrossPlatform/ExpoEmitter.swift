// Emits notificationCategories.expo.ts: identifiers and a registration that sets each category in turn.

/// Writes `notificationCategories.expo.ts` (format `expo`) for expo-notifications 0.30 and later: identifier
/// constants and `registerNotificationCategories()`, which awaits `setNotificationCategoryAsync` once per
/// category, in manifest order (parallel calls lost categories before expo fixed a race), and writes every action
/// option explicitly (`opensAppToForeground` defaults differ between platforms and versions).
public struct ExpoEmitter: CrossPlatformEmitter {
    /// The output's file name.
    public static let fileName = "notificationCategories.expo.ts"

    /// The manifest paths the header names.
    public var sourcePaths: [String]

    public init(sourcePaths: [String] = []) {
        self.sourcePaths = sourcePaths
    }

    public func contents(_ manifest: Manifest) -> [UInt8] {
        var writer = CodeWriter(capacity: 2048 + 1024 * manifest.categories.count, indentWidth: 2)
        CrossPlatformHeader.write(
            library: .expo, manifest: manifest, sourcePaths: sourcePaths,
            about: [
                "The notification categories of the manifest for expo-notifications (0.30 and later). Register them",
                "once at start-up, before any notification arrives: await registerNotificationCategories();",
                "Each category replaces the one with its identifier; categories other code registered stay.",
            ], into: &writer)
        writer.line()
        writer.line("/* eslint-disable */")
        writer.line()
        // Imports only what the code uses (`tsc --noUnusedLocals` rejects the rest): nothing without categories.
        if !manifest.categories.isEmpty { writer.line("import * as Notifications from 'expo-notifications';") }
        if manifest.categories.contains(where: { $0.actions.isEmpty }) {
            writer.line("import { Platform } from 'react-native';")
        }
        if !manifest.categories.isEmpty { writer.line() }
        TypeScriptModule.writeIdentifiersAndTranslator(of: manifest, into: &writer)
        writer.line()
        writer.line("/**")
        writer.line(" * Registers the manifest's categories, one after the other. `translate` gives every title, button")
        writer.line(" * title and placeholder; without it, the manifest's text is used.")
        writer.line(" */")
        writer.line("export async function registerNotificationCategories(")
        writer.line(TypeScriptModule.translatorParameter(manifest))
        writer.block("): Promise<void>") { writer in
            let indices = manifest.actionIndices
            for category in manifest.categories {
                let actions = manifest.actions(of: category, indices: indices)
                guard actions.isEmpty else {
                    write(category, actions: actions, into: &writer)
                    continue
                }
                // Android rejects a category without actions, and the await would stop the categories after it.
                writer.block("if (Platform.OS === 'ios')") { writer in write(category, actions: actions, into: &writer) }
            }
        }
        return writer.finish()
    }

    private func write(_ category: Category, actions: [Action], into writer: inout CodeWriter) {
        let identifier = category.identifier
        writer.line("await Notifications.setNotificationCategoryAsync(")
        writer.indented { writer in
            writer.line(TypeScriptModule.constant("NotificationCategoryId", identifier), ",")
            if actions.isEmpty {
                writer.line("[],")
            } else {
                writer.line("[")
                writer.indented { writer in
                    for action in actions { write(action, into: &writer) }
                }
                writer.line("],")
            }
            var options: [(String, String)] = []
            if !category.intentIdentifiers.isEmpty {
                options.append(("intentIdentifiers", "[" + category.intentIdentifiers.map(TypeScriptLiteral.string).joined(separator: ", ") + "]"))
            }
            if let placeholder = category.hiddenPreviewsBodyPlaceholder {
                options.append(("previewPlaceholder", TypeScriptModule.text(LocalizationKey.hiddenPreviewsBodyPlaceholder(identifier), placeholder)))
            }
            if let format = category.categorySummaryFormat {
                options.append(("categorySummaryFormat", TypeScriptModule.text(LocalizationKey.categorySummaryFormat(identifier), format)))
            }
            for option in category.options {
                switch option {
                case .customDismissAction, .allowInCarPlay: options.append((option.rawValue, "true"))
                case .hiddenPreviewsShowTitle: options.append(("showTitle", "true"))
                case .hiddenPreviewsShowSubtitle: options.append(("showSubtitle", "true"))
                case .allowAnnouncement: continue  // expo-notifications ignores it.
                }
            }
            if !options.isEmpty {
                writer.line("{")
                writer.indented { writer in
                    for (key, value) in options { writer.line(key, ": ", value, ",") }
                }
                writer.line("},")
            }
        }
        writer.line(");")
    }

    private func write(_ action: Action, into writer: inout CodeWriter) {
        let identifier = action.identifier
        writer.line("{")
        writer.indented { writer in
            writer.line("identifier: ", TypeScriptModule.constant("NotificationActionId", identifier), ",")
            writer.line("buttonTitle: ", TypeScriptModule.text(LocalizationKey.actionTitle(identifier), action.title), ",")
            if let textInput = action.textInput {
                writer.line("textInput: {")
                writer.indented { writer in
                    writer.line(
                        "submitButtonTitle: ",
                        TypeScriptModule.text(LocalizationKey.actionButtonTitle(identifier), textInput.buttonTitle), ",")
                    writer.line(
                        "placeholder: ",
                        TypeScriptModule.text(LocalizationKey.actionPlaceholder(identifier), textInput.placeholder), ",")
                }
                writer.line("},")
            }
            writer.line("options: {")
            writer.indented { writer in
                writer.line("opensAppToForeground: ", String(action.options.contains(.foreground)), ",")
                writer.line("isDestructive: ", String(action.options.contains(.destructive)), ",")
                writer.line("isAuthenticationRequired: ", String(action.options.contains(.authenticationRequired)), ",")
            }
            writer.line("},")
        }
        writer.line("},")
    }
}
