-- Run by NeovimClientTests: Neovim's built-in LSP client (0.7+) against `notifc lsp`; writes the diagnostics it shows.
local file = os.getenv("NOTIFC_MANIFEST")
local output = os.getenv("NOTIFC_OUTPUT")
vim.cmd("edit " .. vim.fn.fnameescape(file))
local client = vim.lsp.start_client({
  name = "notifc", cmd = { os.getenv("NOTIFC"), "lsp" }, root_dir = vim.fn.fnamemodify(file, ":h"),
})
vim.lsp.buf_attach_client(0, client)
vim.wait(15000, function() return #vim.diagnostic.get(0) > 0 end, 20)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ""
  table.insert(lines, string.format("%d:%d:%d:%d %s %s", d.lnum, d.col, d.end_lnum, d.end_col, code,
    (d.message:gsub("\n", " | "))))
end
vim.fn.writefile(lines, output)
vim.lsp.stop_client(client)
vim.cmd("qall!")
