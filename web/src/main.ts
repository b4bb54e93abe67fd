import { ApiError, apiKey, describeMeta, relabelMetas } from './api.js';
import { byId } from './dom.js';
import { applyStaticTexts, lang, type MessageKey, onLangChange, setLang, t, type Lang } from './i18n.js';
import { createCoreView } from './core-view.js';
import { createKeywordsView } from './keywords-view.js';
import { createPhraseView } from './phrase-view.js';
import './styles.css';

/** An error in the view's status line (announced: role=status), with the call's cost when it had one. */
function showError(where: HTMLElement, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  const meta = error instanceof ApiError ? describeMeta(error.meta) : '';
  where.textContent = `${t('error')}: ${message}${meta ? ` (${meta})` : ''}`;
  where.classList.add('error');
}

function setUpKey(): void {
  const input = byId<HTMLInputElement>('api-key');
  const keyStatus = byId('key-status');
  // Marked data-i18n, so a language switch re-writes it too.
  const say = (message: MessageKey) => {
    keyStatus.dataset.i18n = message;
    keyStatus.textContent = t(message);
  };
  input.value = apiKey.get();
  byId<HTMLFormElement>('key-form').addEventListener('submit', (event) => {
    event.preventDefault();
    apiKey.set(input.value);
    say('keySaved');
  });
  // A key typed and left (without "Save") is kept too, so the next visit has it.
  input.addEventListener('change', () => {
    if (input.value.trim()) apiKey.set(input.value);
  });
  byId('forget-key').addEventListener('click', () => {
    apiKey.clear();
    input.value = '';
    say('keyForgotten');
  });
  // The server offers its development key only to a loopback client of a development instance (null otherwise).
  void fetch('/explorer/dev-key', { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<{ key: string | null }>) : undefined))
    .then((offer) => {
      const key = offer?.key;
      if (!key) return;
      const button = byId('dev-key');
      button.hidden = false;
      button.addEventListener('click', () => {
        input.value = key;
        apiKey.set(key);
        say('keySaved');
      });
      if (!apiKey.get()) button.click();
    })
    .catch(() => undefined);
}

/** Tabs as the ARIA pattern has them: arrows move between tabs, the panel follows. */
function setUpTabs(): void {
  const tabs = [byId('tab-phrase'), byId('tab-keywords'), byId('tab-core')];
  const select = (tab: HTMLElement) => {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      byId(other.getAttribute('aria-controls')!).hidden = !selected;
    }
    tab.focus();
  };
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => select(tab));
    tab.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        select(tabs[(i + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!);
      }
    });
  });
}

function start(): void {
  applyStaticTexts();
  const langSelect = byId<HTMLSelectElement>('lang');
  langSelect.value = lang();
  langSelect.addEventListener('change', () => setLang(langSelect.value as Lang));
  setUpKey();
  setUpTabs();
  const phrase = createPhraseView(showError);
  const keywords = createKeywordsView(showError);
  const core = createCoreView(showError);
  onLangChange(() => {
    relabelMetas();
    phrase.relabel();
    keywords.relabel();
    core.relabel();
  });
}

start();
