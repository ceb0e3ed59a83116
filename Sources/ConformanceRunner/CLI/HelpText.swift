/// `conformance --help` and `conformance verify --help` as data: every flag with its description
/// and example, the exit statuses, the file formats. It is the one source of the CLI's facts:
/// `--help` prints `HelpPage.text`, and spec/kit/cli.md is `HelpText.markdown`
/// (`conformance --write-cli-reference spec/kit/cli.md` rewrites it; `CLIReferenceTests` fails
/// when it is stale).
public enum HelpText {
    /// `conformance --help`.
    public static var text: String { run.text }

    /// The page of `conformance` (and of `conformance interop`, which shares its options).
    public static let run = HelpPage(
        command: "conformance",
        lead: [
            "conformance: check an implementation of the OpenHuman tunnel (wire version 2) against the",
            "test vectors, by driving it through the adapter protocol (spec/kit/02-adapter-protocol.md).",
        ],
        usage: [
            "conformance [options]                         run every vector and live check",
            "conformance interop --adapter A [--adapter B ...] [options]",
            "                                              drive every ordered pair of implementations",
            "conformance verify --trace FILE [--keylog FILE] ...",
            "                                              check a captured exchange step by step",
            "                                              (conformance verify --help)",
        ],
        paragraphs: [
            HelpParagraph(lines: [
                "With no --adapter the runner starts the built-in reference implementation, so",
                "`swift run conformance` checks the vectors against the reference.",
            ]),
            HelpParagraph(
                title: "conformance interop",
                lines: [
                    "interop starts every adapter given (a single one is paired with the reference) and, for",
                    "every ordered pair (A, B), lets A seal and B open as device and as core, runs A's device",
                    "side against B's core side (handshake-device-start/-finish, handshake-core), sends a",
                    "frame each way on the keys they agreed (a ping request envelope and its response), and",
                    "has B reassemble A's split of a 1 MiB and a 16 MiB message (envelope-split,",
                    "envelope-reassemble). It prints a table of pairs and",
                    "outcomes; n/a marks a check one side lacks an operation for. Each check has the id",
                    "interop/<A>-<B>/<check> (seal-as-device, seal-as-core, handshake, frames-both-ways,",
                    "chunks-1-mib, chunks-16-mib), which --filter and --skip select (\".\" in the table: left",
                    "out). Only --adapter, --filter, --skip, --timeout-ms, --deadline, --max-in-flight,",
                    "--save-traces and --save-all-traces apply to it.",
                ]
            ),
        ],
        options: [
            HelpOption(
                "--adapter \"CMD ARGS\"",
                [
                    "The adapter to drive: a command line, split like a shell does",
                    "(quotes and backslashes) but run without a shell.",
                ],
                examples: [
                    "--adapter \"python3 tools/adapters/python/openhuman-adapter\"",
                    "--adapter \"./target/release/tunnel-adapter --quiet\"",
                ],
                layout: .ownLines
            ),
            HelpOption(
                "--vectors DIR",
                [
                    "The vector files (default: the vectors/ beside the bin/ that",
                    "holds the runner, as in its tarball, when there is one; else",
                    "./vectors). Its manifest.json is checked first; a directory",
                    "without vector files or without a manifest is refused. Files",
                    "whose name starts with \".\" are ignored.",
                ],
                examples: ["--vectors /tmp/suite-3.2.0/vectors"],
                layout: .ownLines
            ),
            HelpOption(
                "--no-manifest",
                [
                    "Run a vectors directory that has no manifest.json, unchecked",
                    "(a manifest that is there is still checked).",
                ]
            ),
            HelpOption(
                "--filter GLOB",
                [
                    "Run only cases whose id matches; repeatable (any match selects).",
                    "`*` matches any text including `/`, `?` one character, [a-z] a set.",
                ],
                examples: ["--filter 'frame-open/*' --filter 'live/*'"],
                layout: .ownLines
            ),
            HelpOption(
                "--skip GLOB",
                [
                    "Leave out cases whose id matches; repeatable; applied after",
                    "--filter.",
                ],
                examples: ["--skip '*slow*'"]
            ),
            HelpOption(
                "--list",
                [
                    "Print the selected case ids, one per line (to --output if",
                    "given), and exit; starts no adapter. A slow vector's line adds",
                    "(slow: runs with --slow, <budget> ms per request) after its id.",
                ],
                examples: ["--list --filter 'replay-window/*'"]
            ),
            HelpOption(
                "--expected-failures FILE",
                [
                    "Known failures: lines `<id glob> <reason>`, `#` comments, LF or",
                    "CRLF; any other line is an error naming its number. A listed",
                    "case that fails is reported but does not fail the run; a listed",
                    "case that passes, and an entry that matches no case of the",
                    "suite (stale), fail it.",
                ],
                examples: ["--expected-failures ci/rust-known.txt"]
            ),
            HelpOption(
                "--format FORMAT",
                [
                    "text (default), tap (declared TAP version 13, the part TAP 14",
                    "shares, read by Debian's prove; # TODO for expected failures,",
                    "# SKIP for skips), junit (JUnit XML), json (every case with",
                    "outcome, expected and actual), html (one self-contained page:",
                    "summary, adapter, a requirement-by-outcome matrix, each failure",
                    "with expected and actual side by side and its requirements'",
                    "texts; use with --output). Every format shows a failure whenever",
                    "the exit status is not 0, and links each of its requirements'",
                    "anchors in the rendered spec, <spec-url>/<chapter>.html#<ID>.",
                ],
                examples: ["--format junit", "--format html --output report.html"],
                layout: .oneLine
            ),
            HelpOption(
                "--spec DIR",
                [
                    "Where the html report reads requirement texts (default: spec",
                    "beside the vectors directory); when unreadable, the report says",
                    "so.",
                ],
                examples: ["--spec /tmp/suite-3.2.0/spec"]
            ),
            HelpOption(
                "--spec-url URL",
                [
                    "Base of the links to requirement anchors in every format",
                    "(tools/render-spec renders the spec): an http:, https: or file:",
                    "URL or a relative path; other schemes are refused. Default: the",
                    "file:// URL of spec-html/ or else dist/spec-html/ beside the",
                    "vectors directory when it holds index.html, else the Markdown",
                    "chapters of --spec, file://<spec>/<chapter>.md#<ID>.",
                ],
                examples: ["--spec-url https://example.org/spec"]
            ),
            HelpOption(
                "--output FILE, -o FILE",
                [
                    "Write the report in --format to FILE (checked before the run);",
                    "stdout then gets the text summary.",
                ],
                examples: ["--format junit --output build/conformance.xml"],
                layout: .ownLines
            ),
            HelpOption(
                "--timeout-ms N",
                [
                    "Per-request timeout in milliseconds, 1 to 3600000 (default 5000),",
                    "counted from when the adapter could start on the request. After 3",
                    "timeouts in a row the adapter is taken to be stuck: the run stops",
                    "with status 3. A vector flagged Slow gets 600000 ms per request",
                    "by itself (VEC-21), or N when N is longer.",
                ],
                examples: ["--timeout-ms 20000"]
            ),
            HelpOption(
                "--deadline SECONDS",
                [
                    "Bound on the whole run, 1 to 604800 seconds (default: none). When",
                    "it passes, the cases not yet answered fail as not run, the report",
                    "is still written and the status is 3.",
                ],
                examples: ["--deadline 900"]
            ),
            HelpOption(
                "--max-in-flight N",
                [
                    "Requests kept in flight (default 64); 1 sends one request at a",
                    "time, for debugging an adapter.",
                ],
                examples: ["--max-in-flight 1"]
            ),
            HelpOption(
                "--no-live",
                [
                    "Leave out the live checks (ids live/...), which use fresh",
                    "randomness on every run.",
                ]
            ),
            HelpOption(
                "--save-traces DIR",
                [
                    "For every live check (and interop check) that fails, write",
                    "DIR/<id>.trace.jsonl, the messages the runner passed between the",
                    "two sides as tunnel:frame records, and DIR/<id>.keylog, the key",
                    "log lines the adapter(s) wrote meanwhile (each `/` of the id",
                    "becomes `_`): of an adapter that follows KEYLOG-11, the secrets",
                    "of the check's exchanges only, which open the trace and nothing else.",
                    "The runner sets OPENHUMAN_KEYLOG for each adapter",
                    "to a file of its own in a temporary directory, removed at the",
                    "end. Check them offline with `conformance verify --trace FILE",
                    "--keylog FILE`. DIR is created if needed; a check that passed",
                    "no message is not saved.",
                ],
                examples: ["--save-traces build/traces"]
            ),
            HelpOption("--save-all-traces", ["With --save-traces: save passing checks too."]),
            HelpOption(
                "--slow",
                [
                    "Also run vectors flagged Slow (skipped by default), each request",
                    "with its budget of 600000 ms, and the long form of a live check",
                    "that has one (live/pairing-v3/man-in-the-middle: 10,002 attempts).",
                ]
            ),
            HelpOption(
                "--transport-lab PATH",
                [
                    "The transport lab of the live checks live/transport/... of wire",
                    "spec section 15.7: a program that runs the reference relay, core,",
                    "LAN endpoint and device on loopback",
                    "(tools/lan-endpoint/openhuman-transport-lab, Python 3 with",
                    "tools/relay/requirements.txt). Default: the one in the kit's source",
                    "beside the vectors directory; without one those checks are skipped.",
                ],
                examples: ["--transport-lab tools/lan-endpoint/openhuman-transport-lab"]
            ),
            HelpOption(
                "--transport-time-scale N",
                [
                    "Milliseconds of the selection's clock per real millisecond in those",
                    "checks (1 to 50, default 5): the selection reads no clock, so at 5",
                    "the LAN's 2,000 ms deadline passes in 400 real ms; 1 runs them at",
                    "the speed of a phone.",
                ],
                examples: ["--transport-time-scale 1"]
            ),
            HelpOption("--verbose, -v", ["Text format: list passes and skips too, not only problems."]),
            HelpOption("--help, -h", ["This text."]),
        ],
        sections: [
            HelpSection(
                "WHAT IS CHECKED",
                [
                    .text([
                        "Each vector's input is sent to the adapter operation it names; the answer must match",
                        "`expected` exactly: success or failure, the error code, every expected output member (the",
                        "first difference is named, e.g. `steps[3].error`). Vectors of operations the adapter did",
                        "not declare in `hello` are skipped, as are `acceptable` vectors whose policy condition",
                        "(e.g. replayMemory=128) does not hold for the adapter's declared policies.",
                    ]),
                    .text([
                        "Live checks (live/...) test what fixed vectors cannot: nonce freshness over 1,000 seals,",
                        "and handshakes and sessions with fresh keys against the reference, with replays,",
                        "reflections, reordering and tampering injected.",
                    ]),
                    .text([
                        "A crash, a hang past the timeout, a line that is not JSON, a response with the wrong id,",
                        "a line over 4 MiB or an early exit fails that one case, quoting the adapter's stderr lines",
                        "that arrived while that case was awaited (with --max-in-flight 1 they are its own); the",
                        "adapter's whole process group is ended, the adapter restarted and the run goes on.",
                    ]),
                ]
            ),
            HelpSection(
                "OUTPUT",
                [
                    .text([
                        "Text: one block per failure, skips grouped by reason, ERROR lines for a run that could",
                        "not complete, WARNING lines (e.g. an unknown operation in hello), and last, alone on its",
                        "line:",
                    ]),
                    .code(["N passed, N failed, N skipped"]),
                    .text([
                        "What the adapter wrote (names, codes, stderr) is printed with control characters escaped."
                    ]),
                    .text([
                        "Progress is drawn on stderr when stderr is a terminal; otherwise (CI logs) one line",
                        "`conformance: progress: DONE/TOTAL cases, AREA done` goes to stderr as each area",
                        "finishes, and `conformance: progress: DONE/TOTAL cases, at ID` every 10 seconds within one.",
                    ]),
                ]
            ),
        ],
        exitStatuses: [
            HelpExitStatus("0", ["every case that ran passed (expected failures allowed)"]),
            HelpExitStatus("1", ["a failure, an unexpected pass, or a stale expected-failures entry"]),
            HelpExitStatus(
                "2",
                [
                    "usage or configuration error (bad option, unreadable or refused vectors directory or",
                    "expected-failures file, unwritable --output or --save-traces directory), or the",
                    "report or a saved trace could not be written (stdout closed, a broken pipe, a full",
                    "disk)",
                ]
            ),
            HelpExitStatus(
                "3",
                [
                    "the adapter could not be driven (did not start, hello failed or was invalid, a",
                    "restart failed, 3 timeouts in a row, --deadline reached)",
                ]
            ),
            HelpExitStatus("4", ["nothing to run: no case selected, or every selected case skipped"]),
            HelpExitStatus(
                "128+N",
                [
                    "stopped by signal N (130 SIGINT, 143 SIGTERM, 129 SIGHUP); every adapter process",
                    "group is ended first, and no report is written",
                ]
            ),
        ],
        examplesTitle: "EXAMPLES",
        examples: [
            "swift run conformance",
            "swift run conformance --adapter \"node adapter.js\" --format tap",
            "swift run conformance --adapter ./adapter --expected-failures known.txt \\",
            "    --format junit --output results.xml",
            "swift run conformance --adapter ./adapter --format html --output report.html",
            "swift run conformance interop --adapter \"python3 a.py\" --adapter ./b",
            "swift run conformance --adapter ./adapter --filter 'live/*' --save-traces traces",
        ]
    )

