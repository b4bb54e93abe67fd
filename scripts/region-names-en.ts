/**
 * Well-known English names for the regions of the Yandex tree whose English name is not (or not only) a
 * transliteration. Used by scripts/build-regions.ts; everything not listed here is named by the rules in
 * region-name-rules.ts or, failing those, by transliteration.
 *
 * Sources of the spellings: the usual English exonyms (ISO 3166 short names in their common English form for
 * countries, without diacritics), the official English names of Russia's federal districts and subjects, and for
 * Ukrainian places the Ukrainian-based romanisation that is official in English since 2010 (Kyiv, Kharkiv).
 */

/** Continents and groups (roots), Russia's federal districts, and every country of the tree, by Yandex id. */
export const NAME_EN_BY_ID: Readonly<Record<number, string>> = {
  // Roots: continents and groups.
  111: 'Europe',
  138: 'Australia and Oceania',
  166: 'CIS (excluding Russia)',
  183: 'Asia',
  241: 'Africa',
  10002: 'North America',
  10003: 'South America',
  // Russia's federal districts (the source uses Yandex's short names, e.g. "Центр", "Урал").
  3: 'Central Federal District',
  17: 'Northwestern Federal District',
  26: 'Southern Federal District',
  40: 'Volga Federal District',
  52: 'Ural Federal District',
  59: 'Siberian Federal District',
  73: 'Far Eastern Federal District',
  102444: 'North Caucasian Federal District',
  // Countries.
  84: 'United States', 93: 'Argentina', 94: 'Brazil', 95: 'Canada', 96: 'Germany', 102: 'United Kingdom',
  113: 'Austria', 114: 'Belgium', 115: 'Bulgaria', 116: 'Hungary', 117: 'Lithuania', 118: 'Netherlands',
  119: 'Norway', 120: 'Poland', 121: 'Slovakia', 122: 'Slovenia', 123: 'Finland', 124: 'France',
  125: 'Czech Republic', 126: 'Switzerland', 127: 'Sweden', 134: 'China', 135: 'South Korea', 137: 'Japan',
  139: 'New Zealand', 149: 'Belarus', 159: 'Kazakhstan', 167: 'Azerbaijan', 168: 'Armenia', 169: 'Georgia',
  170: 'Turkmenistan', 171: 'Uzbekistan', 179: 'Estonia', 180: 'Serbia', 181: 'Israel', 187: 'Ukraine',
  203: 'Denmark', 204: 'Spain', 205: 'Italy', 206: 'Latvia', 207: 'Kyrgyzstan', 208: 'Moldova',
  209: 'Tajikistan', 210: 'United Arab Emirates', 211: 'Australia', 225: 'Russia', 246: 'Greece',
  983: 'Turkey', 994: 'India', 995: 'Thailand', 1056: 'Egypt', 10074: 'Portugal', 10077: 'Romania',
  10083: 'Croatia', 20574: 'Cyprus', 20975: 'Cambodia', 21610: 'Montenegro', 29386: 'Abkhazia',
};

/**
 * Whole names with a well-known English form that no rule would produce: republics known by their short name,
 * big cities, and cities whose English name is not the transliteration of the Russian one.
 */
export const NAME_EN_BY_NAME: Readonly<Record<string, string>> = {
  // Republics of Russia known in English by their short name.
  'Республика Татарстан': 'Tatarstan',
  'Республика Башкортостан': 'Bashkortostan',
  'Чеченская Республика': 'Chechnya',
  'Удмуртская Республика': 'Udmurtia',
  'Чувашская Республика': 'Chuvashia',
  'Кабардино-Балкарская Республика': 'Kabardino-Balkaria',
  'Карачаево-Черкесская Республика': 'Karachay-Cherkessia',
  'Республика Северная Осетия — Алания': 'North Ossetia-Alania',
  'Республика Саха (Якутия)': 'Sakha (Yakutia)',
  // The oblast kept its old name when the city was renamed.
  'Днепр и область': 'Dnipro and Dnipropetrovsk Oblast',
  // Big Russian cities (most equal their transliteration; listed so that they never depend on it).
  'Москва': 'Moscow',
  'Санкт-Петербург': 'Saint Petersburg',
  'Нижний Новгород': 'Nizhny Novgorod',
  'Екатеринбург': 'Yekaterinburg',
  'Новосибирск': 'Novosibirsk',
  'Казань': 'Kazan',
  'Самара': 'Samara',
  'Ростов-на-Дону': 'Rostov-on-Don',
  'Уфа': 'Ufa',
  'Красноярск': 'Krasnoyarsk',
  'Пермь': 'Perm',
  'Воронеж': 'Voronezh',
  'Волгоград': 'Volgograd',
  'Челябинск': 'Chelyabinsk',
  'Омск': 'Omsk',
  'Краснодар': 'Krasnodar',
  'Саратов': 'Saratov',
  'Тюмень': 'Tyumen',
  'Тольятти': 'Tolyatti',
  'Ижевск': 'Izhevsk',
  'Барнаул': 'Barnaul',
  'Ульяновск': 'Ulyanovsk',
  'Иркутск': 'Irkutsk',
  'Хабаровск': 'Khabarovsk',
  'Ярославль': 'Yaroslavl',
  'Владивосток': 'Vladivostok',
  'Махачкала': 'Makhachkala',
  'Томск': 'Tomsk',
  'Оренбург': 'Orenburg',
  'Кемерово': 'Kemerovo',
  'Новокузнецк': 'Novokuznetsk',
  'Рязань': 'Ryazan',
  'Астрахань': 'Astrakhan',
  'Набережные Челны': 'Naberezhnye Chelny',
  'Пенза': 'Penza',
  'Орёл': 'Oryol',
  'Великий Новгород': 'Veliky Novgorod',
  'Комсомольск-на-Амуре': 'Komsomolsk-on-Amur',
  'Евпатория': 'Yevpatoria',
  'Феодосия': 'Feodosia',
  // Ukraine: Ukrainian-based English names.
  'Киев': 'Kyiv',
  'Харьков': 'Kharkiv',
  'Одесса': 'Odesa',
  'Львов': 'Lviv',
  'Днепр': 'Dnipro',
  'Запорожье': 'Zaporizhzhia',
  'Николаев': 'Mykolaiv',
  'Винница': 'Vinnytsia',
  'Хмельницкий': 'Khmelnytskyi',
  'Луганск': 'Luhansk',
  'Кривой Рог': 'Kryvyi Rih',
  'Белая Церковь': 'Bila Tserkva',
  'Кременчуг': 'Kremenchuk',
  'Горловка': 'Horlivka',
  'Каменское': 'Kamianske',
  'Макеевка': 'Makiivka',
  'Северодонецк': 'Sievierodonetsk',
  'Павлоград': 'Pavlohrad',
  'Нежин': 'Nizhyn',
  'Ужгород': 'Uzhhorod',
  'Тернополь': 'Ternopil',
  'Ивано-Франковск': 'Ivano-Frankivsk',
  'Черновцы': 'Chernivtsi',
  'Ровно': 'Rivne',
  'Черкассы': 'Cherkasy',
  'Житомир': 'Zhytomyr',
  'Кропивницкий': 'Kropyvnytskyi',
  'Луцк': 'Lutsk',
  'Чернигов': 'Chernihiv',
  // Belarus and Kazakhstan: the established English forms.
  'Минск': 'Minsk',
  'Могилёв': 'Mogilev',
  'Бобруйск': 'Bobruisk',
  'Алматы': 'Almaty',
  'Астана': 'Astana',
  'Караганда': 'Karaganda',
};

