import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// Plaintext variants for a JSON receiver (JSON-1 to JSON-7): each is a complete plaintext in
/// which exactly one rule is broken (or, for the accepted ones, one liberty taken), everything
/// else in the sender's form, so the rule under test is the first to fire.
struct JSONCase {
    /// Vector-name suffix, e.g. `device_pubkey-null`.
    let name: String
    let comment: String
    let plaintext: [UInt8]
    /// nil: the plaintext is accepted.
    let error: String?
    let requirements: [String]
    let flag: String

    /// The flags these cases use, described once per file.
    static let flags: [String: Flag] = [
        "JSONSyntax": Flag(
            description: "The plaintext is not an RFC 8259 object in UTF-8 (JSON-1).",
            bug: "A lenient parser that accepts comments, trailing commas, a BOM, bad UTF-8 or trailing bytes."
        ),
        "JSONLiberal": Flag(
            description:
                "A JSON form a receiver MUST accept: whitespace, member order, escapes, unknown members, 32 levels of nesting.",
            bug: "A receiver that parses the sender's exact bytes instead of JSON, or refuses unknown members."
        ),
        "DuplicateMember": Flag(
            description: "A member name appears twice in the top-level object (JSON-2).",
            bug: "Last-one-wins or first-one-wins parsing: two implementations act on different keys."
        ),
        "MissingMember": Flag(
            description: "A required member is absent or differently cased (JSON-3).",
            bug: "A default value used for an absent member, or case-insensitive names."
        ),
        "MemberType": Flag(
            description: "A required member is not a JSON string (JSON-4).",
            bug: "Numbers, arrays or null coerced to text."
        ),
        "Base64URL": Flag(
            description: "A key member is not strict canonical unpadded base64url (JSON-6, ENC-1).",
            bug: "A lenient decoder: padding, the standard alphabet, whitespace or non-zero trailing bits accepted."
        ),
        "KeyLength": Flag(
            description: "A key member decodes to a length other than 32 (JSON-6, ENC-3).",
            bug: "A truncated or zero-padded key used in X25519."
        ),
        "MemberValue": Flag(
            description: "The ack's kind is a string other than \"handshake_ack\" (ACK-4).",
            bug: "kind not checked, or compared case-insensitively or as a prefix."
        ),
        "MemberOrder": Flag(
            description: "Two required members are wrong at once; the first in message order decides (JSON-7).",
            bug: "Members checked in text order, or all presence checks before all value checks."
        ),
    ]
}

