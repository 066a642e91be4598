/**
 * Settings files written by several codebot processes at once (two terminals on one project, a
 * `-p` script beside an interactive session) keep every process's change: `/permissions add`
 * rules to one project file, and `/model` and `/effort` saves to one user file.
 */

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runModuleScript } from "../support/module-script.js";
import { tempDir } from "../support/temp-dirs.js";
import { repoRoot, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const PROCESSES = 8;
const WRITES = 15;
const dist = (file: string) => JSON.stringify(path.join(repoRoot, "packages/codebot/dist", file));

/** Waits for the start file, so that every process writes at the same moment. */
const barrier = "while (!fs.existsSync(start)) await new Promise((r) => setTimeout(r, 5));";

/** Adds 15 allow rules of its own to the project's local settings, one save each. */
const ruleAdder = `
import fs from "node:fs";
import { addRuleToFile } from ${dist("settings/permission-rule-edit.js")};
const [file, start, id] = process.argv.slice(1);
${barrier}
for (let i = 0; i < ${WRITES}; i++) addRuleToFile({ place: "local", file }, "allow", \`Bash(echo p\${id}-\${i})\`);
`;

/** Saves the effort of 15 models of its own to the user settings, then its own default model. */
const modelSaver = `
import fs from "node:fs";
import { saveModelEffort } from ${dist("settings/save-model-effort.js")};
import { saveModel } from ${dist("settings/save-model.js")};
const [file, start, id] = process.argv.slice(1);
${barrier}
for (let i = 0; i < ${WRITES}; i++) saveModelEffort(file, \`openai/m\${id}-\${i}\`, "low");
if (id === "0") saveModel(file, "openai/chosen");
`;

/** Starts the processes, releases them together once all are loaded, and waits for them. */
async function together(script: string, file: string): Promise<void> {
  const start = path.join(path.dirname(file), "go");
  const runs = Array.from({ length: PROCESSES }, (_, id) =>
    runModuleScript(script, [file, start, String(id)]),
  );
  await new Promise((r) => setTimeout(r, 1500));
  fs.writeFileSync(start, "");
  const results = await Promise.all(runs);
  expect(results.map((r) => r.stderr).join("")).toBe("");
  expect(results.every((r) => r.code === 0)).toBe(true);
  expect(fs.readdirSync(path.dirname(file)).filter((f) => f.endsWith(".lock"))).toEqual([]);
}

describe("settings files under concurrent writers", () => {
  it(`${PROCESSES} processes adding ${WRITES} permission rules each to one file keep all of them`, {
    timeout: 120_000,
  }, async () => {
    const file = path.join(tempDir("codebot-rules-race-"), ".claude", "settings.local.json");
    fs.mkdirSync(path.dirname(file));
    await together(ruleAdder, file);
    const saved = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(saved.permissions.allow).toHaveLength(PROCESSES * WRITES);
  });

  it(`${PROCESSES} processes saving models and efforts to one user file keep every key`, {
    timeout: 120_000,
  }, async () => {
    const file = path.join(tempDir("codebot-model-race-"), "settings.json");
    fs.writeFileSync(file, '{\n  // yours\n  "theme": "dark"\n}\n');
    await together(modelSaver, file);
    const text = fs.readFileSync(file, "utf8");
    expect(text).toContain("// yours");
    const saved = JSON.parse(text.replace("// yours", ""));
    expect(Object.keys(saved.modelSettings)).toHaveLength(PROCESSES * WRITES);
    expect(saved).toMatchObject({ theme: "dark", model: "openai/chosen" });
  });
});
