/// The options of `conformance verify` (kit chapter 3, VERIFY-9).
struct VerifyOptions: Equatable {
    enum Format: String { case text, json }

    var help = false
    var tracePath: String?
    var keyLogPath: String?
    var pairingPayload: String?
    var continuing = false
    var format = Format.text
    var outputPath: String?

    static func parse(_ arguments: [String]) throws(RunOptions.UsageError) -> VerifyOptions {
        var options = VerifyOptions()
        var rest = arguments[...]
        func value(_ flag: String) throws(RunOptions.UsageError) -> String {
            guard let next = rest.popFirst() else { throw RunOptions.UsageError("\(flag) needs a value") }
            return next
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h": options.help = true
            case "--trace": options.tracePath = try value(argument)
            case "--keylog": options.keyLogPath = try value(argument)
            case "--pairing-payload": options.pairingPayload = try value(argument)
            case "--continue": options.continuing = true
            case "--output": options.outputPath = try value(argument)
            case "--format":
                let name = try value(argument)
                guard let format = Format(rawValue: name) else {
                    throw RunOptions.UsageError("--format must be text or json, not \(name)")
                }
                options.format = format
            default: throw RunOptions.UsageError("verify: unknown option \(argument)")
            }
        }
        if !options.help, options.tracePath == nil { throw RunOptions.UsageError("verify needs --trace FILE") }
        return options
    }
}
