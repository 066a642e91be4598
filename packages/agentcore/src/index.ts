export type { ArgsCheck, Tool, ToolCall, ToolContext, ToolMiddleware, ToolNext, ToolResult } from "./tool.js";
