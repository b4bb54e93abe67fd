import type { CorePhraseInput } from '../../src/domain/core/clean.js';

/** A deterministic, plausible niche: products × modifiers × tails, with noise and other cities among them. */
export function corePhrases(n: number, salt: number): CorePhraseInput[] {
  const products = ['велосипед', 'велосипеды', 'самокат', 'самокаты', 'беговел', 'электросамокат', 'шлем', 'велосипедный шлем', 'горный велосипед', 'трехколесный велосипед', 'bmx', 'fatbike', 'велокресло', 'велосипедная камера', 'насос для велосипеда'];
  const who = ['', 'детский', 'детские', 'для мальчика', 'для девочки', 'подростковый', 'взрослый', 'женский', 'мужской', 'складной', 'скоростной', 'легкий', 'лучший', 'недорогой', 'дешевле'];
  const intent = ['', 'купить', 'куплю', 'цена', 'цены', 'магазин', 'интернет магазин', 'недорого', 'со скидкой', 'в кредит', 'доставка', 'распродажа', 'отзывы', 'бесплатно', 'своими руками', 'как выбрать', 'б/у', 'авито', 'вакансии', 'фото', 'ремонт', 'запчасти', 'размер', 'на 10 лет', 'на 5 лет', '20 дюймов', '24 дюйма', '26 дюймов'];
  const brands = ['', '', '', 'stels', 'stern', 'forward', 'merida', 'trek', 'giant', 'cube', 'author', 'format', 'novatrack', 'schwinn', 'kugoo', 'xiaomi'];
  const where = ['', '', '', '', 'в москве', 'москва', 'мск', 'спб', 'екатеринбург', 'в казани', 'новосибирск', 'нижний новгород', 'химки', 'зеленоград'];
  const out: CorePhraseInput[] = [];
  // mulberry32: deterministic and evenly spread (an LCG's low bits would correlate the parts).
  let x = 12345 + salt * 7919;
  const next = (m: number) => {
    x = (x + 0x6d2b79f5) | 0;
    let z = Math.imul(x ^ (x >>> 15), 1 | x);
    z = (z + Math.imul(z ^ (z >>> 7), 61 | z)) ^ z;
    return Math.floor((((z ^ (z >>> 14)) >>> 0) / 4294967296) * m);
  };
  while (out.length < n) {
    const parts = [intent[next(intent.length)], who[next(who.length)], products[next(products.length)], brands[next(brands.length)], where[next(where.length)]];
    if (next(2)) parts.reverse();
    const phrase = parts.filter(Boolean).join(' ');
    out.push({ phrase: `${phrase}${next(5) === 0 ? ` ${next(90) + 10}` : ''}`, volume: next(5000), exact: next(20) === 0 ? 0 : next(500) });
  }
  return out;
}
