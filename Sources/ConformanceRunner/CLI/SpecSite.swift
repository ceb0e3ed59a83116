import Foundation

/// Where the reports' links to requirement anchors point (ADP-82): `--spec-url` when given;
/// else a rendered spec found beside the vectors directory, as a `file://` URL so that a link
/// printed in a terminal or a CI log opens wherever the report is read on this machine; else the
/// Markdown chapters of the spec directory the requirement texts were read from, which every
/// checkout has (the rendered spec exists only after `tools/render-spec`, and the tarball of
/// `tools/package` ships it, so its links stay on the rendered pages).
public enum SpecSite {
    /// Whether `url` may be the base of report links (ADP-82): an `http:`, `https:` or `file:`
    /// URL, or a relative reference (no scheme). Any other scheme (`javascript:`, `data:`) would
    /// put a script or a document of the user's into every link of every report.
    public static func isAcceptable(_ url: String) -> Bool {
        let schemeEnd = url.firstIndex(of: ":")
        let pathStart = url.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" }
        guard let schemeEnd, pathStart.map({ schemeEnd < $0 }) ?? true else { return true }
        return ["http", "https", "file"].contains(url[..<schemeEnd].lowercased())
    }

    /// Where a rendered spec is looked for, relative to the vectors directory's parent, in order:
    /// the release tarball's layout (`spec-html/` beside `vectors/`), then the repository's
    /// (`tools/render-spec` writes `dist/spec-html/`).
    public static let candidates = ["spec-html", "dist/spec-html"]

    /// The base of the links into a rendered spec: the first candidate that holds an
    /// `index.html`, as a `file://` URL without a trailing `/`; nil when there is none.
    public static func renderedURL(vectorsDirectory: String) -> String? {
        let parent = URL(fileURLWithPath: vectorsDirectory).standardizedFileURL.deletingLastPathComponent()
        for candidate in candidates {
            let site = parent.appendingPathComponent(candidate)
            if FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path) {
                var url = site.absoluteString
                while url.hasSuffix("/") { url.removeLast() }
                return url
            }
        }
        return nil
    }

    /// Every requirement's link (ADP-81, ADP-82): into `specURL` when given, else into the
    /// rendered spec beside the vectors, else into the Markdown file that defines it,
    /// `file://<spec directory>/<chapter>.md#<ID>`.
    public static func links(
        _ requirements: RequirementTexts,
        specURL: String?,
        vectorsDirectory: String
    ) -> [String: String] {
        if let base = specURL ?? renderedURL(vectorsDirectory: vectorsDirectory) {
            return requirements.links(base: base)
        }
        guard let source = requirements.source else { return [:] }
        var markdown = URL(fileURLWithPath: source).standardizedFileURL.absoluteString
        while markdown.hasSuffix("/") { markdown.removeLast() }
        return requirements.links(base: markdown, pageExtension: "md")
    }
}
