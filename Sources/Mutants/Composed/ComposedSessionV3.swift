import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto

/// Version 3's session frames (spec/14-sessions-v3.md), rebuilt from ChaCha20-Poly1305 alone,
/// with the session mutants.
///
/// Written for obviousness, not speed: the window is a ring of 4,096 booleans indexed by
/// `counter mod 4096` (twice the widest mutant's window, so a slot always holds the newest counter
/// of its residue at or below `H`), and every key of a later epoch is derived by chaining `REKEY`.
struct ComposedSessionV3: SessionV3Endpoint {
    private static let epochLength: UInt64 = 65_536
    private static let ringSize: UInt64 = 4_096
    private static let registeredOtherOctets: Set<UInt8> = [0x02, 0x03, 0x04, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15]

    private let mutant: Mutant?
    private var sendCounter: UInt64
    private var sendKey: [UInt8]
    private var sendEpoch: UInt64
    private var sendEpochStartedAt: Int64
    private var highest: UInt64?
    private var seen = [Bool](repeating: false, count: Int(ringSize))
    private var receiveKey: [UInt8]
    private var receiveEpoch: UInt64
    private var previousKey: [UInt8]?

    init(setup: SessionV3Setup, mutant: Mutant?) {
        self.mutant = mutant
        let device = setup.role == .device
        let fromZero = mutant == .v3SessionCountersFromZero
        let sendFirst = fromZero ? 0 : setup.start.firstCounter(of: setup.role)
        let receiveFirst = fromZero ? 0 : setup.start.firstCounter(of: setup.role.peer)
        if let state = setup.sendState {
            (sendCounter, sendKey) = (state.counter, state.key)
        } else {
            (sendCounter, sendKey) = (sendFirst, device ? setup.deviceToCore : setup.coreToDevice)
        }
        sendEpoch = sendCounter / Self.epochLength
        sendEpochStartedAt = setup.startedAt
        if let state = setup.receiveState {
            receiveKey = state.key
            highest = state.highest
            seen = [Bool](repeating: true, count: Int(Self.ringSize))
        } else {
            receiveKey = device ? setup.coreToDevice : setup.deviceToCore
            if receiveFirst > 0 && mutant != .v3SessionHandshakeCountersOpen {
                highest = receiveFirst - 1
                for counter in 0..<receiveFirst { seen[Int(counter % Self.ringSize)] = true }
            }
        }
        receiveEpoch = (highest ?? 0) / Self.epochLength
    }

    // MARK: sealing

    mutating func seal(_ content: [UInt8], now: Int64) throws(TunnelError) -> [UInt8] {
        guard content.count <= 49_125 else {
            if mutant == .v3SessionRefusedSealTakesCounter { sendCounter += 1 }
            throw .plaintextTooLarge
        }
        var counter = sendCounter
        let aged = now >= sendEpochStartedAt.addingReportingOverflow(120).partialValue
        if mutant != .v3RekeyIgnoresTime && aged {
            let epoch = mutant == .v3RekeyTimeSkipsEpochStart ? counter / Self.epochLength : sendEpoch
            if epoch == counter / Self.epochLength {
                let (next, overflow) = (epoch + 1).multipliedReportingOverflow(by: Self.epochLength)
                guard !overflow else { throw .sessionExhausted }
                counter = next
            }
        }
        guard counter != .max || mutant == .v3SessionSealsAtLastCounter else { throw .sessionExhausted }
        let epoch = counter / Self.epochLength
        let key = derive(sendKey, from: sendEpoch, to: epoch)
        let header = Self.header(counter)
        let frame =
            header
            + ChaCha20Poly1305.seal(
                key: key,
                nonce: nonce(counter),
                plaintext: pad(content),
                aad: associatedData(header)
            )
        if epoch != sendEpoch {
            (sendKey, sendEpoch, sendEpochStartedAt) = (key, epoch, now)
        }
        sendCounter = counter &+ 1
        return frame
    }

    private func pad(_ content: [UInt8]) -> [UInt8] {
        let body = [UInt8(content.count >> 8), UInt8(content.count & 0xff)] + content
        guard mutant != .v3PaddingNone else { return body }
        return body + [UInt8](repeating: 0, count: Self.bucket(for: body.count) - body.count)
    }

    // MARK: opening

