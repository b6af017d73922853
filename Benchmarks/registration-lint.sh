#!/usr/bin/env bash
# Benchmark: `notifc lint` on a generated project of 2,000 Swift files (Benchmarks/registration-lint.sh [files]).
# Each file defines an enum and constants; every tenth registers categories with actions built from them; one
# content extension's Info.plist names a registered category. Prints the wall time of the lint (release build).
set -euo pipefail
cd "$(dirname "$0")/.."
files=${1:-2000}
swift build -c release --product notifc >/dev/null
notifc="$(swift build -c release --show-bin-path)/notifc"
project=$(mktemp -d)
trap 'rm -rf "$project"' EXIT
mkdir -p "$project/App/Sources" "$project/NotificationContent"
for ((i = 0; i < files; i++)); do
    file="$project/App/Sources/Feature$i.swift"
    {
        echo "import UserNotifications"
        echo "enum Feature${i}Category: String { case main = \"feature$i.main\", other }"
        echo "struct Feature${i}Constants { static let accept = \"feature$i.accept\"; static let title = \"Accept $i\" }"
        echo "/* A comment with \"quotes\" and UNNotificationCategory(identifier: \"commented$i\") */"
        echo "final class Feature$i {"
        echo "    let banner = \"\"\""
        echo "        Feature $i \\(Feature${i}Constants.title)"
        echo "        \"\"\""
        echo "    func compute(_ x: Int) -> Int { (0..<x).map { \$0 * $i }.reduce(0, +) }"
        if ((i % 10 == 0)); then
            echo "    func register() {"
            echo "        let accept = UNNotificationAction(identifier: Feature${i}Constants.accept, title: Feature${i}Constants.title, options: [.foreground])"
            echo "        let decline = UNNotificationAction(identifier: \"feature$i.decline\", title: NSLocalizedString(\"Decline\", comment: \"\"), options: .destructive)"
            echo "        let category = UNNotificationCategory(identifier: Feature${i}Category.main.rawValue, actions: [accept, decline], intentIdentifiers: [], options: [.customDismissAction])"
            echo "        _ = category"
            echo "    }"
        fi
        echo "}"
    } >"$file"
done
echo 'func registerAll() { UNUserNotificationCenter.current().setNotificationCategories([]) }' >"$project/App/Sources/Registrar.swift"
cat >"$project/NotificationContent/Info.plist" <<'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>NSExtension</key>
	<dict>
		<key>NSExtensionAttributes</key>
		<dict>
			<key>UNNotificationExtensionCategory</key>
			<string>feature0.main</string>
			<key>UNNotificationExtensionInitialContentSizeRatio</key>
			<real>1</real>
		</dict>
		<key>NSExtensionMainStoryboard</key>
		<string>MainInterface</string>
		<key>NSExtensionPointIdentifier</key>
		<string>com.apple.usernotifications.content-extension</string>
	</dict>
</dict>
</plist>
PLIST
size=$(du -sk "$project/App" | cut -f1)
start=$(date +%s%N)
"$notifc" lint "$project" >/dev/null 2>&1 && status=0 || status=$?
end=$(date +%s%N)
echo "notifc lint: $files Swift files (${size} KiB), exit status $status, $(( (end - start) / 1000000 )) ms"
