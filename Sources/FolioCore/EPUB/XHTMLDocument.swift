import CXML
import Foundation

/// A page's document as an EPUB content document: well-formed XHTML, read with libxml2 from the
/// HTML the theme rendered (as XML when it already is, Folio's own Markdown being so; else with
/// libxml2's HTML parser, for a book's raw HTML), its SVG and MathML in their namespaces, its links
/// made the EPUB's, and no scripts.
struct XHTMLDocument {
    var data: Data
    /// The package's properties of the document: `svg`, `mathml`.
    var properties: Set<String>
    /// The `src` of its images, as written.
    var images: [String]

    static let xhtml = "http://www.w3.org/1999/xhtml"
    private static let svg = "http://www.w3.org/2000/svg"
    private static let mathML = "http://www.w3.org/1998/Math/MathML"

    /// A document an earlier build made, as it is.
    init(kept data: Data) {
        let elements = xmlElements(data) ?? []
        let names = Set(elements.map(\.name))
        self.data = data
        properties = Set([names.contains("svg") ? "svg" : nil, names.contains("math") ? "mathml" : nil].compactMap { $0 })
        images = elements.filter { $0.name == "img" }.compactMap { $0.attributes["src"] }
    }

    /// `html`, a whole document; `link` gives each link's `href` in the EPUB, nil to drop it (the
    /// text stays); `image` says whether an image's `src` is kept, else the image gives way to its
    /// description.
    init(_ html: String, link: @escaping (String) -> String?, image: @escaping (String) -> Bool) throws {
        // Folio writes `<wbr>` as HTML does; the XML reader takes it as XHTML writes it.
        let text = html.replacing("<wbr>", with: "<wbr/>")
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let htmlOptions = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue)
        let count = Int32(text.utf8.count)
        let xml: xmlDocPtr? = xmlReadMemory(text, count, nil, "UTF-8", options)
        let read: xmlDocPtr? = xml ?? htmlReadMemory(text, count, nil, "UTF-8", htmlOptions)
        guard let doc = read, let root = xmlDocGetRootElement(doc) else { throw XHTMLError(message: "the page could not be read as HTML") }
        defer { xmlFreeDoc(doc) }
        // Written as XML whichever reader read it.
        doc.pointee.type = XML_DOCUMENT_NODE
        var fix = Fixing(asHTML: xml == nil, link: link, image: image)
        fix.element(root, namespace: Self.xhtml)
        guard let buffer = xmlBufferCreate() else { throw XHTMLError(message: "out of memory") }
        defer { xmlBufferFree(buffer) }
        let saving = xmlSaveToBuffer(buffer, "UTF-8", Int32(XML_SAVE_AS_XML.rawValue))
        xmlSaveDoc(saving, doc)
        xmlSaveClose(saving)
        data = Data(bytes: xmlBufferContent(buffer), count: Int(xmlBufferLength(buffer)))
        (properties, images) = (fix.properties, fix.images)
    }

    /// One walk over the tree, putting right what XHTML and EPUB ask.
    private struct Fixing {
        let asHTML: Bool
        let link: (String) -> String?
        let image: (String) -> Bool
        var properties: Set<String> = []
        var images: [String] = []

        /// HTML's elements that hold nothing: libxml2's HTML reader, which knows HTML 4, nests what
        /// follows an unknown one (`<wbr>`, `<source>`) inside it.
        private static let void: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
        /// SVG's names with capitals, which the HTML reader lowers.
        private static let svgNames = Dictionary(uniqueKeysWithValues: [
            "viewBox", "preserveAspectRatio", "gradientUnits", "gradientTransform", "patternUnits", "patternTransform",
            "clipPath", "clipPathUnits", "linearGradient", "radialGradient", "foreignObject", "textPath", "stdDeviation",
            "markerWidth", "markerHeight", "refX", "refY", "textLength", "lengthAdjust", "maskUnits", "maskContentUnits",
        ].map { ($0.lowercased(), $0) })

        mutating func element(_ node: xmlNodePtr, namespace: String) {
            let name = String(cString: node.pointee.name)
            let namespace = name == "svg" ? XHTMLDocument.svg : name == "math" ? XHTMLDocument.mathML : namespace
            if namespace == XHTMLDocument.svg { properties.insert("svg") }
            if namespace == XHTMLDocument.mathML { properties.insert("mathml") }
            setNamespace(node, namespace)
            if asHTML {
                if namespace == XHTMLDocument.svg, let proper = Self.svgNames[name] { xmlNodeSetName(node, proper) }
                fixAttributes(node, svg: namespace == XHTMLDocument.svg)
                if Self.void.contains(name) { hoistChildren(of: node) }
            }
            var child = node.pointee.children
            while let current = child {
                child = current.pointee.next
                guard current.pointee.type == XML_ELEMENT_NODE else { continue }
                let childName = String(cString: current.pointee.name)
                if childName == "script" || (namespace == XHTMLDocument.xhtml && !fixXHTML(current, name: childName)) {
                    xmlUnlinkNode(current)
                    xmlFreeNode(current)
                } else {
                    element(current, namespace: namespace)
                }
            }
        }

        /// The element in `namespace`: its parent's, or declared on it.
        private func setNamespace(_ node: xmlNodePtr, _ namespace: String) {
            if let current = node.pointee.ns, current.pointee.prefix == nil, String(cString: current.pointee.href) == namespace { return }
            if let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE, let inherited = parent.pointee.ns,
               inherited.pointee.prefix == nil, String(cString: inherited.pointee.href) == namespace {
                xmlSetNs(node, inherited)
                return
            }
            var declared = node.pointee.nsDef
            while let each = declared, each.pointee.prefix != nil { declared = each.pointee.next }
            if let declared {
                free(UnsafeMutableRawPointer(mutating: declared.pointee.href))
                declared.pointee.href = UnsafePointer(xmlStrdup(namespace))
                xmlSetNs(node, declared)
            } else {
                xmlSetNs(node, xmlNewNs(node, namespace, nil))
            }
        }

        /// Attributes the HTML reader took as written: `xmlns` declarations become the tree's own,
        /// prefixed names lose a prefix XML would not know (`xlink:href` is SVG 2's `href`).
        private func fixAttributes(_ node: xmlNodePtr, svg: Bool) {
            var attribute = node.pointee.properties
            while let current = attribute {
                attribute = current.pointee.next
                let name = String(cString: current.pointee.name)
                if name == "xmlns" || name.hasPrefix("xmlns:") {
                    xmlRemoveProp(current)
                } else if name.contains(":") && !name.hasPrefix("xml:") {
                    let local = String(name[name.index(after: name.firstIndex(of: ":")!)...])
                    if xmlHasProp(node, local) == nil { rename(current, local) } else { xmlRemoveProp(current) }
                } else if svg, let proper = Self.svgNames[name] {
                    rename(current, proper)
                }
            }
        }

        private func rename(_ attribute: xmlAttrPtr, _ name: String) {
            xmlNodeSetName(UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: xmlNode.self), name)
        }

        /// What an element the HTML reader took to hold things holds goes after it.
        private func hoistChildren(of node: xmlNodePtr) {
            var after = node
            while let child = node.pointee.children {
                xmlUnlinkNode(child)
                after = xmlAddNextSibling(after, child)
            }
        }

        /// Links made the EPUB's; code left to right (EPUB's stylesheets may not set `direction`);
        /// table cells aligned by their style.
        /// False for an image that gives way to its description, which is put in its place.
        private mutating func fixXHTML(_ node: xmlNodePtr, name: String) -> Bool {
            switch name {
            case "a", "area":
                guard let href = attributeValue(node, "href") else { return true }
                if let made = link(href) { xmlSetProp(node, "href", made) } else { xmlUnsetProp(node, "href") }
            case "img":
                guard let source = attributeValue(node, "src") else { return true }
                guard image(source) else {
                    xmlAddPrevSibling(node, xmlNewText(attributeValue(node, "alt") ?? ""))
                    return false
                }
                images.append(source)
            case "pre":
                xmlSetProp(node, "dir", "ltr")
            case "th", "td":
                // GitHub's tables align their columns with HTML 4's `align`, which XHTML 5 has not.
                guard let align = attributeValue(node, "align") else { return true }
                xmlUnsetProp(node, "align")
                xmlSetProp(node, "style", "text-align: \(align)" + (attributeValue(node, "style").map { "; " + $0 } ?? ""))
            default:
                break
            }
            return true
        }

        private func attributeValue(_ node: xmlNodePtr, _ name: String) -> String? {
            guard let value = xmlGetProp(node, name) else { return nil }
            defer { free(value) }
            return String(cString: value)
        }
    }
}

struct XHTMLError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
