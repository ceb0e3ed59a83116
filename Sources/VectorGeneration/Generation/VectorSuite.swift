import Foundation
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// Every file of the suite, generated in memory. The same code on any machine gives the same
/// bytes: no clock, no system randomness, keys and nonces derived from vector ids.
public enum VectorSuite {
    /// The areas in a fixed order; each makes `vectors/<area>.json`.
    static let generators: [(area: String, make: @Sendable (GenerationOptions) throws -> VectorFile)] = [
        ("x25519", { _ in try X25519Vectors.make() }),
        ("hkdf", { _ in try HKDFVectors.make() }),
        ("xchacha20poly1305", { _ in try XChaChaVectors.make() }),
        ("session-keys", { _ in try SessionKeysVectors.make() }),
        ("frame-seal", { _ in try FrameSealVectors.make() }),
        ("frame-open", { _ in try FrameOpenVectors.make() }),
        ("replay-window", { _ in try ReplayWindowVectors.make() }),
        ("handshake", { _ in try HandshakeVectors.make() }),
        ("worked-example", { _ in try WorkedExampleVectors.make() }),
        ("qr-encode", { _ in try QREncodeVectors.make() }),
        ("qr-parse", { _ in try QRParseVectors.make() }),
        ("qr-encode-v3", { _ in try QREncodeV3Vectors.make() }),
        ("qr-parse-v3", { _ in try QRParseV3Vectors.make(versionTwo: QRParseVectors.make()) }),
        ("accumulated", AccumulatedVectors.make),
        ("adapter", { _ in try AdapterVectors.make() }),
        ("sas", { _ in try SASVectors.make() }),
        ("core-channel", { _ in try CoreChannelVectors.make() }),
        ("device-state", { _ in try DeviceStateVectors.make() }),
        ("core-session", CoreSessionVectors.make),
        ("pairing-window", { _ in try PairingWindowVectors.make() }),
        ("channel-keys", { _ in try ChannelKeysVectors.make() }),
        ("fingerprint", { _ in try FingerprintVectors.make() }),
        ("envelope-encode", { _ in try EnvelopeEncodeVectors.make() }),
        ("envelope-parse", { _ in try EnvelopeParseVectors.make() }),
        ("envelope-split", { _ in try EnvelopeSplitVectors.make() }),
        ("envelope-reassemble", { _ in try EnvelopeReassembleVectors.make() }),
        ("envelope-core", EnvelopeCoreVectors.make),
        ("envelope-device", { _ in try EnvelopeDeviceVectors.make() }),
        ("relay", { _ in try RelayVectors.make() }),
        ("verify", { _ in try VerifyVectors.make() }),
        ("noise-handshake", { _ in try NoiseHandshakeVectors.make() }),
        ("pairing-v3", { _ in try PairingV3Vectors.make() }),
        ("pairing-v3-core", { _ in try PairingV3CoreVectors.make() }),
        ("pairing-v3-device", { _ in try PairingV3DeviceVectors.make() }),
        ("reconnect-v3-core", { _ in try ReconnectionV3CoreVectors.make() }),
        ("reconnect-v3-device", { _ in try ReconnectionV3DeviceVectors.make() }),
        ("session-v3", { _ in try SessionV3Vectors.make() }),
        ("transport-select", { _ in try TransportSelectVectors.make() }),
    ]

    /// The vector files, by area.
    public static func vectorFiles(options: GenerationOptions = GenerationOptions()) throws -> [VectorFile] {
        try generators.map { area, make in
            let file = try make(options)
            guard file.area == area else { throw GenerationError("generator for \(area) made \(file.area)") }
            return file
        }
    }

    /// File name -> bytes for everything in `vectors/`: one file per area and the manifest.
    public static func encode(_ files: [VectorFile]) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for file in files {
            out[file.area + ".json"] = try CanonicalJSON.encode(file)
        }
        let digests = out.mapValues { OpenHumanTunnel.Hex.encode(SHA256.hash(Array($0))) }
        out[Manifest.fileName] = try CanonicalJSON.encode(Manifest(files: digests))
        return out
    }
}
