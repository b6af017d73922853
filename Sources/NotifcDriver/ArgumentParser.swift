// A small declarative command-line parser: options, flags and positionals, with "did you mean".
import ManifestCompiler

/// One option or flag of a command.
struct OptionSpec: Sendable {
    /// The long name, with dashes: `--output`.
    let name: String
    /// The short name, with its dash: `-o`.
    var short: String?
    /// The value's placeholder (`dir`), or `nil` for a flag.
    var valueName: String?
    /// The allowed values, when restricted.
    var allowedValues: [String]?
    /// Whether the value is a comma-separated list of allowed values.
    var isList = false
    /// Whether the command cannot run without it.
    var isRequired = false
    /// One line of help.
    let help: String

    static func flag(_ name: String, short: String? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    static func option(
        _ name: String, short: String? = nil, value: String, allowed: [String]? = nil, isList: Bool = false,
        isRequired: Bool = false, help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, valueName: value, allowedValues: allowed, isList: isList,
            isRequired: isRequired, help: help)
    }
}

/// The shape of one subcommand's command line.
struct CommandSpec: Sendable {
    /// The subcommand's name (`build`).
    let name: String
    /// One line: what it does.
    let abstract: String
    /// The positional arguments' placeholder and help, e.g. `("inputs", "…")`.
    let positionals: (name: String, help: String, minimum: Int, maximum: Int?)
    /// The options, in help order (`--help` is added automatically).
    let options: [OptionSpec]
    /// Extra paragraphs printed after the options.
    var discussion: String?

    /// `notifc build <inputs> ... [options]`.
    var usage: String {
        let ellipsis = positionals.maximum == 1 ? "" : " ..."
        let required = options.filter(\.isRequired)
            .map { "\($0.name) <\($0.valueName ?? "")>" }
        let operands = positionals.maximum == 0 ? [] : ["<\(positionals.name)>\(ellipsis)"]  // `notifc lsp` takes none
        return (["notifc", name] + operands + required + ["[options]"]).joined(separator: " ")
    }
}

/// A command line that does not fit its ``CommandSpec`` (exit status 64).
struct UsageError: Error, Equatable {
    let message: String
    var help: String?
}

/// The parsed command line.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    /// Whether `--help` or `-h` was given.
    var wantsHelp = false

    /// The value of option `name` (long form, with dashes), if given.
    func value(_ name: String) -> String? { values[name] }

    /// The comma-separated values of list option `name`, if given.
    func list(_ name: String) -> [String]? {
        values[name].map { $0.split(separator: ",").map { String($0) } }
    }

    /// Whether flag `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Parses `arguments` (without the program and subcommand names) against `spec`.
    static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.wantsHelp = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { $0.name == name || $0.short == name }) else {
                let known = spec.options.map(\.name) + ["--help"]
                throw UsageError(
                    message: "unknown option '\(name)'",
                    help: NameSuggester.suggestion(for: name, among: known).map { "did you mean '\($0)'?" })
            }
            guard option.valueName != nil else {
                if inlineValue != nil { throw UsageError(message: "option '\(option.name)' does not take a value") }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(message: "missing value for '\(option.name) <\(option.valueName ?? "value")>'")
            }
            // No option takes an empty value: one is a mistake, such as an unset shell variable (`-o "$OUT"`).
            guard !value.isEmpty else {
                throw UsageError(
                    message: "empty value for '\(option.name) <\(option.valueName ?? "value")>'",
                    help: "give a value; an unset shell variable gives an empty one")
            }
            if let allowed = option.allowedValues {
                let items = option.isList ? value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [value]
                for item in items where !allowed.contains(item) {
                    let suggestion = NameSuggester.suggestion(for: item, among: allowed).map { "did you mean '\($0)'? " } ?? ""
                    throw UsageError(
                        message: "invalid value '\(item)' for '\(option.name)'",
                        help: suggestion + "expected \(option.isList ? "a comma-separated list of " : "one of ")"
                            + allowed.joined(separator: ", "))
                }
            }
            parsed.values[option.name] = value
        }
        if !parsed.wantsHelp {
            if parsed.positionals.count < spec.positionals.minimum {
                throw UsageError(message: "missing <\(spec.positionals.name)>")
            }
            if let maximum = spec.positionals.maximum, parsed.positionals.count > maximum {
                throw UsageError(message: "unexpected argument '\(parsed.positionals[maximum])'")
            }
            for option in spec.options where option.isRequired && parsed.values[option.name] == nil {
                throw UsageError(message: "missing required option '\(option.name) <\(option.valueName ?? "value")>'")
            }
        }
        return parsed
    }
}
