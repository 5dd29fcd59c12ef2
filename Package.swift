// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Folio",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "folio", targets: ["folio"]),
        .library(
            name: "FolioCore",
            targets: ["FolioBase", "FolioOptions", "FolioBook", "FolioPagination", "FolioSearch", "FolioCore", "FolioCheck", "FolioServe"]
        ),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // `folio serve` answers HTTP through GNU libmicrohttpd.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // book.toml is read with toml++ (Debian: libtomlplusplus-dev, Homebrew: tomlplusplus), used
        // header-only, so the shim needs its headers and nothing to link.
        .target(name: "CTOML"),
        // Code is highlighted with KDE's KSyntaxHighlighting, a Qt library: CQt carries Qt's flags
        // from pkg-config (Qt5Gui, whose headers KSyntaxHighlighting's include), and the C++ shim
        // includes KSyntaxHighlighting's headers by their path under the system's include folder.
        .systemLibrary(
            name: "CQt",
            pkgConfig: "Qt5Gui",
            providers: [.apt(["libkf5syntaxhighlighting-dev"])]
        ),
        .target(name: "CHighlighting", dependencies: ["CQt"], linkerSettings: [.linkedLibrary("KF5SyntaxHighlighting")]),
        // Text is shaped, measured and its fonts subset with HarfBuzz; the subsets are written as
        // WOFF2 with Google's encoder (C++, through the CWOFF2 shim; CWOFF2Flags carries its flags).
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz-subset",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
        ),
        .systemLibrary(
            name: "CWOFF2Flags",
            pkgConfig: "libwoff2enc",
            providers: [.apt(["libwoff-dev"]), .brew(["woff2"])]
        ),
        .target(name: "CWOFF2", dependencies: ["CWOFF2Flags"]),
        // Prose is hyphenated with libhyphen (LibreOffice's), from the system's TeX-derived
        // patterns (Debian's hyphen-* packages); it ships no pkg-config file.
        .systemLibrary(
            name: "CHyphen",
            providers: [.apt(["libhyphen-dev"]), .brew(["hyphen"])]
        ),
        // A book as EPUB: its pages made well-formed XHTML with libxml2, and zipped with libzip.
        .systemLibrary(
            name: "CXML",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CZip",
            pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"]), .brew(["libzip"])]
        ),
        // The layers of ARCHITECTURE.md ("What may depend on what"), each a target so that the
        // compiler holds them: the base (model, source text, diagnostics, site layout) depends on
        // nothing of Folio's; each stage of the pipeline on the base and the stages before it;
        // `folio check` on what it reads of them; `folio serve` on the pipeline, and nothing on it.
        .target(name: "FolioBase", dependencies: ["CCmark"]),
        .target(name: "FolioOptions", dependencies: ["FolioBase", "CYAML", "CTOML"]),
        // Loading and Markdown are one target: SUMMARY.md's titles are read with Markdown's inlines,
        // and parsing asks the loader's image sizes and commands.
        .target(name: "FolioBook", dependencies: ["FolioBase", "FolioOptions", "CHighlighting", "CHyphen"]),
        .target(name: "FolioPagination", dependencies: ["FolioBase", "FolioOptions", "FolioBook", "CHarfBuzz", "CWOFF2"]),
        .target(name: "FolioSearch", dependencies: ["FolioBase", "FolioBook", "FolioPagination"]),
        .target(
            name: "FolioCore",
            dependencies: ["FolioBase", "FolioOptions", "FolioBook", "FolioPagination", "FolioSearch", "CXML", "CZip"],
            plugins: ["ThemeEmbedding"]
        ),
        .target(name: "FolioCheck", dependencies: ["FolioBase", "FolioOptions", "FolioBook", "FolioPagination", "FolioSearch", "FolioCore"]),
        .target(name: "FolioServe", dependencies: ["FolioBase", "FolioOptions", "FolioBook", "FolioPagination", "FolioSearch", "FolioCore", "CMicroHTTPD"]),
        .executableTarget(name: "embed-theme"),
        .plugin(name: "ThemeEmbedding", capability: .buildTool(), dependencies: ["embed-theme"]),
        .executableTarget(name: "stamp-commit"),
        .plugin(name: "CommitStamp", capability: .buildTool(), dependencies: ["stamp-commit"]),
        .executableTarget(
            name: "folio",
            dependencies: ["FolioBase", "FolioBook", "FolioCore", "FolioCheck", "FolioServe"],
            plugins: ["CommitStamp"]
        ),
        // The fuzz targets; `make fuzz` builds them with libFuzzer, `swift build` as a replayer.
        .executableTarget(
            name: "folio-fuzz",
            dependencies: ["FolioBase", "FolioOptions", "FolioBook", "FolioPagination", "FolioSearch", "FolioCore", "FolioCheck"]
        ),
        .testTarget(name: "FolioCoreTests", dependencies: ["FolioBase", "FolioOptions", "FolioBook", "FolioPagination", "FolioSearch", "FolioCore", "FolioCheck", "FolioServe", "folio"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
