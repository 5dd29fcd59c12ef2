import Foundation
import PackagePlugin

/// Puts the default theme (`Templates/`) inside the `folio` binary, so a copied binary
/// builds books anywhere while `Templates/` stays the editable source. embed-theme minifies the
/// theme's scripts and stylesheets with the esbuild it finds on the PATH when it runs (not when
/// the plugin plans the command: SwiftPM keeps a plan, so a build after esbuild is installed
/// would still use one made without it).
@main
struct ThemeEmbedding: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appendingPathComponent("Templates")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("DefaultThemeFiles.swift")
        let files = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: try context.tool(named: "embed-theme").url,
                arguments: [templates.path, output.path],
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}
