/** Test kit for the kernel and its users. Everything here is for tests and demos only. */
export {
  type LoopbackModelServer,
  type RecordedRequest,
  startLoopbackModelServer,
} from "./loopback-server.js";
export {
  type ReplyTurn,
  rawToolCall,
  reply,
  type ScriptedToolCall,
  type ScriptedUsage,
  type ScriptStep,
  type TurnReply,
  toolCall,
} from "./script.js";
export { type ScriptedModel, type ScriptedRequest, scriptedModel } from "./scripted-model.js";
