import OpenHumanTunnel
import Testing

@Suite("QR code capacity")
struct CapacityTests {
    // REQ: QR-PARSE-2, QR-ENC-11
    @Test func theLengthLimitIsTheByteCapacityOfAVersion40CodeAtLevelM() {
        #expect(PairingPayloadFormat.maximumLength == 2331)
        #expect(QRCodeCapacity.byteModeLevelM.count == 40)
        #expect(QRCodeCapacity.byteModeLevelM.last == 2331)
        // The table only grows with the version.
        #expect(zip(QRCodeCapacity.byteModeLevelM, QRCodeCapacity.byteModeLevelM.dropFirst()).allSatisfy { $0 < $1 })
        // Spot values cited in the chapter (ISO/IEC 18004, byte mode, level M).
        #expect(QRCodeCapacity.byteModeLevelM[0] == 14)
        #expect(QRCodeCapacity.byteModeLevelM[8] == 180)
        #expect(QRCodeCapacity.byteModeLevelM[9] == 213)
        #expect(QRCodeCapacity.byteModeLevelM[12] == 331)
        #expect(QRCodeCapacity.byteModeLevelM[19] == 666)
    }

    // REQ: QR-ENC-13
    @Test func theDeployedExampleFitsAVersion9CodeAtLevelMAndWithoutRPCAVersion8() throws {
        #expect(QRCodeCapacity.smallestVersionAtLevelM(holding: Fixtures.canonical.utf8.count) == 9)
        let withoutRPC = try PairingPayloadEncoder.encode(Fixtures.example { $0.rpcURL = nil })
        #expect(withoutRPC.utf8.count == 130)
        #expect(QRCodeCapacity.smallestVersionAtLevelM(holding: withoutRPC.utf8.count) == 8)
        #expect(QRCodeCapacity.smallestVersionAtLevelM(holding: 2331) == 40)
        #expect(QRCodeCapacity.smallestVersionAtLevelM(holding: 2332) == nil)
    }
}
