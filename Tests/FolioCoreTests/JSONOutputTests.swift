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

@Suite struct JSONOutputTests {
    let value: JSONOutput = [
        "title": "A \"quoted\"\nline\u{1}",
        "pages": .numbers([1, 20, -3]),
        "empty": [],
        "none": [:],
        "nested": [["a": .int(1), "b": .bool(true), "c": .null]],
    ]

    @Test func indentedTwoSpacesAMemberALine() {
        #expect(value.text() == """
        {
          "title": "A \\"quoted\\"\\nline\\u0001",
          "pages": [
            1,
            20,
            -3
          ],
          "empty": [],
          "none": {},
          "nested": [
            {
              "a": 1,
              "b": true,
              "c": null
            }
          ]
        }
        """)
    }

    @Test func onOneLineWithoutSpaces() {
        #expect(value.text(indent: nil) == #"{"title":"A \"quoted\"\nline\u0001","pages":[1,20,-3],"empty":[],"none":{},"nested":[{"a":1,"b":true,"c":null}]}"#)
    }

    @Test func numbersAreWrittenAsAnArrayOfThemIs() {
        let numbers = [0, 7, 1_000_000, -42]
        for indent in [nil, "", "    "] as [String?] {
            #expect(JSONOutput.numbers(numbers).text(indent: indent) == JSONOutput.array(numbers.map(JSONOutput.int)).text(indent: indent))
            #expect(JSONOutput.generated(count: numbers.count) { .int(numbers[$0]) }.text(indent: indent) == JSONOutput.numbers(numbers).text(indent: indent))
        }
        #expect(JSONOutput.numbers([]).text() == "[]")
    }

    @Test func everyByteToEscapeIsFoundWhereverItIs() {
        // Strings are scanned eight bytes at a time: each special byte at each place of a word.
        for special in ["\"", "\\", "\n", "\u{1F}", "\u{0}"] {
            let escaped = JSONOutput.string(special).text(indent: nil).dropFirst().dropLast()
            for place in 0...17 {
                let text = String(repeating: "a", count: place) + special + "é bcdefghijk"
                #expect(JSONOutput.string(text).text(indent: nil) == "\"" + String(repeating: "a", count: place) + escaped + "é bcdefghijk\"")
            }
        }
        #expect(JSONOutput.string("~\u{7F}é").text(indent: nil) == "\"~\u{7F}é\"")
    }

    @Test func numbersOfEveryLength() {
        let numbers = [0, 9, 10, 99, 100, 1_000_000_007, -1, -10, Int.max, Int.min]
        #expect(JSONOutput.numbers(numbers).text(indent: nil) == "[" + numbers.map(String.init).joined(separator: ",") + "]")
    }
}
