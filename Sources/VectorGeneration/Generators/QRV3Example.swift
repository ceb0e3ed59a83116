import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The version 3 payload of spec/08-pairing-payload.md section 8.12: chapter 13's worked example
/// (its `cid`, core key and pairing secret) with section 8.1's `pt`, `rpc` and `exp`.
enum QRV3Example {
    static let chapter = QRExample.chapter
    private static let fixture = NoiseFixture(id: "noise-handshake/pairing")
    static let cpk = X25519.publicKey(privateKey: fixture.coreStatic)
    static let ps = fixture.pairingSecret
    static let cpkText = "rJOfuk0GLuaVZHGF7UA5-pSuzvucTXNMeGRzSHFMPg4"
    static let psText = "iSSHsY8qKvZNmZ1xCX4u9w"
    /// The canonical payload printed in 8.12 (202 octets); the builder checks it against the
    /// reference's encoding of the fixture's bytes.
    static let payload =
        "openhuman://pair?v=3&cid=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567&pt=tok_abc123"
        + "&cpk=rJOfuk0GLuaVZHGF7UA5-pSuzvucTXNMeGRzSHFMPg4&ps=iSSHsY8qKvZNmZ1xCX4u9w"
        + "&rpc=http%3A%2F%2F192.168.1.5%3A7788%2Frpc&exp=1790000000"

    /// The example's fields as raw `name=value` texts, in producer order (QR3-ENC-1).
    static var fields: [(name: String, raw: String)] {
        [
            ("v", "3"), ("cid", QRExample.cid), ("pt", QRExample.pt), ("cpk", cpkText), ("ps", psText),
            ("rpc", QRExample.formEncode(QRExample.rpc)), ("exp", String(QRExample.exp)),
        ]
    }

    /// The example with the raw value of `name` replaced (nil: the field removed).
    static func payload(replacing name: String, with raw: String?) -> String {
        QRExample.payload(
            fields.compactMap { field in
                guard field.name == name else { return field }
                return raw.map { (name, $0) }
            }
        )
    }

    /// `qr-encode-v3` input for the example, with changes.
    static func encodeInput(
        cid: String = QRExample.cid,
        cpk: [UInt8] = cpk,
        ps: [UInt8] = ps,
        rpc: String? = QRExample.rpc
    ) -> JSONValue {
        QRExample.encodeInput(cid: cid, cpk: cpk, rpc: .some(rpc)).setting("ps", .hex(ps))
    }

    /// The example's `qr-parse-v3` output.
    static func parsed(withRPC: Bool = true) -> JSONValue {
        QRExample.parsed(withRPC: withRPC).setting("cpk", .hex(cpk)).setting("v", .int(3)).setting("ps", .hex(ps))
    }
}
