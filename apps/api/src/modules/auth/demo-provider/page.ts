import { DEMO_ACCOUNTS } from '../../../db/seed/demo-accounts.js';

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
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
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

export type TSignInPage = { loginAction: string; abortAction: string; email?: string; error?: string };

export function renderSignInPage(page: TSignInPage): string {
  const action = escapeHtml(page.loginAction);
  const accounts = DEMO_ACCOUNTS.map(
    (a, i) => `<li>
<button type="submit" name="email" value="${escapeHtml(a.email)}" aria-describedby="demo-account-${i}">${escapeHtml(a.email)}</button>
<span class="hint" id="demo-account-${i}">${escapeHtml(a.role)}: ${escapeHtml(`${a.firstName} ${a.lastName}`)}</span>
</li>`,
  ).join('\n');
  const invalid = page.error ? ' aria-invalid="true" aria-describedby="email-error"' : '';
  const error = page.error ? `<p class="error" id="email-error">${escapeHtml(page.error)}</p>` : '';
  return layout(
    'Demo sign-in',
    `<h1>Demo sign-in</h1>
<p>This is the portal's demo identity provider. No password is needed: choose an account.</p>
<h2>Demo accounts</h2>
<form method="post" action="${action}">
<ul>
${accounts}
</ul>
</form>
<h2>Another email</h2>
<p>Signing in with a new email creates a new account.</p>
<form method="post" action="${action}" novalidate>
<label for="email">Email</label>
${error}<input id="email" name="email" type="email" autocomplete="email" maxlength="254" required value="${escapeHtml(page.email ?? '')}"${invalid}>
<button type="submit">Sign in with this email</button>
</form>
<form method="post" action="${escapeHtml(page.abortAction)}">
<h2>Changed your mind?</h2>
<button type="submit" class="secondary">Cancel sign-in</button>
</form>`,
  );
}

export function renderExpiredPage(): string {
  return layout(
    'Sign-in expired',
    `<h1>Sign-in expired</h1>
<p>This sign-in page is no longer valid. Please start again.</p>
<p><a href="/">Back to the portal</a></p>`,
  );
}

export function renderProviderError(error: string, description: string): string {
  return layout(
    'Sign-in error',
    `<h1>Sign-in error</h1>
<p>The demo identity provider could not complete the request (${escapeHtml(error)}).</p>
${description ? `<p>${escapeHtml(description)}</p>` : ''}
<p><a href="/">Back to the portal</a></p>`,
  );
}
