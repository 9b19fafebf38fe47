import { expect, type Page, test } from '@playwright/test';
import { stamp } from '../agent/students-api';
import { completeApplication } from '../applications-api';
import { english, signInFromLanding } from '../support';

// Issue 11 item 2, against `npm run cluster` only (playwright.cluster.config.ts): an admin's live
// hub goes through nginx to one API process; an agent's confirm is sent straight to another one;
// the new application's card still appears on the admin's open Notification screen (Redis fan-out).

/** `api1=http://127.0.0.1:3611,api2=…`, given by the cluster's Playwright config. */
const NODES = new Map(
  (process.env.CLUSTER_NODE_URLS ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]),
);

test.use({ storageState: english });
test.skip(NODES.size < 2, 'runs against npm run cluster (npm run test:e2e:cluster)');

const bellOf = (page: Page) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Notifications/ });

/** The API process the page's hub connection ended up on: its session id's prefix (nginx routes by it). */
function hubProcessOf(page: Page): Promise<string> {
  return new Promise((resolve) => {
    const fromText = (text: string) => {
      const sid = /"sid":"([a-z0-9-]+)\./.exec(text)?.[1];
      if (sid) resolve(sid);
    };
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => fromText(String(payload))));
    page.on('response', async (res) => {
      if (res.url().includes('/api/notificationHub/') && res.request().method() === 'GET')
        fromText(await res.text().catch(() => ''));
    });
  });
}

test('a confirm on one API process reaches the admin connected to another, through nginx', {
  tag: '@smoke',
}, async ({ browser }) => {
  const firstName = `Cluster${stamp()}`;
  const adminContext = await browser.newContext({ storageState: english });
  const admin = await adminContext.newPage();
  const hubProcess = hubProcessOf(admin);
  await signInFromLanding(admin, 'admin@demo.local');
  await admin.goto('/Admin/Notification');
  await expect(bellOf(admin)).toHaveAccessibleDescription(/Live updates: connected/, { timeout: 15_000 });
  const connectedTo = await hubProcess;
  const [otherName, otherUrl] = [...NODES].find(([name]) => name !== connectedTo)!;
  console.log(`admin's hub on ${connectedTo}; the confirm goes straight to ${otherName} (${otherUrl})`);

  const agentContext = await browser.newContext({ storageState: english });
  const agent = await agentContext.newPage();
  await signInFromLanding(agent, 'agent@demo.local');
  const [offer] = (await (await agent.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
  }[];
  const studentId = await completeApplication(agent.request, firstName, offer!.id);
  const started = Date.now();
  const confirmed = await agent.request.post(`${otherUrl}/api/Stage/confirm`, { data: { studentId } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const card = admin
    .getByRole('list', { name: 'New applications' })
    .getByRole('listitem')
    .filter({ hasText: firstName });
  await expect(card).toBeVisible({ timeout: 5000 });
  console.log(
    `confirm on ${otherName} → card on the admin's screen (hub on ${connectedTo}): ${Date.now() - started} ms`,
  );
  await agentContext.close();
  await adminContext.close();
});
