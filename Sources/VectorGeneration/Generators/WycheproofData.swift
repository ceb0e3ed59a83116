import Foundation
import VectorFormat

/// The three Project Wycheproof files under `Wycheproof/` (its README names the commit, the
/// licence and the digests), decoded as far as the kit's vectors need them.
enum WycheproofData {
    /// The C2SP/wycheproof commit the files were copied from.
    static let commit = "dac1dd4729fd1f8dd9e1e9f3dce51d783da6c166"

    /// One file: its notes (one per flag) and its test groups.
    struct File<Test: Decodable & Sendable>: Decodable, Sendable {
        let numberOfTests: Int
        let notes: [String: Note]
        let testGroups: [Group<Test>]

        /// Every case, in the file's order.
        var tests: [Test] { testGroups.flatMap(\.tests) }
    }

    struct Note: Decodable, Sendable {
        let bugType: String
        let description: String
        let effect: String?
    }

    struct Group<Test: Decodable & Sendable>: Decodable, Sendable {
        /// The nonce size in bits (AEAD groups only).
        let ivSize: Int?
        let tests: [Test]
    }

    struct X25519Test: Decodable, Sendable {
        let tcId: Int
        let comment: String
        let flags: [String]
        let `public`: String
        let `private`: String
        let shared: String
        let result: String
    }

    struct AEADTest: Decodable, Sendable {
        let tcId: Int
        let comment: String
        let flags: [String]
        let key: String
        let iv: String
        let aad: String
        let msg: String
        let ct: String
        let tag: String
        let result: String
    }

    struct HKDFTest: Decodable, Sendable {
        let tcId: Int
        let comment: String
        let flags: [String]
        let ikm: String
        let salt: String
        let info: String
        let size: Int
        let okm: String
        let result: String
    }

    static func x25519() throws -> File<X25519Test> { try load("x25519_test") }
    static func xchacha20Poly1305() throws -> File<AEADTest> { try load("xchacha20_poly1305_test") }
    static func hkdfSHA256() throws -> File<HKDFTest> { try load("hkdf_sha256_test") }

    /// Reads `Wycheproof/<name>.json` from the target's resources and checks its case count.
    private static func load<Test>(_ name: String) throws -> File<Test> {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Wycheproof") else {
            throw GenerationError("Wycheproof/\(name).json is missing from vectorgen's resources")
        }
        let file = try JSONDecoder().decode(File<Test>.self, from: Data(contentsOf: url))
        guard file.tests.count == file.numberOfTests else {
            throw GenerationError(
                "Wycheproof/\(name).json: \(file.tests.count) cases, numberOfTests says \(file.numberOfTests)"
            )
        }
        return file
    }
}
