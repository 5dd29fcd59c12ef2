import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch

/// Folio's own manifest terms: the reading options a page-curl reader needs beside the
/// Readium ones, as absolute-URI keys in `metadata`. `schemas/folio.schema.json` describes them.
package enum FolioTerm: String, CaseIterable, Sendable {
    case transition = "urn:folio:transition"
    case orientation = "urn:folio:orientation"
    case spine = "urn:folio:spine"
    case doubleSided = "urn:folio:double-sided"
    case direction = "urn:folio:direction"
    case pageSize = "urn:folio:page-size"
}
