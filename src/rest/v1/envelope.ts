// The /v1 envelope presenters now live with the operations (src/operations/envelope.ts), which MCP reads too.
export * from '../../operations/envelope.js';
