import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.js';
import { Browser, readForms } from './browser.js';

// The demo provider's sign-in page in the portal's three languages (the portal starts in Uzbek).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const open = async (headers: Record<string, string> = {}, cookie?: string) => {
  const b = new Browser(t.baseUrl);
  if (cookie) b.setCookie('appLanguage', cookie);
  const start = await b.navigate('/api/auth/google-login');
  expect(start.res.status).toBe(200);
  await start.res.arrayBuffer();
  // The page as the browser asks for it at the end of the redirects, with its own headers.
  const res = await b.request(start.url, { headers });
  expect(res.status).toBe(200);
  return { b, url: start.url, html: await res.text() };
};

describe('the demo sign-in page speaks the portal languages', () => {
  it('is in Uzbek when nothing says otherwise', async () => {
    const { html } = await open();
    expect(html).toContain('<html lang="uz">');
    expect(html).toContain('<h1>Demo kirish</h1>');
    expect(html).toContain('Kirishni bekor qilish');
  });

  it("follows the browser's Accept-Language", async () => {
    const { html } = await open({ 'accept-language': 'de-DE,ru;q=0.9,en;q=0.5' });
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<h1>Демо-вход</h1>');
  });

  it("prefers the portal's appLanguage cookie over Accept-Language", async () => {
    const { html } = await open({ 'accept-language': 'ru' }, 'en');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Demo sign-in</h1>');
  });

  it('offers a switch, and keeps the chosen language when an email is refused', async () => {
    const { b, url, html } = await open();
    expect(html).toContain(`<a href="${url}?lang=ru" lang="ru" hreflang="ru">Русский</a>`);
    const russian = await b.navigate(`${url}?lang=ru`);
    const page = await russian.res.text();
    expect(page).toContain('<html lang="ru">');
    const form = readForms(page).find((f) => f.inputs.some((i) => i.name === 'email'))!;
    expect(page).toContain('<input type="hidden" name="lang" value="ru">');
    expect(form.labels).toContainEqual({ for: 'email', text: 'Электронная почта' });
    const refused = await b.submit(form.action, { email: 'nope', lang: 'ru' });
    expect(refused.res.status).toBe(400);
    const again = await refused.res.text();
    expect(again).toContain('<html lang="ru">');
    expect(again).toContain('Введите правильный адрес электронной почты.');
  });

  it('says an expired page has expired in the chosen language', async () => {
    const res = await new Browser(t.baseUrl).request('/api/auth/demo-oidc/interaction/gone?lang=uz');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Kirish muddati tugadi');
  });
});
