import CZip
import Foundation

/// A ZIP archive as EPUB wants it, through libzip: entries in the order given, each stored or
/// deflated, every entry dated the same (1 January 1980, ZIP's first day), so that the same
/// entries give the same bytes on any machine in any time zone.
package struct ZipArchive: Sendable {
    package struct Entry: Sendable {
        package var path: String
        package var data: Data
        /// Stored as it is, not compressed (EPUB's `mimetype`, which readers find at a fixed offset).
        package var stored = false

        package init(path: String, data: Data, stored: Bool = false) {
            (self.path, self.data, self.stored) = (path, data, stored)
        }
    }

    package var entries: [Entry]

    package init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// 1 January 1980 00:00 in MS-DOS's date and time fields.
    private static let (dosDate, dosTime): (UInt16, UInt16) = ((0 << 9) | (1 << 5) | 1, 0)

    /// The archive's bytes.
    package func data() throws -> Data {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let buffer = zip_source_buffer_create(nil, 0, 0, &error) else { throw ZipError("cannot make an archive in memory", error) }
        zip_source_keep(buffer)
        defer { zip_source_free(buffer) }
        guard let archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &error) else { throw ZipError("cannot make an archive in memory", error) }
        for entry in entries {
            // libzip reads the entry's bytes when the archive is closed: it owns a copy meanwhile.
            let copy = malloc(max(entry.data.count, 1))!
            entry.data.copyBytes(to: copy.assumingMemoryBound(to: UInt8.self), count: entry.data.count)
            guard let source = zip_source_buffer(archive, copy, zip_uint64_t(entry.data.count), 1) else {
                free(copy)
                throw ZipError("cannot add \(entry.path)", zip_get_error(archive).pointee)
            }
            let index = zip_file_add(archive, entry.path, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
            guard index >= 0 else {
                zip_source_free(source)
                throw ZipError("cannot add \(entry.path)", zip_get_error(archive).pointee)
            }
            let method = entry.stored ? ZIP_CM_STORE : ZIP_CM_DEFLATE
            guard zip_set_file_compression(archive, zip_uint64_t(index), method, entry.stored ? 0 : 9) == 0,
                  zip_file_set_dostime(archive, zip_uint64_t(index), Self.dosTime, Self.dosDate, 0) == 0 else {
                throw ZipError("cannot add \(entry.path)", zip_get_error(archive).pointee)
            }
        }
        guard zip_close(archive) == 0 else {
            let failure = ZipError("cannot write the archive", zip_get_error(archive).pointee)
            zip_discard(archive)
            throw failure
        }
        return try Self.contents(of: buffer)
    }

    /// What a buffer source holds once its archive is closed.
    private static func contents(of buffer: OpaquePointer) throws -> Data {
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_source_open(buffer) == 0 else { throw ZipError("cannot read the archive back", zip_source_error(buffer).pointee) }
        defer { zip_source_close(buffer) }
        guard zip_source_stat(buffer, &stat) == 0 else { throw ZipError("cannot read the archive back", zip_source_error(buffer).pointee) }
        var data = Data(count: Int(stat.size))
        let read = data.withUnsafeMutableBytes { zip_source_read(buffer, $0.baseAddress, zip_uint64_t($0.count)) }
        guard read == Int64(stat.size) else { throw ZipError("cannot read the archive back", zip_source_error(buffer).pointee) }
        return data
    }

    /// The entries of an archive's bytes, in their order; nil with the reason when they are no archive.
    package static func read(_ data: Data) -> Result<ZipArchive, ZipError> {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        let copy = malloc(max(data.count, 1))!
        data.copyBytes(to: copy.assumingMemoryBound(to: UInt8.self), count: data.count)
        guard let source = zip_source_buffer_create(copy, zip_uint64_t(data.count), 1, &error) else {
            free(copy)
            return .failure(ZipError("not a ZIP archive", error))
        }
        guard let archive = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
            zip_source_free(source)
            return .failure(ZipError("not a ZIP archive", error))
        }
        defer { zip_discard(archive) }
        var entries: [Entry] = []
        for index in 0..<zip_uint64_t(max(zip_get_num_entries(archive, 0), 0)) {
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            guard zip_stat_index(archive, index, 0, &stat) == 0, let name = stat.name, let file = zip_fopen_index(archive, index, 0) else {
                return .failure(ZipError("entry \(index + 1) cannot be read", zip_get_error(archive).pointee))
            }
            var bytes = Data(count: Int(stat.size))
            let read = bytes.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, zip_uint64_t($0.count)) }
            zip_fclose(file)
            guard read == Int64(stat.size) else { return .failure(ZipError("`\(String(cString: name))` cannot be read", zip_get_error(archive).pointee)) }
            entries.append(Entry(path: String(cString: name), data: bytes, stored: stat.comp_method == ZIP_CM_STORE))
        }
        return .success(ZipArchive(entries))
    }
}

/// What libzip said went wrong.
package struct ZipError: Error, CustomStringConvertible {
    package var description: String

    init(_ what: String, _ error: zip_error_t) {
        var error = error
        description = what + ": " + String(cString: zip_error_strerror(&error))
    }
}
