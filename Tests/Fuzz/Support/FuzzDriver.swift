import Glibc

/// libFuzzer's entry, `LLVMFuzzerRunDriver`: SwiftPM gives every executable its own `main`
/// (which would shadow libFuzzer's), so each target's `main.swift` calls the driver itself
/// with its `LLVMFuzzerTestOneInput` and the command line (libFuzzer's flags and corpus
/// directories).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

public enum FuzzDriver {
    /// Runs libFuzzer over `testOneInput` and exits with its status.
    public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }
}
