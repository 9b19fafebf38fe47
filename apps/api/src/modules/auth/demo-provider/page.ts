import { DEMO_ACCOUNTS } from '../../../db/seed/demo-accounts.js';
import { DEMO_PAGE_LANGUAGES, DEMO_TEXTS, type TDemoPageLanguage } from './texts.js';

// The demo provider's pages: plain HTML, no JavaScript, readable at 360 px.

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1b1e;background:#f1f3f5}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
p{margin:.25rem 0 1rem}
ul{list-style:none;margin:0;padding:0}
li{margin:0 0 .75rem}
button{width:100%;min-height:2.75rem;padding:.5rem 1rem;font:inherit;font-weight:600;border-radius:.375rem;border:2px solid #1864ab;background:#1864ab;color:#fff;cursor:pointer;overflow-wrap:anywhere}
button.secondary{background:#fff;color:#1864ab}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #e8590c;outline-offset:2px}
.hint{display:block;font-size:.875rem;color:#495057}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;min-height:2.75rem;padding:.5rem;font:inherit;border:1px solid #495057;border-radius:.375rem;margin-bottom:.75rem}
.error{color:#a51111;font-weight:600}
a{color:#1864ab}
nav ul{display:flex;gap:1rem;justify-content:flex-end}
nav li{margin:0}
.optional{font-weight:400;color:#495057}
`;

function layout(lang: TDemoPageLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** Each language named in itself, as in the portal's own switch. */
const LANGUAGE_NAMES: Record<TDemoPageLanguage, string> = { uz: 'Oʻzbekcha', ru: 'Русский', en: 'English' };

export type TSignInPage = {
  /** The page's own address: the language links point at it. */
  pageUrl: string;
  loginAction: string;
  abortAction: string;
  lang: TDemoPageLanguage;
  email?: string;
  firstName?: string;
  lastName?: string;
  error?: 'email' | 'name';
};

export function renderSignInPage(page: TSignInPage): string {
  const text = DEMO_TEXTS[page.lang];
  const action = escapeHtml(page.loginAction);
  // Plain links, no JavaScript: the choice travels in the address and in each form.
  const switcher = DEMO_PAGE_LANGUAGES.map((l) =>
    l === page.lang
      ? `<li><a href="${escapeHtml(`${page.pageUrl}?lang=${l}`)}" lang="${l}" aria-current="true">${LANGUAGE_NAMES[l]}</a></li>`
      : `<li><a href="${escapeHtml(`${page.pageUrl}?lang=${l}`)}" lang="${l}" hreflang="${l}">${LANGUAGE_NAMES[l]}</a></li>`,
  ).join('');
  const lang = `<input type="hidden" name="lang" value="${page.lang}">`;
  const accounts = DEMO_ACCOUNTS.map(
    (a, i) => `<li>
<button type="submit" name="email" value="${escapeHtml(a.email)}" aria-describedby="demo-account-${i}">${escapeHtml(a.email)}</button>
<span class="hint" id="demo-account-${i}">${escapeHtml(text.roles[a.role])}: ${escapeHtml(`${a.firstName} ${a.lastName}`)}</span>
</li>`,
  ).join('\n');
  const emailError = page.error === 'email';
  const nameError = page.error === 'name';
  const invalid = (yes: boolean, id: string) => (yes ? ` aria-invalid="true" aria-describedby="${id}"` : '');
  const error = (yes: boolean, id: string, message: string) =>
    yes ? `<p class="error" id="${id}">${escapeHtml(message)}</p>` : '';
  const optional = `<span class="optional">(${escapeHtml(text.optional)})</span>`;
  return layout(
    page.lang,
    text.title,
    `<nav aria-label="${escapeHtml(text.language)}"><ul>${switcher}</ul></nav>
<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.intro)}</p>
<h2>${escapeHtml(text.accounts)}</h2>
<form method="post" action="${action}">
${lang}
<ul>
${accounts}
</ul>
</form>
<h2>${escapeHtml(text.other)}</h2>
<p>${escapeHtml(text.otherText)}</p>
<form method="post" action="${action}" novalidate>
${lang}
<label for="email">${escapeHtml(text.email)}</label>
${error(emailError, 'email-error', text.invalidEmail)}<input id="email" name="email" type="email" autocomplete="email" maxlength="254" required value="${escapeHtml(page.email ?? '')}"${invalid(emailError, 'email-error')}>
${error(nameError, 'name-error', text.invalidName)}<label for="given_name">${escapeHtml(text.firstName)} ${optional}</label>
<input id="given_name" name="given_name" autocomplete="given-name" maxlength="100" value="${escapeHtml(page.firstName ?? '')}"${invalid(nameError, 'name-error')}>
<label for="family_name">${escapeHtml(text.lastName)} ${optional}</label>
<input id="family_name" name="family_name" autocomplete="family-name" maxlength="100" value="${escapeHtml(page.lastName ?? '')}"${invalid(nameError, 'name-error')}>
<button type="submit">${escapeHtml(text.submitEmail)}</button>
</form>
<form method="post" action="${escapeHtml(page.abortAction)}">
${lang}
<h2>${escapeHtml(text.changedMind)}</h2>
<button type="submit" class="secondary">${escapeHtml(text.cancel)}</button>
</form>`,
  );
}

export function renderExpiredPage(lang: TDemoPageLanguage): string {
  const text = DEMO_TEXTS[lang];
  return layout(
    lang,
    text.expiredTitle,
    `<h1>${escapeHtml(text.expiredTitle)}</h1>
<p>${escapeHtml(text.expiredText)}</p>
<p><a href="/">${escapeHtml(text.back)}</a></p>`,
  );
}

export function renderProviderError(lang: TDemoPageLanguage, error: string, description: string): string {
  const text = DEMO_TEXTS[lang];
  return layout(
    lang,
    text.errorTitle,
    `<h1>${escapeHtml(text.errorTitle)}</h1>
<p>${escapeHtml(text.errorText)} (${escapeHtml(error)}).</p>
${description ? `<p>${escapeHtml(description)}</p>` : ''}
<p><a href="/">${escapeHtml(text.back)}</a></p>`,
  );
}
