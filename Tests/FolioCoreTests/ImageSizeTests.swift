import Foundation
import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

struct ImageSizeTests {
    // MARK: - PNG

    @Test func pngReadsIHDR() {
        #expect(size(png(width: 640, height: 480)) == ImageSize(width: 640, height: 480))
    }

    @Test func pngIgnoresPHYsDensity() {
        #expect(size(png(width: 300, height: 200, after: pHYs144dpi)) == ImageSize(width: 300, height: 200))
    }

    @Test func pngWithZeroWidthIsNil() {
        #expect(size(png(width: 0, height: 10)) == nil)
    }

    @Test func pngWiderThanTheSpecAllowsIsNil() {
        #expect(size(png(width: 0x8000_0000, height: 10)) == nil)
    }

    @Test func pngWithoutIHDRFirstIsNil() {
        #expect(size(png(width: 10, height: 10, chunk: "IDAT")) == nil)
    }

    @Test func pngInsideADataSliceIsRead() {
        #expect(ImageSize(data: Data([1, 2, 3] + png(width: 5, height: 7)).dropFirst(3)) == ImageSize(width: 5, height: 7))
    }

    // MARK: - JPEG

    @Test func jpegReadsSOF0() {
        #expect(size(jpeg(jfif, sof(width: 800, height: 600))) == ImageSize(width: 800, height: 600))
    }

    @Test func jpegReadsProgressiveSOF2() {
        #expect(size(jpeg(jfif, sof(0xC2, width: 1024, height: 768))) == ImageSize(width: 1024, height: 768))
    }

    @Test func jpegSkipsDHTBeforeTheFrame() {
        #expect(size(jpeg(segment(0xC4, [0, 0, 9, 0, 9, 1, 2]), sof(width: 3, height: 2))) == ImageSize(width: 3, height: 2))
    }

    @Test func jpegSkipsFillBytesBeforeMarkers() {
        #expect(size(jpeg([0xFF, 0xFF] + jfif, [0xFF] + sof(width: 3, height: 2))) == ImageSize(width: 3, height: 2))
    }

    @Test func jpegSkipsStandaloneMarkers() {
        #expect(size(jpeg([0xFF, 0xD0], sof(width: 3, height: 2))) == ImageSize(width: 3, height: 2))
    }

    @Test func jpegExifOrientation6SwapsSidesLittleEndian() {
        #expect(size(jpeg(exif(orientation: 6, .littleEndian), sof(width: 4000, height: 3000))) == ImageSize(width: 3000, height: 4000))
    }

    @Test func jpegExifOrientation8SwapsSidesBigEndian() {
        #expect(size(jpeg(exif(orientation: 8, .bigEndian), sof(width: 4000, height: 3000))) == ImageSize(width: 3000, height: 4000))
    }

    @Test func jpegExifOrientation5SwapsSides() {
        #expect(size(jpeg(exif(orientation: 5, .bigEndian), sof(width: 40, height: 30))) == ImageSize(width: 30, height: 40))
    }

    @Test func jpegExifOrientation3KeepsSides() {
        #expect(size(jpeg(exif(orientation: 3, .littleEndian), sof(width: 40, height: 30))) == ImageSize(width: 40, height: 30))
    }

    @Test func jpegExifAfterJFIFStillCounts() {
        #expect(size(jpeg(jfif, exif(orientation: 7, .littleEndian), sof(width: 40, height: 30))) == ImageSize(width: 30, height: 40))
    }

    @Test func jpegXMPInAPP1IsNotExif() {
        #expect(size(jpeg(segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8)), sof(width: 40, height: 30))) == ImageSize(width: 40, height: 30))
    }

    @Test func jpegExifWithIFDOutOfRangeKeepsSides() {
        #expect(size(jpeg(exif(orientation: 6, .littleEndian, ifd: 0xFFFF), sof(width: 40, height: 30))) == ImageSize(width: 40, height: 30))
    }

    @Test func jpegScanBeforeAnyFrameIsNil() {
        #expect(size(jpeg(segment(0xDA, [1, 0, 0]), sof(width: 3, height: 2))) == nil)
    }

    @Test func jpegWithZeroHeightIsNil() {
        #expect(size(jpeg(sof(width: 3, height: 0))) == nil)
    }

    @Test func jpegWithSegmentRunningPastTheEndIsNil() {
        #expect(size([0xFF, 0xD8, 0xFF, 0xE0, 0x40, 0x00, 1, 2, 3]) == nil)
    }

    @Test func jpegWithoutMarkerWhereOneIsDueIsNil() {
        #expect(size(jpeg([0x00], sof(width: 3, height: 2))) == nil)
    }

