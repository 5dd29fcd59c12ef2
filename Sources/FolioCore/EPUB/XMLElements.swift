import CXML
import Foundation

/// An XML document's elements in document order, each by its local name with its attributes (by
/// their names as written, prefixed ones with their prefix): what `folio check` reads of an EPUB's
/// container, package, navigation and content documents. Nil when the bytes are not well-formed XML.
package struct XMLElement: Sendable, Equatable {
    package var name: String
    package var attributes: [String: String]
    /// The line it starts on.
    package var line: Int
}

package func xmlElements(_ data: Data) -> [XMLElement]? {
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    let read: xmlDocPtr? = data.withUnsafeBytes { bytes in
        xmlReadMemory(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, "UTF-8", options)
    }
    guard let doc = read else { return nil }
    defer { xmlFreeDoc(doc) }
    var elements: [XMLElement] = []
    func walk(_ first: xmlNodePtr?) {
        var node = first
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                var attributes: [String: String] = [:]
                var attribute = current.pointee.properties
                while let each = attribute {
                    let name = String(cString: each.pointee.name)
                    let prefix = each.pointee.ns.flatMap { $0.pointee.prefix }.map { String(cString: $0) + ":" } ?? ""
                    if let value = xmlNodeGetContent(UnsafeMutableRawPointer(each).assumingMemoryBound(to: xmlNode.self)) {
                        attributes[prefix + name] = String(cString: value)
                        free(value)
                    }
                    attribute = each.pointee.next
                }
                elements.append(XMLElement(name: String(cString: current.pointee.name), attributes: attributes, line: Int(xmlGetLineNo(current))))
                walk(current.pointee.children)
            }
            node = current.pointee.next
        }
    }
    walk(xmlDocGetRootElement(doc))
    return elements
}