    mutating func open(_ frame: [UInt8]) throws(TunnelError) -> [UInt8] {
        guard let type = frame.first else { throw .emptyFrame }
        guard type == 0x16 else {
            if type == 0x01 { throw .legacyFrame }
            throw Self.registeredOtherOctets.contains(type) ? .unexpectedType(type) : .unsupportedType(type)
        }
        guard frame.count >= 57 else { throw .frameTooShort }
        guard frame.count <= 49_152 else { throw .frameTooLarge }
        let paddedLength = frame.count - 25
        let bucketChecked = mutant != .v3FrameBucketCheckedAfterTag
        if bucketChecked { guard Self.isBucket(paddedLength) else { throw .badPadding } }
        let counter = frame[1..<9].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let epoch = counter / Self.epochLength
        let lookahead: UInt64 = mutant == .v3RekeyLookaheadNine ? 9 : mutant == .v3RekeyLookaheadSeven ? 7 : 8
        guard counter != .max || mutant == .v3CounterMaxOpened, epoch <= receiveEpoch + lookahead else {
            throw .counterOutOfRange
        }
        let replayFirst = mutant != .v3FrameReplayCheckedAfterTag
        if replayFirst { guard admits(counter) else { throw .replayed } }
        if mutant == .v3WindowRecordsBeforeTag { record(counter) }
        let key: [UInt8]
        if epoch >= receiveEpoch {
            key = derive(receiveKey, from: receiveEpoch, to: epoch)
        } else if let previousKey {
            key = previousKey
        } else {
            throw .authFailed
        }
        let header = Array(frame[0..<9])
        let padded: [UInt8]
        do {
            padded = try ChaCha20Poly1305.open(
                key: key,
                nonce: nonce(counter),
                ciphertext: Array(frame[9...]),
                aad: associatedData(header)
            )
        } catch {
            throw .authFailed
        }
        if !bucketChecked { guard Self.isBucket(paddedLength) else { throw .badPadding } }
        if !replayFirst { guard admits(counter) else { throw .replayed } }
        let content = try unpad(padded)
        if mutant != .v3WindowRecordsBeforeTag { record(counter) }
        if epoch > receiveEpoch {
            previousKey = epoch == receiveEpoch + 1 ? receiveKey : derive(receiveKey, from: receiveEpoch, to: epoch - 1)
            (receiveKey, receiveEpoch) = (key, epoch)
        }
        if mutant == .v3RekeyPreviousKeyDropped || (highest ?? 0) % Self.epochLength >= 2047 { previousKey = nil }
        return content
    }

    private func unpad(_ padded: [UInt8]) throws(TunnelError) -> [UInt8] {
        let length = Int(padded[0]) << 8 | Int(padded[1])
        guard 2 + length <= padded.count else { throw .badPadding }
        if mutant != .v3PaddingNotChecked {
            guard padded[(2 + length)...].allSatisfy({ $0 == 0 }) else { throw .badPadding }
        }
        if mutant == .v3PaddingSmallestBucketOnly {
            guard padded.count == Self.bucket(for: 2 + length) else { throw .badPadding }
        }
        return Array(padded[2..<(2 + length)])
    }

    /// V3-WINDOW-2, with the width mutants.
    private func admits(_ counter: UInt64) -> Bool {
        guard mutant != .v3WindowNoReplayCheck, let highest else { return true }
        let width: UInt64 = mutant == .v3WindowNarrow ? 2047 : mutant == .v3WindowWide ? 2049 : 2048
        if counter > highest { return true }
        return highest - counter < width && !seen[Int(counter % Self.ringSize)]
    }

    private mutating func record(_ counter: UInt64) {
        if let highest, counter <= highest {
            seen[Int(counter % Self.ringSize)] = true
            return
        }
        if mutant != .v3WindowNotClearedOnSlide {
            let from = highest.map { $0 + 1 } ?? 0
            if counter - from >= Self.ringSize {
                seen = [Bool](repeating: false, count: Int(Self.ringSize))
            } else {
                for slot in from...counter { seen[Int(slot % Self.ringSize)] = false }
            }
        }
        highest = counter
        seen[Int(counter % Self.ringSize)] = true
    }

    // MARK: messages

    private var fragmentID: UInt32 = 0
    /// Each partial message's total and the data received, appended in arrival order.
    private var partials: [UInt32: (total: Int, data: [UInt8])] = [:]

