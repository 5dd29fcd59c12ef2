import FolioBase
import FolioOptions

extension ImageSize {
    /// PNG: the IHDR chunk, which must come first.
    /// A pHYs density is never consulted: browsers show a PNG at one CSS px per pixel whatever its dpi.
    static func png(_ bytes: ImageBytes) -> ImageSize? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let largest = Int(Int32.max)  // the PNG spec's limit on either side
        guard bytes.matches(signature, at: 0),
              bytes.uint(at: 8, size: 4, .bigEndian) == 13, bytes.matches("IHDR".utf8, at: 12),
              let width = bytes.uint(at: 16, size: 4, .bigEndian), width <= largest,
              let height = bytes.uint(at: 20, size: 4, .bigEndian), height <= largest
        else { return nil }
        return ImageSize(width: Double(width), height: Double(height))
    }
}
