/**
 * zod compiles a fast path for an object schema the first time it parses with it: it writes
 * JavaScript and builds a function from it (`new Function`), which V8 then compiles. A command
 * parses with each schema a handful of times, so that is work for nothing: in a 50-call `-p` run
 * zod built two such functions (0.2 ms, then their compiling), a fraction of a percent of the run
 * (bench/RESULTS.md, "Issue 18, session 10", where the first A/Bs of this claimed more, within
 * their noise). Without it the CLI's own schemas build no function from text. zod reads the
 * setting as each object schema is built, so cli/main.ts imports this module first. It holds for
 * the AI SDK's schemas too: one zod, whose settings live on globalThis.
 */
import { config } from "zod";

config({ jitless: true });
