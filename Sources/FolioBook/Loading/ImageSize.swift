import FolioBase
import FolioOptions
import Foundation

/// An image's intrinsic size in CSS px, read from its file's header (no decoding).
package struct ImageSize: Sendable, Equatable, Codable {
    package var width: Double
    package var height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// How images inside a paragraph are sized: the intrinsic size of each image destination.
package typealias ImageSizes = [String: ImageSize]

extension ImageSize {
    /// Reads a PNG, JPEG, GIF, WebP or SVG header.
    /// nil when the format is unknown or the header is damaged — never a crash, whatever the bytes —
    /// and for an SVG that states no size (no absolute width and height, no viewBox).
    init?(data: Data) {
        let bytes = ImageBytes(data)
        guard let size = Self.png(bytes) ?? Self.jpeg(bytes) ?? Self.gif(bytes) ?? Self.webP(bytes) ?? Self.svg(bytes),
              size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0
        else { return nil }
        self = size
    }
}

extension ImageSize {
    /// Whether the bytes are a PNG, JPEG, GIF, WebP or SVG image at all, by their signature (an
    /// SVG by its root element), whether or not they state a size.
    static func isImage(_ data: Data) -> Bool {
        let bytes = [UInt8](data.prefix(12))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<offset + signature.count]) == signature
        }
        return starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) || starts([0xFF, 0xD8, 0xFF])
            || starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8))
            || (starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8))
            || XMLRootTag(ImageBytes(data)).map { $0.name == "svg" || $0.name.hasSuffix(":svg") } == true
    }
}
