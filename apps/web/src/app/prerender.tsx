// The build's server-side entry (scripts/prerender.mjs): renders the signed-out first screens, `/`
// and `/login`, once per language, into HTML the API sends before any JavaScript has run. The app's
// own tree; in the browser no React takes it over (src/first-screen.ts is the pages' only script).
import type { TAppLanguage } from '@uniapply/shared';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { meQueryKey } from '../features/auth/session';
import { START_NAMESPACES } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import startEn from '../locales/start-en';
import startRu from '../locales/start-ru';
import startUz from '../locales/start-uz';
import { Providers } from './providers';
import { AppRoutes } from './routes';

const START = { uz: startUz, en: startEn, ru: startRu } as const;

/**
 * The prerendered pages: their file, the tab title, and the lazily loaded modules they show (their
 * stylesheets go into the page, or the first paint would lack them until the script loads them).
 */
export const PRERENDERED_PAGES = {
  '/': {
    file: 'index.html',
    title: (t: (key: string) => string) => t('landing:meta.title'),
    lazy: ['src/features/landing/contact-form.tsx'],
  },
  '/login': {
    file: 'login.html',
    title: (t: (key: string) => string) => `${t('auth:page.title')} · UniApply`,
    lazy: ['src/features/auth/login-page.tsx'],
  },
} as const;

export type TPrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** The markup of `#root` and the tab title of one page in one language, for a signed-out visitor. */
export async function renderPage(
  language: TAppLanguage,
  path: TPrerenderedPath,
): Promise<{ html: string; title: string }> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: [...START_NAMESPACES],
    defaultNS: 'common',
    resources: { [language]: START[language] as Record<string, Record<string, unknown>> },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });
  const queryClient = createQueryClient();
  // No session cookie, no session: the server sends these pages only to signed-out visitors.
  queryClient.setQueryData(meQueryKey, null);
  const page = (
    <StrictMode>
      <Providers i18n={i18n} queryClient={queryClient}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>
  );
  // Twice: a lazily loaded part (the login screen, the contact form) suspends the first time, and
  // React's streaming renderers send such a part (and any large one) after the page with an inline
  // script that moves it in place, which the CSP (script-src 'self') blocks. `prerender` waits for
  // every lazy module; then `renderToString` draws the whole page in place, with no script.
  await new Response((await prerender(page)).prelude).text();
  const html = renderToString(page);
  if (html.includes('<script') || html.includes('<!--$!-->')) {
    throw new Error(`The prerendered ${path} holds an inline script or a part left to the browser`);
  }
  return { html, title: PRERENDERED_PAGES[path].title((key) => i18n.t(key)) };
}
