import VectorFormat

/// One vector of a generator, declared by key (CCTV and BoGo style) instead of by position:
///
///     Case("request-no-params", requires: ["ENV-7"], flags: ["Accepted"],
///          comment: "A request payload without params means params null.",
///          input: core(text), expect: .output(parsed))
///
/// `VectorFileBuilder.add(_:operation:alsoRequires:)` turns a list of them into vectors, in order.
struct Case {
    /// The vector's name in its file: the id is `<area>/<name>`.
    let name: String
    /// The requirements the vector cites, before any its operation adds.
    let requires: [String]
    /// Flags described in the file's header.
    let flags: [String]
    /// One line: what the vector checks.
    let comment: String
    let input: JSONValue
    /// What the author intends; the reference computes `expected` and must agree.
    let expect: Expectation

    init(
        _ name: String,
        requires: [String],
        flags: [String] = [],
        comment: String,
        input: JSONValue,
        expect: Expectation
    ) {
        self.name = name
        self.requires = requires
        self.flags = flags
        self.comment = comment
        self.input = input
        self.expect = expect
    }
}

extension VectorFileBuilder {
    /// Adds each case as the vector `<area>/<name>` of `operation`, in order, citing
    /// `alsoRequires` after the case's own requirements (a receiver's catch-all, such as ENV-10).
    mutating func add(_ cases: [Case], operation: String, alsoRequires: [String] = []) throws {
        for vector in cases {
            try add(
                vector.name,
                operation: operation,
                requirements: vector.requires + alsoRequires,
                comment: vector.comment,
                flags: vector.flags,
                input: vector.input,
                expect: vector.expect
            )
        }
    }
}
