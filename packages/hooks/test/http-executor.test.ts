import { describe, expect, it } from "vitest";
import { ANSWER_CAP } from "../src/answer-cap.js";
import type { HttpSpec, RunContext } from "../src/executor.js";
import { createHttpExecutor } from "../src/http-executor.js";
import { headerEnvVars } from "../src/http-headers.js";
import { type LoopbackServer, loopbackServers, respondWith } from "./http-loopback.js";

const PAYLOAD = '{"event":"PreToolUse","tool":"bash","args":{"command":"ls"}}';

function context(overrides: Partial<RunContext> = {}): RunContext {
  return {
    payload: PAYLOAD,
    cwd: process.cwd(),
    env: {},
    timeoutMs: 10_000,
    signal: new AbortController().signal,
    ...overrides,
  };
}

const server = loopbackServers();

/** An executor that may reach exactly these loopback servers. */
const executorFor = (...targets: LoopbackServer[]) =>
  createHttpExecutor({ allowedHosts: targets.map((t) => `127.0.0.1:${t.port}`) });

/** A `${NAME}` reference, written without a `${` in a plain string. */
const braced = (name: string) => `\${${name}}`;

const hook = (url: string, extra: Partial<HttpSpec> = {}): HttpSpec => ({ type: "http", url, ...extra });