    // MARK: - GIF

    @Test func gif89aReadsLogicalScreen() {
        #expect(size(gif("GIF89a", width: 320, height: 240)) == ImageSize(width: 320, height: 240))
    }

    @Test func gif87aReadsLogicalScreen() {
        #expect(size(gif("GIF87a", width: 1, height: 65535)) == ImageSize(width: 1, height: 65535))
    }

    @Test func gifOfAnotherVersionIsNil() {
        #expect(size(gif("GIF88a", width: 1, height: 1)) == nil)
    }

    // MARK: - WebP

    @Test func webPLossyReadsVP8() {
        #expect(size(webP("VP8 ", [0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A] + le(550, 2) + le(368, 2))) == ImageSize(width: 550, height: 368))
    }

    @Test func webPLossyIgnoresScalingBits() {
        #expect(size(webP("VP8 ", [0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A] + le(0xC000 | 550, 2) + le(0x4000 | 368, 2))) == ImageSize(width: 550, height: 368))
    }

    @Test func webPLossyWithoutStartCodeIsNil() {
        #expect(size(webP("VP8 ", [0x50, 0x02, 0x00, 0x9D, 0x01, 0x2B] + le(550, 2) + le(368, 2))) == nil)
    }

    @Test func webPLossyInterFrameIsNil() {
        #expect(size(webP("VP8 ", [0x51, 0x02, 0x00, 0x9D, 0x01, 0x2A] + le(550, 2) + le(368, 2))) == nil)
    }

    @Test func webPLosslessReadsVP8L() {
        #expect(size(webP("VP8L", [0x2F] + le(399 | 299 << 14 | 1 << 28, 4))) == ImageSize(width: 400, height: 300))
    }

    @Test func webPLosslessOfAnotherVersionIsNil() {
        #expect(size(webP("VP8L", [0x2F] + le(399 | 299 << 14 | 1 << 29, 4))) == nil)
    }

    @Test func webPExtendedReadsVP8XCanvas() {
        #expect(size(webP("VP8X", [0x10, 0, 0, 0] + le(16_383, 3) + le(99_999, 3))) == ImageSize(width: 16_384, height: 100_000))
    }

    @Test func webPWithUnknownFirstChunkIsNil() {
        #expect(size(webP("ALPH", [0, 0, 0, 0, 9, 0, 0, 9, 0, 0])) == nil)
    }

    // MARK: - SVG

    @Test func svgReadsWidthAndHeight() {
        #expect(size(svg: #"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"></svg>"#) == ImageSize(width: 120, height: 80))
    }

    @Test func svgReadsPx() {
        #expect(size(svg: #"<svg width="120px" height="80.5px"/>"#) == ImageSize(width: 120, height: 80.5))
    }

    @Test func svgReadsSingleQuotesAcrossLines() {
        #expect(size(svg: "<svg\n  width = '12'\n\theight='34'\r\n>") == ImageSize(width: 12, height: 34))
    }

    @Test func svgConvertsInchesAndPoints() {
        #expect(size(svg: #"<svg width="1in" height="72pt"/>"#) == ImageSize(width: 96, height: 96))
    }

    @Test func svgConvertsCentimetresAndMillimetres() {
        #expect(size(svg: #"<svg width="2.54cm" height="50.8mm"/>"#) == ImageSize(width: 96, height: 192))
    }

    @Test func svgConvertsPicasAndEms() {
        #expect(size(svg: #"<svg width="2pc" height="1.5em"/>"#) == ImageSize(width: 32, height: 24))
    }

    @Test func svgUnitsIgnoreCase() {
        #expect(size(svg: #"<svg width="10PX" height="1IN"/>"#) == ImageSize(width: 10, height: 96))
    }

    @Test func svgReadsExponentsAndSurroundingSpace() {
        #expect(size(svg: #"<svg width=" 1e2 " height="+.5E1px"/>"#) == ImageSize(width: 100, height: 5))
    }

    @Test func svgSkipsDeclarationCommentsAndDoctype() {
        #expect(size(svg: svgPreamble + #"<svg width="7" height="9"/>"#) == ImageSize(width: 7, height: 9))
    }

    @Test func svgSkipsDoctypeWithInternalSubset() {
        #expect(size(svg: illustratorDoctype + #"<svg xmlns="&ns_svg;" width="20" height="10"/>"#) == ImageSize(width: 20, height: 10))
    }

    @Test func svgSkipsByteOrderMark() {
        #expect(size(svg: "\u{FEFF}<svg width=\"3\" height=\"4\"/>") == ImageSize(width: 3, height: 4))
    }

