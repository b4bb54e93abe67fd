import { GraphQLError, Kind } from 'graphql';
import { isIsoDate } from '../../domain/dates/calendar.js';
import { builder } from '../builder.js';

function parseDate(value: unknown): string {
  if (typeof value === 'string' && isIsoDate(value)) return value;
  throw new GraphQLError(`Date must be a valid calendar date written YYYY-MM-DD, got ${JSON.stringify(value)}`, {
    extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
  });
}

builder.scalarType('Date', {
  description: 'A calendar date, YYYY-MM-DD (in the service time zone).',
  serialize: (value) => value,
  parseValue: parseDate,
  // A plain Error, so graphql's validation wraps it with the literal's location (a GraphQLError would be
  // reported as is, without one): the error is then tied to its argument and named (useArgumentErrors).
  parseLiteral: (ast) => {
    const value = ast.kind === Kind.STRING ? ast.value : undefined;
    if (typeof value === 'string' && isIsoDate(value)) return value;
    throw new Error(`a Date must be a valid calendar date written YYYY-MM-DD`);
  },
});
