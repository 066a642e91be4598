/** HOOKS.md §6.1 with every hook run in a shell started ahead (the tests: command-musts.ts). */
import { commandHookMusts } from "./command-musts.js";

commandHookMusts("warm standby");
