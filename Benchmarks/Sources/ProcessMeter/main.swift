// Runs one program and reports its wall time, exit status and peak memory, from a small process of its own.
//
// Usage: ProcessMeter RESULT-FILE PROGRAM [ARGUMENTS…]; writes "milliseconds status peak-bytes" to RESULT-FILE.
//
// Why a separate process: on Linux, `posix_spawn` starts the child in its parent's address space, and the
// kernel records that address space's peak in the child's `ru_maxrss` when it calls `exec`. Spawned from
// the benchmark (which holds large generated manifests), every child would report the benchmark's
// memory. Spawned from this program, which imports no Foundation, it reports its own.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `message` to standard error (file descriptor 2: the C `stderr` global is not concurrency-safe).
func fail(_ message: String, status: Int32) -> Never {
    var text = message
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(status)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    fail("usage: ProcessMeter RESULT-FILE PROGRAM [ARGUMENTS…]\n", status: 64)
}
let argv: [UnsafeMutablePointer<CChar>?] = arguments[2...].map { strdup($0) } + [nil]
var actions = posix_spawn_file_actions_t()
posix_spawn_file_actions_init(&actions)
posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
var start = timespec()
clock_gettime(CLOCK_MONOTONIC, &start)
var pid: pid_t = 0
guard posix_spawn(&pid, arguments[2], &actions, nil, argv, environ) == 0 else {
    fail("ProcessMeter: cannot run \(arguments[2])\n", status: 1)
}
var status: Int32 = 0
var usage = rusage()
wait4(pid, &status, 0, &usage)
var end = timespec()
clock_gettime(CLOCK_MONOTONIC, &end)
let milliseconds = Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6
#if canImport(Darwin)
let peakBytes = Int(usage.ru_maxrss)  // bytes on Darwin
#else
let peakBytes = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
#endif
guard let file = fopen(arguments[1], "w") else { exit(1) }
fputs("\(milliseconds) \((status >> 8) & 0xFF) \(peakBytes)\n", file)
fclose(file)
