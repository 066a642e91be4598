/**
 * zod compiles a fast path for each object schema the first time it parses with it: it writes
 * JavaScript and builds a function from it (`new Function`), which V8 then compiles. A command
 * parses with each schema a handful of times, so the compiling costs more than it saves: a
 * 50-call `-p` run took ≈ 5% less time without it (bench/RESULTS.md, "Issue 18, session 10").
 * zod reads the setting as each object schema is built, so cli/main.ts imports this module
 * first. It holds for the AI SDK's schemas too: one zod, whose settings live on globalThis.
 */
import { config } from "zod";

config({ jitless: true });
