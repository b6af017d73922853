#!/usr/bin/env python3
"""How long `notifc lsp` takes from an edit to the diagnostics it publishes (docs/performance.md).

Usage: Benchmarks/lsp-latency.py NOTIFC MANIFEST [RUNS]

Opens MANIFEST as the only document of an empty workspace, then RUNS times sends one incremental
`textDocument/didChange` that misspells the first name listed in an `actions` list (or fixes it again) and
measures the time until the `textDocument/publishDiagnostics` that follows. Prints the median and the 90th
percentile in milliseconds. Not a test: the numbers depend on the machine.
"""
import json, os, statistics, subprocess, sys, tempfile, time

def main():
    notifc, manifest = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    text = open(manifest, encoding="utf-8").read()
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if "actions: [" in l)
    start = lines[line].index("[") + 1
    name = lines[line][start:].split(",")[0].split("]")[0]
    folder = tempfile.mkdtemp()
    uri = "file://" + os.path.join(folder, "bench.notif")
    server = subprocess.Popen([notifc, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(message):
        body = json.dumps(message).encode()
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def receive():
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += server.stdout.read(1)
        return json.loads(server.stdout.read(int(header.split(b":")[1])))

    def wait_for_diagnostics():
        while True:
            message = receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
          "params": {"processId": None, "rootUri": "file://" + folder, "capabilities": {}}})
    receive()
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri, "languageId": "notif", "version": 1, "text": text}}})
    misspelled = name + "x"
    timings = []
    current = name
    for run in range(runs + 1):
        replacement = misspelled if current == name else name
        edit = {"range": {"start": {"line": line, "character": start},
                          "end": {"line": line, "character": start + len(current)}}, "text": replacement}
        began = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange",
              "params": {"textDocument": {"uri": uri, "version": run + 2}, "contentChanges": [edit]}})
        diagnostics = wait_for_diagnostics()
        elapsed = (time.perf_counter() - began) * 1000
        if run > 0:  # the first edit warms up
            timings.append(elapsed)
        current = replacement
        if replacement == misspelled and not any(d["code"] == "E305" for d in diagnostics):
            sys.exit("the misspelled name was not reported")
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    receive()
    send({"jsonrpc": "2.0", "method": "exit"})
    server.wait()
    timings.sort()
    print(f"{os.path.basename(manifest)}: {len(text.encode())} bytes, {runs} edits: "
          f"median {statistics.median(timings):.2f} ms, p90 {timings[int(len(timings) * 0.9) - 1]:.2f} ms")

main()