    @Test func svgReadsNamespacePrefixedRoot() {
        #expect(size(svg: #"<svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="3" height="4"/>"#) == ImageSize(width: 3, height: 4))
    }

    @Test func svgDoesNotConfuseStrokeWidth() {
        #expect(size(svg: #"<svg stroke-width="5" data-height="9" width="10" height="20"/>"#) == ImageSize(width: 10, height: 20))
    }

    @Test func svgFallsBackOnViewBox() {
        #expect(size(svg: #"<svg viewBox="0 0 300 150"/>"#) == ImageSize(width: 300, height: 150))
    }

    @Test func svgReadsViewBoxWithCommasAndNegativeOrigin() {
        #expect(size(svg: #"<svg viewBox="-10,-10, 20.5 ,40"/>"#) == ImageSize(width: 20.5, height: 40))
    }

    @Test func svgIgnoresPercentagesForViewBox() {
        #expect(size(svg: #"<svg width="100%" height="100%" viewBox="0 0 64 48"/>"#) == ImageSize(width: 64, height: 48))
    }

    @Test func svgIgnoresAutoForViewBox() {
        #expect(size(svg: #"<svg width="auto" height="auto" viewBox="0 0 64 48"/>"#) == ImageSize(width: 64, height: 48))
    }

    @Test func svgDerivesHeightFromViewBoxRatio() {
        #expect(size(svg: #"<svg width="200" viewBox="0 0 64 48"/>"#) == ImageSize(width: 200, height: 150))
    }

    @Test func svgDerivesWidthFromViewBoxRatio() {
        #expect(size(svg: #"<svg width="50%" height="1in" viewBox="0 0 64 48"/>"#) == ImageSize(width: 128, height: 96))
    }

    @Test func svgIgnoresNegativeWidth() {
        #expect(size(svg: #"<svg width="-5" height="10" viewBox="0 0 1 2"/>"#) == ImageSize(width: 5, height: 10))
    }

    @Test func svgIgnoresSpaceBeforeUnit() {
        #expect(size(svg: #"<svg width="10 px" height="10" viewBox="0 0 1 1"/>"#) == ImageSize(width: 10, height: 10))
    }

    @Test func svgWithOnlyPercentagesIsNil() {
        #expect(size(svg: #"<svg width="100%" height="100%"/>"#) == nil)
    }

    @Test func svgWithOneSideAndNoViewBoxIsNil() {
        #expect(size(svg: #"<svg width="100"/>"#) == nil)
    }

    @Test func svgWithDegenerateViewBoxIsNil() {
        #expect(size(svg: #"<svg viewBox="0 0 0 10"/>"#) == nil)
    }

    @Test func svgWithShortViewBoxIsNil() {
        #expect(size(svg: #"<svg viewBox="0 0 10"/>"#) == nil)
    }

    @Test func svgWithRelativeUnitIsNil() {
        #expect(size(svg: #"<svg width="10ex" height="10vw"/>"#) == nil)
    }

    @Test func svgWithHugeLengthIsNil() {
        #expect(size(svg: #"<svg width="1e308in" height="1"/>"#) == nil)
    }

    @Test func htmlIsNotSVG() {
        #expect(size(svg: #"<html width="10" height="10"><svg width="1" height="1"/></html>"#) == nil)
    }

    @Test func svgxIsNotSVG() {
        #expect(size(svg: #"<svgx width="10" height="10"/>"#) == nil)
    }

    @Test func textBeforeTheRootIsNil() {
        #expect(size(svg: #"hello <svg width="10" height="10"/>"#) == nil)
    }

    @Test func svgWithUnquotedAttributeIsNil() {
        #expect(size(svg: "<svg width=10 height=10/>") == nil)
    }

    @Test func svgWithUnseparatedAttributesIsNil() {
        #expect(size(svg: #"<svg width="10"height="10"/>"#) == nil)
    }

    @Test func svgWithUnterminatedCommentIsNil() {
        #expect(size(svg: #"<!-- <svg width="10" height="10"/>"#) == nil)
    }

    // MARK: - Damage

    @Test func emptyDataIsNil() {
        #expect(size([]) == nil)
    }

    @Test func everyPrefixOfEachSampleIsNilOrTheFullSize() {
        for sample in samples {
            let full = size(sample)
            #expect(full != nil)
            for count in 0..<sample.count {
                let partial = size(Array(sample.prefix(count)))
                #expect(partial == nil || partial == full, "\(sample) cut to \(count) bytes")
            }
        }
    }

