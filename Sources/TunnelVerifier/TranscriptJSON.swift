import KitModels
import OpenHumanTunnel

/// The `--format json` output (VERIFY-10): one JSON object, members sorted, for tools.
public enum TranscriptJSON {
    public static func render(_ verification: Verification) -> String {
        TraceLine.write(
            .object([
                member("status", .string(Array(verification.status.rawValue.utf8))),
                member("stoppedEarly", .bool(verification.stoppedEarly)),
                member(
                    "departures",
                    .array(
                        verification.departures.map { departure in
                            .object([
                                member("requirement", string(departure.requirement)),
                                member("step", number(departure.step)),
                                member("detail", string(departure.detail)),
                            ])
                        }
                    )
                ),
                member(
                    "steps",
                    .array(
                        verification.blocks.map { block in
                            .object([
                                member("step", number(block.step)),
                                member("time", block.time.map { number(Int($0)) } ?? .null),
                                member("summary", string(block.summary)),
                                member("details", .array(block.details.map(string))),
                            ])
                        }
                    )
                ),
                member(
                    "pairingCodes",
                    .array(
                        verification.pairingCodes.map { code in
                            .object([member("step", number(code.step)), member("code", string(code.code))])
                        }
                    )
                ),
            ])
        ) + "\n"
    }

    private static func member(_ name: String, _ value: JSONNode) -> JSONMember {
        JSONMember(name: Array(name.utf8), value: value)
    }
    private static func string(_ text: String) -> JSONNode { .string(Array(text.utf8)) }
    private static func number(_ value: Int) -> JSONNode { .number(Array(String(value).utf8)) }
}
