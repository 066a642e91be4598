/** HOOKS.md §6.1 on the Python host (the tests: command-musts.ts). */
import { commandHookMusts } from "./command-musts.js";

commandHookMusts("Python host");
