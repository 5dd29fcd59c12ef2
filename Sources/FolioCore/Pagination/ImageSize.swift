import Foundation

/// An image's intrinsic size in CSS px, read from its file's header (no decoding).
struct ImageSize: Sendable, Equatable {
    var width: Double
    var height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

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
