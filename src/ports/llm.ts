/** One message of a chat-completions conversation. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatOptions {
  /** Ask for a JSON object (OpenAI `response_format: {type: "json_object"}`); the prompt must say which. */
  json?: boolean;
  /**
   * With `json`: ask for structured output in this JSON Schema first (`response_format: {type: "json_schema"}`);
   * a server that refuses it is asked again in `json_object` mode, and that server is not offered a schema again.
   */
  schema?: { name: string; schema: Record<string, unknown> };
  /** Upper bound of the answer's length in tokens. */
  maxTokens?: number;
  /** Sampling temperature (0 = most deterministic). */
  temperature?: number;
}

/** Why a chat call failed; stable codes for logs and metrics. */
export type LlmErrorCode = 'LLM_TIMEOUT' | 'LLM_HTTP_ERROR' | 'LLM_NETWORK_ERROR' | 'LLM_BAD_RESPONSE';

/** A failed chat call. Never carries the API key. */
export class LlmError extends Error {
  override name = 'LlmError';
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A language model behind a chat-completions API. */
export interface ChatModel {
  /** The model's name, as sent upstream (for logs). */
  readonly model: string;
  /**
   * Sends the conversation and returns the assistant's text (possibly empty). Throws LlmError on a timeout,
   * a network failure, a non-2xx answer or an envelope that is not a chat completion.
   */
  complete(messages: readonly ChatMessage[], options?: ChatOptions): Promise<string>;
}
