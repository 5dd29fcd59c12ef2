import FolioBase
import Foundation

/// The faces a book's pages are set in, which the paginator measures: the theme's text faces
/// (regular, italic, bold, bold italic) and its monospace, read once a build.
package final class BookType: Sendable {
    private let faces: [TextWidths.Face: Typeface]
    /// What the text faces' advances are taken at: 1, or more for a book whose Latin runs sit
    /// among ideographs (`widened`).
    private let scale: Double
    /// Of the faces' bytes and the scale: two types measure alike when it is the same.
    package let fingerprint: UInt64
    /// The same faces, their text measured 25% wide. Among Chinese or Japanese text, Chromium
    /// breaks a run of Latin words or code earlier than their widths alone would have it (a code
    /// span after `，` goes whole to the next line with room to spare on the first), which the
    /// line model does not follow yet: in such books it keeps that room.
    package let widened: BookType?

    /// The faces from their files' bytes; a face missing or unreadable is measured by
    /// `TextWidths`' estimates.
    package convenience init(_ files: [TextWidths.Face: Data]) {
        let faces = files.compactMapValues(Typeface.init)
        var print = Fingerprint()
        for face in TextWidths.Face.allCases { print.add(files[face] ?? Data()) }
        self.init(faces, scale: 1, fingerprint: print.value,
                  widened: BookType(faces, scale: 1.25, fingerprint: print.value &+ 1, widened: nil))
    }

    private init(_ faces: [TextWidths.Face: Typeface], scale: Double, fingerprint: UInt64, widened: BookType?) {
        (self.faces, self.scale, self.fingerprint, self.widened) = (faces, scale, fingerprint, widened)
    }

    /// The advance of `scalar` in `face`, in em; nil when the face lacks it (the browser then
    /// takes it from another font).
    func advance(_ scalar: Unicode.Scalar, _ face: TextWidths.Face) -> Double? {
        faces[face]?.advance(scalar).map { face == .mono ? $0 : $0 * scale }
    }
}
