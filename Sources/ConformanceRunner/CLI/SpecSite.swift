import Foundation

/// Where the reports' links to requirement anchors point when `--spec-url` is not given (ADP-82):
/// a rendered spec found beside the vectors directory, as a `file://` URL so that a link printed
/// in a terminal or a CI log opens wherever the report is read on this machine; else the relative
/// `spec-html`, which resolves for an HTML report that has the rendered spec beside it.
public enum SpecSite {
    /// The relative base used when no rendered spec is found.
    public static let relativeDefault = "spec-html"

    /// Where a rendered spec is looked for, relative to the vectors directory's parent, in order:
    /// the release tarball's layout (`spec-html/` beside `vectors/`), then the repository's
    /// (`tools/render-spec` writes `dist/spec-html/`).
    public static let candidates = ["spec-html", "dist/spec-html"]

    /// The base of the links: the first candidate that holds an `index.html`, as a `file://` URL
    /// without a trailing `/`, else `relativeDefault`.
    public static func defaultURL(vectorsDirectory: String) -> String {
        let parent = URL(fileURLWithPath: vectorsDirectory).standardizedFileURL.deletingLastPathComponent()
        for candidate in candidates {
            let site = parent.appendingPathComponent(candidate)
            if FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path) {
                var url = site.absoluteString
                while url.hasSuffix("/") { url.removeLast() }
                return url
            }
        }
        return relativeDefault
    }
}