    /// `conformance verify --help` (kit chapter 3).
    public static let verify = HelpPage(
        command: "conformance verify",
        lead: ["conformance verify: check a captured exchange step by step (spec/kit/03-verifier.md)."],
        usage: [
            "conformance verify --trace FILE [--keylog FILE] [--pairing-payload TEXT]",
            "                   [--continue] [--format text|json] [--output FILE]",
        ],
        paragraphs: [
            HelpParagraph(lines: [
                "Reads a trace (JSON Lines: the header, then one record per observed event; a runner's",
                "--save-traces writes them), decodes every message, and checks every rule it can from",
                "there: the trace's form, relay events, base64url, type octets, sizes, who sent what,",
                "repeated nonces and replays, channel states. With --keylog (the secrets of each exchange",
                "an endpoint wrote when run with OPENHUMAN_KEYLOG=FILE: K_HS, K_ACK, SESSION_KEYS,",
                "SAS_OKM, and for a version 3 pairing V3_M1_STATIC_KEY, V3_M1_PAYLOAD, V3_M2_PAYLOAD,",
                "V3_TRANSPORT, the last also for each version 3 reconnection; a key log of suite 2.3, with",
                "private keys, is still read, and said so) it opens the handshake and the ack, checks their",
                "plaintexts, decrypts every session frame, checks the envelopes and chunks, opens a version",
                "3 pairing's messages and records, checks its reveal and answers, prints the pairing code,",
                "opens each reconnection's key confirmation, and opens each version 3 session frame and",
                "reads its padding and record. --pairing-payload gives the QR text when the trace lacks",
                "it. It prints one block per step and names each departure by",
                "requirement id and step (0 = the header, the key log, a payload given here).",
            ])
        ],
        options: [
            HelpOption("--trace FILE", ["The trace to read (required)."]),
            HelpOption("--keylog FILE", ["A key log: LABEL id-hex secret-hex per line."]),
            HelpOption("--pairing-payload TEXT", ["The pairing payload (openhuman://pair?...)."]),
            HelpOption("--continue", ["Read on past the first departure (default: stop there)."]),
            HelpOption("--format text|json", ["A readable transcript (default) or one JSON object."]),
            HelpOption("--output FILE", ["Write the transcript to FILE instead of stdout."]),
        ],
        sections: [],
        exitStatuses: [
            HelpExitStatus("0", ["no departure"]),
            HelpExitStatus("1", ["at least one departure"]),
            HelpExitStatus("2", ["usage error, or a trace or key log that cannot be read (missing, not UTF-8)"]),
        ],
        examplesTitle: "EXAMPLE",
        examples: [
            "conformance verify --trace traces/live_handshake_adapter-device.trace.jsonl \\",
            "    --keylog traces/live_handshake_adapter-device.keylog",
        ]
    )

