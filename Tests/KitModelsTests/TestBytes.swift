import TunnelCrypto

/// `count` copies of `value`.
func repeated(_ value: UInt8, _ count: Int) -> [UInt8] { [UInt8](repeating: value, count: count) }

/// The UTF-8 bytes of `text`.
func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A distinct, reproducible 32-byte private key per label (X25519 clamps at use).
func testPrivateKey(_ label: String) -> [UInt8] { SHA256.hash(utf8("KitModelsTests private key/" + label)) }
