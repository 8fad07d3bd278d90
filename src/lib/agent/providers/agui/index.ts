/** The AG-UI provider folder: a remote AG-UI agent behind the LlmProvider interface. */
export { AguiProvider } from './agui-provider';
export { AguiRunAssembler, aguiLimits, type ThreadMemory } from './assemble-stream';
export { toRunInput, toAguiMessages, toAguiTools } from './convert-messages';
export { applyPatch } from './json-patch';
