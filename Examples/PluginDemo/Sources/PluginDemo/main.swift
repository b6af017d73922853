// Prints every category identifier of the manifest, one per line, from the enum the build plugin generated.
for category in NotificationManifest.Category.allCases {
    print(category.rawValue)
}
