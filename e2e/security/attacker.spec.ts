import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { BASE_URL, english, signIn } from '../support';

// The browser as the attacker's tool (SECURITY 20, 22). A page on another origin (a tiny server of
// this test, on the next port) makes the signed-in student's browser post to the portal; an
// injected inline script on a portal page must not run.

test.use({ storageState: english });

/** Serves one page on 127.0.0.1 (another origin: another port); closes after the test. */
async function servePage(html: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  const port = Number(process.env.E2E_PORT ?? 3100) + 1;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

test('SECURITY 20: a form on another origin cannot sign the student out or add a profile', async ({
  page,
}) => {
  await signIn(page, 'student@demo.local', { open: false });
  const count = async () => (await page.request.post('/api/StudentInfo/count', { data: {} })).json();
  const before = await count();

  // The text/plain trick: a field named like a JSON document, sent as the request body.
  const attacker = await servePage(`<!doctype html><title>Win a prize</title>
    <form id="add" method="POST" action="${BASE_URL}/api/StudentInfo/add" enctype="text/plain" target="add">
      <input name='{"firstName":"Evil","lastName":"Attacker","x":"' value='"}'>
    </form>
    <iframe name="add"></iframe>
    <form id="out" method="POST" action="${BASE_URL}/api/auth/logout"></form>
    <script>
      fetch('${BASE_URL}/api/StudentInfo/add', { method: 'POST', mode: 'no-cors', credentials: 'include',
        headers: { 'content-type': 'text/plain' }, body: '{"firstName":"Evil"}' });
      document.getElementById('add').submit();
      setTimeout(() => document.getElementById('out').submit(), 500);
    </script>`);
  try {
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.goto(attacker.url);
    expect((await refused).status()).toBe(403);
  } finally {
    attacker.close();
  }

  // Still signed in, and no profile was added.
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(200);
  expect(await count()).toBe(before);
});

test('SECURITY 22: an inline script injected into a portal page does not run (CSP)', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/');
  const ran = await page.evaluate(async () => {
    const w = window as unknown as { pwned?: boolean };
    // Both injections are refused by the policy: wait for its two violation events, not a time.
    let refused = 0;
    const bothRefused = new Promise<void>((resolve) =>
      document.addEventListener('securitypolicyviolation', () => {
        if (++refused === 2) resolve();
      }),
    );
    const script = document.createElement('script');
    script.textContent = 'window.pwned = true;';
    document.body.append(script);
    const handler = document.createElement('img');
    handler.setAttribute('src', 'data:,x');
    handler.setAttribute('onerror', 'window.pwned = true');
    document.body.append(handler);
    await bothRefused;
    return Boolean(w.pwned);
  });
  expect(ran).toBe(false);
  expect(violations.length).toBeGreaterThan(0);
});
