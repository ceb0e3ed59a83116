/// How a receiver classifies the type octet (TYPE-2 to TYPE-5), for the 256-value sweeps.
enum TypeOctets {
    /// The vector-name suffix and the expected error for type octet `byte` at a receiver that
    /// takes only `accepted`; nil error for the accepted type itself.
    static func outcome(
        _ byte: UInt8,
        accepting accepted: UInt8
    ) -> (name: String, error: String?, requirements: [String]) {
        let hex = "0x" + String(byte, radix: 16).leftPadded(to: 2)
        switch byte {
        case accepted: return ("type-\(hex)-accepted", nil, ["TYPE-1"])
        case 0x01: return ("type-\(hex)-legacy", "legacy_frame", ["TYPE-1", "TYPE-3"])
        case 0x02...0x04: return ("type-\(hex)-unexpected", "unexpected_type", ["TYPE-1", "TYPE-4"])
        default: return ("type-\(hex)-unsupported", "unsupported_type", ["TYPE-1", "TYPE-5"])
        }
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
