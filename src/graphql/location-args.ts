import { builder } from './builder.js';

/**
 * The location of a keyword field (keyword, keywords, suggestions, createSearchVolumeTask): the /v1 fields'
 * rules. No default value in the schema: 2643 (Russia) is the default when neither is given, and a default code
 * would contradict every locationName.
 */
export const locationArgs = builder.args((t) => ({
  locationCode: t.int({
    description:
      'Keyword-data location code (default 2643, Russia): 1012 Moscow, 1013 Saint Petersburg, …, or any code the locations answer lists (source region id + 10000). An unknown code is computed as Russia and flagged by locationNote.',
  }),
  locationName: t.string({
    description: 'Or the location by name: "Moscow", "Москва", "Saint Petersburg", "Троицк, Москва". A name that matches no region or several is refused, listing candidates.',
  }),
}));