describe("http executor", () => {
  it("posts the payload as JSON and returns a blocking body as stdout", async () => {
    const target = await server(respondWith('{"block":true,"reason":"not today"}'));
    const outcome = await executorFor(target).run(hook(`${target.origin}/check`), context());
    expect(outcome).toEqual({ stdout: '{"block":true,"reason":"not today"}', stderr: "", exitCode: 0 });
    expect(target.requests).toHaveLength(1);
    expect(target.requests[0]).toMatchObject({ method: "POST", url: "/check", body: PAYLOAD });
    expect(target.requests[0]?.headers["content-type"]).toBe("application/json");
  });

  it("returns a context body as stdout", async () => {
    const body = '{"additional_context":"the build is red"}';
    const target = await server(respondWith(body));
    const outcome = await executorFor(target).run(hook(target.origin), context());
    expect(outcome.stdout).toBe(body);
    expect(outcome.error).toBeUndefined();
  });

  it("makes status 500 a failed run that still carries its body", async () => {
    const target = await server(respondWith('{"block":true,"reason":"server says no"}', 500));
    const outcome = await executorFor(target).run(hook(`${target.origin}/`), context());
    expect(outcome.error).toBe(`http hook ${target.origin}/: status 500`);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stdout).toBe('{"block":true,"reason":"server says no"}');
  });

  it("does not follow a redirect, and the redirect target gets no request", async () => {
    const landing = await server(respondWith('{"block":false}'));
    const redirecting = await server((_req, res) => {
      res.writeHead(302, { location: `${landing.origin}/landing` });
      res.end();
    });
    const outcome = await executorFor(redirecting, landing).run(hook(`${redirecting.origin}/`), context());
    expect(outcome.error).toBe(`http hook ${redirecting.origin}/: status 302 (redirects are not followed)`);
    expect(outcome.exitCode).toBe(1);
    expect(landing.connections).toBe(0);
    expect(landing.requests).toHaveLength(0);
  });

  it("keeps only the first ANSWER_CAP bytes of a larger body and says it was cut", async () => {
    const target = await server(respondWith("x".repeat(ANSWER_CAP + 4096)));
    const outcome = await executorFor(target).run(hook(target.origin), context());
    expect(outcome.stdout).toBe("x".repeat(ANSWER_CAP));
    expect(outcome.truncated).toEqual(["stdout"]);
    expect(outcome.error).toBeUndefined();
  });

  it("keeps a body of exactly ANSWER_CAP bytes whole, without marking it cut", async () => {
    const target = await server(respondWith("y".repeat(ANSWER_CAP)));
    const outcome = await executorFor(target).run(hook(target.origin), context());
    expect(outcome.stdout).toHaveLength(ANSWER_CAP);
    expect(outcome.truncated).toBeUndefined();
  });

  it("sends claude's Accept and a User-Agent naming the product, as claude's axios sends its own", async () => {
    const target = await server(respondWith("{}"));
    const executor = createHttpExecutor({
      allowedHosts: [`127.0.0.1:${target.port}`],
      userAgent: "codebot/9.8.7",
    });
    const outcome = await executor.run(hook(target.origin), context());
    expect(outcome.error).toBeUndefined();
    expect(target.requests[0]?.headers.accept).toBe("application/json, text/plain, */*");
    expect(target.requests[0]?.headers["user-agent"]).toBe("codebot/9.8.7");
  });

  it("lets a configured User-Agent or Accept, in any case, replace codebot's rather than join it", async () => {
    const target = await server(respondWith("{}"));
    const executor = createHttpExecutor({
      allowedHosts: [`127.0.0.1:${target.port}`],
      userAgent: "codebot/9.8.7",
    });
    const headers = { "user-agent": "policy-client/2", ACCEPT: "application/vnd.policy+json" };
    await executor.run(hook(target.origin, { headers }), context());
    expect(target.requests[0]?.headers["user-agent"]).toBe("policy-client/2");
    expect(target.requests[0]?.headers.accept).toBe("application/vnd.policy+json");
  });

  it("leaves out a configured Content-Length or Transfer-Encoding, saying so, and still sends the payload", async () => {
    const target = await server(respondWith('{"block":true,"reason":"no"}'));
    const headers = { "Content-Length": "5", "transfer-encoding": "chunked", "X-Team": "core" };
    const outcome = await executorFor(target).run(hook(`${target.origin}/`, { headers }), context());
    expect(outcome.error).toBeUndefined();
    expect(outcome.stdout).toBe('{"block":true,"reason":"no"}');
    expect(target.requests[0]?.body).toBe(PAYLOAD);
    expect(target.requests[0]?.headers["content-length"]).toBe(String(PAYLOAD.length));
    expect(target.requests[0]?.headers["x-team"]).toBe("core");
    expect(outcome.warnings).toEqual([
      "header Content-Length ignored: codebot works out the request's length from its body",
      "header transfer-encoding ignored: codebot works out the request's length from its body",
    ]);
  });

  it("reads only upper-case names as variables, as claude does: a static token's `$word` goes out as written", async () => {
    const target = await server(respondWith("{}"));
    const executor = createHttpExecutor({
      allowedHosts: [`127.0.0.1:${target.port}`],
      env: { sword: "SW", lower: "LOW", M: "m", TOKEN: "t0k" },
    });
    const headers = { "X-Static": `p4$sword-${braced("lower")}-$Mixed`, Authorization: "Bearer $TOKEN" };
    await executor.run(
      hook(`${target.origin}/`, { headers, allowedEnvVars: ["sword", "lower", "M", "TOKEN"] }),
      context(),
    );
    await executor.close?.();
    expect(target.requests[0]?.headers["x-static"]).toBe(`p4$sword-${braced("lower")}-mixed`);
    expect(target.requests[0]?.headers.authorization).toBe("Bearer t0k");
  });

  it("expands only allowed variables in headers and strips CR/LF/NUL", async () => {
    const target = await server(respondWith("{}"));
    const executor = createHttpExecutor({
      allowedHosts: [`127.0.0.1:${target.port}`],
      env: { HOOK_TOKEN: "t0k", OTHER_SECRET: "s3cret", SPLIT: "a\r\nX-Smuggled: 1" },
    });
    const spec = hook(target.origin, {
      headers: {
        Authorization: `Bearer ${braced("HOOK_TOKEN")}`,
        "X-Bare": "$HOOK_TOKEN-suffix",
        "X-Secret": `[${braced("OTHER_SECRET")}][$OTHER_SECRET]`,
        "X-Literal": "a\r\nX-Evil: 1\0",
        "X-Split": braced("SPLIT"),
      },
      allowedEnvVars: ["HOOK_TOKEN", "SPLIT"],
    });
    const outcome = await executor.run(spec, context());
    expect(outcome.error).toBeUndefined();
    const headers = target.requests[0]?.headers ?? {};
    expect(headers.authorization).toBe("Bearer t0k");
    expect(headers["x-bare"]).toBe("t0k-suffix");
    expect(headers["x-secret"]).toBe("[][]");
    expect(headers["x-literal"]).toBe("aX-Evil: 1");
    expect(headers["x-split"]).toBe("aX-Smuggled: 1");
    expect(headers["x-evil"]).toBeUndefined();
    expect(headers["x-smuggled"]).toBeUndefined();
  });

  it("sends a header naming an allowed variable that is not set empty, and the outcome warns of it", async () => {
    const target = await server(respondWith("{}"));
    const spec = hook(target.origin, {
      headers: { Authorization: "Bearer $HOOK_TOKEN" },
      allowedEnvVars: ["HOOK_TOKEN"],
    });
    const outcome = await executorFor(target).run(spec, context({ env: {} }));
    expect(target.requests[0]?.headers.authorization).toBe("Bearer");
    expect(outcome.warnings).toEqual([
      "header Authorization went out with nothing in place of $HOOK_TOKEN, which is not set",
    ]);
  });

  it("warns of each header and variable sent empty, naming the header, and tells a variable set to nothing from an unset one", async () => {
    const target = await server(respondWith("{}"));
    const spec = hook(target.origin, {
      headers: { Authorization: "Bearer $HOOK_TOKEN", "X-Team": `${braced("TEAM")}/$HOOK_TOKEN` },
      allowedEnvVars: ["HOOK_TOKEN", "TEAM"],
    });
    const outcome = await executorFor(target).run(spec, context({ env: { TEAM: "" } }));
    expect(outcome.warnings).toEqual([
      "header Authorization went out with nothing in place of $HOOK_TOKEN, which is not set",
      "header X-Team went out with nothing in place of $TEAM, which is set but empty",
      "header X-Team went out with nothing in place of $HOOK_TOKEN, which is not set",
    ]);
  });

  it("makes an invalid header name a failed run that names the header, without sending", async () => {
    const target = await server(respondWith("{}"));
    const spec = hook(target.origin, { headers: { "X-Bad\r\nX-Evil": "1" } });
    const outcome = await executorFor(target).run(spec, context());
    expect(outcome.error).toBe(`http hook ${target.origin}/: invalid header name "X-Bad\\r\\nX-Evil"`);
    expect(target.requests).toHaveLength(0);
  });

  it("reads header variables from the run's environment by default", async () => {
    const target = await server(respondWith("{}"));
    const spec = hook(target.origin, {
      headers: { "X-Session": braced("HOOK_SESSION_ID") },
      allowedEnvVars: ["HOOK_SESSION_ID"],
    });
    await executorFor(target).run(spec, context({ env: { HOOK_SESSION_ID: "s-42" } }));
    expect(target.requests[0]?.headers["x-session"]).toBe("s-42");
  });

  it("times out a server that never answers, as a failed run within the bound", async () => {
    const target = await server(() => {});
    const started = Date.now();
    const outcome = await executorFor(target).run(hook(target.origin), context({ timeoutMs: 300 }));
    expect(outcome.timedOut).toBe(true);
    expect(outcome.error).toBe(`http hook ${target.origin}/: timed out after 0.3s`);
    expect(outcome.exitCode).toBeNull();
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("times out a body that never ends", async () => {
    const target = await server((_req, res) => {
      res.writeHead(200);
      res.write('{"block":');
    });
    const outcome = await executorFor(target).run(hook(target.origin), context({ timeoutMs: 300 }));
    expect(outcome.timedOut).toBe(true);
    expect(outcome.error).toMatch(/timed out after 0\.3s$/);
  });

  it("stops when the caller's signal aborts, without calling it a timeout", async () => {
    const target = await server(() => {});
    const caller = new AbortController();
    const pending = executorFor(target).run(hook(target.origin), context({ signal: caller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    caller.abort();
    const outcome = await pending;
    expect(outcome.error).toBe(`http hook ${target.origin}/: aborted`);
    expect(outcome.timedOut).toBeUndefined();
  });

  it("says in words that the endpoint closed the connection mid-answer, and takes nothing of the half-sent deny", async () => {
    const target = await server((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "200" });
      res.write('{"block":true,"reason":"no"}');
      setTimeout(() => res.socket?.destroy(), 50);
    });
    const outcome = await executorFor(target).run(hook(target.origin), context());
    expect(outcome.error).toBe(
      `http hook ${target.origin}/: the endpoint closed the connection before its answer was complete (other side closed)`,
    );
    expect(outcome).toMatchObject({ stdout: "", exitCode: null });
  });

  it("says so too when the endpoint closes the connection before answering anything", async () => {
    const target = await server((_req, res) => res.socket?.destroy());
    const outcome = await executorFor(target).run(hook(target.origin), context());
    expect(outcome.error).toBe(
      `http hook ${target.origin}/: the endpoint closed the connection before its answer was complete (other side closed)`,
    );
  });

  it("makes a refused connection a failed run", async () => {
    const gone = await server(respondWith("{}"));
    await gone.close();
    const outcome = await executorFor(gone).run(hook(gone.origin), context());
    expect(outcome.error).toMatch(new RegExp(`^http hook ${gone.origin}/: .*ECONNREFUSED`));
    expect(outcome.exitCode).toBeNull();
  });

  it("rejects invalid allow-list entries when it is built", () => {
    expect(() => createHttpExecutor({ allowedHosts: ["10.0.0.0/33", "ok.test", "*.corp"] })).toThrow(
      /httpHookAllowedHosts: invalid entries: \[0\] "10\.0\.0\.0\/33": .*; \[2\] "\*\.corp": wildcards are not supported/,
    );
  });
});

describe("headerEnvVars (what a consent screen says an http hook sends)", () => {
  it("lists the allowed variables the header values name, bare or braced, once each; unlisted ones are not sent", () => {
    const headers = {
      Authorization: "Bearer ${HOOK_TOKEN}",
      "X-Bare": "$HOOK_TOKEN-$SESSION",
      "X-Secret": "${OTHER_SECRET}",
    };
    expect(headerEnvVars(headers, ["SESSION", "HOOK_TOKEN", "UNUSED"])).toEqual(["HOOK_TOKEN", "SESSION"]);
    expect(headerEnvVars(headers, undefined)).toEqual([]);
  });
});
