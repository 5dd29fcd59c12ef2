import Foundation
import PackagePlugin

/// Writes the commit Folio is built from into the `folio` executable, for `folio --version`.
/// stamp-commit asks git; the command runs again only when one of git's own files that move with
/// HEAD changes (HEAD, its reflog, the branch's ref, the packed refs), so a build with nothing
/// changed compiles nothing, and a commit recompiles only the one generated file. Outside a git
/// checkout (a source tarball) there is nothing to watch, and the commit is "unknown".
@main
struct CommitStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Commit.swift")
        return [
            .buildCommand(
                displayName: "Stamping the commit",
                executable: try context.tool(named: "stamp-commit").url,
                arguments: [package.path, output.path],
                inputFiles: headFiles(around: package),
                outputFiles: [output]
            ),
        ]
    }

    /// The files git rewrites when HEAD moves, for the repository around `folder`: `.git` is the
    /// repository, or (in a linked worktree) a file naming the worktree's own folder, whose
    /// `commondir` names the repository shared by all worktrees.
    func headFiles(around folder: URL) -> [URL] {
        let dotGit = folder.appendingPathComponent(".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else {
            let parent = folder.deletingLastPathComponent()
            return parent.path == folder.path ? [] : headFiles(around: parent)
        }
        var gitFolder = dotGit
        if !isFolder.boolValue, let link = try? String(contentsOf: dotGit, encoding: .utf8), link.hasPrefix("gitdir: ") {
            gitFolder = URL(fileURLWithPath: line(link.dropFirst("gitdir: ".count)), relativeTo: folder)
        }
        let common = (try? String(contentsOf: gitFolder.appendingPathComponent("commondir"), encoding: .utf8))
            .map { URL(fileURLWithPath: line($0), relativeTo: gitFolder) } ?? gitFolder
        var files = [gitFolder.appendingPathComponent("HEAD"), gitFolder.appendingPathComponent("logs/HEAD"),
                     common.appendingPathComponent("packed-refs")]
        if let head = try? String(contentsOf: files[0], encoding: .utf8), head.hasPrefix("ref: ") {
            files.append(common.appendingPathComponent(line(head.dropFirst("ref: ".count))))
        }
        return files.map(\.standardizedFileURL).filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    func line(_ text: some StringProtocol) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
