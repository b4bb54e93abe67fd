import { describe, expect, it } from 'vitest';
import { keywordFormOf } from '../../src/domain/keyword-form.js';

describe('a keyword\'s form from its own Wordstat operators (issue 24, item 4)', () => {
  it.each([
    ['детский велосипед', 'broad', 'детский велосипед', 'детский велосипед'],
    ['велосипед +для взрослых', 'broad', 'велосипед +для взрослых', 'велосипед +для взрослых'],
    ['"детский велосипед"', 'phrase', '"детский велосипед"', 'детский велосипед'],
    ['!детский !велосипед', 'exact', '"!детский !велосипед"', 'детский велосипед'],
    ['"!детский !велосипед"', 'exact', '"!детский !велосипед"', 'детский велосипед'],
    ['[велосипед детский]', 'order', '[велосипед детский]', 'велосипед детский'],
    ['велосипед -трехколесный', 'operators', 'велосипед -трехколесный', 'велосипед'],
    ['(красный|синий) велосипед', 'operators', '(красный|синий) велосипед', 'велосипед'],
    ['"!детский велосипед"', 'operators', '"!детский велосипед"', 'детский велосипед'],
    ['!детский велосипед', 'operators', '!детский велосипед', 'детский велосипед'],
    ['"детский велосипед" -купить', 'operators', '"детский велосипед" -купить', 'детский велосипед'],
    ['веб-камера -бу', 'operators', 'веб-камера -бу', 'веб-камера'],
  ])('%s → %s, counted as %s, months from %s', (keyword, form, measured, base) => {
    expect(keywordFormOf(keyword)).toEqual({ form, measured, base });
  });

  it('alternatives with no word outside them have no base phrase: no months can be derived', () => {
    expect(keywordFormOf('велосипед | самокат')).toEqual({ form: 'operators', measured: 'велосипед | самокат', base: undefined });
    expect(keywordFormOf('(велосипед|самокат)').base).toBeUndefined();
  });

  it('never throws on broken syntax: the source judges it', () => {
    expect(keywordFormOf('[велосипед детский')).toMatchObject({ form: 'operators', measured: '[велосипед детский', base: 'велосипед детский' });
    expect(keywordFormOf('""').form).toBe('operators');
  });
});
