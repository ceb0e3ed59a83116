extension KnownAnswers {
    /// `Noise_IKpsk1_25519_ChaChaPoly_SHA256` from the public Noise test vectors (cacophony's
    /// `vectors/cacophony.txt`, also in snow's): the prologue "John Galt", fixed keys, two
    /// handshake messages and four transport messages. Checked against PyPI `noiseprotocol`.
    enum NoiseIKpsk1 {
        static let source = "cacophony test vectors, Noise_IKpsk1_25519_ChaChaPoly_SHA256"
        static let prologue = "4a6f686e2047616c74"
        static let initiatorStatic = "e61ef9919cde45dd5f82166404bd08e38bceb5dfdfded0a34c8df7ed542214d1"
        static let initiatorEphemeral = "893e28b9dc6ca8d611ab664754b8ceb7bac5117349a4439a6b0569da977c464a"
        static let responderStatic = "4a3acbfdb163dec651dfa3194dece676d437029c62a408b4c5ea9114246e4893"
        static let responderEphemeral = "bbdb4cdbd309f1a1f2e1456967fe288cadd6f712d65dc7b7793d5e63da6b375b"
        static let psk = "54686973206973206d7920417573747269616e20706572737065637469766521"
        static let handshakeHash = "3ad252ed6f724c52da3450383b7d8b806c183e1ef157bbe0465ad24997ec4717"
        /// (payload, message) in order.
        static let messages = [
            (
                "4c756477696720766f6e204d69736573",
                "ca35def5ae56cec33dc2036731ab14896bc4c75dbb07a61f879f8e3afa4c7944"
                    + "ac58a6c31948ce200911c5b27b67f1c4d1bed490532dd94ed17164fcc5784d37"
                    + "30fc302b70cc0f19beedaeb56bd974c0e57d747d11534c746eb2a32ac3fde3e4"
                    + "cdf6c3a4705762a6c6ca664b3bc89490"
            ),
            (
                "4d757272617920526f746862617264",
                "95ebc60d2b1fa672c1f46a8aa265ef51bfe38e7ccb39ec5be34069f144808843"
                    + "846a944a0652fb390d213d0700d5ae8fef7aad0ecc79a9216d15de5d7f3ee4"
            ),
            ("462e20412e20486179656b", "5d872673f64813a47a00369b15c8da92691605ad71ba019de8e718"),
            ("4361726c204d656e676572", "2045266a750b6af2547f7eb1391058196b742d0aac4b3a1bcc1913"),
            (
                "4a65616e2d426170746973746520536179",
                "9ec47ed0e7628c7d7a4eed631b963740ac2fd754eadaa9232e99054af4f7b29174"
            ),
            (
                "457567656e2042f6686d20766f6e2042617765726b",
                "310e359407350594cfb96eb4596e35677d4a71ceb42aa8cbba097bb9e7150b0d1bd749c4aa"
            ),
        ]
    }
}
