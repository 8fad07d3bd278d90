/**
 * Mock mode for any tool: mocks (static results or templates over the arguments), the store
 * that keeps them and their scenarios, the wrapper that answers mocked calls instead of the
 * server, and `MockSource`, which puts the mocks in front of the tool hub's servers.
 */
export { MockStore } from './mock-store.svelte';
export { MockSource } from './tool-source';
export { mockKey, parseMock, parseScenario, toScenario } from './mock-set';
export type { MockScenario, ToolMock } from './mock-set';
export { withMocks, answerFromMock } from './with-mocks';
export { renderTemplate, mockResult } from './template';
