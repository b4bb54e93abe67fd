import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiChatModel } from '../../src/adapters/llm/openai-chat.js';
import { LlmError } from '../../src/ports/llm.js';
import { type FakeLlmServer, startFakeLlmServer } from '../fakes/fake-llm-server.js';

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterAll(() => server.close());

const model = (overrides: Partial<Parameters<typeof createOpenAiChatModel>[0]> = {}) =>
  createOpenAiChatModel({ baseUrl: server.baseUrl, model: 'test-model', timeoutMs: 2000, ...overrides });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
};

describe('OpenAI-compatible chat model over real HTTP', () => {
  it('posts the model, messages, JSON mode and token limit to {base}/chat/completions with a bearer key', async () => {
    server.behave(() => ({ content: '{"queries": []}' }));
    const before = server.calls;
    const content = await model({ apiKey: 'sk-test', baseUrl: `${server.baseUrl}/` }).complete(
      [{ role: 'user', content: 'привет' }],
      { json: true, maxTokens: 300, temperature: 0 },
    );
    expect(content).toBe('{"queries": []}');
    expect(server.calls).toBe(before + 1);
    const request = server.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.body).toMatchObject({
      model: 'test-model',
      messages: [{ role: 'user', content: 'привет' }],
      response_format: { type: 'json_object' },
      max_tokens: 300,
      temperature: 0,
      stream: false,
    });
  });

  it('sends no Authorization header without a key, and no response_format unless JSON is asked for', async () => {
    server.behave(() => ({ content: 'просто текст' }));
    expect(await model().complete([{ role: 'user', content: 'x' }])).toBe('просто текст');
    const request = server.requests.at(-1)!;
    expect(request.authorization).toBeUndefined();
    expect(request.body.response_format).toBeUndefined();
  });

  it('asks for structured output with a schema; a server that refuses it is asked in json_object mode, and never offered a schema again', async () => {
    server.behave(() => ({ content: '{"queries": ["а"]}' }));
    const schema = { name: 'queries', schema: { type: 'object', properties: { queries: { type: 'array', items: { type: 'string' } } } } };
    const chat = model();
    const ask = () => chat.complete([{ role: 'user', content: 'x' }], { json: true, schema });
    try {
      const before = server.calls;
      expect(await ask()).toBe('{"queries": ["а"]}');
      expect(server.requests.at(-1)!.body.response_format).toEqual({ type: 'json_schema', json_schema: { ...schema, strict: true } });
      expect(server.calls).toBe(before + 1);

      server.supportsJsonSchema = false;
      const refusing = model();
      const askRefusing = () => refusing.complete([{ role: 'user', content: 'x' }], { json: true, schema });
      expect(await askRefusing()).toBe('{"queries": ["а"]}');
      expect(server.requests.slice(-2).map((r) => r.body.response_format.type)).toEqual(['json_schema', 'json_object']);
      const afterFirst = server.calls;
      expect(await askRefusing()).toBe('{"queries": ["а"]}');
      expect(server.calls).toBe(afterFirst + 1);
      expect(server.requests.at(-1)!.body.response_format).toEqual({ type: 'json_object' });
    } finally {
      server.supportsJsonSchema = true;
    }
  });

  it('a 400 that is not about the response format is an error, not a retry', async () => {
    server.behave(() => ({ status: 400, body: '{"error":{"message":"context length exceeded"}}' }));
    const before = server.calls;
    const schema = { name: 'queries', schema: { type: 'object' } };
    const error = await failure(model().complete([{ role: 'user', content: 'x' }], { json: true, schema }));
    expect(error.code).toBe('LLM_HTTP_ERROR');
    expect(server.calls).toBe(before + 1);
  });

  it('an HTTP error is LLM_HTTP_ERROR with the status', async () => {
    server.behave(() => ({ status: 500 }));
    const error = await failure(model().complete([{ role: 'user', content: 'x' }]));
    expect(error.code).toBe('LLM_HTTP_ERROR');
    expect(error.status).toBe(500);
  });

  it('a hanging server is LLM_TIMEOUT within about the deadline', async () => {
    server.behave(() => 'hang');
    const started = Date.now();
    const error = await failure(model({ timeoutMs: 300 }).complete([{ role: 'user', content: 'x' }]));
    expect(error.code).toBe('LLM_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a body that is not a chat completion is LLM_BAD_RESPONSE', async () => {
    server.behave(() => ({ raw: '<html>gateway</html>' }));
    expect((await failure(model().complete([{ role: 'user', content: 'x' }]))).code).toBe('LLM_BAD_RESPONSE');
    server.behave(() => ({ raw: '{"choices": []}' }));
    expect((await failure(model().complete([{ role: 'user', content: 'x' }]))).code).toBe('LLM_BAD_RESPONSE');
  });

  it('an answer larger than the limit is LLM_BAD_RESPONSE, not read whole', async () => {
    server.behave(() => ({ content: 'я'.repeat(10_000) }));
    const error = await failure(model({ maxResponseBytes: 1000 }).complete([{ role: 'user', content: 'x' }]));
    expect(error.code).toBe('LLM_BAD_RESPONSE');
  });

  it('an unreachable server is LLM_NETWORK_ERROR', async () => {
    const closed = await startFakeLlmServer();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const error = await failure(model({ baseUrl }).complete([{ role: 'user', content: 'x' }]));
    expect(error.code).toBe('LLM_NETWORK_ERROR');
  });
});
