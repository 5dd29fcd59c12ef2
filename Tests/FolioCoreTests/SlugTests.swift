import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

@Test func slugLowercasesAndJoinsWords() {
    #expect(slugify("Getting Started") == "getting-started")
}

@Test func slugDropsPunctuation() {
    #expect(slugify("Hello, World! What's new?") == "hello-world-whats-new")
}

@Test func slugDropsDotsInsideNumbers() {
    #expect(slugify("Version 2.0") == "version-20")
}

@Test func slugCollapsesSpacesAndHyphens() {
    #expect(slugify("a -- b\t\tc") == "a-b-c")
}

@Test func slugCollapsesAroundDroppedPunctuation() {
    #expect(slugify("C++ & Rust") == "c-rust")
}

@Test func slugTrimsHyphens() {
    #expect(slugify("  - Edges -  ") == "edges")
}

@Test func slugKeepsUnderscores() {
    #expect(slugify("snake_case name") == "snake_case-name")
}

@Test func slugKeepsChinese() {
    #expect(slugify("第 1 章：入门指南") == "第-1-章入门指南")
}

@Test func slugKeepsArabic() {
    #expect(slugify("مرحبا بالعالم!") == "مرحبا-بالعالم")
}

@Test func slugKeepsCombiningMarks() {
    #expect(slugify("كِتَاب हिन्दी") == "كِتَاب-हिन्दी")
}

@Test func slugLowercasesOtherScripts() {
    #expect(slugify("Ünïcödé STRASSE Ωmega") == "ünïcödé-strasse-ωmega")
}

@Test func slugDropsDashesAndEmoji() {
    #expect(slugify("Before — after 🎉") == "before-after")
}

@Test func emptySlugBecomesSection() {
    #expect(slugify("") == "section")
    #expect(slugify("?!…") == "section")
}

@Test func uniqueSlugsNumberDuplicates() {
    var slugs = UniqueSlugs()
    #expect(["intro", "intro", "intro"].map { slugs.claim($0) } == ["intro", "intro-1", "intro-2"])
}

@Test func uniqueSlugsSkipClaimedSuffixes() {
    var slugs = UniqueSlugs()
    #expect(["x-1", "x", "x", "x-1"].map { slugs.claim($0) } == ["x-1", "x", "x-2", "x-1-1"])
}

@Test func uniqueSlugsKnowWhatIsClaimed() {
    var slugs = UniqueSlugs()
    _ = slugs.claim("intro")
    #expect(slugs.isClaimed("intro"))
    #expect(!slugs.isClaimed("intro-1"))
}

@Test func orderPrefixIsStripped() {
    #expect(["01-intro", "1_intro", "01. intro", "001 intro", "2 - intro"].map(strippingOrderPrefix)
        == ["intro", "intro", "intro", "intro", "intro"])
}

@Test func nameWithoutOrderPrefixIsKept() {
    #expect(["intro", "3d-graphics", "1984", "01-", "v2-notes"].map(strippingOrderPrefix)
        == ["intro", "3d-graphics", "1984", "01-", "v2-notes"])
}

@Test func titleFromFileNameUsesWords() {
    #expect(titleFromFileName("02-the-middle") == "The middle")
}

@Test func titleFromFileNameTreatsUnderscoresAsSpaces() {
    #expect(titleFromFileName("my_first--chapter") == "My first chapter")
}

@Test func titleFromFileNameUppercasesAnyScript() {
    #expect(titleFromFileName("03-épilogue") == "Épilogue")
}

@Test func titleFromNumberOnlyName() {
    #expect(titleFromFileName("1984") == "1984")
}

// Heading ids as mdBook makes them: one line of heading text, one id.
@Test(arguments: [
    ("Getting Started", "getting-started"),
    ("Spine & direction", "spine--direction"),
    ("  Padded  ", "padded"),
    ("a - b", "a---b"),
    ("Hello, World! What's new?", "hello-world-whats-new"),
    ("Version 2.0", "version-20"),
    ("snake_case and kebab-case", "snake_case-and-kebab-case"),
    ("`Vec<T>` and `HashMap<K, V>`", "vect-and-hashmapk-v"),
    ("Emoji 🎉 party", "emoji--party"),
    ("第 1 章：入门指南", "第-1-章入门指南"),
    ("Ünïcödé STRASSE Ωmega", "ünïcödé-strasse-ωmega"),
    ("?!…", "section"),
])
func headingIDsAsMdBookMakesThem(text: String, id: String) {
    #expect(headingID(text) == id)
}

// ASCII headings take a quicker way by their bytes, to the id every other text gets.
@Test func asciiHeadingIDsAreTheUnicodeOnes() {
    let characters = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
    let texts = characters.map { "A\($0)b" } + characters.map { "\($0)Mid \($0)" } + ["\t\u{0B}x\u{0C}\r\n", " \u{1F}", "", "Z9_-"]
    for text in texts {
        let id = unicodeHeadingID(text)
        #expect(headingID(text) == (id.isEmpty ? "section" : id), "\(Array(text.utf8))")
    }
}

@Test func repeatedHeadingsAsMdBookNumbersThem() {
    let (_, headings) = assignHeadingIDs(parseMarkdown("# Intro\n# Intro\n# Intro-1\n# Intro", smartPunctuation: false))
    #expect(headings.map(\.id) == ["intro", "intro-1", "intro-1-1", "intro-2"])
}

@Test func headingIDsLeaveOutImageDescriptions() {
    let (_, headings) = assignHeadingIDs(parseMarkdown("# The ![logo](l.png) book", smartPunctuation: false))
    #expect(headings.map(\.id) == ["the--book"])
    #expect(headings.map(\.title) == ["The logo book"])
}
