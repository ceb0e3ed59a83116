/// The host of an `rpc` URL (QR-GRAM-4): an IPv4 dotted quad, a bracketed IPv6 address, or a
/// DNS name in ASCII (letters, digits, hyphens).
///
/// The forms are those that every mainstream URL parser reads the same way. WHATWG's URL parser
/// turns `127.1`, `0x7f.0.0.1` and `0177.0.0.1` into 127.0.0.1, while RFC 3986 parsers see a host
/// name; a phone that validates one reading and connects with the other could be sent to an
/// address the QR code did not show. So a name that ends in a label a WHATWG parser would read as a
/// number is refused, and IPv4 octets have no leading zeros.
enum RPCHost {
    /// RFC 3986 `IPv4address`: four `dec-octet`s 0 to 255 without leading zeros.
    static func isIPv4(_ host: ArraySlice<UInt8>) -> Bool {
        let octets = host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy(isDecimalOctet)
    }

    private static func isDecimalOctet(_ text: ArraySlice<UInt8>) -> Bool {
        guard (1...3).contains(text.count), text.allSatisfy(ASCII.isDigit) else { return false }
        guard text.count == 1 || text.first != UInt8(ascii: "0") else { return false }
        return text.reduce(0) { $0 * 10 + Int($1 - 0x30) } <= 255
    }

    /// RFC 3986 `IPv6address` (RFC 4291 text form): eight 16-bit groups of 1 to 4 hex digits, at
    /// most one `::` standing for one or more zero groups, an optional IPv4 dotted quad as the last
    /// 32 bits. No zone identifier (`%25en0`): a zone names an interface of the producer's machine,
    /// which means nothing on the phone.
    static func isIPv6(_ address: ArraySlice<UInt8>) -> Bool {
        if let compression = firstDoubleColon(in: address) {
            guard let left = groupCount(address[address.startIndex..<compression], ipv4TailAllowed: false),
                let right = groupCount(address[(compression + 2)...], ipv4TailAllowed: true)
            else { return false }
            return left + right <= 7
        }
        return groupCount(address, ipv4TailAllowed: true) == 8
    }

    private static func firstDoubleColon(in text: ArraySlice<UInt8>) -> Int? {
        var index = text.startIndex
        while index + 1 < text.endIndex {
            if text[index] == UInt8(ascii: ":") && text[index + 1] == UInt8(ascii: ":") { return index }
            index += 1
        }
        return nil
    }

    /// The number of 16-bit groups in a colon-separated run, or nil when a group is malformed.
    private static func groupCount(_ run: ArraySlice<UInt8>, ipv4TailAllowed: Bool) -> Int? {
        guard !run.isEmpty else { return 0 }
        let groups = run.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        var count = 0
        for (position, group) in groups.enumerated() {
            if ipv4TailAllowed && position == groups.count - 1 && group.contains(UInt8(ascii: ".")) {
                guard isIPv4(group) else { return nil }
                count += 2
            } else {
                guard (1...4).contains(group.count), group.allSatisfy({ ASCII.hexValue($0) != nil }) else { return nil }
                count += 1
            }
        }
        return count
    }

    /// A DNS name of RFC 1123 labels: 1 to 63 letters, digits and hyphens, not starting or ending
    /// with a hyphen; at most 253 octets; no trailing dot; an internationalized name only in its
    /// `xn--` A-label form. The last label must not look like a number (all digits, or `0x`
    /// followed by hex digits): WHATWG parsers would read the host as an IPv4 address.
    static func isDNSName(_ name: ArraySlice<UInt8>) -> Bool {
        guard (1...253).contains(name.count) else { return false }
        let labels = name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.allSatisfy(isLabel), let last = labels.last else { return false }
        return !looksNumeric(last)
    }

    private static func isLabel(_ label: ArraySlice<UInt8>) -> Bool {
        guard (1...63).contains(label.count),
            label.allSatisfy({ ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "-") }),
            label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-")
        else { return false }
        return true
    }

    private static func looksNumeric(_ label: ArraySlice<UInt8>) -> Bool {
        if label.allSatisfy(ASCII.isDigit) { return true }
        let hasHexPrefix =
            label.count >= 2 && label.first == UInt8(ascii: "0")
            && ASCII.lowercased(label[label.startIndex + 1]) == UInt8(ascii: "x")
        return hasHexPrefix && label.dropFirst(2).allSatisfy { ASCII.hexValue($0) != nil }
    }
}
