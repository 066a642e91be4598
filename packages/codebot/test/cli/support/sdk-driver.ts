/**
 * Plays the Claude Agent SDK's side of the control protocol against the CLI, in the line shapes
 * recorded from @anthropic-ai/claude-agent-sdk 0.3.337 driving claude 2.1.328 (docs/claude-code.md
 * "Agent SDK"): the arguments it spawns the CLI with, `initialize` first, then the user message;
 * the CLI's `control_request`s answered by the handler of their subtype.
 */
import { waitFor } from "../../support/wait-for.js";
import { type CliResult, jsonLines, startCli } from "./cli-process.js";

/** What the SDK passes when the program gives `canUseTool` (no `-p`). */
export const SDK_ARGS = [
  "--output-format",
  "stream-json",
  "--verbose",
  "--input-format",
  "stream-json",
  "--permission-prompt-tool=stdio",
];

/** Answers one of the CLI's requests; `undefined` leaves it unanswered. */
export type SdkAnswer = (request: Record<string, unknown>) => Record<string, unknown> | undefined;

/** canUseTool's allow of a call as the model made it (its input unchanged). */
export const allowAsAsked: SdkAnswer = (request) => ({
  behavior: "allow",
  updatedInput: request.input as Record<string, unknown>,
});

export interface SdkRun {
  /** The CLI's answer to `initialize`. */
  initialized: Promise<Record<string, unknown>>;
  /** Sends a control request of the program's (`interrupt`, `set_permission_mode`, …); resolves with the CLI's `response` line. */
  request(id: string, request: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Sends a user message (with its own `uuid`, as the SDK gives one, when given). */
  say(text: string, uuid?: string): void;
  /** The CLI's stdout lines so far. */
  lines(): Record<string, unknown>[];
  /** The CLI's control requests so far, in order. */
  requests(): Record<string, unknown>[];
  /** The `n`th result line (the first by default), once it is out. */
  result(n?: number): Promise<Record<string, unknown>>;
  /** Ends the program's input and waits for the CLI to exit. */
  end(): ReturnType<typeof startCli>["done"];
  /** Says `text`, waits for the `n`th result line (the first by default), then ends as `end` does. */
  lastTurn(text: string, n?: number): Promise<{ result: Record<string, unknown>; exit: CliResult }>;
  cli: ReturnType<typeof startCli>;
}

export function startSdkRun(
  args: readonly string[],
  options: {
    env: NodeJS.ProcessEnv;
    cwd?: string;
    hooks?: Record<string, unknown>;
    /** `initialize`'s other fields, as the SDK sends them (`agents`, `jsonSchema`, `systemPrompt`, …). */
    initialize?: Record<string, unknown>;
    answers?: Record<string, SdkAnswer>;
  },
): SdkRun {
  const cli = startCli(args, {
    env: options.env,
    openStdin: true,
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  const send = (line: Record<string, unknown>) => cli.child.stdin?.write(`${JSON.stringify(line)}\n`);
  const seen = new Set<string>();
  const waiting = new Map<string, (response: Record<string, unknown>) => void>();
  let buffered = "";
  cli.child.stdout?.on("data", (chunk) => {
    buffered += String(chunk);
    const complete = buffered.slice(0, buffered.lastIndexOf("\n") + 1);
    buffered = buffered.slice(complete.length);
    for (const line of jsonLines(complete)) {
      if (line.type === "control_response") {
        const response = line.response as Record<string, unknown>;
        waiting.get(String(response.request_id))?.(response);
      }
      if (line.type !== "control_request") continue;
      const id = String(line.request_id);
      if (seen.has(id)) continue;
      seen.add(id);
      const request = line.request as Record<string, unknown>;
      const answer = options.answers?.[String(request.subtype)]?.(request);
      if (answer !== undefined)
        send({
          type: "control_response",
          response: { subtype: "success", request_id: id, response: answer },
        });
    }
  });
  const request = (id: string, body: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve) => {
      waiting.set(id, resolve);
      send({ request_id: id, type: "control_request", request: body });
    });
  const initialized = request("init", {
    subtype: "initialize",
    hooks: options.hooks ?? {},
    systemPrompt: [""],
    ...options.initialize,
  });
  const say = (text: string, uuid?: string) =>
    send({
      type: "user",
      ...(uuid ? { uuid } : {}),
      session_id: "",
      message: { role: "user", content: [{ type: "text", text }] },
      parent_tool_use_id: null,
    });
  // The lines written whole: a long line (a 5 MB plan's can_use_tool) arrives in several chunks.
  const written = () => {
    const out = cli.stdout();
    return out.slice(0, out.lastIndexOf("\n") + 1);
  };
  const result = (n = 1) =>
    waitFor(
      () => jsonLines(written()).filter((l) => l.type === "result")[n - 1],
      30_000,
      `result ${n} (${cli.stderr()})`,
    );
  const end = () => {
    cli.child.stdin?.end();
    return cli.done;
  };
  return {
    initialized,
    request,
    say,
    lines: () => jsonLines(written()),
    requests: () =>
      jsonLines(written())
        .filter((l) => l.type === "control_request")
        .map((l) => l.request as Record<string, unknown>),
    result,
    end,
    lastTurn: async (text, n = 1) => {
      say(text);
      const line = await result(n);
      return { result: line, exit: await end() };
    },
    cli,
  };
}
