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
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : undefined),
});
