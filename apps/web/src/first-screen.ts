// The only script of the prerendered first screens, `/` and `/login` (scripts/prerender.mjs), which
// the server sends to visitors without a session: no React, a few kilobytes. Their links and forms
// work before and without it (docs/decisions.md: "The first screen runs no React"); this adds what
// the app does there: the language choice applies on change, registering asks for the role in the
// page's words, /login's tabs and Student/Agent toggle switch, and the contact form, the one part
// that needs the app, arrives when it comes near the screen or is used (app/contact-island.tsx).
// It imports nothing the app's entry imports: that would make the app's initial chunk load here.

/** LANGUAGE_STORAGE_KEY and LANGUAGES of packages/shared, and LANGUAGE_CHOSEN_SIGNED_OUT_KEY of features/auth/language.ts. */
const LANGUAGE_KEY = 'appLanguage';
const CHOSEN_SIGNED_OUT_KEY = 'appLanguageChosenSignedOut';
const LANGUAGES = ['uz', 'ru', 'en'];

const storage = {
  get: (key: string) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key: string, value: string) => {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage refused: the cookie the server sets still carries the choice.
    }
  },
};

/**
 * A language chosen in this browser before (lib/i18n.ts `startLanguage`) wins over the cookie the
 * server followed: the cookie is set to it and the page asked for again. True when reloading.
 */
function followStoredLanguage(pageLanguage: string | undefined): boolean {
  const stored = storage.get(LANGUAGE_KEY);
  if (!stored || !pageLanguage) return false;
  const base = stored.toLowerCase().split('-')[0] ?? '';
  const language = LANGUAGES.includes(base) ? base : 'en';
  // biome-ignore lint/suspicious/noDocumentCookie: the same plain cookie lib/i18n.ts writes.
  document.cookie = `${LANGUAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
  // Already in it (the server's default, without a cookie): the cookie now says so too, so the
  // sign-in pages that follow (the demo provider reads it) speak the same language.
  if (language === pageLanguage) return false;
  // Cookies refused: no reload, or it would never end.
  if (!document.cookie.split('; ').includes(`${LANGUAGE_KEY}=${language}`)) return false;
  location.reload();
  return true;
}

/** The language select submits its form on change; the choice is also stored like the app stores it. */
function languageForms() {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-language-form]')) {
    form.addEventListener('change', (event) => {
      const select = event.target as HTMLSelectElement;
      if (select.name !== 'language') return;
      storage.set(LANGUAGE_KEY, select.value);
      storage.set(CHOSEN_SIGNED_OUT_KEY, '1');
      form.submit();
    });
  }
}

/** Registering without a role shows the panel's own message instead of the browser's. */
function registerForms() {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-register-form]')) {
    form.noValidate = true;
    const error = form.querySelector<HTMLElement>('#signup-role-error');
    form.addEventListener('submit', (event) => {
      if (form.querySelector('input[name="role"]:checked')) return;
      event.preventDefault();
      if (error) error.hidden = false;
    });
    form.addEventListener('change', () => {
      if (error) error.hidden = true;
    });
  }
}

/** Mantine's tabs as the app draws them: the chosen tab marked, its panel shown. */
function activateTab(tabs: HTMLElement[], chosen: HTMLElement) {
  for (const tab of tabs) {
    const selected = tab === chosen;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    tab.toggleAttribute('data-active', selected);
    const panel = document.querySelector<HTMLElement>(`[role="tabpanel"][aria-labelledby="${tab.id}"]`);
    if (panel) panel.style.display = selected ? '' : 'none';
  }
}

const TAB_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

function tabLists() {
  for (const list of document.querySelectorAll<HTMLElement>('[role="tablist"]')) {
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
    list.addEventListener('click', (event) => {
      const tab = (event.target as Element).closest<HTMLElement>('[role="tab"]');
      if (tab) activateTab(tabs, tab);
    });
    list.addEventListener('keydown', (event) => {
      const move = TAB_KEYS[event.key];
      const index = tabs.indexOf(event.target as HTMLElement);
      if (!move || index < 0) return;
      event.preventDefault();
      const next = tabs[move(index, tabs.length)];
      if (!next) return;
      next.focus();
      activateTab(tabs, next);
    });
  }
}

/** /login's Student/Agent toggle: the chosen one marked, its text shown, the Register link's role. */
function roleToggles() {
  for (const group of document.querySelectorAll<HTMLElement>('.mantine-SegmentedControl-root')) {
    group.addEventListener('change', () => {
      const role = group.querySelector<HTMLInputElement>('input:checked')?.value;
      if (!role) return;
      for (const input of group.querySelectorAll<HTMLInputElement>('input')) {
        const control = input.closest('.mantine-SegmentedControl-control');
        control?.toggleAttribute('data-active', input.checked);
        control?.querySelector('label')?.toggleAttribute('data-active', input.checked);
      }
      for (const text of document.querySelectorAll<HTMLElement>('[data-role-text]'))
        text.hidden = text.dataset.roleText !== role;
      const link = document.querySelector<HTMLAnchorElement>('a[data-register-link]');
      if (!link) return;
      const url = new URL(link.href);
      url.searchParams.set('role', role.toLowerCase());
      link.href = `${url.pathname}${url.search}`;
    });
  }
}

/**
 * The app's whole stylesheets, which the page names as `media="print"` so that they do not hold up
 * the first paint (its own rules are inline: scripts/prerender.mjs), apply once loaded. They change
 * nothing on the page as drawn; the contact form needs them. All of them apply in the same task:
 * one applied alone comes after the inline copy of the next and wins over its rules where their
 * selectors weigh the same (Mantine's Paper over /login's card, which then shifted by 10 px).
 * Resolves when they apply (those that failed to load stay off).
 */
function appStylesheets(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-app-stylesheet]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<boolean>((resolve) => {
          if (link.sheet) resolve(true);
          else {
            link.addEventListener('load', () => resolve(true), { once: true });
            link.addEventListener('error', () => resolve(false), { once: true });
          }
        }),
    ),
  ).then((loaded) => {
    links.forEach((link, index) => {
      if (loaded[index]) link.media = 'all';
    });
  });
}

/** The contact form is handed to the app when it comes near the screen, is touched or is sent. */
function contactForm(stylesheets: Promise<unknown>) {
  const card = document.querySelector<HTMLElement>('[data-contact-card]');
  if (!card) return;
  let loading = false;
  const load = () => {
    if (loading) return;
    loading = true;
    observer.disconnect();
    void Promise.all([import('./app/contact-island'), stylesheets]).then(([island]) =>
      island.mountContactForm(card),
    );
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load();
    },
    { rootMargin: '200px 0px' },
  );
  observer.observe(card);
  card.addEventListener('focusin', load);
  card.addEventListener('pointerdown', load);
  card.addEventListener('submit', (event) => {
    // Never the browser's own submit (it would post the message to this page): the app sends it.
    event.preventDefault();
    card.dataset.submitted = '1';
    load();
  });
}

if (!followStoredLanguage(document.getElementById('root')?.dataset.prerendered)) {
  languageForms();
  registerForms();
  tabLists();
  roleToggles();
  contactForm(appStylesheets());
}
