// Prose shared by several operations' field docs (REST OpenAPI and MCP tool schemas both read it).

export const DEVICES_DOC =
  'One string or an array: DEVICE_ALL, DEVICE_DESKTOP, DEVICE_PHONE, DEVICE_TABLET or all, desktop, phone|mobile, tablet (any case).';
export const REGIONS_DOC = 'Up to 100 region codes of the region tree (e.g. 213 Moscow); default all regions.';
export const PHRASE_DOC = 'Non-empty, at most 400 characters.';
export const LOCATION_CODE_DOC =
  'Region code of the keyword-data family: 2643 Russia (default), 1012 Moscow, 1013 Saint Petersburg, 1014–1017, or any code /v1/keywords/locations lists (source region id + 10000, e.g. 10039 Rostov-on-Don). Any other code is computed as Russia, echoed as sent and flagged (X-Location-Fallback header, location_note).';
export const LOCATION_NAME_DOC =
  'Or the location by name, Russian or English: "Moscow", "Москва", "Saint Petersburg", or "Троицк, Москва" (the place, then a region it lies in). A name that matches no region or several is refused (40501) with candidates. Sent with location_code, both must name the same region.';

/** An example /v1 envelope holding one task with `result` (OpenAPI examples). */
export const envelopeExample = (path: string, request: Record<string, unknown>, result: unknown[]) => {
  const [, api = '', fn = ''] = path.split('/').filter(Boolean);
  const task = {
    id: '0b6f3d2a-6c1e-4f7b-9a51-3f0c1e2d4b5a',
    status_code: 20000,
    status_message: 'Ok.',
    time: '0.0123 sec.',
    cost: 1,
    result_count: result.length,
    path: path.split('/').filter(Boolean),
    data: { api, function: fn, ...request },
    result,
  };
  return { version: '0.1.20260122', status_code: 20000, status_message: 'Ok.', time: '0.0123 sec.', cost: 1, tasks_count: 1, tasks_error: 0, tasks: [task] };
};
