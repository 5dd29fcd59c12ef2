import Foundation
import PackagePlugin

/// Puts the default theme (`Templates/`) inside the `folio` binary, so a copied binary
/// builds books anywhere while `Templates/` stays the editable source. The theme's scripts and
/// stylesheets go in minified by esbuild, which must be on the PATH (Debian's and Homebrew's
/// package are both `esbuild`).
@main
struct ThemeEmbedding: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appendingPathComponent("Templates")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("DefaultThemeFiles.swift")
        let files = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
        let esbuild = try Self.esbuild()
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: try context.tool(named: "embed-theme").url,
                arguments: [templates.path, output.path, esbuild.path],
                inputFiles: files + [esbuild],
                outputFiles: [output]
            ),
        ]
    }

    /// The first `esbuild` on the PATH.
    static func esbuild() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let found = path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("esbuild") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        guard let found else { throw MissingTool() }
        return found
    }

    struct MissingTool: Error, CustomStringConvertible {
        var description: String {
            "esbuild, which minifies the theme's scripts and stylesheets into folio, is not on the PATH: "
                + "install the esbuild package (apt-get install esbuild, or brew install esbuild)"
        }
    }
}
