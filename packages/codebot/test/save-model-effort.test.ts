import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveModelEffort } from "../src/settings/save-model-effort.js";
import { tempDir } from "./support/temp-dirs.js";

function settingsFile(text?: string): string {
  const dir = tempDir("codebot-save-effort-");
  const file = path.join(dir, "settings.json");
  if (text !== undefined) fs.writeFileSync(file, text);
  return file;
}

const read = (file: string) => fs.readFileSync(file, "utf8");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("saveModelEffort: /effort's default for new sessions, in your user settings", () => {
  it("writes modelSettings.<model>.effortLevel under the model's name, keeping the other keys and comments", () => {
    const file = settingsFile(
      '{\n  // mine\n  "permissions": { "allow": ["Bash(ls:*)"] },\n  "effortLevel": "high"\n}\n',
    );
    saveModelEffort(file, "anthropic/claude-opus-4-6-20260101", "low");
    expect(read(file)).toBe(
      '{\n  // mine\n  "permissions": { "allow": ["Bash(ls:*)"] },\n  "effortLevel": "high",\n  "modelSettings": {\n    "claude-opus-4-6": {\n      "effortLevel": "low"\n    }\n  }\n}\n',
    );
    saveModelEffort(file, "anthropic/claude-opus-4-6", "medium");
    expect(read(file)).toContain('"effortLevel": "medium"');
    expect(read(file)).not.toContain('"low"');
  });

  it("creates the file when there is none", () => {
    const file = settingsFile();
    saveModelEffort(file, "anthropic/claude-opus-4-7", "xhigh");
    expect(JSON.parse(read(file))).toEqual({
      modelSettings: { "claude-opus-4-7": { effortLevel: "xhigh" } },
    });
  });

  it("undefined (/effort auto) takes the model's level out, as claude leaves it; nothing to take out writes nothing", () => {
    const file = settingsFile('{"theme":"dark","modelSettings":{"claude-opus-4-6":{"effortLevel":"low"}}}');
    saveModelEffort(file, "anthropic/claude-opus-4-6", undefined);
    expect(JSON.parse(read(file))).toEqual({ theme: "dark", modelSettings: { "claude-opus-4-6": {} } });
    const missing = settingsFile();
    saveModelEffort(missing, "anthropic/claude-opus-4-6", undefined);
    expect(fs.existsSync(missing)).toBe(false);
  });

  it("a file that is not a JSON object is left as it is, and the error names it", () => {
    for (const text of ['{ "theme": ', "[1, 2]", '{"modelSettings": "low"}']) {
      const file = settingsFile(text);
      expect(() => saveModelEffort(file, "anthropic/claude-opus-4-6", "low")).toThrow(
        new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: .*; the effort is not saved$`),
      );
      expect(read(file)).toBe(text);
    }
  });

  it("a settings file that is a link is written where it leads; the link stays", () => {
    const real = settingsFile('{"theme":"dark"}\n');
    const link = path.join(tempDir("codebot-save-link-"), "settings.json");
    fs.symlinkSync(real, link);
    saveModelEffort(link, "anthropic/claude-opus-4-6", "low");
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(read(real))).toEqual({
      theme: "dark",
      modelSettings: { "claude-opus-4-6": { effortLevel: "low" } },
    });
  });

  it("a file indented with tabs gets tabs", () => {
    const file = settingsFile('{\n\t"theme": "dark"\n}\n');
    saveModelEffort(file, "anthropic/claude-opus-4-6", "low");
    expect(read(file)).toBe(
      '{\n\t"theme": "dark",\n\t"modelSettings": {\n\t\t"claude-opus-4-6": {\n\t\t\t"effortLevel": "low"\n\t\t}\n\t}\n}\n',
    );
  });

  it("a link to a file not made yet (a dotfiles folder's) is written through: the link stays", () => {
    const dotfiles = tempDir("codebot-save-dotfiles-");
    const link = path.join(tempDir("codebot-save-link-"), "settings.json");
    fs.symlinkSync(path.join(dotfiles, "claude-settings.json"), link);
    saveModelEffort(link, "anthropic/claude-opus-4-6", "low");
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(read(path.join(dotfiles, "claude-settings.json")))).toEqual({
      modelSettings: { "claude-opus-4-6": { effortLevel: "low" } },
    });
  });

  it("a file the settings loader reads (a BOM, a blank file) is saved into, as the loader reads it", () => {
    const withBom = settingsFile('\ufeff{"theme":"dark"}\n');
    saveModelEffort(withBom, "anthropic/claude-opus-4-6", "low");
    expect(JSON.parse(read(withBom))).toEqual({
      theme: "dark",
      modelSettings: { "claude-opus-4-6": { effortLevel: "low" } },
    });
    const blank = settingsFile("  \n");
    saveModelEffort(blank, "anthropic/claude-opus-4-6", "low");
    expect(JSON.parse(read(blank))).toEqual({ modelSettings: { "claude-opus-4-6": { effortLevel: "low" } } });
  });

  it("a settings path that is a folder, or a file that cannot be written, gets the one-line error and stays as it was", () => {
    const folder = settingsFile();
    fs.mkdirSync(folder);
    expect(() => saveModelEffort(folder, "anthropic/claude-opus-4-6", "low")).toThrow(
      /settings\.json: not a regular file \(.*\); the effort is not saved$/,
    );
    const file = settingsFile('{"theme":"dark"}\n');
    vi.spyOn(fs, "renameSync").mockImplementation(() => {
      throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    });
    expect(() => saveModelEffort(file, "anthropic/claude-opus-4-6", "low")).toThrow(
      /settings\.json: cannot write \(EACCES\); the effort is not saved$/,
    );
    expect(read(file)).toBe('{"theme":"dark"}\n');
    expect(fs.readdirSync(path.dirname(file))).toEqual(["settings.json"]);
  });

  it("a file with no write permission (chmod a-w) is left alone, not replaced: the line says it is read-only", () => {
    const file = settingsFile('{"theme":"dark"}\n');
    fs.chmodSync(file, 0o444);
    expect(() => saveModelEffort(file, "anthropic/claude-opus-4-6", "low")).toThrow(
      /settings\.json: read-only \(no write permission\); the effort is not saved$/,
    );
    expect(read(file)).toBe('{"theme":"dark"}\n');
  });
});
