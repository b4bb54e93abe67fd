/**
 * The 81 provinces of Turkey as the Yandex tree names them ("Провинция Стамбул" → key "Стамбул"), mapped to their
 * Turkish names written without diacritics (ğ→g, ı/İ→i/I, ö→o, ş→s, ü→u, ç→c), the usual English spelling
 * (Istanbul, Izmir). Transliterating the Russian rendering would give nonsense ("Ygdyr" for Iğdır).
 */
export const TURKISH_PROVINCES_EN: Readonly<Record<string, string>> = {
  Агры: 'Agri', Адана: 'Adana', Адыяман: 'Adiyaman', Айдын: 'Aydin', Аксарай: 'Aksaray', Амасья: 'Amasya',
  Анкара: 'Ankara', Анталья: 'Antalya', Ардахан: 'Ardahan', Артвин: 'Artvin', Афьонкарахисар: 'Afyonkarahisar',
  Байбурт: 'Bayburt', Балыкесир: 'Balikesir', Бартын: 'Bartin', Батман: 'Batman', Биледжик: 'Bilecik',
  Бингёль: 'Bingol', Битлис: 'Bitlis', Болу: 'Bolu', Бурдур: 'Burdur', Бурса: 'Bursa', Ван: 'Van',
  Газиантеп: 'Gaziantep', Гиресун: 'Giresun', Гюмюшхане: 'Gumushane', Денизли: 'Denizli',
  Диярбакыр: 'Diyarbakir', Дюздже: 'Duzce', Зонгулдак: 'Zonguldak', Измир: 'Izmir', Йозгат: 'Yozgat',
  Кайсери: 'Kayseri', Карабюк: 'Karabuk', Караман: 'Karaman', Карс: 'Kars', Кастамону: 'Kastamonu',
  Кахраманмараш: 'Kahramanmaras', Килис: 'Kilis', Коджаэли: 'Kocaeli', Конья: 'Konya',
  Кыркларели: 'Kirklareli', Кыршехир: 'Kirsehir', Кырыккале: 'Kirikkale', Кютахья: 'Kutahya',
  Малатья: 'Malatya', Маниса: 'Manisa', Мардин: 'Mardin', Мерсин: 'Mersin', Мугла: 'Mugla', Муш: 'Mus',
  Невшехир: 'Nevsehir', Нигде: 'Nigde', Орду: 'Ordu', Османие: 'Osmaniye', Ризе: 'Rize', Сакарья: 'Sakarya',
  Самсун: 'Samsun', Сивас: 'Sivas', Сиирт: 'Siirt', Синоп: 'Sinop', Стамбул: 'Istanbul', Текирдаг: 'Tekirdag',
  Токат: 'Tokat', Трабзон: 'Trabzon', Тунджели: 'Tunceli', Ушак: 'Usak', Хаккяри: 'Hakkari', Хатай: 'Hatay',
  Чанаккале: 'Canakkale', Чанкыры: 'Cankiri', Чорум: 'Corum', Шанлыурфа: 'Sanliurfa', Ширнак: 'Sirnak',
  Ыгдыр: 'Igdir', Ыспарта: 'Isparta', Эдирне: 'Edirne', Элязыг: 'Elazig', Эрзинджан: 'Erzincan',
  Эрзурум: 'Erzurum', Эскишехир: 'Eskisehir', Ялова: 'Yalova',
};
