/// `conformance --help`: every flag with an example, the exit statuses, the file formats.
public enum HelpText {
    public static let text = """
    conformance: check an implementation of the OpenHuman tunnel (wire version 2) against the
    test vectors, by driving it through the adapter protocol (spec/kit/02-adapter-protocol.md).

    USAGE
      conformance [options]                         run every vector and live check
      conformance interop --adapter A [--adapter B ...] [options]
                                                    drive every ordered pair of implementations
      conformance verify --trace FILE [--keylog FILE] ...
                                                    check a captured exchange step by step
                                                    (conformance verify --help)

    With no --adapter the runner starts the built-in reference implementation, so
    `swift run conformance` checks the vectors against the reference.

    interop starts every adapter given (a single one is paired with the reference) and, for
    every ordered pair (A, B), lets A seal and B open as device and as core, runs A's device
    side against B's core side (handshake-device-start/-finish, handshake-core), sends a
    frame each way on the keys they agreed (a ping request envelope and its response), and
    has B reassemble A's split of a 1 MiB and a 16 MiB message (envelope-split,
    envelope-reassemble). It prints a table of pairs and
    outcomes; n/a marks a check one side lacks an operation for. Each check has the id
    interop/<A>-<B>/<check> (seal-as-device, seal-as-core, handshake, frames-both-ways,
    chunks-1-mib, chunks-16-mib), which --filter and --skip select ("." in the table: left
    out). Only --adapter, --filter, --skip, --timeout-ms, --deadline, --max-in-flight,
    --save-traces and --save-all-traces apply to it.

    OPTIONS
      --adapter "CMD ARGS"     The adapter to drive: a command line, split like a shell does
                               (quotes and backslashes) but run without a shell.
                                 --adapter "python3 tools/adapters/python/openhuman-adapter"
                                 --adapter "./target/release/tunnel-adapter --quiet"
      --vectors DIR            The vector files (default: the vectors/ beside the bin/ that
                               holds the runner, as in its tarball, when there is one; else
                               ./vectors). Its manifest.json is checked first; a directory
                               without vector files or without a manifest is refused. Files
                               whose name starts with "." are ignored.
                                 --vectors /tmp/suite-2.3.0/vectors
      --no-manifest            Run a vectors directory that has no manifest.json, unchecked
                               (a manifest that is there is still checked).
      --filter GLOB            Run only cases whose id matches; repeatable (any match selects).
                               `*` matches any text including `/`, `?` one character, [a-z] a set.
                                 --filter 'frame-open/*' --filter 'live/*'
      --skip GLOB              Leave out cases whose id matches; repeatable; applied after
                               --filter.  --skip '*slow*'
      --list                   Print the selected case ids, one per line (to --output if
                               given), and exit; starts no adapter.  --list --filter 'replay-window/*'
      --expected-failures FILE Known failures: lines `<id glob> <reason>`, `#` comments, LF or
                               CRLF; any other line is an error naming its number. A listed
                               case that fails is reported but does not fail the run; a listed
                               case that passes, and an entry that matches no case of the
                               suite (stale), fail it.  --expected-failures ci/rust-known.txt
      --format FORMAT          text (default), tap (declared TAP version 13, the part TAP 14
                               shares, read by Debian's prove; # TODO for expected failures,
                               # SKIP for skips), junit (JUnit XML), json (every case with
                               outcome, expected and actual), html (one self-contained page:
                               summary, adapter, a requirement-by-outcome matrix, each failure
                               with expected and actual side by side and its requirements'
                               texts; use with --output). Every format shows a failure whenever
                               the exit status is not 0, and links each of its requirements'
                               anchors in the rendered spec, <spec-url>/<chapter>.html#<ID>.
                                 --format junit   --format html --output report.html
      --spec DIR               Where the html report reads requirement texts (default: spec
                               beside the vectors directory); when unreadable, the report says
                               so.  --spec /tmp/suite-2.3.0/spec
      --spec-url URL           Base of the links to requirement anchors in every format
                               (tools/render-spec renders the spec). Default: the file:// URL of
                               spec-html/ or else dist/spec-html/ beside the vectors directory
                               when it holds index.html, else the relative spec-html (a rendered
                               spec beside an html report).  --spec-url https://example.org/spec
      --output FILE, -o FILE   Write the report in --format to FILE (checked before the run);
                               stdout then gets the text summary.
                                 --format junit --output build/conformance.xml
      --timeout-ms N           Per-request timeout in milliseconds, 1 to 3600000 (default 5000),
                               counted from when the adapter could start on the request. After 3
                               timeouts in a row the adapter is taken to be stuck: the run stops
                               with status 3.  --timeout-ms 20000
      --deadline SECONDS       Bound on the whole run, 1 to 604800 seconds (default: none). When
                               it passes, the cases not yet answered fail as not run, the report
                               is still written and the status is 3.  --deadline 900
      --max-in-flight N        Requests kept in flight (default 64); 1 sends one request at a
                               time, for debugging an adapter.  --max-in-flight 1
      --no-live                Leave out the live checks (ids live/...), which use fresh
                               randomness on every run.
      --save-traces DIR        For every live check (and interop check) that fails, write
                               DIR/<id>.trace.jsonl, the messages the runner passed between the
                               two sides as tunnel:frame records, and DIR/<id>.keylog, the key
                               log lines the adapter(s) wrote meanwhile (each `/` of the id
                               becomes `_`). The runner sets OPENHUMAN_KEYLOG for each adapter
                               to a file of its own in a temporary directory, removed at the
                               end. Check them offline with `conformance verify --trace FILE
                               --keylog FILE`. DIR is created if needed; a check that passed
                               no message is not saved.  --save-traces build/traces
      --save-all-traces        With --save-traces: save passing checks too.
      --slow                   Also run vectors flagged Slow (skipped by default).
      --verbose, -v            Text format: list passes and skips too, not only problems.
      --help, -h               This text.

    WHAT IS CHECKED
      Each vector's input is sent to the adapter operation it names; the answer must match
      `expected` exactly: success or failure, the error code, every expected output member (the
      first difference is named, e.g. `steps[3].error`). Vectors of operations the adapter did
      not declare in `hello` are skipped, as are `acceptable` vectors whose policy condition
      (e.g. replayMemory=128) does not hold for the adapter's declared policies.
      Live checks (live/...) test what fixed vectors cannot: nonce freshness over 1,000 seals,
      and handshakes and sessions with fresh keys against the reference, with replays,
      reflections, reordering and tampering injected.
      A crash, a hang past the timeout, a line that is not JSON, a response with the wrong id,
      a line over 4 MiB or an early exit fails that one case, quoting the adapter's stderr lines
      that arrived while that case was awaited (with --max-in-flight 1 they are its own); the
      adapter's whole process group is ended, the adapter restarted and the run goes on.

    OUTPUT
      Text: one block per failure, skips grouped by reason, ERROR lines for a run that could
      not complete, WARNING lines (e.g. an unknown operation in hello), and last, alone on its
      line:
        N passed, N failed, N skipped
      What the adapter wrote (names, codes, stderr) is printed with control characters escaped.
      Progress is drawn on stderr when stderr is a terminal; otherwise (CI logs) one line
      `conformance: progress: DONE/TOTAL cases, AREA done` goes to stderr as each area
      finishes, and `conformance: progress: DONE/TOTAL cases, at ID` every 10 seconds within one.

    EXIT STATUS
      0  every case that ran passed (expected failures allowed)
      1  a failure, an unexpected pass, or a stale expected-failures entry
      2  usage or configuration error (bad option, unreadable or refused vectors directory or
         expected-failures file, unwritable --output or --save-traces directory), or the
         report or a saved trace could not be written (stdout closed, a broken pipe, a full
         disk)
      3  the adapter could not be driven (did not start, hello failed or was invalid, a
         restart failed, 3 timeouts in a row, --deadline reached)
      128+N  stopped by signal N (130 SIGINT, 143 SIGTERM, 129 SIGHUP); every adapter process
         group is ended first, and no report is written
      4  nothing to run: no case selected, or every selected case skipped

    EXAMPLES
      swift run conformance
      swift run conformance --adapter "node adapter.js" --format tap
      swift run conformance --adapter ./adapter --expected-failures known.txt \\
          --format junit --output results.xml
      swift run conformance --adapter ./adapter --format html --output report.html
      swift run conformance interop --adapter "python3 a.py" --adapter ./b
      swift run conformance --adapter ./adapter --filter 'live/*' --save-traces traces

    """
}
