/**
 * The SSRF guard. URLs that point at loopback run through the executor against a server that
 * counts its connections (the count must stay 0). Non-loopback targets are checked with the guard
 * function alone, which never connects: even a broken guard cannot make this file send traffic
 * anywhere but loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpSpec, RunContext, RunOutcome } from "../src/executor.js";
import { allowedHostsFromLayers, EMPTY_ALLOW_LIST } from "../src/http-allowlist.js";
import { createHttpExecutor, type HttpExecutorOptions } from "../src/http-executor.js";
import { checkHookUrl, type GuardOptions, type HostResolver, SsrfRefusal } from "../src/ssrf.js";
import { type LoopbackServer, respondWith, startLoopbackServer } from "./http-loopback.js";

function context(overrides: Partial<RunContext> = {}): RunContext {
  return {
    payload: "{}",
    cwd: process.cwd(),
    env: {},
    timeoutMs: 10_000,
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** A resolver from a fixed table; names not in it fail like NXDOMAIN. Counts its calls. */
function tableResolver(
  table: Record<string, string[] | (() => string[])>,
): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (host: string) => {
    calls.push(host);
    const entry = table[host];
    if (!entry) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    const addresses = typeof entry === "function" ? entry() : entry;
    return addresses.map((address) => ({
      address,
      family: address.includes(":") ? (6 as const) : (4 as const),
    }));
  };
  return Object.assign(resolve, { calls });
}

const run = (url: string, options: HttpExecutorOptions = {}): Promise<RunOutcome> =>
  createHttpExecutor(options).run({ type: "http", url } satisfies HttpSpec, context());

// One dual-stack server when IPv6 works (127.0.0.1, ::1 and ::ffff:127.0.0.1 all reach it),
// else IPv4 only: the refusals are asserted either way.
let server: LoopbackServer;
let port: number;
beforeAll(async () => {
  server = await startLoopbackServer(respondWith('{"reached":true}'), { host: "::", ipv6Only: false }).catch(
    () => startLoopbackServer(respondWith('{"reached":true}')),
  );
  port = server.port;
});
afterAll(() => server.close());

/** Runs the hook and asserts it was refused by the named rule without any connection. */
async function expectRefused(
  url: string,
  rule: RegExp,
  options: HttpExecutorOptions = {},
): Promise<RunOutcome> {
  const before = server.connections;
  const outcome = await run(url, options);
  expect(outcome.error).toMatch(/^http hook \S+: refused: /);
  expect(outcome.error).toMatch(rule);
  expect(outcome.exitCode).toBeNull();
  expect(outcome.stdout).toBe("");
  expect(server.connections).toBe(before);
  return outcome;
}

/** The guard alone (no connection is ever attempted): asserts a refusal naming the rule. */
async function expectGuardRefuses(
  url: string,
  rule: RegExp,
  options: Partial<GuardOptions> = {},
): Promise<void> {
  const resolver = options.resolver ?? (() => Promise.reject(new Error("no resolution expected")));
  const refusal = await checkHookUrl(url, { allowList: EMPTY_ALLOW_LIST, ...options, resolver }).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(refusal).toBeInstanceOf(SsrfRefusal);
  expect((refusal as Error).message).toMatch(/^refused: /);
  expect((refusal as Error).message).toMatch(rule);
}

