import Foundation
import VectorFormat

/// The spec's requirements by id, for reports that quote a failing case's requirements (ADP-80)
/// and link them into the rendered spec (ADP-81); or why they could not be read.
///
/// A report is still written when the spec is missing or unreadable: the run's result does not
/// depend on it, so the problem is said in the report rather than made a failure.
public struct RequirementTexts: Sendable {
    public var byID: [String: Requirement]
    /// Where the texts came from (the spec directory as given), when they were read.
    public var source: String?
    /// Why there are no texts, when they could not be read.
    public var problem: String?

    public init(byID: [String: Requirement], source: String?, problem: String? = nil) {
        self.byID = byID
        self.source = source
        self.problem = problem
    }

    /// No texts, for the reason given.
    public static func unavailable(_ problem: String) -> RequirementTexts {
        RequirementTexts(byID: [:], source: nil, problem: problem)
    }

    /// The requirements of `directory` and its `kit/` chapters, read with `RequirementReader`
    /// (which also checks ids and role tags); `.unavailable` naming the reason when it fails.
    public static func load(specDirectory directory: String) -> RequirementTexts {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return .unavailable("no spec directory at \(directory) (give one with --spec DIR)")
        }
        do {
            let requirements = try RequirementReader.read(directory: URL(fileURLWithPath: directory))
            guard !requirements.isEmpty else {
                return .unavailable("\(directory) holds no requirement (give the spec directory with --spec DIR)")
            }
            return RequirementTexts(
                byID: Dictionary(requirements.map { ($0.id, $0) }) { first, _ in first },
                source: directory
            )
        } catch {
            return .unavailable("cannot read the spec in \(directory): \(error)")
        }
    }

    /// The link to every requirement's anchor in the rendered spec (ADP-81), by id:
    /// `<base>/<chapter file without .md>.html#<ID>`, e.g.
    /// `spec-html/kit/04-runner.html#ADP-40` for the base `spec-html`;
    /// `pageExtension` `md` links the Markdown chapters instead (`SpecSite.links`). A requirement
    /// whose chapter is unknown (the spec was not read) has none.
    public func links(base: String, pageExtension: String = "html") -> [String: String] {
        var base = base
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        return byID.mapValues { requirement in
            var chapter = requirement.file
            if chapter.hasSuffix(".md") { chapter.removeLast(3) }
            return "\(base)/\(chapter).\(pageExtension)#\(requirement.id)"
        }
    }
}