    /// Both pages in one place: the text of spec/kit/cli.md.
    public static var markdown: String { CLIReference.markdown(pages: [run, verify]) }
}

/// One command's help: what `--help` prints, section by section.
public struct HelpPage: Sendable {
    public var command: String
    /// The lines before USAGE.
    public var lead: [String]
    /// The USAGE lines, aligned as printed (without the section's indentation).
    public var usage: [String]
    /// Paragraphs after USAGE, printed flush left.
    public var paragraphs: [HelpParagraph]
    public var options: [HelpOption]
    /// Sections after OPTIONS (WHAT IS CHECKED, OUTPUT).
    public var sections: [HelpSection]
    public var exitStatuses: [HelpExitStatus]
    public var examplesTitle: String
    /// Example command lines, continuation lines indented as printed.
    public var examples: [String]

    /// Width of the option column: `  --adapter "CMD ARGS"     The adapter ...`.
    static let optionColumn = 25

    /// The text `--help` prints.
    public var text: String {
        var out: [String] = lead
        out += ["", "USAGE"] + usage.map { "  " + $0 }
        for paragraph in paragraphs { out += [""] + paragraph.lines }
        out += ["", "OPTIONS"]
        for option in options { out += option.lines(column: Self.optionColumn) }
        for section in sections {
            out += ["", section.title]
            for block in section.blocks {
                switch block {
                case .text(let lines): out += lines.map { "  " + $0 }
                case .code(let lines): out += lines.map { "    " + $0 }
                }
            }
        }
        out += ["", "EXIT STATUS"]
        for status in exitStatuses {
            out.append("  \(status.code)  \(status.lines[0])")
            out += status.lines.dropFirst().map { "     " + $0 }
        }
        out += ["", examplesTitle] + examples.map { "  " + $0 }
        return out.joined(separator: "\n") + "\n"
    }
}

