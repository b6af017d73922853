// Runs a program and captures its output without Foundation: PATH lookup, posix_spawn, two pipes, poll.

/// A program that could not be started.
struct ProcessLaunchError: Error, Equatable {
    /// The program's name as asked for.
    let program: String
    /// Why: not found on the search path, or the system's reason.
    let reason: String
    /// Whether the program was not found at all.
    let isNotFound: Bool
}

/// Runs programs to completion (`git`, for `notifc diff --against`).
///
/// The program is looked up in the given search path (the `PATH` of the driver's environment), so what is found
/// does not depend on the process's own `PATH` and tests can control it. The child inherits the process's
/// environment, gets `/dev/null` as standard input, and its standard output and error are read concurrently
/// (with `poll`), so neither pipe can fill up and block it.
enum ProcessRunner {
    /// What a finished program left behind.
    struct Result: Equatable {
        /// The exit status; 128 + the signal number when a signal ended it.
        var status: Int32
        /// Everything it wrote to standard output.
        var output: [UInt8]
        /// Everything it wrote to standard error.
        var error: [UInt8]

        /// Standard error as text, without the final line break.
        var errorText: String {
            var text = String(decoding: error, as: UTF8.self)
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
            return text
        }
    }

    /// Runs `program` with `arguments` and waits for it.
    static func run(_ program: String, _ arguments: [String], searchPath: String?) throws(ProcessLaunchError) -> Result {
        guard let executable = locate(program, searchPath: searchPath) else {
            throw ProcessLaunchError(program: program, reason: "'\(program)' was not found on PATH", isNotFound: true)
        }
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0 else { throw launchError(program, errno) }
        guard pipe(&errorPipe) == 0 else {
            let code = errno
            close(outputPipe[0])
            close(outputPipe[1])
            throw launchError(program, code)
        }
        for descriptor in [outputPipe[0], errorPipe[0]] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let spawned = spawn(executable, [program] + arguments, output: outputPipe[1], error: errorPipe[1])
        close(outputPipe[1])
        close(errorPipe[1])
        defer {
            close(outputPipe[0])
            close(errorPipe[0])
        }
        let processID: pid_t
        switch spawned {
        case .success(let id): processID = id
        case .failure(let code): throw launchError(program, code)
        }
        let (output, error) = readBoth(outputPipe[0], errorPipe[0])
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 {
            if errno != EINTR { break }
        }
        let signal = status & 0x7F
        return Result(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, output: output, error: error)
    }

    /// The full path of `program`: itself when it contains a `/`, otherwise the first executable file named so in
    /// a directory of `searchPath` (an empty entry means the current directory).
    static func locate(_ program: String, searchPath: String?) -> String? {
        if program.contains("/") { return isExecutableFile(program) ? program : nil }
        guard let searchPath, !program.isEmpty else { return nil }
        for directory in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = FileSystem.join(directory.isEmpty ? "." : String(directory), program)
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        FileSystem.entry(at: path)?.kind == .file && access(path, X_OK) == 0
    }

    private static func launchError(_ program: String, _ code: Int32) -> ProcessLaunchError {
        ProcessLaunchError(program: program, reason: String(cString: strerror(code)), isNotFound: false)
    }

    private enum Spawned {
        case success(pid_t)
        case failure(Int32)
    }

    private static func spawn(_ executable: String, _ arguments: [String], output: Int32, error: Int32) -> Spawned {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        guard posix_spawn_file_actions_init(&actions) == 0 else { return .failure(errno) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, error, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var processID: pid_t = 0
        let result = argv.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let arguments = buffer.baseAddress else { return EINVAL }
            var empty: [UnsafeMutablePointer<CChar>?] = [nil]
            if let environment = processEnvironment {
                return posix_spawn(&processID, executable, &actions, nil, arguments, environment)
            }
            return posix_spawn(&processID, executable, &actions, nil, arguments, &empty)
        }
        return result == 0 ? .success(processID) : .failure(result)
    }

    /// Reads two pipes to their ends, whichever has data first.
    private static func readBoth(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var buffers: [[UInt8]] = [[], []]
        var descriptors = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while descriptors.contains(where: { $0.fd >= 0 }) {
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in descriptors.indices where descriptors[index].fd >= 0 && descriptors[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(descriptors[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    buffers[index] += chunk[0..<count]
                } else if count == 0 || errno != EINTR && errno != EAGAIN {
                    descriptors[index].fd = -1  // closed (or failed): stop polling it
                }
            }
        }
        return (buffers[0], buffers[1])
    }
}

#if canImport(Darwin)
@_silgen_name("_NSGetEnviron")
private func nsGetEnviron() -> UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>

/// The process's environment, for the child.
private var processEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { nsGetEnviron().pointee }
#else
/// The process's environment, for the child.
private var processEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    let environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    return environment
}
#endif
