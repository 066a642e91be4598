/** HOOKS.md §6.1 on the compiled host (the tests: command-musts.ts). */
import { commandHookMusts } from "./command-musts.js";

commandHookMusts("compiled host");
