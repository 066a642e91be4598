/** HOOKS.md §6.1 on the Node's spawn (the tests: command-musts.ts). */
import { commandHookMusts } from "./command-musts.js";

commandHookMusts("Node's spawn");
