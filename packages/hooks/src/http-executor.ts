/**
 * The http hook executor (§6.3): POSTs the payload to the entry's URL through the SSRF guard and
 * turns the response into a run outcome; the body is the hook's stdout.
 */
import type { Readable } from "node:stream";
import { ANSWER_CAP } from "./answer-cap.js";
import { answerCut, CappedBuffer } from "./capped-buffer.js";
import type { HookExecutor, HttpSpec, RunContext, RunOutcome } from "./executor.js";
import { type AllowList, EMPTY_ALLOW_LIST, parseAllowList } from "./http-allowlist.js";
import { decodedBody } from "./http-content-encoding.js";
import { withheldCredentialMessage } from "./http-credential-vars.js";
import {
  emptyHeaderRefs,
  hookRequestHeaders,
  ignoredHeaderWarnings,
  withheldHeaderVars,
} from "./http-headers.js";
import type { PinnedPool } from "./http-pool.js";
import { startDeadline } from "./run-deadline.js";
import { type CheckedTarget, checkHookUrl, type HostResolver, systemResolver } from "./ssrf.js";

export interface HttpExecutorOptions {
  /** `httpHookAllowedHosts` of the user-owned layers (see allowedHostsFromLayers), or raw entries. */
  allowedHosts?: AllowList | readonly string[];
  /** Host name resolution; the system resolver by default. */
  resolver?: HostResolver;
  /** Where `${VAR}` in headers is read from; by default the run's environment (`ctx.env`). */
  env?: NodeJS.ProcessEnv;
  /**
   * Connections per origin at most, for waited-for hooks and, apart, for background ones (the rest
   * queue). Default 8 each.
   */
  connectionsPerHost?: number;
  /** Idle kept-alive connections close after this many milliseconds. Default 10 s. */
  keepAliveMs?: number;
  /** The `User-Agent` of every request (`codebot/<version>`); a hook's own header wins. Default `codebot`. */
  userAgent?: string;
}

/**
 * Builds the http executor; throws when `allowedHosts` holds an invalid entry. Connections are
 * kept alive between runs (http-pool.ts); `close()` ends them, and a later run reconnects.
 */
export function createHttpExecutor(options: HttpExecutorOptions = {}): HookExecutor<HttpSpec> {
  const allowList = toAllowList(options.allowedHosts);
  const resolver = options.resolver ?? systemResolver;
  /**
   * Checks of URLs whose host is an IP literal: nothing to resolve, and the allow-list is fixed,
   * so the answer cannot change. A host name is resolved and checked on every run.
   */
  const literalChecks = new Map<string, CheckedTarget>();
  let pool: Promise<PinnedPool> | undefined;
  const poolOf = () =>
    (pool ??= import("./http-pool.js").then(
      ({ PinnedPool }) =>
        new PinnedPool({
          ...(options.connectionsPerHost ? { connections: options.connectionsPerHost } : {}),
          ...(options.keepAliveMs ? { keepAliveMs: options.keepAliveMs } : {}),
        }),
    ));
  return {
    run: (spec, ctx) =>
      runHttpHook(spec, ctx, {
        allowList,
        resolver,
        env: options.env ?? ctx.env,
        poolOf,
        literalChecks,
        userAgent: options.userAgent ?? "codebot",
      }),
    async close() {
      const closing = pool;
      pool = undefined;
      await (await closing)?.close();
    },
  };
}

interface RunDeps {
  allowList: AllowList;
  resolver: HostResolver;
  env: Readonly<Record<string, string | undefined>>;
  poolOf(): Promise<PinnedPool>;
  literalChecks: Map<string, CheckedTarget>;
  userAgent: string;
}

async function runHttpHook(spec: HttpSpec, ctx: RunContext, deps: RunDeps): Promise<RunOutcome> {
  const label = `http hook ${displayUrl(spec.url)}`;
  const deadline = startDeadline(ctx);
  // Set once the request is about to go out: a run refused before it (SSRF) sent no header.
  let warnings: string[] | undefined;
  // The answer as read so far: a run cut short mid-answer gives back what it drew of the event's budget.
  let answer: CappedBuffer | undefined;
  try {
    const target =
      deps.literalChecks.get(spec.url) ??
      (await check(spec.url, deps, deadline.signal, ctx.source === "managed"));
    const [request, pool] = await Promise.all([loadRequest(), deps.poolOf()]);
    const headers = hookRequestHeaders(spec.headers, spec.allowedEnvVars, deps.env, deps.userAgent);
    warnings = headerWarnings(spec, deps.env);
    const response = await request(target.href, {
      method: "POST",
      headers,
      body: ctx.payload,
      dispatcher: pool.agentFor(target, ctx.background === true),
      signal: deadline.signal,
    });
    const answerCap = ctx.answerCap ?? ANSWER_CAP;
    answer = new CappedBuffer(answerCap, ctx.answerBudget);
    const body = await readCapped(decodedBody(response.body, response.headers["content-encoding"]), answer);
    const outcome: RunOutcome = {
      stdout: body.text(),
      stderr: "",
      exitCode: response.statusCode < 300 ? 0 : 1,
      ...(body.truncated ? { truncated: ["stdout"], ...answerCut(body, answerCap, ctx.answerBudget) } : {}),
      ...(warnings ? { warnings } : {}),
    };
    if (response.statusCode >= 400) outcome.error = `${label}: status ${response.statusCode}`;
    else if (response.statusCode >= 300) {
      outcome.error = `${label}: status ${response.statusCode} (redirects are not followed)`;
    }
    return outcome;
  } catch (err) {
    answer?.release();
    return {
      ...deadline.failed(label, closedEarly(err) ?? err, certificateAdvice(err)),
      ...(warnings ? { warnings } : {}),
    };
  } finally {
    deadline.dispose();
  }
}

