import FolioBase
import FolioOptions

extension ImageSize {
    /// GIF: the logical screen size, which every frame is drawn within.
    static func gif(_ bytes: ImageBytes) -> ImageSize? {
        guard bytes.matches("GIF87a".utf8, at: 0) || bytes.matches("GIF89a".utf8, at: 0),
              let width = bytes.uint(at: 6, size: 2, .littleEndian),
              let height = bytes.uint(at: 8, size: 2, .littleEndian)
        else { return nil }
        return ImageSize(width: Double(width), height: Double(height))
    }
}
