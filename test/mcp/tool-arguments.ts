/**
 * The one table of MCP tool arguments every MCP test calls the tools with (both eras, HTTP and stdio): valid
 * arguments that make each tool answer with data from the fixture source. task_status and task_result take the id
 * of a task made first, so they are not here.
 */
export const TOOL_ARGUMENTS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  wordstat_top: { phrase: 'ноутбук', numPhrases: 3 },
  wordstat_dynamics: { phrase: 'пицца', period: 'monthly' },
  wordstat_regions: { phrase: 'пицца', limit: 3 },
  keyword_search_volume: { keywords: ['купить ноутбук', 'пицца'] },
  keyword_suggestions: { keyword: 'ноутбук', limit: 3 },
  keyword_locations: { keyword: 'пицца', limit: 2 },
  region_search: { query: 'moscow' },
  task_create: { keywords: ['купить ноутбук', 'пицца', 'велосипед'], tag: 'mcp' },
  task_create_suggestions: { keyword: 'ноутбук', limit: 3 },
  task_create_locations: { keyword: 'пицца' },
  task_create_core_clean: { phrases: ['купить велосипед', 'велосипед купить'] },
  quota_status: {},
  // With measure: the worst call, which asks the source (the annotations say so).
  core_clean: { phrases: ['купить пластиковые окна', 'окна пластиковые купить'], region: 213, measure: ['exact'] },
  serp: { phrase: 'купить ноутбук', depth: 10 },
  core_clusters: { phrases: ['купить ноутбук', 'ноутбук цена', 'пицца'] },
  core_expand: { seeds: ['ноутбук'], limit: 3 },
  task_create_core_expand: { seeds: ['ноутбук'] },
  core_workbook: { phrases: ['купить пластиковые окна', 'окна пластиковые купить'], region: 213 },
  task_create_core_clusters: { phrases: ['купить ноутбук', 'ноутбук цена'] },
  core_intent: { phrases: ['купить ноутбук', 'пицца'] },
  task_create_core_intent: { phrases: ['купить ноутбук'] },
  task_create_serp: { phrase: 'купить ноутбук' },
};

/** The arguments a tool is called with: the table's, or `{ id }` for the two tools that read a task. */
export function toolArguments(name: string, taskId: string): Record<string, unknown> {
  if (name === 'task_status' || name === 'task_result') return { id: taskId };
  const args = TOOL_ARGUMENTS[name];
  if (!args) throw new Error(`test/mcp/tool-arguments.ts has no arguments for the tool ${name}: add a row`);
  return { ...args };
}

/**
 * The table with every phrase and keyword marked by `by` and the tool's place (two tools asking about one phrase
 * would share a cached answer): each first call is a cache miss even where the file also asks the plain table.
 */
export function freshToolArguments(by: string): Record<string, Record<string, unknown>> {
  const fresh: Record<string, Record<string, unknown>> = {};
  for (const [i, [name, args]] of Object.entries(TOOL_ARGUMENTS).entries()) {
    const mark = (text: unknown) => (typeof text === 'string' ? `${by} ${i} ${text}` : text);
    fresh[name] = Object.fromEntries(
      Object.entries(args).map(([field, value]) => [field, ['phrase', 'keyword', 'keywords', 'phrases'].includes(field) ? (Array.isArray(value) ? value.map(mark) : mark(value)) : value]),
    );
  }
  return fresh;
}
