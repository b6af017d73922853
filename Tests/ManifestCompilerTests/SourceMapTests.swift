// The SourceMap: each model value's parts point at the text that wrote them; it is left out on request.
import ManifestCompiler
import Testing

struct SourceMapTests {
    static let text = """
        action accept { title: "Accept", options: [foreground, destructive] }
        action decline { title: "Decline" }
        category "com.example.invite" { actions: [accept, decline] }
        contentExtension Invites { categories: ["com.example.invite"], storyboard: "Main", initialContentSizeRatio: 1 }

        """

    private func written(_ range: SourceRange?) -> String? {
        range.map { String(decoding: Array(Self.text.utf8)[$0.start..<$0.end], as: UTF8.self) }
    }

    @Test func everyPartPointsAtItsText() throws {
        let result = TestCompile.source(Self.text)
        let manifest = try #require(result.manifest)
        let map = result.locations
        #expect(map.actions.count == manifest.actions.count && map.categories.count == 1 && map.extensions.count == 1)
        #expect(written(map.actions[0].name) == "accept")
        #expect(written(map.actions[0].value(of: .title)) == "\"Accept\"")
        #expect(manifest.actions[0].options == [.destructive, .foreground])  // Apple's bit order
        #expect(map.actions[0].options.map(written) == ["destructive", "foreground"])  // located in that order
        #expect(written(map.categories[0].name) == "\"com.example.invite\"")
        #expect(map.categories[0].listItems.map(written) == ["accept", "decline"])
        #expect(written(map.categories[0].range)?.hasPrefix("category") == true)
        #expect(written(map.extensions[0].value(of: .storyboard)) == "\"Main\"")
        #expect(map.extensions[0].wrote(.initialContentSizeRatio) && !map.extensions[0].wrote(.principalClass))
        #expect(written(map.extensions[0].entries.first?.keyRange) == "categories")
    }

    @Test func aKeyWithAnInvalidValueIsWrittenButNotLocated() {
        let result = TestCompile.source("action a { title: 5 }\ncategory c { actions: [a] }")
        #expect(result.manifest == nil)
        #expect(result.locations.actions.first?.wrote(.title) == true)
        #expect(result.locations.actions.first?.value(of: .title) == nil)
    }

    @Test func locationsAreLeftOutOnRequest() {
        var options = CompilerOptions()
        options.keepsLocations = false
        let result = TestCompile.source(Self.text, options: options)
        #expect(result.manifest != nil)
        #expect(result.locations == SourceMap())
    }
}
