/**
 * A fixed, reproducible sample of phrases of 1–6 real words for the demo-source property tests (a tiny LCG,
 * so every run checks the same phrases and a failure names a phrase that fails again).
 */
export const WORDS: readonly string[] = [
  'слон', 'диван', 'ноутбук', 'погода', 'кофе', 'велосипед', 'квартира', 'ремонт', 'машина', 'шины', 'платье',
  'телефон', 'рецепт', 'торт', 'собака', 'кошка', 'билеты', 'театр', 'дача', 'теплица', 'куртка', 'зимняя',
  'красный', 'большой', 'детский', 'новый', 'дешевый', 'электрический', 'москва', 'казань', 'купить', 'цена',
  'отзывы', 'как', 'сделать', 'для', 'дома', 'своими', 'руками', 'лучший', 'недорого', 'в', 'на', 'с', 'из',
  'дерева', 'пластика', 'клей', 'краска', 'стена', 'обои', 'плитка', 'ванная', 'кухня', 'окно', 'дверь',
  'замок', 'ключ', 'часы', 'сумка', 'рюкзак', 'школа', 'курсы', 'английский', 'программирование', 'книга',
];

function* lcg(seed: number): Generator<number> {
  let state = seed >>> 0;
  for (;;) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    yield state / 4_294_967_296;
  }
}

/** `count` distinct phrases; word counts cycle through 1..6 so every length is equally represented. */
export function samplePhrases(count = 200, seed = 20260101): string[] {
  const random = lcg(seed);
  const next = () => random.next().value as number;
  const phrases = new Set<string>();
  for (let i = 0; phrases.size < count; i++) {
    const words = (i % 6) + 1;
    const picked: string[] = [];
    while (picked.length < words) {
      const word = WORDS[Math.floor(next() * WORDS.length)]!;
      if (!picked.includes(word)) picked.push(word);
    }
    phrases.add(picked.join(' '));
  }
  return [...phrases];
}

export const wordCount = (phrase: string): number => phrase.trim().split(/\s+/).length;

/** The day the demo tests run on: "last 30 days" answers cover 2026-10-21 … 2026-11-19. */
export const DEMO_TODAY = '2026-11-20';
