import FolioBase
import FolioOptions

extension ImageSize {
    /// JPEG: the first frame header (SOF0–SOF15), reached by walking the segments from the start,
    /// turned a quarter when an earlier Exif orientation (5–8) says so, as browsers display it.
    static func jpeg(_ bytes: ImageBytes) -> ImageSize? {
        guard bytes.matches([0xFF, 0xD8], at: 0) else { return nil }
        var offset = 2
        var orientation: Int?
        while bytes[offset] == 0xFF {
            // A marker may be padded with any number of 0xFF fill bytes.
            while bytes[offset] == 0xFF { offset += 1 }
            guard let marker = bytes[offset] else { return nil }
            offset += 1
            switch marker {
            case 0x01, 0xD0...0xD7: continue  // stand-alone markers: no length follows
            case 0x00, 0xD8...0xDA: return nil  // not a marker, a second start, the end, or scan data before any frame
            default: break
            }
            guard let length = bytes.uint(at: offset, size: 2, .bigEndian), length >= 2 else { return nil }
            switch marker {
            case 0xC4, 0xC8, 0xCC:
                break  // DHT, JPG and DAC share the SOF range but are not frame headers
            case 0xC0...0xCF:
                // Sample precision, then height and width.
                guard length >= 8,
                      let height = bytes.uint(at: offset + 3, size: 2, .bigEndian),
                      let width = bytes.uint(at: offset + 5, size: 2, .bigEndian)
                else { return nil }
                let size = ImageSize(width: Double(width), height: Double(height))
                return (5...8).contains(orientation ?? 1) ? ImageSize(width: size.height, height: size.width) : size
            case 0xE1 where orientation == nil:
                orientation = bytes.slice(at: offset + 2, count: length - 2).flatMap(exifOrientation)
            default:
                break
            }
            offset += length
        }
        return nil
    }

    /// The orientation tag (0x0112) of IFD0 in an APP1 Exif segment, in either TIFF byte order.
    private static func exifOrientation(_ segment: ImageBytes) -> Int? {
        guard segment.matches("Exif\0\0".utf8, at: 0), let tiff = segment.slice(at: 6, count: segment.count - 6)
        else { return nil }
        let order: ImageBytes.ByteOrder
        if tiff.matches("MM\0*".utf8, at: 0) {
            order = .bigEndian
        } else if tiff.matches("II*\0".utf8, at: 0) {
            order = .littleEndian
        } else {
            return nil
        }
        guard let ifd = tiff.uint(at: 4, size: 4, order), let count = tiff.uint(at: ifd, size: 2, order) else { return nil }
        // Twelve-byte entries: tag, type, count, then a SHORT value in the first two bytes of the value field.
        for entry in stride(from: ifd + 2, to: ifd + 2 + 12 * count, by: 12) {
            guard let tag = tiff.uint(at: entry, size: 2, order) else { return nil }
            if tag == 0x0112 {
                let isShort = tiff.uint(at: entry + 2, size: 2, order) == 3
                return isShort ? tiff.uint(at: entry + 8, size: 2, order) : nil
            }
        }
        return nil
    }
}
