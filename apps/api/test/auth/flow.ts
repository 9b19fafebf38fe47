import { type Browser, readForms } from './browser.js';

export type TSignInAttempt = { email: string; role?: string; returnUrl?: string };

/**
 * Signs in the way a person does: open /api/auth/google-login, land on the demo provider's page,
 * press the account's button (or type the email into the field), and follow the redirects back.
 * Returns where the portal finally sends the browser (`location`), or the response that stopped
 * the flow.
 */
export async function signInThroughDemo(browser: Browser, attempt: TSignInAttempt) {
  const query = new URLSearchParams();
  if (attempt.returnUrl !== undefined) query.set('returnUrl', attempt.returnUrl);
  if (attempt.role !== undefined) query.set('role', attempt.role);
  const start = await browser.navigate(`/api/auth/google-login?${query}`);
  if (start.res.status !== 200) return start;
  const forms = readForms(await start.res.text());
  const byButton = forms.find((f) => f.buttons.some((b) => b.name === 'email' && b.text === attempt.email));
  if (byButton) return browser.submit(byButton.action, { email: attempt.email });
  const byField = forms.find((f) => f.inputs.some((i) => i.name === 'email'));
  if (!byField) throw new Error('the demo sign-in page has no email field');
  return browser.submit(byField.action, { email: attempt.email });
}