describe("ssrf guard: literal addresses", () => {
  it("refuses 127.0.0.1 as loopback", async () => {
    await expectRefused(`http://127.0.0.1:${port}/`, /127\.0\.0\.1 is loopback \(127\.0\.0\.0\/8\)/);
  });

  it("refuses https to 127.0.0.1 too", async () => {
    await expectRefused(`https://127.0.0.1:${port}/`, /127\.0\.0\.1 is loopback/);
  });

  it("refuses localhost, resolved by the system resolver, as loopback", async () => {
    await expectRefused(
      `http://localhost:${port}/`,
      /localhost resolves to (127\.0\.0\.1|::1), which is loopback/,
    );
  });

  it("refuses [::1] as loopback", async () => {
    await expectRefused(`http://[::1]:${port}/`, /::1 is loopback \(::1\)/);
  });

  it("refuses the IPv4-mapped [::ffff:127.0.0.1] by its IPv4", async () => {
    await expectRefused(
      `http://[::ffff:127.0.0.1]:${port}/`,
      /::ffff:7f00:1 is the IPv4-mapped form of 127\.0\.0\.1, which is loopback/,
    );
  });

  for (const literal of ["0x7f.1", "2130706433", "017700000001", "127.1", "0x7f000001", "127.0.0.1."]) {
    it(`normalises ${literal} to 127.0.0.1 and refuses it`, async () => {
      await expectRefused(`http://${literal}:${port}/`, /127\.0\.0\.1 is loopback/);
    });
  }

  it("refuses 0.0.0.0 (which reaches this host) as unspecified", async () => {
    await expectRefused(`http://0.0.0.0:${port}/`, /0\.0\.0\.0 is unspecified/);
  });

  it("refuses [::] as unspecified", async () => {
    await expectRefused(`http://[::]:${port}/`, /:: is unspecified/);
  });

  it("refuses the cloud metadata address as link-local", async () => {
    await expectGuardRefuses("http://169.254.169.254/latest/meta-data/", /169\.254\.169\.254 is link-local/);
  });

  it("refuses 100.64.0.1 as carrier-grade NAT", async () => {
    await expectGuardRefuses(
      "http://100.64.0.1/",
      /100\.64\.0\.1 is carrier-grade NAT \(100\.64\.0\.0\/10\)/,
    );
  });

  it("refuses 10.0.0.1 as private and says how to allow it", async () => {
    await expectGuardRefuses(
      "http://10.0.0.1/",
      /^refused: 10\.0\.0\.1 is private \(RFC 1918\); add it to httpHookAllowedHosts in your user settings to allow it$/,
    );
  });

  it("puts the url and the rule in the run's error", async () => {
    const outcome = await run(`http://127.0.0.1:${port}/hook`);
    expect(outcome.error).toBe(
      `http hook http://127.0.0.1:${port}/hook: refused: 127.0.0.1 is loopback (127.0.0.0/8); add it to httpHookAllowedHosts in your user settings to allow it`,
    );
  });

  it("tells a managed hook's refusal to allow the endpoint in the managed settings", async () => {
    const outcome = await createHttpExecutor().run(
      { type: "http", url: "http://10.1.2.3:8080/policy" },
      context({ source: "managed" }),
    );
    expect(outcome.error).toBe(
      "http hook http://10.1.2.3:8080/policy: refused: 10.1.2.3 is private (RFC 1918); add it to httpHookAllowedHosts in the managed settings that define this hook (or in your user settings) to allow it",
    );
  });

  it("refuses [fd00::1] as unique local", async () => {
    await expectGuardRefuses("http://[fd00::1]/", /fd00::1 is unique local \(fc00::\/7/);
  });

  it("refuses the NAT64 form of loopback", async () => {
    await expectGuardRefuses("http://[64:ff9b::7f00:1]/", /NAT64 form of 127\.0\.0\.1, which is loopback/);
  });

  it("refuses the 6to4 form of loopback", async () => {
    await expectGuardRefuses("http://[2002:7f00:1::]/", /6to4 form of 127\.0\.0\.1, which is loopback/);
  });

  it("refuses the IPv4-compatible form of loopback", async () => {
    await expectGuardRefuses(
      "http://[::127.0.0.1]/",
      /IPv4-compatible form of 127\.0\.0\.1, which is loopback/,
    );
  });

  it("refuses the Teredo form of a private client", async () => {
    // Client 10.0.0.1 is stored inverted in the last 32 bits: f5ff:fffe.
    await expectGuardRefuses(
      "http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/",
      /Teredo form of 10\.0\.0\.1, which is private/,
    );
  });
});

describe("ssrf guard: schemes and credentials", () => {
  it("refuses file:", async () => {
    await expectRefused("file:///etc/passwd", /scheme "file" is not allowed \(only http and https\)/);
  });

  it("refuses gopher:", async () => {
    await expectRefused(`gopher://127.0.0.1:${port}/_GET%20/`, /scheme "gopher" is not allowed/);
  });

  it("refuses ftp:", async () => {
    await expectRefused(`ftp://127.0.0.1:${port}/`, /scheme "ftp" is not allowed/);
  });

  it("refuses a url with a user name", async () => {
    await expectRefused(`http://user@127.0.0.1:${port}/`, /the url carries credentials/);
  });

  it("refuses a url with credentials even when the host is allowed, and does not echo them", async () => {
    const outcome = await expectRefused(
      `http://user:pa55@127.0.0.1:${port}/`,
      /the url carries credentials/,
      {
        allowedHosts: [`127.0.0.1:${port}`],
      },
    );
    expect(outcome.error).not.toContain("pa55");
  });

  it("refuses a url that does not parse", async () => {
    await expectRefused("http://[::1/", /not a valid url/);
  });
});

describe("ssrf guard: resolved names", () => {
  it("refuses a name resolving to a private address", async () => {
    const resolver = tableResolver({ "intranet.test": ["10.1.2.3"] });
    await expectGuardRefuses(
      "http://intranet.test/",
      /intranet\.test resolves to 10\.1\.2\.3, which is private \(RFC 1918\); add "intranet\.test" or it to httpHookAllowedHosts/,
      { resolver },
    );
  });

  it("refuses a name resolving to loopback", async () => {
    const resolver = tableResolver({ "sneaky.test": ["127.0.0.1"] });
    await expectRefused(
      `http://sneaky.test:${port}/`,
      /sneaky\.test resolves to 127\.0\.0\.1, which is loopback/,
      { resolver },
    );
  });

  it("refuses a name with mixed public and private addresses", async () => {
    const resolver = tableResolver({ "mixed.test": ["93.184.216.34", "2606:4700::1111", "10.9.8.7"] });
    await expectGuardRefuses("http://mixed.test/", /mixed\.test resolves to 10\.9\.8\.7, which is private/, {
      resolver,
    });
  });

  it("refuses a name with mixed loopback and private addresses without connecting to either", async () => {
    const resolver = tableResolver({ "mixed.test": ["127.0.0.1", "10.9.8.7"] });
    await expectRefused(
      `http://mixed.test:${port}/`,
      /mixed\.test resolves to 10\.9\.8\.7, which is private/,
      {
        resolver,
        allowedHosts: [`127.0.0.1:${port}`],
      },
    );
  });

  it("refuses a name whose answer is an IPv4-mapped loopback", async () => {
    const resolver = tableResolver({ "mapped.test": ["::ffff:127.0.0.1"] });
    await expectRefused(
      `http://mapped.test:${port}/`,
      /IPv4-mapped form of 127\.0\.0\.1, which is loopback/,
      { resolver },
    );
  });

  it("refuses a name that resolves to nothing", async () => {
    const resolver = tableResolver({ "empty.test": [] });
    await expectGuardRefuses("http://empty.test/", /empty\.test does not resolve to any address/, {
      resolver,
    });
  });

  it("makes a resolver failure a failed run that names the host", async () => {
    const outcome = await run("http://missing.test/", { resolver: tableResolver({}) });
    expect(outcome.error).toBe(
      "http hook http://missing.test/: cannot resolve missing.test: getaddrinfo ENOTFOUND missing.test",
    );
  });

  it("bounds a resolver that never answers by the hook's timeout", async () => {
    const outcome = await createHttpExecutor({ resolver: () => new Promise(() => {}) }).run(
      { type: "http", url: "http://slow.test/" },
      { ...context(), timeoutMs: 200 },
    );
    expect(outcome.timedOut).toBe(true);
    expect(outcome.error).toBe("http hook http://slow.test/: timed out after 0.2s");
  });

  it("connects to the address it checked when the name rebinds to loopback afterwards", async () => {
    // The checked answer is 127.0.0.2 (admitted by the allow-list, standing in for a public
    // address); every later answer is 127.0.0.1, where the counting server listens on the same port.
    const checked = await startLoopbackServer(respondWith('{"from":"checked"}'), { host: "127.0.0.2" });
    const bait = await startLoopbackServer(respondWith('{"from":"bait"}'), { port: checked.port });
    try {
      let answers = 0;
      const resolver = tableResolver({
        "rebind.test": () => (answers++ === 0 ? ["127.0.0.2"] : ["127.0.0.1"]),
      });
      const outcome = await run(`http://rebind.test:${checked.port}/`, {
        resolver,
        allowedHosts: ["127.0.0.2"],
      });
      expect(outcome.error).toBeUndefined();
      expect(outcome.stdout).toBe('{"from":"checked"}');
      expect(resolver.calls).toEqual(["rebind.test"]);
      expect(bait.connections).toBe(0);
      expect(checked.requests[0]?.headers.host).toBe(`rebind.test:${checked.port}`);
    } finally {
      await Promise.all([checked.close(), bait.close()]);
    }
  });

  it("resolves once per run, so a later loopback answer is checked and refused", async () => {
    let answers = 0;
    const resolver = tableResolver({ "flip.test": () => (answers++ === 0 ? ["127.0.0.2"] : ["127.0.0.1"]) });
    const executor = createHttpExecutor({ resolver, allowedHosts: ["127.0.0.2"] });
    const checked = await startLoopbackServer(respondWith("{}"), { host: "127.0.0.2" });
    try {
      const url = `http://flip.test:${checked.port}/`;
      expect((await executor.run({ type: "http", url }, context())).error).toBeUndefined();
      const second = await executor.run({ type: "http", url }, context());
      expect(second.error).toMatch(/flip\.test resolves to 127\.0\.0\.1, which is loopback/);
      expect(resolver.calls).toEqual(["flip.test", "flip.test"]);
    } finally {
      await checked.close();
    }
  });
});

describe("ssrf guard: public targets (checked, never connected to)", () => {
  const guard = (url: string, resolver: HostResolver = () => Promise.reject(new Error("no resolution"))) =>
    checkHookUrl(url, { allowList: EMPTY_ALLOW_LIST, resolver });

  it("passes a public IPv4 literal, without TLS server name", async () => {
    expect(await guard("https://8.8.8.8/hook")).toEqual({
      href: "https://8.8.8.8/hook",
      protocol: "https:",
      host: "8.8.8.8",
      port: 443,
      addresses: ["8.8.8.8"],
    });
  });

  it("passes a public IPv6 literal", async () => {
    const target = await guard("http://[2606:4700::1111]:8080/");
    expect(target).toMatchObject({ host: "2606:4700::1111", port: 8080, addresses: ["2606:4700::1111"] });
  });

  it("passes a name whose every address is public and keeps the name for TLS", async () => {
    const resolver = tableResolver({ "hooks.example.test": ["1.1.1.1", "2606:4700::1111"] });
    const target = await guard("https://Hooks.Example.Test/v1", resolver);
    expect(target).toMatchObject({
      host: "hooks.example.test",
      servername: "hooks.example.test",
      addresses: ["1.1.1.1", "2606:4700::1111"],
    });
  });

  it("pins the first answer of a rebinding name: the check resolves exactly once", async () => {
    let answers = 0;
    const resolver = tableResolver({
      "rebind.test": () => (answers++ === 0 ? ["93.184.216.34"] : ["127.0.0.1"]),
    });
    const target = await guard("http://rebind.test/", resolver);
    expect(target.addresses).toEqual(["93.184.216.34"]);
    expect(resolver.calls).toEqual(["rebind.test"]);
  });

  it("passes the public address behind an IPv4-mapped answer as plain IPv4", async () => {
    const resolver = tableResolver({ "mapped.test": ["::ffff:8.8.8.8"] });
    expect((await guard("http://mapped.test/", resolver)).addresses).toEqual(["8.8.8.8"]);
  });
});

describe("ssrf guard: httpHookAllowedHosts", () => {
  it("admits 127.0.0.1 on the listed port", async () => {
    const before = server.connections;
    const outcome = await run(`http://127.0.0.1:${port}/`, { allowedHosts: [`127.0.0.1:${port}`] });
    expect(outcome.error).toBeUndefined();
    expect(outcome.stdout).toBe('{"reached":true}');
    expect(server.connections).toBe(before + 1);
  });

  it("does not admit 127.0.0.1 on another port", async () => {
    const other = await startLoopbackServer(respondWith("{}"));
    try {
      const outcome = await run(`http://127.0.0.1:${other.port}/`, { allowedHosts: [`127.0.0.1:${port}`] });
      expect(outcome.error).toMatch(
        new RegExp(
          `127\\.0\\.0\\.1 is loopback \\(127\\.0\\.0\\.0/8\\); httpHookAllowedHosts admits it only on port ${port}, not ${other.port}`,
        ),
      );
      expect(other.connections).toBe(0);
    } finally {
      await other.close();
    }
  });

  it("lets a name entry reach that name's private resolution", async () => {
    const resolver = tableResolver({ "policy.test": ["127.0.0.1"] });
    const outcome = await run(`http://policy.test:${port}/`, { resolver, allowedHosts: ["policy.test"] });
    expect(outcome.error).toBeUndefined();
    expect(outcome.stdout).toBe('{"reached":true}');
  });

  it("does not let a name entry admit another name or the bare address", async () => {
    const resolver = tableResolver({ "policy.test": ["127.0.0.1"], "other.test": ["127.0.0.1"] });
    await expectRefused(`http://other.test:${port}/`, /other\.test resolves to 127\.0\.0\.1/, {
      resolver,
      allowedHosts: ["policy.test"],
    });
    await expectRefused(`http://127.0.0.1:${port}/`, /127\.0\.0\.1 is loopback/, {
      resolver,
      allowedHosts: ["policy.test"],
    });
  });

  it("admits addresses inside a CIDR entry", async () => {
    const outcome = await run(`http://127.0.0.1:${port}/`, { allowedHosts: ["127.0.0.0/8"] });
    expect(outcome.stdout).toBe('{"reached":true}');
  });

  it("does not admit addresses outside a CIDR entry", async () => {
    await expectRefused(`http://127.0.0.1:${port}/`, /127\.0\.0\.1 is loopback/, {
      allowedHosts: ["10.0.0.0/8"],
    });
  });

  it("admits [::ffff:127.0.0.1] through an IPv4 entry", async () => {
    const outcome = await run(`http://[::ffff:127.0.0.1]:${port}/`, { allowedHosts: [`127.0.0.1:${port}`] });
    expect(outcome.stdout).toBe('{"reached":true}');
  });

  it("ignores the list from project and local layers", async () => {
    const layers = [
      {
        source: "project" as const,
        path: "/repo/.codebot/settings.json",
        settings: { httpHookAllowedHosts: ["127.0.0.0/8"] },
      },
      {
        source: "local" as const,
        path: "/repo/.codebot/settings.local.json",
        settings: { httpHookAllowedHosts: ["127.0.0.1"] },
      },
    ];
    const { hosts, ignored } = allowedHostsFromLayers(layers);
    expect(ignored).toEqual([
      { path: "/repo/.codebot/settings.json", source: "project" },
      { path: "/repo/.codebot/settings.local.json", source: "local" },
    ]);
    await expectRefused(`http://127.0.0.1:${port}/`, /127\.0\.0\.1 is loopback/, { allowedHosts: hosts });
  });

  it("honours the list from a user layer", async () => {
    const { hosts } = allowedHostsFromLayers([
      {
        source: "user",
        path: "/home/u/.codebot/settings.json",
        settings: { httpHookAllowedHosts: [`127.0.0.1:${port}`] },
      },
    ]);
    const outcome = await run(`http://127.0.0.1:${port}/`, { allowedHosts: hosts });
    expect(outcome.stdout).toBe('{"reached":true}');
  });
});
