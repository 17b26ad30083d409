import Foundation
import PackagePlugin

/// `swift package format-source`: formats the Swift sources of the package in place with the
/// toolchain's `swift-format` and the package's `.swiftformat` configuration, or lints them
/// (`--lint`, which fails on any finding, as `swift format lint --strict` does).
///
/// ```sh
/// swift package --allow-writing-to-package-directory format-source
/// swift package --allow-writing-to-package-directory format-source --lint
/// swift package --allow-writing-to-package-directory format-source --target RSCore Tests/CoreTests
/// ```
///
/// Without paths or `--target`, it formats `Package.swift`, the directories of the Swift targets, and
/// `Plugins`.
/// `--configuration <file>` names another configuration. See Documentation/Plugins.md.
@main
struct FormatSourcePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let lints = extractor.extractFlag(named: "lint") > 0
        let targetNames = extractor.extractOption(named: "target")
        let configurationPath = extractor.extractOption(named: "configuration").last
        let unknownOptions = extractor.unextractedOptionsOrFlags
        guard unknownOptions.isEmpty else {
            throw FormatSourceError(
                "unknown options \(unknownOptions.joined(separator: " ")): "
                    + "format-source takes --lint, --target <name>, --configuration <file>, and paths")
        }
        let packageDirectory = context.package.directoryURL

        var paths = extractor.remainingArguments.map { URL(fileURLWithPath: $0, relativeTo: packageDirectory).path }
        if !targetNames.isEmpty {
            paths += try swiftDirectories(of: context.package.targets(named: targetNames))
        } else if paths.isEmpty {
            paths =
                [packageDirectory.appendingPathComponent("Package.swift").path]
                + swiftDirectories(of: context.package.targets)
            // Plugins are no targets of the package's list: their conventional folder.
            let plugins = packageDirectory.appendingPathComponent("Plugins")
            if FileManager.default.fileExists(atPath: plugins.path) { paths.append(plugins.path) }
        }

        var swiftFormatArguments = lints ? ["lint", "--strict"] : ["format", "--in-place"]
        let configuration =
            configurationPath.map { packageDirectory.appendingPathComponent($0) }
            ?? packageDirectory.appendingPathComponent(".swiftformat")
        if FileManager.default.fileExists(atPath: configuration.path) {
            swiftFormatArguments += ["--configuration", configuration.path]
        } else if configurationPath != nil {
            throw FormatSourceError("no configuration file at \(configuration.path)")
        }
        swiftFormatArguments += ["--recursive", "--parallel"] + paths

        let process = Process()
        process.executableURL = try context.tool(named: "swift-format").url
        process.arguments = swiftFormatArguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw FormatSourceError(
                lints
                    ? "swift-format lint found problems (status \(process.terminationStatus)): see above"
                    : "swift-format failed (status \(process.terminationStatus))")
        }
    }

    /// The directories of the Swift targets among `targets`.
    private func swiftDirectories(of targets: [any Target]) -> [String] {
        targets.compactMap { ($0 as? SwiftSourceModuleTarget)?.directoryURL.path }
    }
}