    /// Whole or not at all: the records are sealed on a copy, kept when every one is.
    mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]] {
        var copy = self
        let frames = try copy.sendRecords(message, now: now)
        self = copy
        return frames
    }

    private mutating func sendRecords(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]] {
        guard message.count <= 16_777_216 else { throw .messageTooLarge }
        let largestWhole = mutant == .v3FragmentWholeLimitOffByOne ? 49_123 : 49_124
        if message.count <= largestWhole { return [try seal([0] + message, now: now)] }
        let size = mutant == .v3FragmentSizeOffByOne ? 49_111 : 49_112
        let id = mutant == .v3FragmentIDsFromOne ? fragmentID &+ 1 : fragmentID
        fragmentID &+= 1
        var frames: [[UInt8]] = []
        for offset in stride(from: 0, to: message.count, by: size) {
            let header =
                [1] + Self.bigEndian(id) + Self.bigEndian(UInt32(offset)) + Self.bigEndian(UInt32(message.count))
            frames.append(try seal(header + message[offset..<min(offset + size, message.count)], now: now))
        }
        return frames
    }

    /// The frame is opened and its record taken on a copy of the whole session, kept when both
    /// pass (or, for one mutant, as soon as the frame opens).
    mutating func receive(_ frame: [UInt8]) throws(TunnelError) -> [UInt8]? {
        var copy = self
        let content = try copy.open(frame)
        if mutant == .v3FragmentRefusalRecordsCounter { self = copy }
        let message = try copy.take(content)
        self = copy
        return message
    }

    private mutating func take(_ content: [UInt8]) throws(TunnelError) -> [UInt8]? {
        guard let kind = content.first else { throw .badRecord }
        if kind == 0 || (kind > 1 && mutant == .v3RecordKindUnchecked) { return Array(content.dropFirst()) }
        guard kind == 1, content.count >= 14 else { throw .badRecord }
        func word(_ at: Int) -> Int { content[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let id = UInt32(word(1)), offset = word(5), total = word(9), data = content[13...]
        guard total > 49_124 || mutant == .v3FragmentSmallTotalAccepted else { throw .badFragment }
        guard total <= 16_777_216 || mutant == .v3FragmentTooLargeAccepted else { throw .messageTooLarge }
        guard offset + data.count <= total || mutant == .v3FragmentOverrunAccepted else { throw .badFragment }
        let gapsAllowed = mutant == .v3FragmentGapAccepted
        if var partial = partials[id] {
            guard total == partial.total || mutant == .v3FragmentTotalMismatchIgnored else { throw .badFragment }
            guard offset == partial.data.count || gapsAllowed else { throw .fragmentOutOfOrder }
            partial.data += data
            partials[id] = partial
        } else {
            guard offset == 0 || gapsAllowed else { throw .fragmentOutOfOrder }
            guard partials.count < 4 || mutant == .v3FragmentPartialsUnbounded else { throw .tooManyPartials }
            partials[id] = (total, Array(data))
        }
        guard let partial = partials[id], partial.data.count >= partial.total else { return nil }
        partials[id] = nil
        return partial.data
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    // MARK: primitives

    private static func header(_ counter: UInt64) -> [UInt8] {
        [0x16] + (0..<8).map { UInt8(truncatingIfNeeded: counter >> (8 * $0)) }
    }

    private func nonce(_ counter: UInt64) -> [UInt8] {
        guard mutant == .v3FrameNonceBigEndian else { return ChaCha20Poly1305.noiseNonce(counter) }
        return [0, 0, 0, 0] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: counter >> (8 * $0)) }
    }

    private func associatedData(_ header: [UInt8]) -> [UInt8] { mutant == .v3FrameHeaderNotAuthenticated ? [] : header }

    /// The key of epoch `to`, chained by REKEY from `key` of epoch `from` (or `key` itself for
    /// the mutant that never rotates).
    private func derive(_ key: [UInt8], from: UInt64, to: UInt64) -> [UInt8] {
        guard mutant != .v3RekeyNever, to > from else { return key }
        var key = key
        for _ in from..<to {
            key = Array(
                ChaCha20Poly1305.seal(
                    key: key,
                    nonce: ChaCha20Poly1305.noiseNonce(.max),
                    plaintext: [UInt8](repeating: 0, count: 32),
                    aad: []
                ).prefix(32)
            )
        }
        return key
    }

    private static func isBucket(_ length: Int) -> Bool {
        length == 49_127 || (32...32_768).contains(length) && length & (length - 1) == 0
    }

    private static func bucket(for length: Int) -> Int {
        var size = 32
        while size < length && size < 32_768 { size *= 2 }
        return size >= length ? size : 49_127
    }
}
