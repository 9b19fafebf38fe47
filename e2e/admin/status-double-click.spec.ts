import { expect, test } from '@playwright/test';
import { stamp } from '../agent/students-api';
import { completeApplication } from '../applications-api';
import { english, signIn } from '../support';

// Issue 20 item 6: a double click on "Change status" moves the application once: one history
// entry, no false "changed meanwhile".

test.use({ storageState: english });

test('a double-clicked Change status moves once and says nothing changed meanwhile', async ({ browser }) => {
  const agentContext = await browser.newContext({ storageState: english });
  const agent = await agentContext.newPage();
  await signIn(agent, 'agent@demo.local', { open: false });
  const [offer] = (await (await agent.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
  }[];
  const studentId = await completeApplication(agent.request, `Twice${stamp()}`, offer!.id);
  expect((await agent.request.post('/api/Stage/confirm', { data: { studentId } })).status()).toBe(200);
  const [state] = (await (
    await agent.request.get(`/api/ApplicationStatus/list?studentId=${studentId}`)
  ).json()) as { studentCourseId: number }[];
  await agentContext.close();

  const context = await browser.newContext({ storageState: english });
  const page = await context.newPage();
  await signIn(page, 'admin@demo.local', { open: false });
  await page.goto(`/Admin/ApplicationForms/${state!.studentCourseId}`);
  const panel = page.getByRole('region', { name: 'Status', exact: true });
  await panel.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('option', { name: 'Under review', exact: true }).click();
  const moves: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/ApplicationStatus/move')) moves.push(r.headers()['idempotency-key'] ?? '');
  });
  await panel.getByRole('button', { name: 'Change status' }).dblclick();
  const history = panel.getByRole('list', { name: 'History' }).getByRole('listitem');
  await expect(history.first()).toContainText('Under review');
  await expect(history).toHaveCount(2);
  await expect(panel.getByText(/changed meanwhile/)).toHaveCount(0);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  expect(new Set(moves).size).toBe(1);
  await context.close();
});