enum JSONCases {
    /// Cases that concern the whole text (JSON-1, JSON-2, JSON-5), for a valid `members`.
    /// `missingFirst` is the first required member's name, used to show JSON-2 before JSON-3.
    static func document(_ members: JSONMembers, firstRequired: String) -> [JSONCase] {
        let valid = members.text
        let inner = String(valid.dropFirst().dropLast())
        func syntax(_ name: String, _ comment: String, _ bytes: [UInt8]) -> JSONCase {
            JSONCase(
                name: "json-\(name)",
                comment: comment,
                plaintext: bytes,
                error: "bad_handshake_json",
                requirements: ["JSON-1"],
                flag: "JSONSyntax"
            )
        }
        func accepted(
            _ name: String,
            _ comment: String,
            _ text: String,
            _ requirements: [String] = ["JSON-1"]
        ) -> JSONCase {
            JSONCase(
                name: "json-\(name)",
                comment: comment,
                plaintext: Array(text.utf8),
                error: nil,
                requirements: requirements,
                flag: "JSONLiberal"
            )
        }
        let first = members.members[0], second = members.members[1]
        let spaced = " \t{\r\n \(first.name) : \(first.value) ,\n\t\(second.name)\t:\t\(second.value) \r\n} \n"
        let deep = String(repeating: "[", count: 31) + String(repeating: "]", count: 31)
        let lessDeep = String(repeating: "[", count: 30) + String(repeating: "]", count: 30)
        let deepObjects = String(repeating: "{\"d\":", count: 30) + "{}" + String(repeating: "}", count: 30)
        return [
            syntax("empty", "An empty plaintext is not JSON.", []),
            syntax(
                "top-level-array",
                "The object wrapped in an array: the top-level value is not an object.",
                Array("[\(valid)]".utf8)
            ),
            syntax("top-level-string", "A JSON string at the top level.", Array("\"handshake\"".utf8)),
            syntax("top-level-number", "A JSON number at the top level.", Array("3".utf8)),
            syntax("top-level-null", "null at the top level.", Array("null".utf8)),
            syntax("trailing-comma", "A comma after the last member.", Array("{\(inner),}".utf8)),
            syntax("trailing-bytes", "A byte other than whitespace after the object.", Array("\(valid)x".utf8)),
            syntax("trailing-nul", "A NUL byte after the object.", Array(valid.utf8) + [0x00]),
            syntax("two-objects", "A second object after the first.", Array("\(valid){}".utf8)),
            syntax("unterminated", "The closing brace is missing.", Array("{\(inner)".utf8)),
            syntax(
                "unterminated-with-duplicate",
                "A repeated member in a text that is not JSON: JSON-1 decides before JSON-2.",
                Array("{\(first.name):\(first.value),\(inner)".utf8)
            ),
            syntax(
                "trailing-comma-with-duplicate",
                "A repeated member and a trailing comma: JSON-1 decides before JSON-2.",
                Array("{\(inner),\(first.name):\(first.value),}".utf8)
            ),
            syntax("single-quotes", "A member name in single quotes.", Array("{'x':1,\(inner)}".utf8)),
            syntax("unquoted-name", "An unquoted member name.", Array("{x:1,\(inner)}".utf8)),
            syntax("comment", "A /* comment */ inside the object.", Array("{/* c */\(inner)}".utf8)),
            syntax("nan", "NaN as a member value.", Array("{\"x\":NaN,\(inner)}".utf8)),
            syntax(
                "leading-zero-number",
                "The number 01, outside the RFC 8259 grammar.",
                Array("{\"x\":01,\(inner)}".utf8)
            ),
            syntax("raw-control-character", "A raw tab inside a string.", Array("{\"x\":\"a\tb\",\(inner)}".utf8)),
            syntax("bad-escape", "The escape \\x inside a string.", Array("{\"x\":\"\\x41\",\(inner)}".utf8)),
            syntax(
                "lone-surrogate-escape",
                "The escape \\ud800 without its low surrogate.",
                Array("{\"x\":\"\\ud800\",\(inner)}".utf8)
            ),
            syntax(
                "lone-low-surrogate-in-name",
                "A member name holding the escape \\udc00, a low surrogate with no high one before it.",
                Array("{\"\\udc00\":1,\(inner)}".utf8)
            ),
            syntax(
                "byte-order-mark",
                "The plaintext starts with a UTF-8 byte order mark.",
                [0xEF, 0xBB, 0xBF] + Array(valid.utf8)
            ),
            syntax(
                "invalid-utf8",
                "The byte 0xff inside a string.",
                Array("{\"x\":\"".utf8) + [0xFF] + Array("\",\(inner)}".utf8)
            ),
            syntax(
                "overlong-utf8",
                "The overlong encoding c0 af of '/' inside a string.",
                Array("{\"x\":\"".utf8) + [0xC0, 0xAF] + Array("\",\(inner)}".utf8)
            ),
            syntax(
                "encoded-surrogate",
                "The UTF-8 encoding ed a0 80 of the surrogate U+D800 inside a string.",
                Array("{\"x\":\"".utf8) + [0xED, 0xA0, 0x80] + Array("\",\(inner)}".utf8)
            ),
            accepted("whitespace", "Whitespace (space, tab, CR, LF) around every token is allowed.", spaced),
            accepted(
                "members-reversed",
                "The required members in the other order are accepted.",
                members.reversed.text,
                ["JSON-1", "JSON-7"]
            ),
            accepted(
                "unknown-members",
                "Unknown members of every JSON type are ignored.",
                "{\"label\":{\"x\":[1,2]},\(inner),\"n\":-1.5e+3,\"t\":true,\"f\":false,\"z\":null,\"s\":\"\\u00e9\\ud83d\\ude00\"}",
                ["JSON-5"]
            ),
            accepted(
                "number-1e999",
                "An unknown member 1e999: numbers are not interpreted.",
                "{\(inner),\"big\":1e999}",
                ["JSON-1", "JSON-5"]
            ),
            accepted(
                "nesting-32-levels",
                "An unknown member nested to level 32 (the object is level 1) MUST be accepted.",
                "{\(inner),\"deep\":\(deep)}",
                ["JSON-1", "JSON-5"]
            ),
            accepted(
                "nesting-31-levels",
                "An unknown member nested to level 31, one below the bound every receiver MUST accept.",
                "{\(inner),\"deep\":\(lessDeep)}",
                ["JSON-1", "JSON-5"]
            ),
            accepted(
                "nesting-32-levels-objects",
                "An unknown member holding objects nested to level 32 (the top-level object is level 1) MUST be accepted.",
                "{\"deep\":\(deepObjects),\(inner)}",
                ["JSON-1", "JSON-5"]
            ),
            accepted(
                "nested-duplicates-ignored",
                "A repeated name inside a nested object is not a duplicate member.",
                "{\(inner),\"x\":{\"a\":1,\"a\":2}}",
                ["JSON-2", "JSON-5"]
            ),
            accepted(
                "non-ascii-unknown-member",
                "An unknown member with raw UTF-8 text is ignored.",
                "{\"name\":\"Zoë’s phone\",\(inner)}",
                ["JSON-1", "JSON-5"]
            ),
            JSONCase(
                name: "json-duplicate-unknown-member",
                comment: "An unknown member repeated with equal values is a duplicate.",
                plaintext: Array("{\(inner),\"x\":1,\"x\":1}".utf8),
                error: "duplicate_field",
                requirements: ["JSON-2"],
                flag: "DuplicateMember"
            ),
            JSONCase(
                name: "json-duplicate-before-missing",
                comment: "A duplicate is reported before a missing required member (JSON-2 before JSON-3).",
                plaintext: Array(
                    members.removing(firstRequired).appending(rawName: "\"x\"", value: "1")
                        .appending(rawName: "\"x\"", value: "2").bytes
                ),
                error: "duplicate_field",
                requirements: ["JSON-2", "JSON-3"],
                flag: "DuplicateMember"
            ),
        ]
    }

