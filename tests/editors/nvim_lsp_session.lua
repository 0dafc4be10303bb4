-- A Neovim (0.7+) session with the triplea-compiler language server, run by test_neovim_client.py:
--   TRIPLEA_NVIM_SESSION=session.json nvim --headless --clean -c "luafile nvim_lsp_session.lua"
-- session.json: {cmd, root, game, timeout_ms, result, diagnostic_line, hover: {line, character},
-- rename: {line, character, new_name}, completion: {line, text}} (lines and characters 0-based, UTF-16).
-- It opens the game XML, waits for a diagnostic at diagnostic_line, asks a hover, renames (applying the edit
-- and writing every changed file), then types `text` as a new line before `completion.line` and asks for
-- completion at its end. What it saw goes to `result` as JSON; it always quits.

local session = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv("TRIPLEA_NVIM_SESSION")), "\n"))
local seen = { errors = {}, seconds = {} }
local started = vim.loop.hrtime()

local function took(step)  -- seconds since the start, when `step` was done
  seen.seconds[step] = (vim.loop.hrtime() - started) / 1e9
end

local function write_result()
  vim.fn.writefile({ vim.fn.json_encode(seen) }, session.result)
end

-- A request's result, or nil after recording the error (request_sync is in 0.7's client object).
local function request(client, bufnr, method, params)
  local response, err = client.request_sync(method, params, session.timeout_ms, bufnr)
  if response == nil then
    table.insert(seen.errors, method .. ": " .. tostring(err))
    return nil
  end
  if response.err ~= nil then
    table.insert(seen.errors, method .. ": " .. vim.inspect(response.err))
    return nil
  end
  return response.result
end

local function position_params(bufnr, line, character)
  return { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = line, character = character } }
end

local function diagnostics_of(bufnr)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(found, { lnum = d.lnum, col = d.col, message = d.message, severity = d.severity,
                          code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) })
  end
  return found
end

local function run()
  local client_id = vim.lsp.start_client({
    name = "triplea-compiler",
    cmd = session.cmd,
    cmd_cwd = session.root,
    root_dir = session.root,
    flags = { debounce_text_changes = 0 },  -- each change reaches the server before the next request
    on_init = function(_, result) seen.server_name = result.serverInfo and result.serverInfo.name end,
    on_exit = function(code, signal) seen.exit = { code = code, signal = signal } end,
  })
  if client_id == nil then
    table.insert(seen.errors, "start_client: the server did not start")
    return
  end
  vim.cmd("edit " .. vim.fn.fnameescape(session.game))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  if not vim.wait(session.timeout_ms, function() return client.initialized or seen.exit ~= nil end, 50)
      or not client.initialized then
    table.insert(seen.errors, "initialize: no answer (the server " .. (seen.exit and "exited" or "is silent") .. ")")
    return
  end
  took("initialized")

  local at_line = function()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.lnum == session.diagnostic_line then return true end
    end
    return false
  end
  seen.diagnostic_arrived = vim.wait(session.timeout_ms, at_line, 50)
  seen.diagnostics = diagnostics_of(bufnr)
  took("diagnostics")

  seen.hover = request(client, bufnr, "textDocument/hover",
    position_params(bufnr, session.hover.line, session.hover.character))

  local rename = session.rename
  local params = position_params(bufnr, rename.line, rename.character)
  params.newName = rename.new_name
  seen.rename = request(client, bufnr, "textDocument/rename", params)
  if seen.rename ~= nil then
    vim.lsp.util.apply_workspace_edit(seen.rename, client.offset_encoding)
    vim.cmd("silent wall")
  end
  took("rename")

  local line = session.completion.line
  vim.api.nvim_buf_set_lines(bufnr, line, line, true, { session.completion.text })
  local typed = position_params(bufnr, line, #session.completion.text)
  typed.context = { triggerKind = 2, triggerCharacter = '"' }
  local completion = request(client, bufnr, "textDocument/completion", typed)
  local items = completion and (completion.items or completion) or {}
  seen.completion = {}
  for _, item in ipairs(items) do table.insert(seen.completion, item.label) end
  took("completion")
end

local ok, err = pcall(run)
if not ok then table.insert(seen.errors, "lua: " .. tostring(err)) end
pcall(write_result)
for _, client in pairs(vim.lsp.get_active_clients()) do client.stop() end
vim.wait(5000, function() return seen.exit ~= nil end, 50)
took("exit")
pcall(write_result)
vim.cmd("qall!")
