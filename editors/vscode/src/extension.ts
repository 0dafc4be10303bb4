// The VS Code client of `triplea-compiler lsp`: starts the language server over stdio for the files of
// TripleA maps and variant specs, and restarts it when its settings change.

import * as vscode from "vscode";
import {
  DocumentSelector,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

const SECTION = "tripleaCompiler";

/** The map's text files TripleA reads beside games/ (by name, as in the map folder). */
const MAP_TEXT_FILES = [
  "map.properties",
  "centers.txt",
  "place.txt",
  "polygons.txt",
  "capitols.txt",
  "vc.txt",
  "convoy.txt",
  "comments.txt",
  "blockade.txt",
  "pu_place.txt",
  "name_place.txt",
  "kamikaze_place.txt",
  "territory_effects.txt",
  "decorations.txt",
  "notifications.properties",
  "politicstext.properties",
  "actionstext.properties",
  "objectives.properties",
  "tooltips.properties",
];

/** The files the server is given: game XMLs under a games/ folder, the map's files, map.yml and specs. */
export const DOCUMENTS: DocumentSelector = [
  { scheme: "file", pattern: "**/games/**/*.xml" },
  { scheme: "file", pattern: `**/{${MAP_TEXT_FILES.join(",")}}` },
  { scheme: "file", pattern: "**/map.{yml,yaml}" },
  { scheme: "file", pattern: "**/specs/**/*.{yaml,yml}" },
];

let client: LanguageClient | undefined;

function serverOptions(): ServerOptions {
  const settings = vscode.workspace.getConfiguration(SECTION);
  const command = settings.get<string>("serverCommand", "triplea-compiler");
  const args = settings.get<string[]>("serverArgs", ["lsp"]);
  return { command, args, transport: TransportKind.stdio };
}

function clientOptions(): LanguageClientOptions {
  return {
    documentSelector: DOCUMENTS,
    synchronize: { configurationSection: SECTION },
  };
}

async function start(): Promise<void> {
  client = new LanguageClient(SECTION, "TripleA Compiler", serverOptions(), clientOptions());
  try {
    await client.start();
  } catch (error) {
    const command = vscode.workspace.getConfiguration(SECTION).get<string>("serverCommand");
    void vscode.window.showErrorMessage(
      `TripleA Compiler: the language server (${command}) did not start: ${String(error)}. ` +
        "Install triplea-compiler or set tripleaCompiler.serverCommand.",
    );
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running !== undefined) {
    await running.stop();
  }
}

async function restart(): Promise<void> {
  await stop();
  await start();
}

/** Whether `document` is one the server is for (the selector's patterns, as VS Code matches them). */
function isServed(document: vscode.TextDocument): boolean {
  return vscode.languages.match(DOCUMENTS as vscode.DocumentSelector, document) > 0;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand(`${SECTION}.restartServer`, restart),
    vscode.workspace.onDidChangeConfiguration(async (change) => {
      if (client !== undefined && (change.affectsConfiguration(`${SECTION}.serverCommand`)
          || change.affectsConfiguration(`${SECTION}.serverArgs`))) {
        await restart();
      }
    }),
  );
  // Activation on any XML or YAML file starts no server until a file of a map or spec is open.
  if (vscode.workspace.textDocuments.some(isServed) || await workspaceHasMap()) {
    await start();
    return;
  }
  const waiting = vscode.workspace.onDidOpenTextDocument(async (document) => {
    if (client === undefined && isServed(document)) {
      waiting.dispose();
      await start();
    }
  });
  context.subscriptions.push(waiting);
}

async function workspaceHasMap(): Promise<boolean> {
  const found = await vscode.workspace.findFiles("**/{games/**/*.xml,map.properties,map.yml,specs/**/*.yaml}",
    "**/node_modules/**", 1);
  return found.length > 0;
}

export function deactivate(): Promise<void> {
  return stop();
}
