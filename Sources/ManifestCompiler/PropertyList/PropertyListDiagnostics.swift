// The property-list reader's message catalogue (static factories, by kind of problem).

/// Messages of ``PropertyListReader``: malformed XML (`E401`), duplicate keys (`E402`), unknown or misplaced
/// elements (`E403`), unreadable values (`E404`), nesting (`E405`) and unsupported formats (`E406`).
enum PropertyListDiagnostics {
    /// The elements of Apple's property-list DTD.
    static let elementNames = ["plist", "dict", "array", "key", "string", "integer", "real", "true", "false", "date", "data"]

    // MARK: - Malformed XML (E401)

    static func emptyDocument(at range: SourceRange) -> Diagnostic {
        Diagnostic(.malformedPropertyList, "expected a property list, found the end of the file", at: range)
    }

    static func expectedRoot(at range: SourceRange, found: String) -> Diagnostic {
        Diagnostic(.malformedPropertyList, "expected '<plist>', found \(found)", at: range)
    }

    static func unexpectedMarkup(at range: SourceRange) -> Diagnostic {
        Diagnostic(.malformedPropertyList, "expected a comment or '<!DOCTYPE', found '<!'", at: range)
    }

    static func trailingContent(at range: SourceRange, found: String) -> Diagnostic {
        Diagnostic(
            .malformedPropertyList, "unexpected \(found) after the end of the property list", at: range,
            help: ["a property list holds exactly one value, inside <plist>"])
    }

