import OpenHumanTunnel

/// The envelope layer (chapter 11) with the mutants that concern it: wrong limits, a sender
/// form with spaces, receiver codes renamed, and a grant that is not consulted. Every other
/// path is the library's.
enum ComposedEnvelope {
    static func limits(_ mutant: Mutant?) -> EnvelopeLimits {
        var limits = EnvelopeLimits.standard
        switch mutant {
        case .deployedChunkSize: limits.pieceLength = 61_440
        case .chunkDeadlineOffByOne: limits.chunkTimeout -= 1
        case .fivePartialMessages: limits.maximumPartials = 5
        case .noMessageSizeLimit: limits.maximumMessageLength *= 2
        default: break
        }
        return limits
    }

    static func encode(_ envelope: OutgoingEnvelope, mutant: Mutant?) throws(EnvelopeError) -> [UInt8] {
        let bytes = try EnvelopeEncoder.encode(envelope)
        guard mutant == .envelopeWithSpaces else { return bytes }
        // A default JSON encoder's separators: ": " and ", " between the envelope's own members.
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.replacing("\",\"kind\":", with: "\", \"kind\": ").replacing(",\"seq\":", with: ", \"seq\": ").utf8)
    }

    static func parse(_ plaintext: [UInt8], role: Role, limits: EnvelopeLimits,
                      mutant: Mutant?) throws(EnvelopeError) -> Envelope {
        let envelope: Envelope
        do {
            envelope = try EnvelopeParser.parse(plaintext, receiver: role, limits: limits)
        } catch .unexpectedKind where mutant == .unexpectedKindReportedAsUnknown {
            throw .unknownKind
        }
        // A strict reader of ENV-8: a payload that is not `code` or `code: detail` is refused
        // instead of read as method_failed, so a deployed core's error leaves the call hanging.
        if mutant == .freeTextErrorRejected, case .error(let code, _) = envelope.body, code == "method_failed",
           !String(decoding: plaintext, as: UTF8.self).contains("\"method_failed") {
            throw .badFieldValue("payload")
        }
        return envelope
    }

    static func coreGate(grant: Set<String>, methods: Set<String>, limits: EnvelopeLimits, mutant: Mutant?) -> CoreRequestGate {
        // The deployed core: any implemented method is callable by any paired device (F-44).
        CoreRequestGate(grant: mutant == .grantNotChecked ? grant.union(methods) : grant, methods: methods, limits: limits)
    }
}
