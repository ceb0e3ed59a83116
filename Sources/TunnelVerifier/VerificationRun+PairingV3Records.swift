import KitModels
import OpenHumanTunnel

extension VerificationRun {
    /// A 0x12: sent under an attempt (V3-DEV-1: the device's only after a message 2), at most
    /// two from the device and one from the core (V3-MSG-1), the core's only after the reveal
    /// (V3-CONFIRM-1); with `V3_TRANSPORT` opened at its sender's counter and read as the reveal
    /// (V3-COMMIT-2, V3-SAS-1) or an answer (V3-CONFIRM-1).
    mutating func readPairingRecord(_ record: [UInt8], sender: Role, view: inout PairingV3View, step: Int) {
        guard var attempt = view.attempt else {
            if !view.seenAny {
                recorder.note("a record of a pairing from before the trace")
            } else if sender == .device {
                recorder.depart(
                    "V3-DEV-1",
                    step: step,
                    "a record from the device before any message 2 answered its message 1: the reveal comes only "
                        + "after message 2 passed its tags"
                )
            } else {
                recorder.depart(
                    "V3-CONFIRM-1",
                    step: step,
                    "a record from the core before any attempt was revealed: its user has no code to answer"
                )
            }
            return
        }
        defer { view.attempt = attempt }
        if let earlier = attempt.recordsSeen[record] {
            recorder.depart(
                "V3-NOISE-3",
                step: step,
                "the record of step \(earlier) again: its sender's counter has moved on, and its receiver must "
                    + "refuse it with auth_failed"
            )
            return
        }
        attempt.recordsSeen[record] = step
        guard let index = countRecord(from: sender, in: &attempt, step: step) else { return }
        let isAnswer = sender == .core || index == 1
        guard let transport = attempt.transport else {
            recorder.note("not opened: the key log gives no V3_TRANSPORT for this attempt's e_D")
            if isAnswer { attempt.answers[sender] = true }
            return
        }
        let key = sender == .device ? transport.deviceToCore : transport.coreToDevice
        guard let plaintext = PairingV3Opening.openRecord(record, key: key, counter: UInt64(index)) else {
            recorder.depart(
                "V3-NOISE-3",
                step: step,
                "the record does not open under V3_TRANSPORT's \(sender.rawValue)-to-"
                    + "\(sender == .device ? "core" : "device") key at counter \(index)"
            )
            return
        }
        if sender == .device, index == 0 {
            readReveal(plaintext, attempt: &attempt, step: step)
        } else {
            attempt.answers[sender] = readAnswer(plaintext, by: sender, attempt: attempt, step: step)
        }
    }

    /// The record's counter in its sender's direction, or nil when V3-MSG-1 or V3-CONFIRM-1
    /// leaves no room for it.
    private mutating func countRecord(from sender: Role, in attempt: inout PairingV3Attempt, step: Int) -> Int? {
        if sender == .device {
            defer { attempt.deviceRecords += 1 }
            guard attempt.deviceRecords < 2 else {
                recorder.depart(
                    "V3-MSG-1",
                    step: step,
                    "a third record from the device in the attempt of step \(attempt.messageOne.step): its records "
                        + "are the reveal and its user's answer"
                )
                return nil
            }
            return attempt.deviceRecords
        }
        guard attempt.deviceRecords > 0 else {
            recorder.depart(
                "V3-CONFIRM-1",
                step: step,
                "a record from the core before the device's reveal: no code is on its screen, and its No before "
                    + "the reveal sends nothing"
            )
            return nil
        }
        defer { attempt.coreRecords += 1 }
        guard attempt.coreRecords < 1 else {
            recorder.depart(
                "V3-MSG-1",
                step: step,
                "a second record from the core in the attempt of step \(attempt.messageOne.step): its one record "
                    + "is its user's answer"
            )
            return nil
        }
        return 0
    }

    /// The reveal: `N_D` must open the commitment (V3-COMMIT-2); with `N_C` and the final `h` it
    /// gives the code both screens should show (V3-SAS-1, VERIFY-7).
    private mutating func readReveal(_ deviceNonce: [UInt8], attempt: inout PairingV3Attempt, step: Int) {
        guard let commitment = attempt.messageOne.commitment else {
            recorder.note("the reveal opened; the commitment was not, so the reveal is not checked against it")
            return
        }
        guard PairingV3.commitment(deviceNonce: deviceNonce) == commitment || skipping.contains(.pairingV3Commitment)
        else {
            recorder.depart(
                "V3-COMMIT-2",
                step: step,
                "the reveal does not hash to the commitment of the message 1 of step \(attempt.messageOne.step): "
                    + "the core must refuse it with commitment_mismatch"
            )
            return
        }
        recorder.note("the reveal opens the commitment of step \(attempt.messageOne.step) (V3-COMMIT-2)")
        guard let coreNonce = attempt.coreNonce, let h = attempt.handshakeHash else {
            recorder.note("no pairing code: message 2's N_C was not opened")
            return
        }
        let code = PairingV3.code(handshakeHash: h, deviceNonce: deviceNonce, coreNonce: coreNonce)
        attempt.code = code
        pairingCodes.append(Verification.PairingCode(step: step, code: code))
        recorder.note("pairing code \(code.prefix(3)) \(code.suffix(3)) (V3-SAS-1, from h, N_D and N_C)")
    }

    /// A user's answer: the sender's confirmation of the attempt's code, or its rejection
    /// (V3-CONFIRM-1); anything else is neither. True for a confirmation or an answer not
    /// checked, false for a rejection, nil for neither.
    private mutating func readAnswer(
        _ plaintext: [UInt8],
        by sender: Role,
        attempt: PairingV3Attempt,
        step: Int
    ) -> Bool? {
        guard let code = attempt.code, let h = attempt.handshakeHash else {
            recorder.note("the answer is not checked: the attempt's code is not known")
            return true
        }
        if plaintext == PairingV3Record.confirmation(by: sender, handshakeHash: h, code: code) {
            recorder.note("\(sender == .device ? "Match" : "Yes"): the \(sender.rawValue) confirms code \(code)")
            return true
        } else if plaintext == PairingV3Record.rejection(by: sender, handshakeHash: h) {
            recorder.note("No: the \(sender.rawValue) rejects the pairing")
            return false
        } else {
            recorder.depart(
                "V3-CONFIRM-1",
                step: step,
                "the record is neither the \(sender.rawValue)'s confirmation of code \(code) nor its rejection "
                    + "for this attempt's h"
            )
            return nil
        }
    }
}
