#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// tunnel-fuzz: coverage-guided fuzzing of the reference library's input-facing entry points.
///
/// Build and run it with `tools/fuzz`; it takes libFuzzer's own arguments, e.g.
/// `tunnel-fuzz -max_total_time=60 corpus/`, or a crash input file to replay it;
/// `tunnel-fuzz --write-seeds DIR` writes a starting corpus (`FuzzSeeds`).
///
/// SwiftPM links an executable with `--defsym main=tunnel_fuzz_main`, so libFuzzer's own `main`
/// never runs: this program starts libFuzzer through `LLVMFuzzerRunDriver`. The driver is looked
/// up at run time rather than linked by name, so that a plain `swift build`, which builds every
/// product without the sanitizer, still links; such a binary says so and exits 2. The fuzz
/// build must export the symbol for the lookup to find it (`tools/fuzz` passes
/// `--export-dynamic-symbol=LLVMFuzzerRunDriver` to the linker).
@main
enum TunnelFuzz {
    typealias RunDriver =
        @convention(c) (
            UnsafeMutablePointer<Int32>,
            UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
            @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
        ) -> Int32

    static func main() {
        let arguments = CommandLine.arguments
        if arguments.count == 3, arguments[1] == "--write-seeds" {
            exit(FuzzSeeds.write(to: arguments[2]) ? 0 : 1)
        }
        // A null handle is glibc's RTLD_DEFAULT: search the executable and every loaded library.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
            var message = "tunnel-fuzz: libFuzzer is not linked in; build and run it with tools/fuzz\n"
            message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
            exit(2)
        }
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(unsafeBitCast(symbol, to: RunDriver.self)(&argc, &argv, testOneInput))
    }
}

/// The fuzz entry. Also exported under libFuzzer's conventional name: the libFuzzer archive the
/// sanitizer links carries a `main` that references it, so the fuzz build needs it defined.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzDispatch.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