/// A paragraph after USAGE; `title`, when set, heads it in the Markdown reference only.
public struct HelpParagraph: Sendable {
    public var title: String?
    public var lines: [String]

    public init(title: String? = nil, lines: [String]) {
        self.title = title
        self.lines = lines
    }
}

/// One option: its name and argument, its description as printed, and its examples.
public struct HelpOption: Sendable {
    /// Where the examples go in `--help`.
    public enum Layout: Sendable {
        /// After the description's last line, two spaces apart.
        case inline
        /// Each on a line of its own below the description.
        case ownLines
        /// Together on one line below the description, three spaces apart.
        case oneLine
    }

    public var name: String
    /// The description, wrapped as `--help` prints it.
    public var description: [String]
    public var examples: [String]
    public var layout: Layout

    public init(_ name: String, _ description: [String], examples: [String] = [], layout: Layout = .inline) {
        self.name = name
        self.description = description
        self.examples = examples
        self.layout = layout
    }

    func lines(column: Int) -> [String] {
        var text = description
        switch layout {
        case .inline where !examples.isEmpty:
            text[text.count - 1] += "  " + examples.joined(separator: "  ")
        case .ownLines:
            text += examples.map { "  " + $0 }
        case .oneLine where !examples.isEmpty:
            text.append("  " + examples.joined(separator: "   "))
        default:
            break
        }
        let indent = String(repeating: " ", count: 2 + column)
        let head = "  " + name + String(repeating: " ", count: max(1, column - name.count))
        return [head + text[0]] + text.dropFirst().map { indent + $0 }
    }
}

/// A titled section of prose (and literal lines).
public struct HelpSection: Sendable {
    public enum Block: Sendable {
        /// Prose lines, one paragraph in the Markdown reference.
        case text([String])
        /// Literal lines, indented further in `--help`, a code block in Markdown.
        case code([String])
    }

    public var title: String
    public var blocks: [Block]

    public init(_ title: String, _ blocks: [Block]) {
        self.title = title
        self.blocks = blocks
    }
}

/// One exit status and its meaning, wrapped as printed.
public struct HelpExitStatus: Sendable {
    public var code: String
    public var lines: [String]

    public init(_ code: String, _ lines: [String]) {
        self.code = code
        self.lines = lines
    }
}
