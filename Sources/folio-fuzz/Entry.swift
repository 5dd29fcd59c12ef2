import Foundation

/// `folio-fuzz <target> [arguments]`. Built by `make fuzz` (with `-DFUZZING` and libFuzzer) it
/// hands the arguments to libFuzzer; built by `swift build` it runs each file given once, to
/// replay what the fuzzer found.
@main
struct FuzzCommand {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count > 1, let target = FuzzTarget(rawValue: arguments[1]) else {
            let targets = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            FileHandle.standardError.write(Data("usage: folio-fuzz \(targets) [libFuzzer options] [corpus folders or inputs]\n".utf8))
            exit(2)
        }
        #if FUZZING
        fuzzed = target
        // libFuzzer reads the arguments after the target's name, as if they were all it was given.
        var argv = [CommandLine.unsafeArgv[0]] + (2..<Int(CommandLine.argc)).map { CommandLine.unsafeArgv[$0] } + [nil]
        var argc = Int32(argv.count - 1)
        let status = argv.withUnsafeMutableBufferPointer { buffer in
            var start = buffer.baseAddress!
            return runFuzzer(&argc, &start) { data, size in
                fuzzed.run(Data(bytes: data!, count: size))
                return 0
            }
        }
        exit(status)
        #else
        for file in arguments.dropFirst(2) {
            target.run(try Data(contentsOf: URL(fileURLWithPath: file)))
            print("\(file): done")
        }
        #endif
    }
}

#if FUZZING
/// The target libFuzzer's callback runs, which as a C function cannot capture it.
nonisolated(unsafe) private var fuzzed = FuzzTarget.book

/// libFuzzer's entry point for a program with its own `main` (FuzzerInterface.h).
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzer(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                       _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif
