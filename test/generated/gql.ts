/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query Dynamics($phrase: String!, $period: Period) {\n  dynamics(phrase: $phrase, period: $period) {\n    results {\n      date\n      count\n      share\n    }\n    trend\n  }\n}": typeof types.DynamicsDocument,
    "query Keyword($phrase: String!) {\n  keyword(phrase: $phrase) {\n    searchVolume\n    competitionLevel\n    cpc\n    monthlySearches {\n      year\n      month\n      searchVolume\n    }\n  }\n}": typeof types.KeywordDocument,
    "query Keywords($phrases: [String!]!) {\n  keywords(phrases: $phrases) {\n    phrase\n    searchVolume\n    dynamics(period: WEEKLY) {\n      trend\n    }\n  }\n}": typeof types.KeywordsDocument,
    "query Regions($phrase: String!, $level: RegionLevel) {\n  regions(phrase: $phrase, level: $level) {\n    regionId\n    regionNameEn\n    count\n    share\n    affinityIndex\n  }\n}": typeof types.RegionsDocument,
    "query Suggestions($keyword: String!, $limit: Int) {\n  suggestions(keyword: $keyword, limit: $limit) {\n    seedKeyword\n    items {\n      keyword\n      searchVolume\n      competition\n    }\n  }\n}": typeof types.SuggestionsDocument,
    "query Top($phrase: String!, $numPhrases: Int) {\n  top(phrase: $phrase, numPhrases: $numPhrases) {\n    totalCount\n    results {\n      phrase\n      count\n    }\n  }\n}": typeof types.TopDocument,
};
const documents: Documents = {
    "query Dynamics($phrase: String!, $period: Period) {\n  dynamics(phrase: $phrase, period: $period) {\n    results {\n      date\n      count\n      share\n    }\n    trend\n  }\n}": types.DynamicsDocument,
    "query Keyword($phrase: String!) {\n  keyword(phrase: $phrase) {\n    searchVolume\n    competitionLevel\n    cpc\n    monthlySearches {\n      year\n      month\n      searchVolume\n    }\n  }\n}": types.KeywordDocument,
    "query Keywords($phrases: [String!]!) {\n  keywords(phrases: $phrases) {\n    phrase\n    searchVolume\n    dynamics(period: WEEKLY) {\n      trend\n    }\n  }\n}": types.KeywordsDocument,
    "query Regions($phrase: String!, $level: RegionLevel) {\n  regions(phrase: $phrase, level: $level) {\n    regionId\n    regionNameEn\n    count\n    share\n    affinityIndex\n  }\n}": types.RegionsDocument,
    "query Suggestions($keyword: String!, $limit: Int) {\n  suggestions(keyword: $keyword, limit: $limit) {\n    seedKeyword\n    items {\n      keyword\n      searchVolume\n      competition\n    }\n  }\n}": types.SuggestionsDocument,
    "query Top($phrase: String!, $numPhrases: Int) {\n  top(phrase: $phrase, numPhrases: $numPhrases) {\n    totalCount\n    results {\n      phrase\n      count\n    }\n  }\n}": types.TopDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Dynamics($phrase: String!, $period: Period) {\n  dynamics(phrase: $phrase, period: $period) {\n    results {\n      date\n      count\n      share\n    }\n    trend\n  }\n}"): (typeof documents)["query Dynamics($phrase: String!, $period: Period) {\n  dynamics(phrase: $phrase, period: $period) {\n    results {\n      date\n      count\n      share\n    }\n    trend\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Keyword($phrase: String!) {\n  keyword(phrase: $phrase) {\n    searchVolume\n    competitionLevel\n    cpc\n    monthlySearches {\n      year\n      month\n      searchVolume\n    }\n  }\n}"): (typeof documents)["query Keyword($phrase: String!) {\n  keyword(phrase: $phrase) {\n    searchVolume\n    competitionLevel\n    cpc\n    monthlySearches {\n      year\n      month\n      searchVolume\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Keywords($phrases: [String!]!) {\n  keywords(phrases: $phrases) {\n    phrase\n    searchVolume\n    dynamics(period: WEEKLY) {\n      trend\n    }\n  }\n}"): (typeof documents)["query Keywords($phrases: [String!]!) {\n  keywords(phrases: $phrases) {\n    phrase\n    searchVolume\n    dynamics(period: WEEKLY) {\n      trend\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Regions($phrase: String!, $level: RegionLevel) {\n  regions(phrase: $phrase, level: $level) {\n    regionId\n    regionNameEn\n    count\n    share\n    affinityIndex\n  }\n}"): (typeof documents)["query Regions($phrase: String!, $level: RegionLevel) {\n  regions(phrase: $phrase, level: $level) {\n    regionId\n    regionNameEn\n    count\n    share\n    affinityIndex\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Suggestions($keyword: String!, $limit: Int) {\n  suggestions(keyword: $keyword, limit: $limit) {\n    seedKeyword\n    items {\n      keyword\n      searchVolume\n      competition\n    }\n  }\n}"): (typeof documents)["query Suggestions($keyword: String!, $limit: Int) {\n  suggestions(keyword: $keyword, limit: $limit) {\n    seedKeyword\n    items {\n      keyword\n      searchVolume\n      competition\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Top($phrase: String!, $numPhrases: Int) {\n  top(phrase: $phrase, numPhrases: $numPhrases) {\n    totalCount\n    results {\n      phrase\n      count\n    }\n  }\n}"): (typeof documents)["query Top($phrase: String!, $numPhrases: Int) {\n  top(phrase: $phrase, numPhrases: $numPhrases) {\n    totalCount\n    results {\n      phrase\n      count\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;