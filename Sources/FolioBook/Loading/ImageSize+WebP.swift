import FolioBase
import FolioOptions

extension ImageSize {
    /// WebP: a RIFF file whose first chunk is a lossy (VP8), lossless (VP8L) or extended (VP8X) header.
    static func webP(_ bytes: ImageBytes) -> ImageSize? {
        guard bytes.matches("RIFF".utf8, at: 0), bytes.matches("WEBP".utf8, at: 8) else { return nil }
        let chunk = 20  // where the first chunk's payload starts
        if bytes.matches("VP8 ".utf8, at: 12) {
            // A key frame (bit 0 clear) with its start code; the top two bits of each side are a scaling hint.
            guard let frameTag = bytes[chunk], frameTag & 1 == 0,
                  bytes.matches([0x9D, 0x01, 0x2A], at: chunk + 3),
                  let width = bytes.uint(at: chunk + 6, size: 2, .littleEndian),
                  let height = bytes.uint(at: chunk + 8, size: 2, .littleEndian)
            else { return nil }
            return ImageSize(width: Double(width & 0x3FFF), height: Double(height & 0x3FFF))
        }
        if bytes.matches("VP8L".utf8, at: 12) {
            // After the 0x2F signature: 14 bits width − 1, 14 bits height − 1, 1 alpha bit, 3 version bits (0).
            guard bytes[chunk] == 0x2F, let bits = bytes.uint(at: chunk + 1, size: 4, .littleEndian), bits >> 29 == 0
            else { return nil }
            return ImageSize(width: Double((bits & 0x3FFF) + 1), height: Double((bits >> 14 & 0x3FFF) + 1))
        }
        if bytes.matches("VP8X".utf8, at: 12) {
            // After flags and reserved bytes: the canvas's width − 1 and height − 1, 24 bits each.
            guard let width = bytes.uint(at: chunk + 4, size: 3, .littleEndian),
                  let height = bytes.uint(at: chunk + 7, size: 3, .littleEndian)
            else { return nil }
            return ImageSize(width: Double(width + 1), height: Double(height + 1))
        }
        return nil
    }
}
