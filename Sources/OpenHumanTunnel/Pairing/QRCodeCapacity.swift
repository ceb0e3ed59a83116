/// How many octets a QR code can carry, from ISO/IEC 18004.
///
/// The pairing payload's length limit (QR-PARSE-2, QR-ENC-11) and the producer's rendering advice
/// (QR-ENC-13) are tied to these numbers. Each entry is `floor((8 * dataCodewords - 4 - cci) / 8)`:
/// the data codewords of the version at level M, less the 4-bit mode indicator and the byte-mode
/// character count indicator (8 bits in versions 1 to 9, 16 bits in versions 10 to 40). The table
/// was checked against two independent encoders (segno 1.6.6 and libqrencode 4.1.1), which give the
/// same capacity for every version.
public enum QRCodeCapacity {
    public static let maximumVersion = 40

    /// Byte-mode capacity in octets at error-correction level M; index 0 is version 1.
    public static let byteModeLevelM: [Int] = [
        14, 26, 42, 62, 84, 106, 122, 152, 180, 213,
        251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
        711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370,
        1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331,
    ]

    /// The smallest QR version (1...40) whose byte-mode capacity at level M holds `octets`,
    /// or nil when no version does.
    public static func smallestVersionAtLevelM(holding octets: Int) -> Int? {
        byteModeLevelM.firstIndex { $0 >= octets }.map { $0 + 1 }
    }
}
