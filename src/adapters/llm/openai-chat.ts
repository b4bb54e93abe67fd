import { type Dispatcher, getGlobalDispatcher } from 'undici';
import { z } from 'zod';
import { type ChatMessage, type ChatModel, type ChatOptions, LlmError } from '../../ports/llm.js';
import { discardBody, isTimeoutError, parseJsonAs, postJson, readLimitedText } from '../http-body.js';

export interface OpenAiChatOptions {
  /** The API root up to and including its version, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:8081/v1`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set (local servers usually need none). */
  apiKey?: string | undefined;
  model: string;
  /** Deadline of one call, from the first byte sent to the last byte read. */
  timeoutMs: number;
  /** undici dispatcher (tests pass a MockAgent or point at a fake server); default: undici's global one. */
  dispatcher?: Dispatcher;
  /** Largest answer read (default 1 MiB). */
  maxResponseBytes?: number;
}

/** The part of a chat completion we read; everything else (usage, ids, logprobs) is ignored. */
const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          // Some servers send content parts instead of a string.
          content: z.union([z.string(), z.null(), z.array(z.object({ type: z.string(), text: z.string().optional() }))]),
        }),
      }),
    )
    .min(1),
});

/**
 * A ChatModel over any OpenAI-compatible `POST {baseUrl}/chat/completions` (OpenAI, YandexGPT's compatible
 * endpoint, llama.cpp's `llama-server`, vLLM). One attempt per call, no retries: the caller has a fallback,
 * and a retry would only stretch the client's wait past the deadline.
 */
export function createOpenAiChatModel(options: OpenAiChatOptions): ChatModel {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const dispatcher = options.dispatcher ?? getGlobalDispatcher();
  const maxBytes = options.maxResponseBytes ?? 1024 * 1024;

  // This model object talks to one server: once it refuses json_schema, it is not offered one again.
  let schemaRefused = false;

  async function complete(messages: readonly ChatMessage[], chat: ChatOptions = {}): Promise<string> {
    const deadline = Date.now() + options.timeoutMs;
    const withSchema = Boolean(chat.json && chat.schema) && !schemaRefused;
    try {
      return await attempt(messages, chat, withSchema, options.timeoutMs);
    } catch (error) {
      if (!withSchema || !(error instanceof SchemaRefused)) throw error;
      schemaRefused = true;
      // The refusal came back at once; the retry gets what is left of the one deadline.
      return attempt(messages, chat, false, Math.max(1, deadline - Date.now()));
    }
  }

  async function attempt(messages: readonly ChatMessage[], chat: ChatOptions, withSchema: boolean, timeoutMs: number): Promise<string> {
    const body = {
      model: options.model,
      messages,
      temperature: chat.temperature ?? 0.3,
      ...(chat.maxTokens ? { max_tokens: chat.maxTokens } : {}),
      ...(chat.json ? { response_format: responseFormat(withSchema ? chat.schema : undefined) } : {}),
      stream: false,
    };
    const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};

    let text: string | undefined;
    let status: number;
    try {
      const response = await postJson(url, { headers, body, dispatcher, timeoutMs });
      status = response.statusCode;
      if (status < 200 || status >= 300) {
        if (withSchema && (status === 400 || status === 422)) {
          const reason = (await readLimitedText(response.body, 16 * 1024)) ?? '';
          if (REFUSES_SCHEMA.test(reason)) throw new SchemaRefused();
        } else {
          await discardBody(response.body);
        }
        throw new LlmError('LLM_HTTP_ERROR', `the model server answered HTTP ${status}`, status);
      }
      text = await readLimitedText(response.body, maxBytes);
    } catch (error) {
      if (error instanceof LlmError || error instanceof SchemaRefused) throw error;
      if (isTimeoutError(error)) throw new LlmError('LLM_TIMEOUT', `no answer from the model within ${options.timeoutMs} ms`);
      throw new LlmError('LLM_NETWORK_ERROR', `the model server could not be reached: ${(error as Error).message}`);
    }
    if (text === undefined) throw new LlmError('LLM_BAD_RESPONSE', `the model's answer is larger than ${maxBytes} bytes`, status);
    return contentOf(text, status);
  }

  return { model: options.model, complete };
}

/**
 * How a server says it does not do structured output: a 400 or 422 whose error names the response format
 * or the schema (OpenAI's older models, GigaChat, some vLLM and Ollama versions). Any other 400 is an error.
 */
const REFUSES_SCHEMA = /response_format|json_schema|schema|structured/i;

/** Internal: the server refused `json_schema`; `complete` retries in `json_object` mode. */
class SchemaRefused extends Error {}

/** `response_format` of a JSON call: structured output when a schema is given, else a JSON object. */
function responseFormat(schema: ChatOptions['schema']) {
  if (!schema) return { type: 'json_object' };
  return { type: 'json_schema', json_schema: { name: schema.name, schema: schema.schema, strict: true } };
}

/** The first choice's text from a chat-completion envelope. */
function contentOf(text: string, status: number): string {
  const parsed = parseJsonAs(text, completionSchema);
  if ('problem' in parsed) {
    const reason = parsed.problem === 'not-json' ? 'the model server answered with something that is not JSON' : 'the answer is not a chat completion';
    throw new LlmError('LLM_BAD_RESPONSE', reason, status);
  }
  const content = parsed.data.choices[0]!.message.content;
  if (content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text ?? '').join('');
}
