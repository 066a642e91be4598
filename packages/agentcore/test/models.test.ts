import { describe, expect, test } from "vitest";
import {
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_OPENAI_MODEL,
  defaultModelSpec,
  ModelConfigError,
  resolveModel,
} from "../src/index.js";
import { reply, startLoopbackModelServer } from "../src/testing/index.js";
import { runToEnd } from "./helpers.js";

async function configError(spec: string, env: Record<string, string>): Promise<ModelConfigError> {
  const error = await resolveModel(spec, env).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelConfigError);
  return error as ModelConfigError;
}

describe("model resolution", () => {
  test("a missing Anthropic key names the variable and the model in one line", async () => {
    const error = await configError("anthropic/claude-sonnet-4-5", {});
    expect(error.message).toBe(
      'model: ANTHROPIC_API_KEY is not set (needed for anthropic/claude-sonnet-4-5); for OpenAI set OPENAI_API_KEY and use --model openai/gpt-4.1, for a local server see "Choosing a model" in docs/cli.md',
    );
  });

  test("a missing OpenAI key names the variable and the model", async () => {
    const error = await configError("openai/gpt-4.1", { ANTHROPIC_API_KEY: "x" });
    expect(error.message).toBe("model: OPENAI_API_KEY is not set (needed for openai/gpt-4.1)");
  });

  test("compat/ needs CODEBOT_COMPAT_BASE_URL but no key", async () => {
    const error = await configError("compat/llama", {});
    expect(error.message).toBe("model: CODEBOT_COMPAT_BASE_URL is not set (needed for compat/llama)");
    const model = await resolveModel("compat/llama", { CODEBOT_COMPAT_BASE_URL: "http://127.0.0.1:1/v1" });
    expect(model.modelId).toBe("llama");
  });

  test("an unknown provider lists the known ones", async () => {
    const error = await configError("gemini/pro", {});
    expect(error.message).toBe(
      'model: unknown provider "gemini" in "gemini/pro" (known: anthropic/, openai/, compat/)',
    );
  });

  test("a spec without provider/model-id is rejected with an example", async () => {
    for (const spec of ["claude", "anthropic/", "/x"]) {
      const error = await configError(spec, { ANTHROPIC_API_KEY: "x" });
      expect(error.message).toBe(
        `model: "${spec}" is not provider/model-id (e.g. anthropic/claude-sonnet-4-5)`,
      );
    }
  });

  test("a base URL without its scheme (as servers print their address) is refused, showing it with http://", async () => {
    const cases: [string, Record<string, string>, string][] = [
      [
        "anthropic/claude-sonnet-4-5",
        { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: "127.0.0.1:8080" },
        "ANTHROPIC_BASE_URL",
      ],
      ["openai/gpt-4.1", { OPENAI_API_KEY: "k", OPENAI_BASE_URL: "localhost:11434/v1" }, "OPENAI_BASE_URL"],
      ["compat/llama", { CODEBOT_COMPAT_BASE_URL: "localhost:11434/v1" }, "CODEBOT_COMPAT_BASE_URL"],
    ];
    for (const [spec, env, name] of cases) {
      const given = env[name];
      const error = await configError(spec, env);
      expect(error.message).toBe(
        `model: ${name} "${given}" is not an http:// or https:// URL (write it as http://${given})`,
      );
    }
    const ftp = await configError("openai/gpt-4.1", { OPENAI_API_KEY: "k", OPENAI_BASE_URL: "ftp://h/v1" });
    expect(ftp.message).toBe(
      'model: OPENAI_BASE_URL "ftp://h/v1" is not an http:// or https:// URL (write it as http://host:port or https://host)',
    );
  });

  test("openai/ uses chat completions, not the Responses API", async () => {
    const model = await resolveModel("openai/gpt-4.1", { OPENAI_API_KEY: "x" });
    expect(model.provider).toBe("openai.chat");
    expect(model.modelId).toBe("gpt-4.1");
  });

  test("ANTHROPIC_BASE_URL is taken without /v1 (and tolerated with it)", async () => {
    const server = await startLoopbackModelServer([reply.text("one"), reply.text("two")]);
    try {
      for (const base of [server.anthropicBaseUrl, `${server.anthropicBaseUrl}/v1/`]) {
        const model = await resolveModel("anthropic/claude-sonnet-4-5", {
          ANTHROPIC_API_KEY: "k",
          ANTHROPIC_BASE_URL: base,
        });
        const { result } = await runToEnd({ model });
        expect(result.reason).toBe("stop");
      }
      expect(server.requests.map((r) => r.path)).toEqual(["/v1/messages", "/v1/messages"]);
    } finally {
      await server.close();
    }
  });

  test("ANTHROPIC_AUTH_TOKEN without ANTHROPIC_API_KEY is sent as a bearer token (Claude Code's gateway setting)", async () => {
    const server = await startLoopbackModelServer([reply.text("through the gateway")]);
    try {
      const model = await resolveModel("anthropic/claude-sonnet-4-5", {
        ANTHROPIC_AUTH_TOKEN: "gateway-token",
        ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      });
      const { result } = await runToEnd({ model });
      expect(result.reason).toBe("stop");
      expect(server.requests[0]?.headers.authorization).toBe("Bearer gateway-token");
      expect(server.requests[0]?.headers["x-api-key"]).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  test("defaultModelSpec counts ANTHROPIC_AUTH_TOKEN as Anthropic's key", () => {
    expect(defaultModelSpec({ ANTHROPIC_AUTH_TOKEN: "t", OPENAI_API_KEY: "y" })).toBe(
      DEFAULT_ANTHROPIC_MODEL,
    );
  });

  test("defaultModelSpec prefers CODEBOT_MODEL, then the provider whose key is set", () => {
    expect(defaultModelSpec({ CODEBOT_MODEL: " openai/o3 ", ANTHROPIC_API_KEY: "x" })).toBe("openai/o3");
    expect(defaultModelSpec({ ANTHROPIC_API_KEY: "x", OPENAI_API_KEY: "y" })).toBe(DEFAULT_ANTHROPIC_MODEL);
    expect(defaultModelSpec({ OPENAI_API_KEY: "y" })).toBe(DEFAULT_OPENAI_MODEL);
    expect(defaultModelSpec({})).toBe(DEFAULT_ANTHROPIC_MODEL);
  });
});