    static func unclosed(_ tag: Tag, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .malformedPropertyList, "expected '</\(tag.name)>', found the end of the file", at: range,
            notes: [DiagnosticNote("'<\(tag.name)>' is opened here", at: tag.range)])
    }

    static func expectedEndTag(_ tag: Tag, at range: SourceRange, found: String) -> Diagnostic {
        Diagnostic(
            .malformedPropertyList, "expected '</\(tag.name)>', found \(found)", at: range,
            notes: [DiagnosticNote("'<\(tag.name)>' is opened here", at: tag.range)])
    }

    static func expectedElementName(at range: SourceRange, found: String) -> Diagnostic {
        Diagnostic(.malformedPropertyList, "expected an element name after '<', found \(found)", at: range)
    }

    static func unterminatedTag(_ name: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.malformedPropertyList, "tag '<\(name)' is not closed with '>'", at: range)
    }

    static func unterminated(_ what: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.malformedPropertyList, "\(what) is not closed", at: range)
    }

    static func internalSubset(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .malformedPropertyList, "a DOCTYPE with an internal subset is not supported", at: range,
            help: ["use Apple's DOCTYPE line, as Xcode writes it"])
    }

    static func bareAmpersand(at range: SourceRange) -> Diagnostic {
        Diagnostic(.malformedPropertyList, "'&' starts a reference that is not closed with ';'", at: range, help: ["write '&amp;' for '&'"])
    }

    static func unknownEntity(_ text: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .malformedPropertyList, "unknown entity '\(text)'", at: range,
            help: ["property lists know only &lt; &gt; &amp; &apos; &quot; and numeric references such as &#233;"])
    }

    static func invalidCharacterReference(_ text: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.malformedPropertyList, "character reference '\(text)' does not name a character XML can hold", at: range)
    }

    // MARK: - Elements (E403)

    static func unknownElement(_ tag: Tag) -> Diagnostic {
        var help: [String] = []
        switch tag.name.lowercased() {
        case "bool", "boolean", "yes", "no": help = ["property lists write booleans as <true/> or <false/>"]
        case "int", "number", "float", "double": help = ["property lists write numbers as <integer> or <real>"]
        default:
            if let suggestion = NameSuggester.suggestion(for: tag.name, among: elementNames) {
                help = ["did you mean '<\(suggestion)>'?"]
            }
        }
        return Diagnostic(
            .unexpectedPlistElement, "unknown element '<\(tag.name)>'", at: nameRange(tag), help: help)
    }

    static func keyOutsideDictionary(_ tag: Tag) -> Diagnostic {
        Diagnostic(
            .unexpectedPlistElement, "'<key>' is allowed only in a <dict>, before each value", at: nameRange(tag))
    }

    static func expectedKey(_ tag: Tag) -> Diagnostic {
        Diagnostic(
            .unexpectedPlistElement, "expected '<key>' in <dict>, found '<\(tag.name)>'", at: nameRange(tag),
            help: ["each value in a dictionary follows its <key>"])
    }

    static func missingValue(_ key: String, at range: SourceRange, found: Tag?) -> Diagnostic {
        Diagnostic(
            .unexpectedPlistElement,
            "key '\(key)' has no value; found \(found.map { "'<\($0.name)>'" } ?? "'</dict>'") after it", at: range,
            help: ["add its value after </key>, or remove the key"])
    }

    static func secondRoot(_ tag: Tag) -> Diagnostic {
        Diagnostic(
            .unexpectedPlistElement, "a property list holds one value; found a second one, '<\(tag.name)>'",
            at: nameRange(tag))
    }

    static func emptyPlist(at range: SourceRange) -> Diagnostic {
        Diagnostic(.unexpectedPlistElement, "'<plist>' is empty", at: range, help: ["an Info.plist holds one <dict>"])
    }

    static func strayText(_ written: String, in container: Tag, at range: SourceRange) -> Diagnostic {
        let text = written.utf8.count > 40 ? "text" : "text '\(written)'"
        return Diagnostic(
            .unexpectedPlistElement, "unexpected \(text) in <\(container.name)>", at: range,
            help: [container.name == "dict" ? "a <dict> holds only <key> elements and values" : "wrap text in <string>"])
    }

    static func markupInText(_ tag: Tag, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .unexpectedPlistElement, "a comment or processing instruction is not allowed inside <\(tag.name)>", at: range,
            help: ["CoreFoundation refuses it; move it outside the element"])
    }

    // MARK: - Values (E404)

    static func duplicateKey(_ key: String, at range: SourceRange, first: SourceRange) -> Diagnostic {
        Diagnostic(
            .duplicatePlistKey, "duplicate key '\(key)'", at: range,
            notes: [DiagnosticNote("'\(key)' is first written here", at: first)],
            help: ["the system reads only the last value; keep one"])
    }

    static func nonEmptyBoolean(_ tag: Tag, content: SourceRange) -> Diagnostic {
        Diagnostic(
            .invalidPlistValue, "'<\(tag.name)>' must be empty", at: content, help: ["write <\(tag.name)/>"])
    }

    static func emptyScalar(_ tag: Tag) -> Diagnostic {
        Diagnostic(.invalidPlistValue, "'<\(tag.name)/>' has no value", at: tag.range)
    }

    static func referenceInScalar(_ tag: Tag, at range: SourceRange) -> Diagnostic {
        Diagnostic(.invalidPlistValue, "references are not allowed in <\(tag.name)>", at: range)
    }

    static func invalidInteger(_ problem: PropertyListScalars.IntegerProblem, text: String, at range: SourceRange)
        -> Diagnostic
    {
        let message: String
        var help: [String] = []
        switch problem {
        case .empty: message = "'<integer>' is empty"
        case .incomplete: message = "'<integer>' has a sign or '0x' but no digits"
        case .unexpectedCharacter(let scalar, let isWhitespace, _):
            if isWhitespace {
                message = "whitespace after the digits of an <integer>"
                help = ["CoreFoundation does not read it; remove the space before </integer>"]
            } else if scalar == "." || scalar == "e" || scalar == "E" {
                message = "'\(text)' is not a whole number"
                help = ["write <real> for a number with a fraction"]
            } else {
                message = "unexpected character '\(scalar)' in <integer>"
            }
        case .hexDigitInDecimal:
            message = "'\(text)' has hexadecimal digits but no '0x'"
        case .outOfRange:
            message = "integer '\(text)' does not fit in 64 bits"
        }
        return Diagnostic(.invalidPlistValue, message, at: range, help: help)
    }

    static func invalidReal(_ text: String, at range: SourceRange) -> Diagnostic {
        var help = ["write a decimal number such as 0.5 or 1e-3"]
        if let last = text.unicodeScalars.last, PropertyListScalars.isRealWhitespace(last) {
            help = ["CoreFoundation does not read whitespace after the number; remove it"]
        } else if text.contains(",") {
            help = ["write '.' as the decimal separator"]
        }
        return Diagnostic(.invalidPlistValue, "'\(text)' is not a number", at: range, help: help)
    }

    static func invalidDate(_ text: String, _ problem: PropertyListScalars.DateProblem, at range: SourceRange) -> Diagnostic {
        switch problem {
        case .malformed:
            return Diagnostic(
                .invalidPlistValue, "'\(text)' is not a date", at: range,
                help: ["write a UTC date and time as YYYY-MM-DDTHH:MM:SSZ, such as 2024-01-31T12:00:00Z"])
        case .outOfRange(let field):
            return Diagnostic(
                .invalidPlistValue, "'\(text)' is not a real date: its \(field) is out of range", at: range,
                help: ["CoreFoundation would silently move it to a later date; write the date meant"])
        }
    }

    static func invalidData(_ character: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .invalidPlistValue, "'<data>' holds '\(character)', which is not base64", at: range,
            help: ["<data> holds base64 text: A-Z, a-z, 0-9, '+', '/', '=' and whitespace"])
    }

    // MARK: - Limits and formats (E405, E406)

    static func nestingTooDeep(_ tag: Tag, limit: Int) -> Diagnostic {
        Diagnostic(
            .plistNestingTooDeep, "property list is nested too deeply (the limit is \(limit))", at: nameRange(tag))
    }

    static func notXML(at range: SourceRange, startsWith byte: UInt8) -> Diagnostic {
        let kind = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") ? "JSON or an old-style property list" : "text"
        return Diagnostic(
            .unsupportedPlistFormat, "this is not an XML property list (it looks like \(kind))", at: range,
            help: ["notifc reads XML property lists; convert it with 'plutil -convert xml1'"])
    }

    static func unsupportedEncoding(_ name: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .unsupportedPlistFormat, "the XML declaration names encoding '\(name)'; notifc reads UTF-8 property lists",
            at: range, help: ["convert it with 'plutil -convert xml1', which writes UTF-8"])
    }

    // MARK: - Helpers

    /// `<name` of a tag, which is where problems with the element are shown.
    static func nameRange(_ tag: Tag) -> SourceRange {
        SourceRange(file: tag.range.file, start: tag.range.start, end: min(tag.range.end, tag.range.start + 1 + tag.name.utf8.count))
    }
}
