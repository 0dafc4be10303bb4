"""The VS Code extension (editors/vscode) builds into a .vsix with its build script, from its lock file.

The build runs in a copy of the folder (npm ci with a package cache kept in ~/.cache, so a second run
downloads nothing), and the package is checked as VS Code reads it: a zip whose extension/package.json
declares the settings and files the extension is for, holding the compiled client and its runtime
dependencies but neither the TypeScript sources nor the build tools. The compiled client is then loaded
by Node with stand-ins for VS Code and the language client, to see which server it starts and for which
files. Needs Node.js 20+ and npm (skipped without them, failed in CI).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest
from reference_data import ROOT, need, need_commands

EXTENSION = ROOT / "editors" / "vscode"
NPM_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "triplea-compiler-npm"
NODE_MAJOR = 20  # what @vscode/vsce 3 runs on
BUILD_LEFTOVERS = shutil.ignore_patterns("node_modules", "out", "*.vsix")

# Node: load out/extension.js with `vscode` and `vscode-languageclient/node` replaced by recorders, activate
# it with the settings and open documents given as JSON in argv, print what the client was made with.
ACTIVATE = r"""
const Module = require("module");
const path = require("path");
const [extensionDir, scenarioJson] = process.argv.slice(2);
const scenario = JSON.parse(scenarioJson);
const made = [];
const fakes = {
  "vscode": {
    workspace: {
      getConfiguration: () => ({get: (key, fallback) => key in scenario.settings ? scenario.settings[key] : fallback}),
      textDocuments: scenario.documents.map((file) => ({uri: {fsPath: file}, fileName: file})),
      onDidChangeConfiguration: () => ({dispose() {}}),
      onDidOpenTextDocument: () => ({dispose() {}}),
      findFiles: async () => [],
    },
    languages: {
      // VS Code's own glob matching is not here: a document matches when its path ends as one of the
      // selector's literal tails says (enough to tell the served files from the others below).
      match: (selector, document) => selector.some((filter) => matches(filter.pattern, document.fileName)) ? 10 : 0,
    },
    commands: {registerCommand: (name) => { made.push({command: name}); return {dispose() {}}; }},
    window: {showErrorMessage: (text) => made.push({error: text})},
  },
  "vscode-languageclient/node": {
    TransportKind: {stdio: 0},
    LanguageClient: class {
      constructor(id, name, server, options) { made.push({client: {id, name, server, options}}); }
      async start() { made.push({started: true}); }
      async stop() {}
    },
  },
};
function matches(pattern, file) {
  const alternatives = pattern.match(/\{([^}]*)\}/);
  const tails = alternatives ? alternatives[1].split(",").map((a) => pattern.replace(alternatives[0], a)) : [pattern];
  return tails.some((tail) => {
    const rest = tail.replace(/^\*\*\//, "").split("/**/");
    const last = rest[rest.length - 1].replace("*", "");
    return file.endsWith(last) && rest.slice(0, -1).every((folder) => file.includes("/" + folder + "/"));
  });
}
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request in fakes ? request : resolve.call(this, request, ...rest);
};
for (const [name, exports] of Object.entries(fakes)) {
  require.cache[name] = {id: name, filename: name, loaded: true, exports};
}
const extension = require(path.join(extensionDir, "out", "extension.js"));
extension.activate({subscriptions: []}).then(() => console.log(JSON.stringify(made)));
"""


@pytest.fixture(scope="module")
def vsix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The .vsix that editors/vscode/build.sh makes in a copy of the folder."""
    need_commands("node", "npm", "bash")
    version = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    need(int(version.lstrip("v").split(".")[0]) >= NODE_MAJOR, f"needs Node.js {NODE_MAJOR}+ (found {version})")
    copy = Path(shutil.copytree(EXTENSION, tmp_path_factory.mktemp("vscode") / "vscode", ignore=BUILD_LEFTOVERS))
    out = copy.parent / "triplea-compiler.vsix"
    env = {**os.environ, "npm_config_cache": str(NPM_CACHE), "npm_config_prefer_offline": "true",
           "npm_config_update_notifier": "false", "npm_config_loglevel": "warn"}
    build = subprocess.run(["bash", str(copy / "build.sh"), str(out)], env=env, capture_output=True, text=True,
                           timeout=900)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def unpacked(vsix: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The .vsix unpacked, as VS Code installs it."""
    assert zipfile.is_zipfile(vsix)
    target = tmp_path_factory.mktemp("installed")
    with zipfile.ZipFile(vsix) as archive:
        archive.extractall(target)
    return target / "extension"


def test_manifest_declares_the_settings_and_the_files(unpacked: Path) -> None:
    manifest = json.loads((unpacked / "package.json").read_text(encoding="utf-8"))
    assert manifest == json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "triplea-compiler"
    assert manifest["publisher"] and manifest["engines"]["vscode"].startswith("^1.")
    settings = manifest["contributes"]["configuration"]["properties"]
    assert settings["tripleaCompiler.serverCommand"]["default"] == "triplea-compiler"
    assert settings["tripleaCompiler.serverArgs"]["default"] == ["lsp"]
    assert settings["tripleaCompiler.trace.server"]["enum"] == ["off", "messages", "verbose"]
    events = manifest["activationEvents"]
    for event in ("workspaceContains:**/games/**/*.xml", "workspaceContains:**/map.properties",
                  "workspaceContains:**/map.yml", "onLanguage:xml", "onLanguage:yaml"):
        assert event in events
    point_files = manifest["contributes"]["languages"][0]["filenames"]
    assert {"centers.txt", "place.txt", "polygons.txt"} <= set(point_files)


def test_package_holds_the_client_and_its_runtime_only(vsix: Path, unpacked: Path) -> None:
    with zipfile.ZipFile(vsix) as archive:
        names = set(archive.namelist())
    assert {"extension.vsixmanifest", "extension/package.json", "extension/out/extension.js",
            "extension/node_modules/vscode-languageclient/package.json"} <= names
    assert "extension/LICENSE.txt" in names or "extension/LICENSE" in names
    assert not [name for name in names if name.endswith(".ts") and not name.endswith(".d.ts")]
    for tool in ("typescript", "@vscode/vsce", "@types/vscode"):
        assert not [name for name in names if name.startswith(f"extension/node_modules/{tool}/")], tool
    assert 'require("vscode-languageclient/node")' in (unpacked / "out" / "extension.js").read_text()


def activate(unpacked: Path, settings: dict[str, Any], documents: list[str]) -> list[dict[str, Any]]:
    """What the compiled client does on activation: the clients it makes, what it starts, registers."""
    script = unpacked.parent / "activate.js"
    script.write_text(ACTIVATE, encoding="utf-8")
    scenario = json.dumps({"settings": settings, "documents": documents})
    run = subprocess.run(["node", str(script), str(unpacked), scenario], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    made: list[dict[str, Any]] = json.loads(run.stdout)
    return made


def test_client_starts_the_configured_server_over_stdio(unpacked: Path) -> None:
    made = activate(unpacked, {"serverCommand": "/opt/tc/bin/python3", "serverArgs": ["-m", "compiler", "lsp"]},
                    ["/maps/classic/map/games/classic.xml"])
    clients = [entry["client"] for entry in made if "client" in entry]
    assert len(clients) == 1 and {"started": True} in made
    assert clients[0]["id"] == "tripleaCompiler"  # the prefix of the tripleaCompiler.trace.server setting
    assert clients[0]["server"] == {"command": "/opt/tc/bin/python3", "args": ["-m", "compiler", "lsp"],
                                    "transport": 0}
    patterns = [entry["pattern"] for entry in clients[0]["options"]["documentSelector"]]
    assert "**/games/**/*.xml" in patterns
    assert {"command": "tripleaCompiler.restartServer"} in made


def test_client_defaults_to_triplea_compiler_lsp(unpacked: Path) -> None:
    made = activate(unpacked, {}, ["/maps/classic/map/centers.txt"])
    clients = [entry["client"] for entry in made if "client" in entry]
    assert [client["server"]["command"] for client in clients] == ["triplea-compiler"]
    assert clients[0]["server"]["args"] == ["lsp"]


def test_client_waits_while_no_map_file_is_open(unpacked: Path) -> None:
    made = activate(unpacked, {}, ["/home/someone/pom.xml", "/home/someone/.github/workflows/ci.yaml"])
    assert not [entry for entry in made if "client" in entry]