    @Test func randomBytesNeverCrash() {
        var random = SplitMix64(seed: 1)
        let magics = [[], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8], Array("GIF89a".utf8), Array("<svg ".utf8)]
        for _ in 0..<2_000 {
            let noise = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            for magic in magics {
                #expect(isPlausible(size(magic + noise)))
            }
            #expect(isPlausible(size(Array("RIFF".utf8) + noise.prefix(4) + Array("WEBP".utf8) + noise)))
        }
    }

    @Test func mutatedSamplesNeverCrash() {
        var random = SplitMix64(seed: 2)
        for sample in samples {
            for _ in 0..<500 {
                var mutant = sample
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    mutant[Int.random(in: 0..<mutant.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                #expect(isPlausible(size(mutant)))
            }
        }
    }
}

// MARK: - Building images

private func size(_ bytes: [UInt8]) -> ImageSize? {
    ImageSize(data: Data(bytes))
}

/// Rounded to a micro-px, so unit conversions compare exactly.
private func size(svg: String) -> ImageSize? {
    size(Array(svg.utf8)).map { ImageSize(width: ($0.width * 1e6).rounded() / 1e6, height: ($0.height * 1e6).rounded() / 1e6) }
}

private func isPlausible(_ size: ImageSize?) -> Bool {
    size.map { $0.width > 0 && $0.height > 0 && $0.width.isFinite && $0.height.isFinite } ?? true
}

private func be(_ value: Int, _ count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
}

private func le(_ value: Int, _ count: Int) -> [UInt8] {
    be(value, count).reversed()
}

private func png(width: Int, height: Int, chunk: String = "IHDR", after: [UInt8] = []) -> [UInt8] {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    return signature + be(13, 4) + Array(chunk.utf8) + be(width, 4) + be(height, 4) + [8, 6, 0, 0, 0] + be(0, 4) + after
}

/// 5669 pixels per metre: 144 dpi.
private let pHYs144dpi: [UInt8] = be(9, 4) + Array("pHYs".utf8) + be(5669, 4) + be(5669, 4) + [1] + be(0, 4)

private func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
    [0xFF, marker] + be(payload.count + 2, 2) + payload
}

private func jpeg(_ segments: [UInt8]...) -> [UInt8] {
    [0xFF, 0xD8] + segments.joined() + [0xFF, 0xD9]
}

private let jfif = segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])

private func sof(_ marker: UInt8 = 0xC0, width: Int, height: Int) -> [UInt8] {
    segment(marker, [8] + be(height, 2) + be(width, 2) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
}

/// An APP1 Exif segment whose IFD0 holds one entry: the orientation, a SHORT.
private func exif(orientation: Int, _ order: ImageBytes.ByteOrder, ifd: Int = 8) -> [UInt8] {
    let int = order == .bigEndian ? be : le
    let header = order == .bigEndian ? Array("MM\0*".utf8) : Array("II*\0".utf8)
    let entry = int(0x0112, 2) + int(3, 2) + int(1, 4) + int(orientation, 2) + [0, 0]
    return segment(0xE1, Array("Exif\0\0".utf8) + header + int(ifd, 4) + int(1, 2) + entry + int(0, 4))
}

private func gif(_ version: String, width: Int, height: Int) -> [UInt8] {
    Array(version.utf8) + le(width, 2) + le(height, 2) + [0xF7, 0, 0]
}

private func webP(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
    Array("RIFF".utf8) + le(payload.count + 12, 4) + Array("WEBP".utf8) + Array(chunk.utf8) + le(payload.count, 4) + payload
}

private let svgPreamble = """
    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    <!-- <svg width="1" height="1"> in a comment -->
    <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">

    """

private let illustratorDoctype = """
    <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
        <!ENTITY ns_svg "http://www.w3.org/2000/svg">
        <!-- it's ] a > comment -->
        <!ENTITY ns_odd "a]b>c">
    ]>
    """

/// One valid header of each kind, for cutting short and mutating.
private let samples: [[UInt8]] = [
    png(width: 640, height: 480, after: pHYs144dpi),
    jpeg(jfif, exif(orientation: 6, .bigEndian), segment(0xC4, [0, 1, 2]), sof(0xC1, width: 800, height: 600)),
    jpeg(exif(orientation: 8, .littleEndian), sof(width: 8, height: 6)),
    gif("GIF89a", width: 320, height: 240),
    webP("VP8 ", [0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A] + le(550, 2) + le(368, 2)),
    webP("VP8L", [0x2F] + le(399 | 299 << 14, 4)),
    webP("VP8X", [0x10, 0, 0, 0] + le(639, 3) + le(479, 3)),
    Array((svgPreamble + #"<svg width="2in" height="30mm" viewBox="0 0 10 10">"#).utf8),
    Array((illustratorDoctype + "<svg\n viewBox='0,0,4,3'\n width='8'/>").utf8),
]