    /// Cases for the required member `field`; `otherValid` is a second valid value for it.
    static func member(_ field: String, in members: JSONMembers, isKey: Bool, otherValid: String) -> [JSONCase] {
        let value = members.value(of: field)!
        let escapedName = "\"\\u00" + Hex.encode([field.utf8.first!]) + field.dropFirst() + "\""
        func make(
            _ suffix: String,
            _ comment: String,
            _ m: JSONMembers,
            _ error: String?,
            _ requirements: [String],
            _ flag: String
        ) -> JSONCase {
            JSONCase(
                name: "\(field)-\(suffix)",
                comment: comment,
                plaintext: m.bytes,
                error: error,
                requirements: requirements,
                flag: flag
            )
        }
        var cases: [JSONCase] = [
            make(
                "missing",
                "\(field) is absent.",
                members.removing(field),
                "missing_field",
                ["JSON-3"],
                "MissingMember"
            ),
            make(
                "wrong-case",
                "\(field) spelled with a capital first letter is a different, unknown member.",
                members.replacingName(field, with: "\"" + field.prefix(1).uppercased() + field.dropFirst() + "\""),
                "missing_field",
                ["JSON-3"],
                "MissingMember"
            ),
            make(
                "duplicate-equal",
                "\(field) twice with equal values.",
                members.appending(rawName: "\"\(field)\"", value: value),
                "duplicate_field",
                ["JSON-2"],
                "DuplicateMember"
            ),
            make(
                "duplicate-different",
                "\(field) twice with different valid values.",
                members.appending(rawName: "\"\(field)\"", value: otherValid),
                "duplicate_field",
                ["JSON-2"],
                "DuplicateMember"
            ),
            make(
                "duplicate-escaped-name",
                "\(field) twice, once with its first letter as a \\u escape: equal after unescaping.",
                members.appending(rawName: escapedName, value: value),
                "duplicate_field",
                ["JSON-2"],
                "DuplicateMember"
            ),
            make(
                "escaped-name",
                "\(field) with its first letter as a \\u escape is the same member.",
                members.replacingName(field, with: escapedName),
                nil,
                ["JSON-1", "JSON-3"],
                "JSONLiberal"
            ),
        ]
        for (suffix, raw) in [
            ("number", "1"), ("null", "null"), ("true", "true"), ("false", "false"),
            ("array", "[\(value)]"), ("object", "{\"value\":\(value)}"),
        ] {
            cases.append(
                make(
                    suffix,
                    "\(field) is \(suffix == "array" || suffix == "object" ? "an \(suffix) holding the value" : suffix), not a string.",
                    members.replacingValue(of: field, with: raw),
                    "bad_field_type",
                    ["JSON-4"],
                    "MemberType"
                )
            )
        }
        guard isKey else { return cases }
        let text = String(value.dropFirst().dropLast())
        func keyText(
            _ suffix: String,
            _ comment: String,
            _ newText: String,
            _ error: String?,
            _ requirements: [String],
            _ flag: String
        ) -> JSONCase {
            make(suffix, comment, members.replacingValue(of: field, with: "\"\(newText)\""), error, requirements, flag)
        }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let last = text.last!
        let dirtyLast = alphabet[alphabet.firstIndex(of: last)! | 1]
        let first = String(text.first!)
        let escapedFirst = "\\u00" + Hex.encode(Array(first.utf8))
        let base64 = ["JSON-6", "ENC-1"], length = ["JSON-6", "ENC-3"]
        cases += [
            keyText(
                "padded",
                "\(field) with a padding '=' appended.",
                text + "=",
                "bad_base64url",
                base64,
                "Base64URL"
            ),
            keyText(
                "plus",
                "\(field) with its first character replaced by '+' (standard alphabet).",
                "+" + text.dropFirst(),
                "bad_base64url",
                base64,
                "Base64URL"
            ),
            keyText(
                "slash",
                "\(field) with its first character replaced by '/' (standard alphabet).",
                "/" + text.dropFirst(),
                "bad_base64url",
                base64,
                "Base64URL"
            ),
            keyText(
                "trailing-bits",
                "\(field) whose last character has a non-zero unused low bit.",
                text.dropLast() + String(dirtyLast),
                "bad_base64url",
                base64,
                "Base64URL"
            ),
            keyText(
                "trailing-line-feed",
                "\(field) followed by a line feed (the JSON escape \\n).",
                text + "\\n",
                "bad_base64url",
                base64,
                "Base64URL"
            ),
            keyText(
                "inner-space",
                "\(field) with a space in the middle.",
                text.prefix(20) + " " + text.dropFirst(20),
                "bad_base64url",
                base64,
                "Base64URL"
            ),
            keyText(
                "length-41",
                "\(field) cut to 41 characters: a length of 1 modulo 4 encodes nothing.",
                String(text.prefix(41)),
                "bad_base64url",
                base64,
                "Base64URL"
            ),
            keyText(
                "non-ascii",
                "\(field) with its first character replaced by 'é'.",
                "é" + text.dropFirst(),
                "bad_base64url",
                base64,
                "Base64URL"
            ),
            keyText(
                "31-bytes",
                "\(field) is the canonical text of 31 bytes.",
                Base64URL.encode(Array(try! Base64URL.decode(text).prefix(31))),
                "bad_key_length",
                length,
                "KeyLength"
            ),
            keyText(
                "33-bytes",
                "\(field) is the canonical text of 33 bytes.",
                Base64URL.encode(try! Base64URL.decode(text) + [0]),
                "bad_key_length",
                length,
                "KeyLength"
            ),
            keyText(
                "empty",
                "\(field) is the empty string, valid base64url of 0 bytes.",
                "",
                "bad_key_length",
                length,
                "KeyLength"
            ),
            keyText(
                "escaped-value",
                "\(field) with its first character written as a \\u escape: decoded after unescaping.",
                escapedFirst + text.dropFirst(),
                nil,
                ["JSON-6", "JSON-1"],
                "JSONLiberal"
            ),
        ]
        return cases
    }
}
