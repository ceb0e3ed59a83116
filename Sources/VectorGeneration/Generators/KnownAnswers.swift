/// Known answers copied from their documents, byte for byte, and checked with Python
/// (`cryptography` for X25519 and HKDF, PyNaCl for XChaCha20-Poly1305, a from-the-text
/// HChaCha20) before they were written here. `vectorgen` refuses to write a vector whose
/// reference answer differs from these.
enum KnownAnswers {
    enum RFC7748 {
        static let section52 = "RFC 7748 section 5.2"
        static let section61 = "RFC 7748 section 6.1"
        /// (scalar, u, output) of the two single-shot vectors of section 5.2.
        static let vector1 = (
            "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
            "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
            "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"
        )
        static let vector2 = (
            "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
            "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
            "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"
        )
        /// Section 5.2's iteration, after one round: X25519(9, 9).
        static let nine = "0900000000000000000000000000000000000000000000000000000000000000"
        static let afterOneIteration = "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"
        static let alicePrivate = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
        static let alicePublic = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
        static let bobPrivate = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"
        static let bobPublic = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"
        static let shared = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"
    }

    enum RFC5869 {
        struct Case {
            let section: String, ikm: String, salt: String, info: String, length: Int64, okm: String
        }
        static let a1 = Case(
            section: "RFC 5869 appendix A.1",
            ikm: "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
            salt: "000102030405060708090a0b0c",
            info: "f0f1f2f3f4f5f6f7f8f9",
            length: 42,
            okm: "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"
        )
        static let a2 = Case(
            section: "RFC 5869 appendix A.2",
            ikm: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
                + "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f",
            salt: "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
                + "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeaf",
            info: "b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecf"
                + "d0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
            length: 82,
            okm: "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c"
                + "59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87"
        )
        static let a3 = Case(
            section: "RFC 5869 appendix A.3",
            ikm: "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
            salt: "",
            info: "",
            length: 42,
            okm: "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"
        )
    }

    enum XChaCha {
        static let hChaChaSection = "draft-irtf-cfrg-xchacha-03 section 2.2.1"
        static let hChaChaKey = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
        static let hChaChaNonce = "000000090000004a0000000031415927"
        static let hChaChaSubkey = "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc"

        static let aeadSection = "draft-irtf-cfrg-xchacha-03 appendix A.3.1"
        static let aeadKey = "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
        static let aeadNonce = "404142434445464748494a4b4c4d4e4f5051525354555657"
        static let aeadAAD = "50515253c0c1c2c3c4c5c6c7"
        static let aeadPlaintext = Array(
            "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."
                .utf8
        )
        /// Ciphertext followed by the tag `c0875924c1c7987947deafd8780acf49`.
        static let aeadCiphertext =
            "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb"
            + "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2b"
            + "c369488f76b2383565d3fff921f9664c97637da9768812f615c68b13b52e" + "c0875924c1c7987947deafd8780acf49"
    }
}
