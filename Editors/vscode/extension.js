// Starts `notifc lsp` for .notif files (VS Code's language client does the protocol).
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("notifc").get("path") || "notifc";
  client = new LanguageClient(
    "notifc",
    "notifc",
    { command, args: ["lsp"] },
    {
      documentSelector: [{ scheme: "file", language: "notif" }],
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.notif") },
    }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
