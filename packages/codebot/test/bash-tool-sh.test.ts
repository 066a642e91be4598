import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { PathPolicy } from "../src/paths/path-policy.js";
import { bashTool } from "../src/tools/bash-tool.js";
import { tempDir } from "./support/temp-dirs.js";
import { callTool } from "./support/tool-context.js";

// A machine without /bin/bash: the tool falls back to /bin/sh (dash here), given the command as an argument.
vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  const existsSync = (file: fs.PathLike) => file !== "/bin/bash" && real.existsSync(file);
  return { ...real, existsSync, default: { ...real, existsSync } };
});

describe("bash where there is no /bin/bash", () => {
  it("runs commands with /bin/sh in the project directory and carries a cd over", async () => {
    const project = tempDir("codebot-project-");
    fs.mkdirSync(path.join(project, "sub"));
    const bash = bashTool({ paths: new PathPolicy(project), env: {} });
    expect(await callTool(bash, { command: "echo hi; pwd" })).toEqual({
      content: `hi\n${project}`,
      isError: false,
    });
    await callTool(bash, { command: "cd sub" });
    expect(await callTool(bash, { command: "pwd" })).toEqual({
      content: path.join(project, "sub"),
      isError: false,
    });
  });
});
