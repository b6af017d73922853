// Help and usage text in swift-argument-parser's layout (OVERVIEW, USAGE, ARGUMENTS, OPTIONS).

/// Builds `--help` output and usage-error text.
enum HelpText {
    /// The top-level help (`notifc --help`).
    static func overview(_ subcommands: [any Subcommand.Type]) -> String {
        let width = (subcommands.map { $0.spec.name.count }.max() ?? 0) + 4
        var text = """
            OVERVIEW: Compile iOS notification manifests (.notif) into extension Info.plists, a JSON \
            registration bundle and checks.

            USAGE: notifc <subcommand> [options]

            SUBCOMMANDS:

            """
        for command in subcommands {
            text += "  " + pad(command.spec.name, to: width) + command.spec.abstract + "\n"
        }
        text += """

              See 'notifc help <subcommand>' for detailed help.

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            """
        return text
    }

    /// The help of one subcommand.
    static func help(for spec: CommandSpec) -> String {
        var rows: [(String, String)] = spec.options.map { option in
            var label = option.short.map { "\($0), " } ?? ""
            label += option.name
            if let value = option.valueName { label += " <\(value)>" }
            return (label, option.help)
        }
        rows.append(("-h, --help", "Show help information."))
        let width = max(24, (rows.map(\.0.count) + [spec.positionals.name.count + 2]).max() ?? 0) + 2
        var text = "OVERVIEW: \(spec.abstract)\n\nUSAGE: \(spec.usage)\n\n"
        if spec.positionals.maximum != 0 {
            text += "ARGUMENTS:\n  " + pad("<\(spec.positionals.name)>", to: width) + spec.positionals.help + "\n\n"
        }
        text += "OPTIONS:\n"
        for (label, help) in rows { text += "  " + pad(label, to: width) + help + "\n" }
        if let discussion = spec.discussion { text += "\n" + discussion + "\n" }
        return text
    }

    /// The text printed for a usage error (to stderr).
    static func usageError(_ error: UsageError, usage: String, helpCommand: String) -> String {
        var text = "error: \(error.message)\n"
        if let help = error.help { text += "help: \(help)\n" }
        text += "Usage: \(usage)\n  See '\(helpCommand)' for more information.\n"
        return text
    }

    private static func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? text + "  " : text + String(repeating: " ", count: width - text.count)
    }
}
