import { describe, expect, it } from 'vitest';
import { modelMismatches } from './client-models.js';

/* The type check the /v3 tests rely on catches what issue 26 found in /v1 answers read by the official client. */
describe('the check against the client models', () => {
  it("flags /v1's numeric competition where the Google Ads row has the string enum, and a string where a number belongs", () => {
    const v1Shaped = { status_code: 20000, tasks: [{ status_code: 20000, result: [{ keyword: 'a', competition: 0.42, competition_index: 'HIGH', monthly_searches: [{ year: '2026', month: 1, search_volume: 10 }] }] }] };
    expect(modelMismatches('KeywordsDataGoogleAdsSearchVolumeLiveResponseInfo', v1Shaped)).toEqual([
      'KeywordsDataGoogleAdsSearchVolumeLiveResponseInfo.tasks[0].result[0].competition: expected string, got 0.42',
      'KeywordsDataGoogleAdsSearchVolumeLiveResponseInfo.tasks[0].result[0].competition_index: expected number, got "HIGH"',
      'KeywordsDataGoogleAdsSearchVolumeLiveResponseInfo.tasks[0].result[0].monthly_searches[0].year: expected number, got "2026"',
    ]);
  });

  it('flags a flat Labs row where keyword_info must be an object, and passes extras and nulls', () => {
    const flat = { tasks: [{ result: [{ items: [{ keyword: 'a', keyword_info: 5, our_extra: { any: 1 }, serp_info: null }] }] }] };
    expect(modelMismatches('DataforseoLabsGoogleKeywordSuggestionsLiveResponseInfo', flat)).toEqual([
      'DataforseoLabsGoogleKeywordSuggestionsLiveResponseInfo.tasks[0].result[0].items[0].keyword_info: expected a KeywordInfo object, got 5',
    ]);
  });
});
