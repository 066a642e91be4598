/**
 * The bin's V8 code cache (packages/codebot/bin/codebot.js): made by the build, used only for the
 * exact bundle it was made from, replaced when it does not fit, and never a reason for a command
 * to fail. Each test runs a copy of the bin and the built bundle in a scratch package.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { builtCliCopy, cliEnv, repoRoot, runCli, useBuiltCli } from "./support/cli-process.js";

useBuiltCli();

const builtBundle = path.join(repoRoot, "packages/codebot/dist/bundle/cli.cjs");

let pkg: string;
let bundle: string;
let cache: string;

beforeEach(() => {
  pkg = builtCliCopy(["cli.cjs"]);
  bundle = path.join(pkg, "dist/bundle/cli.cjs");
  cache = `${bundle}.cache`;
});

afterEach(() => {
  fs.rmSync(pkg, { recursive: true, force: true });
});

/** `codebot --version` from the scratch package; its output proves the bundle ran. */
async function version(): Promise<void> {
  const result = await runCliAt(["--version"]);
  expect(result.stderr).toBe("");
  expect(result.stdout).toBe("9.9.9\n");
  expect(result.code).toBe(0);
}

function runCliAt(args: string[]) {
  const home = path.join(pkg, "home");
  fs.mkdirSync(home, { recursive: true });
  return runCli(args, { bin: path.join(pkg, "bin/codebot.js"), cwd: pkg, env: cliEnv(home) });
}

/** The first line of a cache file, as the bin writes it for `file` read in `encoding`. */
function keyFor(file: string, encoding: "latin1" | "utf8" = "latin1"): string {
  const stat = fs.statSync(file, { bigint: true });
  return `codebot-code-cache ${process.version} ${stat.size} ${stat.mtimeNs} ${encoding}`;
}

function cacheKey(): string {
  return fs.readFileSync(cache).subarray(0, 200).toString("latin1").split("\n")[0] ?? "";
}

describe("the bin's code cache", () => {
  it("is saved by a run that had none, labelled with the bundle it was made from", async () => {
    expect(fs.existsSync(cache)).toBe(false);
    await version();
    expect(cacheKey()).toBe(keyFor(bundle));
    expect(fs.statSync(cache).size).toBeGreaterThan(10_000);
  });

  it("is used, not rewritten, by the runs after that", async () => {
    await version();
    const before = fs.statSync(cache, { bigint: true }).mtimeNs;
    const bytes = fs.readFileSync(cache);
    await version();
    expect(fs.statSync(cache, { bigint: true }).mtimeNs).toBe(before);
    expect(fs.readFileSync(cache).equals(bytes)).toBe(true);
  });

  it("saved by a session, which changes V8's heap flags, is used by the next run", async () => {
    // `-p` without a model key ends at once, but only after the session's heap flags were set.
    const session = await runCliAt(["-p", "hi"]);
    expect(session.code).not.toBe(0);
    const before = fs.statSync(cache, { bigint: true }).mtimeNs;
    await version();
    expect(fs.statSync(cache, { bigint: true }).mtimeNs).toBe(before);
  });

  it("is replaced when the bundle has changed since it was made", async () => {
    await version();
    const old = cacheKey();
    fs.appendFileSync(bundle, "\n// rebuilt\n");
    await version();
    expect(cacheKey()).toBe(keyFor(bundle));
    expect(cacheKey()).not.toBe(old);
  });

  it("that V8 refuses (garbage under a matching label) is replaced, and the command still works", async () => {
    const garbage = crypto.randomBytes(50_000);
    fs.writeFileSync(cache, Buffer.concat([Buffer.from(`${keyFor(bundle)}\n`), garbage]));
    await version();
    const written = fs.readFileSync(cache);
    expect(cacheKey()).toBe(keyFor(bundle));
    expect(written.includes(garbage)).toBe(false);
  });

  it("that cannot be written is skipped: the command works and leaves no temporary file", async () => {
    fs.mkdirSync(cache); // a directory where the cache file would go
    await version();
    expect(fs.statSync(cache).isDirectory()).toBe(true);
    expect(fs.readdirSync(path.dirname(bundle)).sort()).toEqual(["cli.cjs", "cli.cjs.cache"]);
  });
});

describe("the bin reading the bundle", () => {
  it("reads the built bundle as ASCII, the text it is written in", () => {
    expect(fs.readFileSync(builtBundle).every((byte) => byte < 0x80)).toBe(true);
  });

  it("decodes a bundle with non-ASCII text as UTF-8", async () => {
    fs.appendFileSync(bundle, '\nprocess.on("exit", () => process.stderr.write("bundle: ✓ é\\n"));\n');
    const result = await runCliAt(["--version"]);
    expect(result.stderr).toBe("bundle: ✓ é\n");
    expect(result.stdout).toBe("9.9.9\n");
  });

  it("takes the encoding from the cache made from the same file: UTF-8 stays UTF-8 on the next runs", async () => {
    fs.appendFileSync(bundle, '\nprocess.on("exit", () => process.stderr.write("bundle: ✓ é\\n"));\n');
    await runCliAt(["--version"]);
    expect(cacheKey()).toBe(keyFor(bundle, "utf8"));
    const result = await runCliAt(["--version"]);
    expect(result.stderr).toBe("bundle: ✓ é\n");
    expect(result.stdout).toBe("9.9.9\n");
  });

  it("reads the bundle in the encoding its cache names, without checking the bytes again", async () => {
    // A label made up to say latin1 for a file with UTF-8 text: the bin believes it, so the text
    // comes out as latin1 decodes it (V8 refuses the cache data itself, which is garbage here).
    fs.appendFileSync(bundle, '\nprocess.on("exit", () => process.stderr.write("bundle: é\\n"));\n');
    fs.writeFileSync(
      cache,
      Buffer.concat([Buffer.from(`${keyFor(bundle, "latin1")}\n`), crypto.randomBytes(1000)]),
    );
    const result = await runCliAt(["--version"]);
    expect(result.stderr).toBe(`bundle: ${Buffer.from("é").toString("latin1")}\n`);
    // The cache that replaces the refused one is labelled from the bytes: the next run reads UTF-8.
    expect(cacheKey()).toBe(keyFor(bundle, "utf8"));
  });
});

describe("the bin without a build", () => {
  it("says to run the build, in one line, and exits 1", async () => {
    fs.rmSync(path.join(pkg, "dist"), { recursive: true });
    const result = await runCliAt(["--version"]);
    expect(result.stderr).toBe("codebot: the CLI is not built yet; run `npm run build` first\n");
    expect(result.code).toBe(1);
  });
});

describe("npm run build", () => {
  it("leaves a code cache made from the bundle it wrote", () => {
    const builtCache = `${builtBundle}.cache`;
    const label = fs.readFileSync(builtCache).subarray(0, 200).toString("latin1").split("\n")[0];
    expect(label).toBe(keyFor(builtBundle));
  });
});
