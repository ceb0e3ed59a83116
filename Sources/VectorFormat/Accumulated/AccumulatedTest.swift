import OpenHumanTunnel

/// The accumulated randomized test of session frames, in the manner of C2SP's accumulated
/// tests: many generated cases, one published hash over all outputs.
///
/// A runner drives an adapter through it with `AccumulatedCases` (one `frame-seal` and one
/// `frame-open` request per case) and `AccumulatedHash`; `vectorgen` computes the expected
/// hash here with the reference implementation.
public enum AccumulatedTest {
    /// The seed label of the published vectors.
    public static let seed = "openhuman-tunnel/accumulated/session-frames"

    /// The hash for the first `count` cases of `seed`, computed with the reference implementation.
    public static func referenceHash(seed: String, count: Int) throws(TunnelError) -> String {
        var hash = AccumulatedHash()
        for testCase in AccumulatedCases(seed: seed, count: count) {
            let keys = SessionKeys(c2s: testCase.c2s, s2c: testCase.s2c)
            let sealed = try SessionCipher(role: testCase.sealer, keys: keys).seal(
                testCase.plaintext,
                nonce: testCase.nonce
            )
            var opener = SessionCipher(role: testCase.opener, keys: keys)
            do {
                hash.absorb(sealed: sealed, opened: .plaintext(try opener.open(testCase.received(sealed))))
            } catch {
                hash.absorb(sealed: sealed, opened: .error(error.code))
            }
        }
        return hash.finalize()
    }
}
