/**
 * `permissions.blockReadsOutsideWorkingDirectories` / `blockWritesOutsideWorkingDirectories` in the
 * approval engine, bypass mode: what a bash line reads or writes outside the project and its added
 * folders, and a file tool the session lets reach outside (the SDK's allowOutsideProject).
 */
import fs from "node:fs";
import path from "node:path";
import type { Tool } from "@codebot/agentcore";
import { describe, expect, it } from "vitest";
import { ApprovalEngine } from "../../src/approval/approval-engine.js";
import { TrustStore } from "../../src/approval/trust-store.js";
import { PathPolicy } from "../../src/paths/path-policy.js";
import { modeNamed } from "../../src/settings/permission-modes.js";
import { bashTool } from "../../src/tools/bash-tool.js";
import { readTool } from "../../src/tools/read-tool.js";
import { writeTool } from "../../src/tools/write-tool.js";
import { tempDir } from "../support/temp-dirs.js";

const SETTINGS = "/etc/codebot/managed-settings.json";

function engineWith(block: { reads?: string; writes?: string }, allowOutside = false) {
  const project = tempDir("codebot-outside-project-");
  const outside = tempDir("codebot-outside-");
  fs.writeFileSync(path.join(outside, "secret.txt"), "s\n");
  fs.writeFileSync(path.join(project, "README.md"), "hi\n");
  const paths = new PathPolicy(project, allowOutside);
  const engine = new ApprovalEngine({
    mode: modeNamed("bypassPermissions"),
    rules: { allow: [], ask: [], deny: [] },
    paths,
    trustStore: new TrustStore(tempDir("codebot-outside-home-"), project),
    blockOutside: block,
  });
  const signal = new AbortController().signal;
  const tools: Record<string, Tool> = {
    bash: bashTool({ paths, env: {} }),
    read: readTool({ paths, env: {} }),
    write: writeTool({ paths, env: {} }),
  };
  const decide = (name: string, args: Record<string, unknown>) =>
    engine.tools.decide({ id: "c1", name, args }, tools[name] as Tool, { agentName: "main", signal });
  return {
    decide,
    outside: fs.realpathSync(outside),
    bash: (command: string) => decide("bash", { command }),
  };
}

const blocked = (tool: string, kind: "reads" | "writes", file: string) => ({
  allowed: false,
  reason: `permission denied: ${tool} ${kind} ${file}, outside the project and its added folders: ${kind} there are blocked (permissions.${kind === "reads" ? "blockReads" : "blockWrites"}OutsideWorkingDirectories in ${SETTINGS}); add the folder with /add-dir, or remove that setting`,
});

describe("the working-folder keys", () => {
  it.each([
    ["cat {o}/secret.txt", "{o}/secret.txt"],
    ["cd {o} && cat secret.txt", "{o}"],
    ["grep -r s {o}", "{o}"],
    ["head -1 < {o}/secret.txt", "{o}/secret.txt"],
  ])("blockReads refuses %s", async (line, file) => {
    const { bash, outside } = engineWith({ reads: SETTINGS });
    expect(await bash(line.replaceAll("{o}", outside))).toEqual(
      blocked("bash", "reads", file.replaceAll("{o}", outside)),
    );
  });

  it.each([
    "cat README.md",
    "cat README.md > /dev/null 2>/dev/stderr",
    "awk '/nowhere-folder/ {print}' README.md",
    "echo x > {o}/w.txt",
  ])("blockReads lets %s run", async (line) => {
    const { bash, outside } = engineWith({ reads: SETTINGS });
    expect(await bash(line.replaceAll("{o}", outside))).toEqual({ allowed: true });
  });

  it.each([
    ["echo x > {o}/w.txt", "{o}/w.txt"],
    ["cp README.md {o}/w.txt", "{o}/w.txt"],
    ["tee -a {o}/w.txt < README.md", "{o}/w.txt"],
  ])("blockWrites refuses %s", async (line, file) => {
    const { bash, outside } = engineWith({ writes: SETTINGS });
    expect(await bash(line.replaceAll("{o}", outside))).toEqual(
      blocked("bash", "writes", file.replaceAll("{o}", outside)),
    );
  });

  it("blockWrites lets a line that only reads outside run", async () => {
    const { bash, outside } = engineWith({ writes: SETTINGS });
    expect(await bash(`cat ${outside}/secret.txt`)).toEqual({ allowed: true });
  });

  it("holds the file tools too where the session lets them reach outside", async () => {
    const { decide, outside } = engineWith({ reads: SETTINGS, writes: SETTINGS }, true);
    const file = path.join(outside, "secret.txt");
    expect(await decide("read", { file_path: file })).toEqual(blocked("read", "reads", file));
    expect(await decide("write", { file_path: path.join(outside, "n.txt"), content: "x" })).toEqual(
      blocked("write", "writes", path.join(outside, "n.txt")),
    );
  });

  it("blockReads alone refuses a write over a file outside: its result would give hooks the file's text", async () => {
    const { decide, outside } = engineWith({ reads: SETTINGS }, true);
    const file = path.join(outside, "secret.txt");
    expect(await decide("write", { file_path: file, content: "x" })).toEqual(blocked("write", "reads", file));
  });
});
