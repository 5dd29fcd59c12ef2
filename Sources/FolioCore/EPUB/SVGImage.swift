import CXML
import Foundation

/// An SVG image as EPUB takes it: without its document type declaration, whose external
/// identifier (the SVG 1.1 DTD that drawing programs name) EPUB forbids; entities the declaration
/// defined are written out first. Nil when the image is not well-formed XML (it goes as it is).
func svgWithoutDoctype(_ data: Data) -> Data? {
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    let read: xmlDocPtr? = data.withUnsafeBytes { bytes in
        xmlReadMemory(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, options)
    }
    guard let doc = read else { return nil }
    defer { xmlFreeDoc(doc) }
    guard let declaration = xmlGetIntSubset(doc) else { return data }
    xmlUnlinkNode(UnsafeMutableRawPointer(declaration).assumingMemoryBound(to: xmlNode.self))
    xmlFreeDtd(declaration)
    guard let buffer = xmlBufferCreate() else { return nil }
    defer { xmlBufferFree(buffer) }
    let saving = xmlSaveToBuffer(buffer, "UTF-8", Int32(XML_SAVE_AS_XML.rawValue))
    xmlSaveDoc(saving, doc)
    xmlSaveClose(saving)
    return Data(bytes: xmlBufferContent(buffer), count: Int(xmlBufferLength(buffer)))
}
