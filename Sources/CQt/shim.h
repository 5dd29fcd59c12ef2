/* Only the compiler and linker flags of Qt (pkg-config's Qt5Gui), which KSyntaxHighlighting's
   headers and library need: Swift sees none of Qt, only Sources/CHighlighting's C functions. */
