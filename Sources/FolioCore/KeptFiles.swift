import Foundation

/// What a build keeps of the one before, in the output folder it left: the files it answered
/// `.kept` (read back for what is made of the site's files, the EPUB), and the pages whose
/// documents are kept, by number.
struct KeptFiles: Sendable {
    var root: String
    var pages: Set<Int>

    func read(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
    }
}
