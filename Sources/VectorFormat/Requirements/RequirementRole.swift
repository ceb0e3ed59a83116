/// A party a requirement binds, named in the requirement's role tag (`**[ID]** *(core, device)*`).
///
/// The vocabulary is closed so that conformance can be stated per role (spec/README.md,
/// spec/kit/README.md) and coverage reported per role (`vectorgen --coverage --role core`): a
/// misspelt role would silently drop a requirement from its party's list.
public enum RequirementRole: String, CaseIterable, Sendable, Comparable {
    /// The phone: builds 0x03, opens 0x04, runs a session.
    case device
    /// The desktop: opens 0x03, sends 0x04, keeps channel states, runs a session.
    case core
    /// Whatever writes the pairing payload (the core's QR producer).
    case producer
    /// Whatever reads the pairing payload (the device's QR consumer).
    case consumer
    /// The blind relay between device and core.
    case relay
    /// The core's listener for the LAN carrier (spec chapter 15): the WebSocket, its hello and its
    /// limits.
    case lanEndpoint = "lan-endpoint"
    /// The conformance adapter that answers the runner for one implementation.
    case adapter
    /// The conformance runner.
    case runner
    /// A party that checks a claim without taking part in the exchange: the user comparing a
    /// pairing code, or a tool validating an artefact.
    case verifier
    /// A test-vector file of the suite and every tool that writes one.
    case vectorFile = "vector-file"

    public static func < (a: RequirementRole, b: RequirementRole) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// What a requirement's role tag says, as read; the reader turns everything but `.roles` into a
/// typed error that names the file and line.
public enum RoleTag: Equatable, Sendable {
    /// No `*(...)*` right after the bold id.
    case missing
    /// A tag whose list is empty or names a role twice.
    case malformed(String)
    /// A tag naming a party outside the vocabulary.
    case unknownRole(String)
    case roles([RequirementRole])

    /// Parses the text right after `**[ID]**` (leading spaces allowed): `*(role, role, ...)*`.
    static func parse(afterID text: Substring) -> RoleTag {
        let rest = text.drop(while: { $0 == " " })
        guard rest.hasPrefix("*("), let close = rest.range(of: ")*") else { return .missing }
        let list = rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]
        let names = list.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.contains(where: \.isEmpty) else { return .malformed(String(list)) }
        var roles: [RequirementRole] = []
        for name in names {
            guard let role = RequirementRole(rawValue: name) else { return .unknownRole(name) }
            guard !roles.contains(role) else { return .malformed(String(list)) }
            roles.append(role)
        }
        return .roles(roles)
    }
}
