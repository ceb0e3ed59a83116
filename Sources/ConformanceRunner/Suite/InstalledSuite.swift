import Foundation

/// The suite a packaged runner was released with (ADP-100): the tarball of `tools/package` holds
/// `bin/conformance` and `vectors/` side by side, so the runner finds its vectors from where its
/// own executable is, not from the directory it was started in. A user who runs it from their own
/// project (which may well have a `vectors/` of its own) still gets the suite that matches the
/// runner's version.
public enum InstalledSuite {
    /// `<directory of the executable>/../vectors`, with symbolic links resolved first (a
    /// `/usr/local/bin/conformance` linked into the package still finds the package's vectors),
    /// when that is a directory; nil otherwise, as for a build directory such as `.build/debug`.
    public static func vectorsDirectory(forExecutable executablePath: String) -> String? {
        let executable = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
        let vectors = executable.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "vectors"
        )
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: vectors.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            return nil
        }
        return vectors.path
    }
}
