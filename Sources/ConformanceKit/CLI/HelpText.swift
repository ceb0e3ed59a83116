/// `conformance --help`: every flag with an example, the exit statuses, the file formats.
public enum HelpText {
    public static let text = """
    conformance: check an implementation of the OpenHuman tunnel (wire version 2) against the
    test vectors, by driving it through the adapter protocol (spec/kit/02-adapter-protocol.md).

    USAGE
      conformance [options]                         run every vector and live check
      conformance interop --adapter A [--adapter B ...] [options]
                                                    drive every ordered pair of implementations

    With no --adapter the runner starts the built-in reference implementation, so
    `swift run conformance` checks the vectors against the reference.

    interop starts every adapter given (a single one is paired with the reference) and, for
    every ordered pair (A, B), lets A seal and B open as device and as core, runs A's device
    side against B's core side (handshake-device-start/-finish, handshake-core), sends a
    frame each way on the keys they agreed, and has B reassemble A's split of a 1 MiB and a
    16 MiB message (envelope-split, envelope-reassemble). It prints a table of pairs and
    outcomes; n/a marks a check one side lacks an operation for. Only --adapter, --timeout-ms
    and --max-in-flight apply to it.

    OPTIONS
      --adapter "CMD ARGS"     The adapter to drive: a command line, split like a shell does
                               (quotes and backslashes) but run without a shell.
                                 --adapter "python3 tools/adapters/python/openhuman-adapter"
                                 --adapter "./target/release/tunnel-adapter --quiet"
      --vectors DIR            The vector files (default: ./vectors). A manifest.json there is
                               checked first.  --vectors /tmp/suite-2.2.0/vectors
      --filter GLOB            Run only cases whose id matches; repeatable (any match selects).
                               `*` matches any text including `/`, `?` one character, [a-z] a set.
                                 --filter 'frame-open/*' --filter 'live/*'
      --skip GLOB              Leave out cases whose id matches; repeatable; applied after
                               --filter.  --skip '*slow*'
      --list                   Print the selected case ids, one per line, and exit; starts no
                               adapter.  --list --filter 'replay-window/*'
      --expected-failures FILE Known failures: lines `<id glob> <reason>`, `#` comments. A listed
                               case that fails is reported but does not fail the run; a listed
                               case that passes, and an entry that matches no case of the
                               suite (stale), fail it.  --expected-failures ci/rust-known.txt
      --format FORMAT          text (default), tap (TAP version 14; # TODO for expected
                               failures, # SKIP for skips), junit (JUnit XML), json (every case
                               with outcome, expected and actual).  --format junit
      --output FILE, -o FILE   Write the report in --format to FILE; stdout then gets the text
                               summary.  --format junit --output build/conformance.xml
      --timeout-ms N           Per-request timeout in milliseconds (default 5000), counted from
                               when the adapter could start on the request.  --timeout-ms 20000
      --max-in-flight N        Requests kept in flight (default 64); 1 sends one request at a
                               time, for debugging an adapter.  --max-in-flight 1
      --no-live                Leave out the live checks (ids live/...), which use fresh
                               randomness on every run.
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
      a line over 4 MiB or an early exit fails that one case, quoting the adapter's last stderr
      lines; the adapter is restarted and the run goes on.

    OUTPUT
      Text: one block per failure, skips grouped by reason, and last, alone on its line:
        N passed, N failed, N skipped
      Progress is drawn on stderr only when stderr is a terminal.

    EXIT STATUS
      0  every case that ran passed (expected failures allowed)
      1  a failure, an unexpected pass, or a stale expected-failures entry
      2  usage or configuration error (bad option, unreadable vectors or expected-failures file)
      3  the adapter could not be driven (did not start, hello failed, a restart failed)
      4  nothing to run: no case selected, or every selected case skipped

    EXAMPLES
      swift run conformance
      swift run conformance --adapter "node adapter.js" --format tap
      swift run conformance --adapter ./adapter --expected-failures known.txt \\
          --format junit --output results.xml
      swift run conformance interop --adapter "python3 a.py" --adapter ./b

    """
}
