import VectorFormat

/// `vectors/pairing-window.json`: the core's cap on the relay's pairing expiry (CLOCK-1,
/// operation `pairing-window`): at the cap minus one second, at it and one second past it, a
/// year-9999 relay, and the rounding of milliseconds.
enum PairingWindowVectors {
    static let issuedAt: Int64 = 1_790_000_000

    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "pairing-window",
            description:
                "expiresAt = min(floor(pairingExpiresAt / 1000), issuedAt + 600): the core's own clock caps the "
                + "pairing window the relay supplies.",
            flags: [
                "Cap": Flag(
                    description: "The relay's expiry is one second below, at, or above the 600-second cap.",
                    bug: "The relay's value taken as is, or a cap off by one."
                ),
                "Rounding": Flag(
                    description: "Milliseconds are rounded down to seconds.",
                    bug: "Rounding up or to nearest."
                ),
            ]
        )
        let cases: [(String, Int64, Int64, String, String)] = [
            (
                "relay-below-cap", (issuedAt + 599) * 1000, issuedAt + 599, "Cap",
                "The relay's expiry 599 s after issue is kept."
            ),
            (
                "relay-at-cap", (issuedAt + 600) * 1000, issuedAt + 600, "Cap",
                "The relay's expiry exactly 600 s after issue is kept."
            ),
            (
                "relay-above-cap", (issuedAt + 601) * 1000, issuedAt + 600, "Cap",
                "The relay's expiry 601 s after issue is capped at issuedAt + 600."
            ),
            (
                "relay-year-9999", 253_402_300_799_999, issuedAt + 600, "Cap",
                "A relay that sends year 9999 gets issuedAt + 600: the core's clock decides."
            ),
            (
                "relay-milliseconds-rounded-down", issuedAt * 1000 + 999, issuedAt, "Rounding",
                "999 ms past issue rounds down to issuedAt itself."
            ),
            (
                "relay-in-the-past", (issuedAt - 5) * 1000, issuedAt - 5, "Cap",
                "A relay expiry before issue is kept: the channel is expired at once, never extended."
            ),
        ]
        for (name, relay, expected, flag, comment) in cases {
            try file.add(
                name,
                operation: "pairing-window",
                requirements: ["CLOCK-1"],
                comment: comment,
                flags: [flag],
                input: ["issuedAt": .int(issuedAt), "relayExpiresAtMs": .int(relay)],
                expect: .output(["expiresAt": .int(expected)])
            )
        }
        return try file.build()
    }
}