/**
 * What the run says about its headers: a body-framing header it left out, a header naming an
 * allowed variable that is not set (or set to "") — it goes out empty, silently otherwise, and the
 * endpoint then answers 401 with no hint why (`hooks validate` warns about it too) —, one warning
 * per header and variable, naming both and which of the two it is; and one per model credential
 * the headers name, which went out as nothing (http-credential-vars.ts).
 */
function headerWarnings(spec: HttpSpec, env: RunDeps["env"]): string[] | undefined {
  const withheld = withheldHeaderVars(spec.headers, spec.allowedEnvVars).map(withheldCredentialMessage);
  const unset = emptyHeaderRefs(spec.headers, spec.allowedEnvVars, env).map(
    (ref) =>
      `header ${ref.header} went out with nothing in place of $${ref.variable}, which is ${ref.setButEmpty ? "set but empty" : "not set"}`,
  );
  const warnings = [...ignoredHeaderWarnings(spec.headers), ...withheld, ...unset];
  return warnings.length > 0 ? warnings : undefined;
}

async function check(
  url: string,
  deps: RunDeps,
  signal: AbortSignal,
  managedHook: boolean,
): Promise<CheckedTarget> {
  const target = await checkHookUrl(url, {
    allowList: deps.allowList,
    resolver: deps.resolver,
    signal,
    managedHook,
  });
  if (target.servername === undefined) deps.literalChecks.set(url, target);
  return target;
}

/**
 * An endpoint that closes the connection before its answer is complete (it crashed, a proxy cut
 * it): undici says only "other side closed", which does not tell a user whose side that is.
 */
function closedEarly(err: unknown): Error | undefined {
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (code !== "UND_ERR_SOCKET" || message !== "other side closed") return undefined;
  return new Error(`the endpoint closed the connection before its answer was complete (${message})`);
}

/** Certificates an internal CA signs fail these checks until the CA is trusted. */
const UNTRUSTED_CERTIFICATE = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
]);

/**
 * A company endpoint's certificate is often signed by the company's own CA: the failure says how
 * to trust it, since verification cannot be turned off for hooks.
 */
function certificateAdvice(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== "string" || !UNTRUSTED_CERTIFICATE.has(code)) return "";
  return "; to trust the CA that signed it, start codebot with NODE_EXTRA_CA_CERTS=<its certificate file>";
}

/**
 * undici (about a hundred CommonJS files) loads on the first http hook run, not with the hooks
 * engine: most sessions have no http hook, and every command would pay for it at start-up.
 */
let loadedRequest: Promise<typeof import("undici").request> | undefined;
function loadRequest() {
  // Once: an import() of a loaded module still goes through the module loader on every call.
  loadedRequest ??= import("undici").then((undici) => undici.request);
  return loadedRequest;
}

/**
 * Reads what `buffer` keeps, then stops reading (the connection is closed, the rest discarded).
 * Events rather than `for await`: an async iterator costs a promise per chunk and its own setup.
 */
function readCapped(body: Readable, buffer: CappedBuffer): Promise<CappedBuffer> {
  return new Promise((resolve, reject) => {
    body.on("data", (chunk: Buffer) => {
      buffer.push(chunk);
      if (buffer.truncated) {
        body.destroy();
        resolve(buffer);
      }
    });
    body.on("end", () => resolve(buffer));
    body.on("error", reject);
  });
}

/** The URL for messages: normalised, without credentials. */
export function displayUrl(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = "";
    url.password = "";
    return url.href;
  } catch {
    return JSON.stringify(raw);
  }
}

function toAllowList(hosts: AllowList | readonly string[] | undefined): AllowList {
  if (hosts === undefined) return EMPTY_ALLOW_LIST;
  return isEntryTexts(hosts) ? parseAllowList(hosts) : hosts;
}

function isEntryTexts(hosts: AllowList | readonly string[]): hosts is readonly string[] {
  return Array.isArray(hosts);
}
