import { MAX_KEYWORDS } from './keyword-data.js';

// The bounds of one live request, whatever face it came through (REST, GraphQL, MCP). Each face reads them from
// here and none restates a number: a bound that exists on one face and not on another is the defect this file
// exists to prevent (issue 25, item 2).

/**
 * Most uncached source calls one live request may plan: what the largest plain request needs (a search_volume of
 * MAX_KEYWORDS keywords, one call each). Match types, 24 months of history and operators add calls per keyword,
 * so a long list with them is over it and goes to a task instead. A GraphQL operation is one request, and so is
 * an MCP batch (however many calls it holds). Tasks are not live: they wait for the budget and are not bound by it.
 */
export const MAX_LIVE_CALLS_PER_REQUEST = MAX_KEYWORDS;

/**
 * Most JSON-RPC messages one MCP batch may hold. Each message is a call with a request scope and a ledger row,
 * and each may read up to MAX_KEYWORDS keywords from the cache: 20 of them are 2,000 cached keywords, about what
 * twenty REST requests would do, which an agent's batch never needs to exceed.
 */
export const MAX_BATCH_MESSAGES = 20;
