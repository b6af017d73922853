// notifc's benchmark: stage timings, whole-process throughput, scaling, peak memory and start-up time.
//
// Run with Benchmarks/run.sh (release build). `notifc-bench generate --categories N` prints a generated manifest.
import Foundation
import ManifestCompiler
import ManifestGenerator

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Command line

struct Options {
    var sizes = [1_000, 10_000, 50_000]
    var runs = 5
    var startupRuns = 200
    var generateCount: Int?
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = Array(CommandLine.arguments.dropFirst())
    while !arguments.isEmpty {
        let argument = arguments.removeFirst()
        let value = arguments.first
        switch argument {
        case "generate": break
        case "--categories": options.generateCount = value.flatMap(Int.init); arguments.removeFirst()
        case "--sizes": options.sizes = (value ?? "").split(separator: ",").compactMap { Int($0) }; arguments.removeFirst()
        case "--runs": options.runs = value.flatMap(Int.init) ?? options.runs; arguments.removeFirst()
        case "--startup-runs": options.startupRuns = value.flatMap(Int.init) ?? options.startupRuns; arguments.removeFirst()
        default:
            FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
            exit(64)
        }
    }
    return options
}

// MARK: - Measuring

/// Wall time of `body` in milliseconds.
func milliseconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// Runs a program to completion through `ProcessMeter` (see there why); returns its wall time (ms), exit
/// status and peak resident memory (bytes).
func runProcess(_ path: String, _ arguments: [String]) -> (milliseconds: Double, status: Int32, peakBytes: Int) {
    let resultPath = work.appendingPathComponent("meter-result").path
    let argv = ([meter, resultPath, path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, meter, nil, nil, argv, environ) == 0 else { return (0, -1, 0) }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let fields = ((try? String(contentsOfFile: resultPath, encoding: .utf8)) ?? "").split(separator: " ")
    guard fields.count == 3, let time = Double(fields[0]), let code = Int32(fields[1]),
        let peak = Int(fields[2].trimmingCharacters(in: .whitespacesAndNewlines))
    else { return (0, -1, 0) }
    return (time, code, peak)
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

/// Whether the folders `a` and `b` hold the same files with the same bytes.
func sameFiles(_ a: String, _ b: String) -> Bool {
    let files = FileManager.default
    guard let inA = files.subpaths(atPath: a), let inB = files.subpaths(atPath: b), Set(inA) == Set(inB), !inA.isEmpty
    else { return false }
    return inA.allSatisfy { path in
        var isFolder: ObjCBool = false
        _ = files.fileExists(atPath: a + "/" + path, isDirectory: &isFolder)
        return isFolder.boolValue || files.contentsEqual(atPath: a + "/" + path, andPath: b + "/" + path)
    }
}

// MARK: - Benchmark

let options = parseOptions()
if let count = options.generateCount {
    FileHandle.standardOutput.write(Data(ManifestGenerator.manifest(categories: count).utf8))
    exit(0)
}

let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let notifc = binaries.appendingPathComponent("notifc").path
let empty = binaries.appendingPathComponent("EmptyProgram").path
let meter = binaries.appendingPathComponent("ProcessMeter").path
let plainLowerBound = binaries.appendingPathComponent("PlainLowerBound").path
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let work = FileManager.default.temporaryDirectory.appendingPathComponent("notifc-bench-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

var cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
    .first { $0.hasPrefix("model name") }.map { String($0.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces) }
print("# notifc benchmark")
print("")
print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu ?? "unknown CPU"); runs per measurement: \(options.runs) (median)")
print("")
print("| categories | input MB | compile ms | parse ms (trees) | validate ms (trees) | emit ms (\(EmitFormat.allCases.map(\.rawValue).joined(separator: ", "))) | `build` ms (process) | MB/s | plain lower bound ms (MB/s) | peak RSS MB | limit MB (5×input+20) | `build --emit plist,json,swift` ms | its peak RSS MB |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")

var processTimes: [(size: Int, milliseconds: Double)] = []
/// How many times as long as PlainLowerBound `notifc build` takes, by size.
var plainRatios: [(size: Int, ratio: Double)] = []
for size in options.sizes {
    let text = ManifestGenerator.manifest(categories: size)
    let bytes = Array(text.utf8)
    let input = work.appendingPathComponent("bench-\(size).notif")
    try Data(bytes).write(to: input)
    let megabytes = Double(bytes.count) / 1_000_000

    var sources = SourceFileSet()
    sources.add(path: input.path, bytes: bytes)
    let compilerOptions = CompilerOptions()
    var compileTimes: [Double] = []
    var parseTimes: [Double] = []
    var validateTimes: [Double] = []
    var emitTimes: [[Double]] = Array(repeating: [], count: EmitFormat.allCases.count)
    for _ in 0..<options.runs {
        // What `build` runs: screen, parse, check and validate in one pass, declaration by declaration.
        compileTimes.append(milliseconds { _ = Compiler.compile(sources, options: compilerOptions) })
        // What tools that need syntax trees run (`fmt`, `Compiler.parse`), then validation of the trees.
        var diagnostics = DiagnosticBag()
        var parsed: (trees: [SyntaxTree], isNamespaceComplete: Bool) = ([], true)
        parseTimes.append(milliseconds { parsed = Compiler.parse(sources, options: compilerOptions, into: &diagnostics) })
        var manifest: Manifest?
        validateTimes.append(milliseconds {
            manifest = Validator.validate(parsed.trees, isNamespaceComplete: true, options: compilerOptions, into: &diagnostics)
        })
        guard let manifest else {
            print("generated manifest does not compile: \(diagnostics.diagnostics.prefix(3).map(\.message))")
            exit(1)
        }
        for (index, format) in EmitFormat.allCases.enumerated() {
            emitTimes[index].append(milliseconds { _ = format.emitter.emit(manifest) })
        }
    }
    /// Median wall time and highest peak memory of `program` run with `arguments(outputFolder)` on the input; the
    /// output of the last run is left in `kept` when given.
    func measure(
        _ program: String, keepingOutputIn kept: String? = nil, arguments: (_ output: String) -> [String]
    ) -> (milliseconds: Double, peakBytes: Int) {
        var times: [Double] = []
        var peak = 0
        for run in 0..<options.runs {
            let output = work.appendingPathComponent("out-\(size)-\(run)").path
            let result = runProcess(program, arguments(output))
            guard result.status == 0 else {
                print("\(URL(fileURLWithPath: program).lastPathComponent) failed with status \(result.status)")
                exit(1)
            }
            times.append(result.milliseconds)
            peak = max(peak, result.peakBytes)
            if let kept, run == options.runs - 1 {
                try? FileManager.default.removeItem(atPath: kept)
                try? FileManager.default.moveItem(atPath: output, toPath: kept)
            }
            try? FileManager.default.removeItem(atPath: output)
        }
        return (median(times), peak)
    }
    // `notifc build` as a build runs it (plists and JSON bundle, the default), then with Swift code as well.
    let builtByNotifc = work.appendingPathComponent("notifc-\(size)").path
    let build = measure(notifc, keepingOutputIn: builtByNotifc) { ["build", input.path, "--output", $0] }
    // The same work in plain Swift with nothing else (PlainLowerBound): it must write the same bytes to count.
    let builtPlainly = work.appendingPathComponent("plain-\(size)").path
    let plain = measure(plainLowerBound, keepingOutputIn: builtPlainly) { [input.path, $0] }
    guard sameFiles(builtByNotifc, builtPlainly) else {
        print(
            "PlainLowerBound's output differs from notifc build's for \(size) categories: it counts as a lower bound only"
                + " while it writes the same bytes, so bring Benchmarks/Sources/PlainLowerBound in line with notifc's outputs")
        exit(1)
    }
    let withSwift = measure(notifc) { ["build", input.path, "--output", $0, "--emit", "plist,json,swift"] }  // the Apple outputs
    let process = build.milliseconds
    processTimes.append((size, process))
    plainRatios.append((size, process / plain.milliseconds))
    let peak = build.peakBytes
    let emit = emitTimes.map { format(median($0)) }.joined(separator: " / ")
    print("| \(size) | \(format(megabytes, 2)) | \(format(median(compileTimes))) | \(format(median(parseTimes))) | \(format(median(validateTimes))) | \(emit) | \(format(process)) | \(format(megabytes / (process / 1000), 0)) | \(format(plain.milliseconds)) (\(format(megabytes / (plain.milliseconds / 1000), 0))) | \(format(Double(peak) / 1_000_000)) | \(format(5 * megabytes + 20)) | \(format(withSwift.milliseconds)) | \(format(Double(withSwift.peakBytes) / 1_000_000)) |")
}

print("")
print("`notifc build` against the plain lower bound (the same output bytes in plain Swift with nothing else; docs/performance.md):")
for (size, ratio) in plainRatios {
    print("- \(size) categories: ×\(format(ratio, 2)) its time")
}

print("")
print("Scaling (time factor per doubling of input, whole-process `notifc build`; target ≤ 2.1):")
for (previous, next) in zip(processTimes, processTimes.dropFirst()) {
    let doublings = log2(Double(next.size) / Double(previous.size))
    let factor = pow(next.milliseconds / previous.milliseconds, 1 / doublings)
    print("- \(previous.size) → \(next.size) categories: ×\(format(next.milliseconds / previous.milliseconds, 2)) overall, ×\(format(factor, 2)) per doubling")
}

print("")
let alarm = packageRoot.appendingPathComponent("manifests/alarm.notif").path
var notifcStartup: [Double] = []
var emptyStartup: [Double] = []
for run in 0..<options.startupRuns {
    let output = work.appendingPathComponent("alarm-\(run)").path
    notifcStartup.append(runProcess(notifc, ["build", alarm, "--output", output]).milliseconds)
    emptyStartup.append(runProcess(empty, []).milliseconds)
}
let ratio = median(notifcStartup) / median(emptyStartup)
print("Start-up (median of \(options.startupRuns)): `notifc build manifests/alarm.notif` \(format(median(notifcStartup), 2)) ms, empty Swift program \(format(median(emptyStartup), 2)) ms, ratio ×\(format(ratio, 2)) (target ≤ 1.5)")
