import Foundation
import Testing

/// A C program (Tests/CABI/wf_check.c) compiled by gcc against the header and linked to the
/// built libWayfinderC.so calls every function, bad input included.
@Suite struct CProgramTests {
    /// Runs a program; its exit status and standard output.
    static func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile(), errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    @Test func gccProgramCallsTheLibrary() throws {
        let library = "\(repositoryRoot)/.build/release"
        guard FileManager.default.fileExists(atPath: "\(library)/libWayfinderC.so") else {
            Issue.record("build the library first: swift build -c release -Xswiftc -enable-testing --product WayfinderC")
            return
        }
        let binary = "\(AndorraGraph.directory)/wf_check"
        let (built, _, compileErrors) = try Self.run("/usr/bin/gcc", [
            "-O2", "-Wall", "-Wextra", "-Werror", "-o", binary, "\(repositoryRoot)/Tests/CABI/wf_check.c",
            "-I\(repositoryRoot)/Sources/WayfinderC/include", "-L\(library)", "-lWayfinderC", "-Wl,-rpath,\(library)", "-lm",
        ])
        #expect(built == 0, "\(compileErrors)")
        guard built == 0 else { return }
        let (status, output, errors) = try Self.run(binary, [try AndorraGraph.path(), "check"])
        #expect(status == 0, "\(errors)")
        #expect(output.contains("version wayfinder "))
        #expect(output.contains("pairs 0 Ok "))
        #expect(output.contains("route_json "))
        #expect(output.contains("isochrone_json "))
        #expect(output.contains("error row 0 from: coordinate out of range"))
    }
}