/**
 * English stems of the adjectives that name oblasts, krais and autonomous okrugs, keyed by the Russian adjective
 * without its two-letter ending ("Белгородская" / "Белгородский" → "Белгородск"), so one entry serves both genders.
 */
export const ADJECTIVE_STEMS_EN: Readonly<Record<string, string>> = {
  Белгородск: 'Belgorod', Брянск: 'Bryansk', Владимирск: 'Vladimir', Воронежск: 'Voronezh', Ивановск: 'Ivanovo',
  Калужск: 'Kaluga', Костромск: 'Kostroma', Курск: 'Kursk', Липецк: 'Lipetsk', Орловск: 'Oryol',
  Рязанск: 'Ryazan', Смоленск: 'Smolensk', Тамбовск: 'Tambov', Тверск: 'Tver', Тульск: 'Tula',
  Ярославск: 'Yaroslavl', Московск: 'Moscow', Ленинградск: 'Leningrad', Архангельск: 'Arkhangelsk',
  Вологодск: 'Vologda', Калининградск: 'Kaliningrad', Мурманск: 'Murmansk', Новгородск: 'Novgorod',
  Псковск: 'Pskov', Астраханск: 'Astrakhan', Волгоградск: 'Volgograd', Ростовск: 'Rostov',
  Краснодарск: 'Krasnodar', Кировск: 'Kirov', Нижегородск: 'Nizhny Novgorod', Оренбургск: 'Orenburg',
  Пензенск: 'Penza', Пермск: 'Perm', Самарск: 'Samara', Саратовск: 'Saratov', Ульяновск: 'Ulyanovsk',
  Курганск: 'Kurgan', Свердловск: 'Sverdlovsk', Тюменск: 'Tyumen', Челябинск: 'Chelyabinsk', Алтайск: 'Altai',
  Иркутск: 'Irkutsk', Кемеровск: 'Kemerovo', Красноярск: 'Krasnoyarsk', Новосибирск: 'Novosibirsk',
  Омск: 'Omsk', Томск: 'Tomsk', Амурск: 'Amur', Камчатск: 'Kamchatka', Магаданск: 'Magadan',
  Приморск: 'Primorsky', Сахалинск: 'Sakhalin', Хабаровск: 'Khabarovsk', Забайкальск: 'Zabaykalsky',
  Ставропольск: 'Stavropol', Еврейск: 'Jewish', Ненецк: 'Nenets', Чукотск: 'Chukotka',
  'Ямало-Ненецк': 'Yamalo-Nenets', 'Ханты-Мансийск': 'Khanty-Mansi',
  // Kazakhstan.
  'Восточно-Казахстанск': 'East Kazakhstan', 'Западно-Казахстанск': 'West Kazakhstan',
  'Северо-Казахстанск': 'North Kazakhstan', 'Южно-Казахстанск': 'South Kazakhstan', Акмолинск: 'Akmola',
  Жамбылск: 'Jambyl', Мангистауск: 'Mangystau',
  // Ukraine.
  Закарпатск: 'Zakarpattia', Кировоградск: 'Kirovohrad', Волынск: 'Volyn',
};

/** Proper names inside "Республика …" and after an autonomous okrug's dash. */
export const PROPER_NAMES_EN: Readonly<Record<string, string>> = {
  Карелия: 'Karelia', Коми: 'Komi', Адыгея: 'Adygea', Калмыкия: 'Kalmykia', 'Марий Эл': 'Mari El',
  Мордовия: 'Mordovia', Алтай: 'Altai', Тыва: 'Tuva', Хакасия: 'Khakassia', Бурятия: 'Buryatia',
  Дагестан: 'Dagestan', Ингушетия: 'Ingushetia', Крым: 'Crimea', Югра: 'Yugra',
};
