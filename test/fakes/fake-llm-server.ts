import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fake model does with the next call:
 * - `{ queries }`: a proper chat completion whose content is `{"queries": [...]}` (any items, junk included);
 * - `{ content }`: a proper chat completion with exactly this content (prose, fenced JSON, a bare array…);
 * - `{ status, body? }`: an HTTP error (or any status) with this raw body;
 * - `{ raw }`: HTTP 200 with this raw body (a malformed envelope);
 * - `'hang'`: accept the request and never answer (until the server closes);
 * - `{ delayMs, then }`: wait, then behave as `then`.
 */
export type LlmBehaviour =
  | { queries: unknown[] }
  | { content: string }
  | { status: number; body?: string }
  | { raw: string }
  | 'hang'
  | { delayMs: number; then: LlmBehaviour };

export interface RecordedChatRequest {
  path: string;
  authorization: string | undefined;
  body: any;
}

export interface FakeLlmServer {
  /** The base URL to configure (LLM_BASE_URL), ending in `/v1`. */
  readonly baseUrl: string;
  /** Chat calls received so far. */
  readonly calls: number;
  readonly requests: RecordedChatRequest[];
  /**
   * Whether the server takes `response_format: {type: "json_schema"}` (default true). When false, such a
   * request is answered 400 naming response_format, as OpenAI's older models and several local servers do,
   * before the plan is consulted (the request is still recorded and counted).
   */
  supportsJsonSchema: boolean;
  /** Sets what each call does, by its 1-based number (default: three plausible queries). */
  behave(plan: (callNumber: number, request: RecordedChatRequest) => LlmBehaviour): void;
  close(): Promise<void>;
}

/** A fake OpenAI-compatible server: real HTTP on 127.0.0.1, an ephemeral port, fault injection, call counting. */
export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  const requests: RecordedChatRequest[] = [];
  let plan: (n: number, request: RecordedChatRequest) => LlmBehaviour = () => ({
    queries: ['купить ноутбук', 'ноутбук для учебы', 'лучший ноутбук 2025'],
  });

  const respond = async (res: ServerResponse, behaviour: LlmBehaviour): Promise<void> => {
    if (behaviour === 'hang') return;
    if ('delayMs' in behaviour) {
      // real wait: a fake latency (delayMs), only where a test asks for one
      await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
      return respond(res, behaviour.then);
    }
    if ('status' in behaviour) {
      res.writeHead(behaviour.status, { 'content-type': 'application/json' }).end(behaviour.body ?? '{"error":{"message":"boom"}}');
      return;
    }
    if ('raw' in behaviour) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(behaviour.raw);
      return;
    }
    const content = 'queries' in behaviour ? JSON.stringify({ queries: behaviour.queries }) : behaviour.content;
    const completion = {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      model: 'fake-model',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
  };

  const fake: FakeLlmServer = {
    baseUrl: '',
    supportsJsonSchema: true,
    get calls() {
      return requests.length;
    },
    requests,
    behave(next) {
      plan = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end();
      return;
    }
    const recorded = { path: req.url, authorization: req.headers.authorization, body };
    requests.push(recorded);
    if (!fake.supportsJsonSchema && (body as any)?.response_format?.type === 'json_schema') {
      const error = { message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", type: 'invalid_request_error', param: 'response_format' };
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
      return;
    }
    await respond(res, plan(requests.length, recorded));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  (fake as { baseUrl: string }).baseUrl = `http://127.0.0.1:${port}/v1`;
  return fake;
}
