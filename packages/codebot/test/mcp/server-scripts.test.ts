/**
 * The project files an MCP server entry runs (serverScripts): every one the launcher would run is
 * in the grant, and what codebot cannot resolve is said, not silently dropped.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverDetailLines } from "../../src/cli/mcp/server-view.js";
import { uncheckedServerPathLines } from "../../src/cli/mcp/unchecked-server-paths.js";
import { stylesFor } from "../../src/cli/output/styles.js";
import type { StdioServerConfig } from "../../src/mcp/server-config.js";
import { loadServerEntries } from "../../src/mcp/server-entries.js";
import { serverScripts } from "../../src/mcp/server-scripts.js";
import { scratchDir } from "../support/e2e.js";

function project(): string {
  const dir = fs.realpathSync(scratchDir("mcp-scripts-"));
  for (const file of ["x.js", "tools/a.js", "lib/b.js"]) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), "v1\n");
  }
  return dir;
}
const files = (config: StdioServerConfig, dir: string) => serverScripts(config, dir).files;

describe("the project scripts an MCP server runs", () => {
  it("a script an env value makes the program load (NODE_OPTIONS=--require ./x.js)", () => {
    const dir = project();
    const config = { command: "node", args: ["srv.js"], env: { NODE_OPTIONS: "--require ./x.js" } };
    expect(files(config, dir)).toEqual([path.join(dir, "x.js")]);
  });

  it("a word whose ${VAR:-default} names the script, read as the launcher reads it with VAR unset", () => {
    const dir = project();
    expect(files({ command: "node", args: ["${NOPE:-tools/a.js}"] }, dir)).toEqual([
      path.join(dir, "tools/a.js"),
    ]);
    expect(files({ command: "node", args: ["a.js"], cwd: "${NOPE:-tools}" }, dir)).toEqual([
      path.join(dir, "tools/a.js"),
    ]);
  });

  it("a script outside the server's cwd but inside the project", () => {
    const dir = project();
    expect(files({ command: "node", args: ["../lib/b.js"], cwd: "tools" }, dir)).toEqual([
      path.join(dir, "lib/b.js"),
    ]);
  });

  it("the script of an interpreter behind a wrapper (timeout 30 sh .mcp/server), not executable, no extension", () => {
    const dir = project();
    fs.mkdirSync(path.join(dir, ".mcp"));
    fs.writeFileSync(path.join(dir, ".mcp/server"), "exec node x.js\n", { mode: 0o644 });
    expect(files({ command: "timeout", args: ["30", "sh", ".mcp/server"] }, dir)).toEqual([
      path.join(dir, ".mcp/server"),
    ]);
  });

  it("a file an argument names whose role codebot does not know is approved and shown as 'runs or reads'", () => {
    const dir = project();
    fs.writeFileSync(path.join(dir, "conf.yaml"), "run: x\n");
    const config = { command: "mytool", args: ["--config", "conf.yaml", "tools/a.js"] };
    fs.writeFileSync(path.join(dir, ".mcp.json"), JSON.stringify({ mcpServers: { s: config } }));
    const entry = loadServerEntries({ cwd: dir, layers: [], plugins: [] }).entries[0];
    if (entry === undefined) throw new Error("no entry");
    expect(serverDetailLines(entry, dir, stylesFor({ isTTY: false }))).toEqual(
      expect.arrayContaining([
        "runs or reads conf.yaml (its content is approved too)",
        "runs tools/a.js (its content is approved too)",
      ]),
    );
  });

  it("a path codebot cannot resolve is listed as unchecked, and the consent screens say so", () => {
    const dir = project();
    const config = { command: "node", args: ["${SRV_DIR}/server.js", "--token", "${TOKEN}"] };
    expect(serverScripts(config, dir).unchecked).toEqual(["${SRV_DIR}/server.js"]);
    fs.writeFileSync(path.join(dir, ".mcp.json"), JSON.stringify({ mcpServers: { s: config } }));
    const entry = loadServerEntries({ cwd: dir, layers: [], plugins: [] }).entries[0];
    if (entry === undefined) throw new Error("no entry");
    expect(uncheckedServerPathLines(entry)).toEqual([
      "also runs paths codebot cannot check: ${SRV_DIR}/server.js (their content is not part of the approval)",
    ]);
  });

  it("your own server that would run a program of the project (npx x: its node_modules/.bin/x) needs the project's approval", () => {
    const dir = project();
    fs.mkdirSync(path.join(dir, "node_modules/.bin"), { recursive: true });
    fs.writeFileSync(path.join(dir, "node_modules/.bin/srv"), "#!/bin/sh\n");
    const user = (servers: Record<string, unknown>) => ({
      source: "user" as const,
      path: "/home/u/.codebot/settings.json",
      settings: { mcpServers: servers },
    });
    const { entries } = loadServerEntries({
      cwd: dir,
      layers: [
        user({ held: { command: "npx", args: ["-y", "srv"] }, free: { command: "npx", args: ["other"] } }),
      ],
      plugins: [],
    });
    const held = entries.find((e) => e.name === "held");
    expect(held?.approvalNeeded).toBe(true);
    expect(held?.needsConsent).toBe(false);
    expect(held?.scripts).toEqual([path.join(dir, "node_modules/.bin/srv")]);
    expect(entries.find((e) => e.name === "free")?.approvalNeeded).toBe(false);
  });
  it('your own server that runs a file by a name worked out as it runs ("$root/srv" after root=$(…)) needs the project\'s approval, as your own hooks do', () => {
    const dir = project();
    const { entries } = loadServerEntries({
      cwd: dir,
      layers: [
        {
          source: "user" as const,
          path: "/home/u/.codebot/settings.json",
          settings: {
            mcpServers: {
              computed: {
                command: "sh",
                args: ["-c", 'root=$(git rev-parse --show-toplevel); exec "$root/srv"'],
              },
            },
          },
        },
      ],
      plugins: [],
    });
    const held = entries.find((e) => e.name === "computed");
    expect(held?.approvalNeeded).toBe(true);
    expect(held?.scripts).toEqual([]);
    expect(held?.unchecked).toEqual(['"$root/srv"']);
  });
});
