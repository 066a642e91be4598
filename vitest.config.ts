import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the TypeScript sources, not dist/.
    alias: [
      {
        find: /^@codebot\/agentcore\/testing$/,
        replacement: src("./packages/agentcore/src/testing/index.ts"),
      },
      { find: /^@codebot\/agentcore$/, replacement: src("./packages/agentcore/src/index.ts") },
      { find: /^@codebot\/hooks$/, replacement: src("./packages/hooks/src/index.ts") },
    ],
  },
  test: {
    include: ["packages/*/test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "test-results.json" },
  },
});
