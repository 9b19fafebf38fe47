import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatIn } from '../../lib/format';
import {
  DEMO_USERS,
  emptyApplication,
  fakeApplication,
  json,
  problem,
  renderApp,
  renderScreen,
  sampleApplication,
} from '../../testing';
import { StudentApplicationPage } from './wizard-pages';

// The frame of the application wizard (spec 2.5, 4; DESIGN 6): the student's wizard page alone for
// what happens inside it, the real app at /Student/Infoform and the staff form pages for leaving it
// and for the addresses; only fetch is fake (testing/fake-application.ts).

const student = { me: DEMO_USERS.Student };
const signedInStudent = { 'GET /api/auth/me': () => json(DEMO_USERS.Student) };

function stepButton(name: RegExp) {
  return screen.getByRole('button', { name });
}

/** The student's wizard page alone (renderScreen): what happens inside the frame. */
async function openStudent(options: Parameters<typeof fakeApplication>[0] & { language?: string } = {}) {
  const api = fakeApplication(options);
  const view = await renderScreen(<StudentApplicationPage />, {
    handlers: { ...signedInStudent, ...api.handlers },
    language: options.language,
  });
  await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
  return { ...view, api };
}

/** The wizard inside the whole app at /Student/Infoform: leaving it through the shell's links. */
async function openStudentInApp(options: Parameters<typeof fakeApplication>[0] = {}) {
  const api = fakeApplication(options);
  const view = await renderApp('/Student/Infoform', { ...student, handlers: api.handlers, withSearch: true });
  await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
  return { ...view, api };
}

describe('application wizard frame', () => {
  it('opens at the stored stage; step 1 is always clickable, step N once the stage reached N', async () => {
    await openStudent({ stage: 3, application: emptyApplication() });
    expect(screen.getByRole('heading', { level: 2, name: 'Emergency Contact' })).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 10')).toBeInTheDocument();
    const step1 = stepButton(/Step 1 of 10: Personal Information/);
    const step3 = stepButton(/Step 3 of 10: Emergency Contact/);
    const step4 = stepButton(/Step 4 of 10: Qualifications/);
    expect(step1).toBeEnabled();
    expect(step3).toBeEnabled();
    expect(step4).toBeDisabled();
    fireEvent.click(step1);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Personal Information' }),
    ).toBeInTheDocument();
  });

  it('opens at step 1 without a stage record, with Next disabled until the shared schema passes', async () => {
    const { user, api } = await openStudent({ stage: 0, application: emptyApplication() });
    expect(screen.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    // The saved profile is complete: Next is enabled; blanking a required field disables it.
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeEnabled();
    await user.clear(screen.getByRole('textbox', { name: /^Race/ }));
    expect(next).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /^Race/ }), 'Uzbek');
    expect(next).toBeEnabled();
    // Unchanged data: Next raises the stage instead of saving.
    await user.click(next);
    expect(await screen.findByRole('heading', { level: 2, name: 'Parent/Guardian' })).toBeInTheDocument();
    expect(api.store.saves).toEqual([]);
    expect(api.store.raises).toEqual([{ studentId: 7, stage: 2 }]);
  });

  it('saves a changed step with the stage it raises to and the loaded version, then advances', async () => {
    const { user, api } = await openStudent({ stage: 2, application: sampleApplication() });
    fireEvent.click(stepButton(/Step 1 of 10/));
    const city = await screen.findByRole('textbox', { name: /^City/ });
    await user.clear(city);
    await user.type(city, 'Samarkand');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Parent/Guardian' })).toBeInTheDocument();
    expect(api.store.saves).toHaveLength(1);
    expect(api.store.saves[0]).toMatchObject({
      base: 'StudentInfo',
      stage: 2,
      studentId: 7,
      body: { city: 'Samarkand', id: 7, lastUpdatedDate: '2026-11-20T10:00:00.000Z' },
    });
    expect(api.store.raises).toEqual([]);
  });

  it('Back never loses what was typed', async () => {
    const { user } = await openStudent({ stage: 3, application: sampleApplication() });
    fireEvent.click(stepButton(/Step 2 of 10/));
    const occupation = await screen.findByRole('textbox', { name: /^Occupation/ });
    await user.clear(occupation);
    await user.type(occupation, 'Teacher');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Personal Information' }),
    ).toBeInTheDocument();
    fireEvent.click(stepButton(/Step 2 of 10/));
    expect(await screen.findByRole('textbox', { name: /^Occupation/ })).toHaveValue('Teacher');
  });

  it('restores a draft from the server, marked as a draft, and Next saves it', async () => {
    const { user, api } = await openStudent({
      stage: 2,
      application: sampleApplication(),
      drafts: { '1': { data: { city: 'Bukhara' }, savedAt: '2026-11-22T20:00:00.000Z' } },
    });
    fireEvent.click(stepButton(/Step 1 of 10/));
    expect(await screen.findByRole('textbox', { name: /^City/ })).toHaveValue('Bukhara');
    expect(screen.getByText('Draft restored')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Parent/Guardian' });
    expect(api.store.saves[0]).toMatchObject({ base: 'StudentInfo', body: { city: 'Bukhara' } });
    fireEvent.click(stepButton(/Step 1 of 10/));
    await screen.findByRole('textbox', { name: /^City/ });
    expect(screen.queryByText('Draft restored')).toBeNull();
  });

  it('offers Reload on a 409 editConflict and then shows the stored version', async () => {
    const { user } = await openStudent({
      stage: 3,
      application: sampleApplication(),
      conflictOn: ['StudentGuardian'],
    });
    fireEvent.click(stepButton(/Step 2 of 10/));
    const occupation = await screen.findByRole('textbox', { name: /^Occupation/ });
    await user.clear(occupation);
    await user.type(occupation, 'Teacher');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Malika Karimova/)).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Occupation/ })).toHaveValue('Engineer'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks before leaving with unsaved changes through an in-app link', async () => {
    const { user } = await openStudentInApp({ stage: 2, application: sampleApplication() });
    fireEvent.click(stepButton(/Step 1 of 10/));
    const city = await screen.findByRole('textbox', { name: /^City/ });
    await user.type(city, 'x');
    const link = screen.getAllByRole('link', { name: /Dashboard/ })[0]!;
    await user.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('status', { name: 'current address' })).toHaveTextContent('/Student/Infoform');
    await user.click(link);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'current address' })).toHaveTextContent('/Student/Dashboard'),
    );
  });

  it("asks before the browser's Back leaves with unsaved changes; Stay keeps the step, Leave goes back", async () => {
    window.history.replaceState(null, '', '/Student/Dashboard');
    const api = fakeApplication({ stage: 2, application: sampleApplication() });
    const { user } = await renderApp('/Student/Infoform', {
      ...student,
      handlers: api.handlers,
      browserHistory: true,
    });
    const address = () => screen.getByRole('status', { name: 'current address' });
    // jsdom traverses the history in a task of its own; the guard may stop the popstate's listeners.
    const back = () =>
      act(async () => {
        window.history.back();
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    // The wizard opens at the stored stage, its address naming the step (the entry replaced).
    const occupation = await screen.findByRole('textbox', { name: /^Occupation/ }, { timeout: 10_000 });
    await waitFor(() => expect(window.location.search).toBe('?step=2'));
    await user.type(occupation, 'x');
    await back();
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(address()).toHaveTextContent('/Student/Infoform');
    expect(window.location.pathname).toBe('/Student/Infoform');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: /^Occupation/ })).toHaveValue('Engineerx');
    expect(window.history.length).toBe(2);
    await back();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(address()).toHaveTextContent('/Student/Dashboard'));
    expect(window.location.pathname).toBe('/Student/Dashboard');
    // Leave went back to the entry Back landed on: the wizard's entry is still Forward of it.
    expect(window.history.length).toBe(2);
  });

  it('the last step shows Confirm, which submits and shows the thank-you screen', async () => {
    const { user, api } = await openStudent({ stage: 10, application: sampleApplication() });
    expect(screen.getByRole('heading', { level: 2, name: 'Review and Confirm' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeInTheDocument();
    expect(screen.getByText(/within 48 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Dashboard' })).toHaveAttribute(
      'href',
      '/Student/Dashboard',
    );
    expect(api.store.confirms).toBe(1);
  });

  it('the thank-you screen lists the submitted courses and what happens next (issue 20 item 6)', async () => {
    const application = sampleApplication();
    const second = {
      ...application.courses[0]!,
      id: 8,
      universityCourseId: 11,
      university: { id: 3, name: 'Taylor’s University' },
      course: { id: 5, name: 'Business Administration' },
    };
    const { user } = await openStudent({
      stage: 10,
      application: { ...application, courses: [...application.courses, second] },
    });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Thank You' });
    const courses = screen.getByRole('region', { name: 'Submitted courses (2)' });
    expect(
      within(courses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Computer ScienceUniversiti Malaya', 'Business AdministrationTaylor’s University']);
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'We email you a confirmation naming these courses.',
      'Our staff review your application; each course has its own status on your Dashboard.',
      'If a document is needed, we email you the list and you upload it on your Dashboard.',
    ]);
  });
});

describe('application wizard frame, further rules', () => {
  it('a step that saves its own entries only raises the stage on Next', async () => {
    const { user, api } = await openStudent({ stage: 4, application: sampleApplication() });
    expect(screen.getByRole('heading', { level: 2, name: 'Qualifications' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Language' });
    expect(api.store.raises).toEqual([{ studentId: 7, stage: 5 }]);
    expect(stepButton(/Step 5 of 10/)).toBeEnabled();
  });

  it('an incomplete application lists what is missing instead of confirming', async () => {
    const api = fakeApplication({ stage: 10, application: sampleApplication() });
    const { user } = await renderScreen(<StudentApplicationPage />, {
      handlers: {
        ...signedInStudent,
        ...api.handlers,
        'POST /api/Stage/confirm': () =>
          new Response(
            JSON.stringify({
              status: 400,
              message: 'The application is not complete.',
              code: 'incompleteApplication',
              params: { missing: ['guardian', 'document:2'] },
            }),
            { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
          ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, { timeout: 10_000 }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Parent/guardian details are not complete.')).toBeInTheDocument();
    expect(within(alert).getByText('A required document has not been uploaded.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Thank You' })).toBeNull();
  });

  it('asks the browser to confirm a reload while a step has unsaved input, and not otherwise', async () => {
    const { user } = await openStudent({ stage: 2, application: sampleApplication() });
    fireEvent.click(stepButton(/Step 1 of 10/));
    const city = await screen.findByRole('textbox', { name: /^City/ });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(city, 'x');
    expect(unload()).toBe(true);
    await user.type(city, '{Backspace}');
    expect(unload()).toBe(false);
  });
});

describe('application wizard drafts autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('item 23: keeps the open step unsaved input as a server draft every few seconds, never in browser storage', async () => {
    const { api } = await openStudent({ stage: 2, application: sampleApplication() });
    fireEvent.click(stepButton(/Step 1 of 10/));
    const city = await screen.findByRole('textbox', { name: /^City/ });
    fireEvent.change(city, { target: { value: 'Khiva' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3100);
    });
    expect(api.store.drafts['1']?.data).toMatchObject({ city: 'Khiva', passportNumber: '1234567' });
    // Never the form in browser storage (passport numbers).
    const stored = Object.keys(window.localStorage).map((k) => window.localStorage.getItem(k));
    expect(stored.filter((v) => v?.includes('Khiva') || v?.includes('1234567'))).toEqual([]);
  });

  it('sends no draft while Next is saving the step (a draft landing after the save would outlive it)', async () => {
    const api = fakeApplication({ stage: 2, application: sampleApplication() });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let saving = false;
    const draftsWhileSaving: unknown[] = [];
    const save = api.handlers['POST /api/StudentInfo/CreateOrUpdate']!;
    const putDraft = api.handlers['PUT /api/Draft']!;
    const handlers = {
      ...api.handlers,
      'POST /api/StudentInfo/CreateOrUpdate': async (init?: RequestInit, url?: string) => {
        saving = true;
        await released;
        saving = false;
        return save(init, url);
      },
      'PUT /api/Draft': (init?: RequestInit, url?: string) => {
        if (saving) draftsWhileSaving.push(JSON.parse(String(init?.body)));
        return putDraft(init, url);
      },
    };
    await renderScreen(<StudentApplicationPage />, { handlers: { ...signedInStudent, ...handlers } });
    await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
    fireEvent.click(stepButton(/Step 1 of 10/));
    const city = await screen.findByRole('textbox', { name: /^City/ });
    fireEvent.change(city, { target: { value: 'Khiva' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(saving).toBe(true));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3100);
    });
    release();
    expect(await screen.findByRole('heading', { level: 2, name: 'Parent/Guardian' })).toBeInTheDocument();
    expect(draftsWhileSaving).toEqual([]);
    expect(api.store.drafts['1']).toBeUndefined();
  });

  it("keeps a new student's personal step as this tab's studentId 0 draft: a reload of the tab restores it, another tab has its own", async () => {
    const api = fakeApplication({ application: null });
    const city = () => screen.getByRole('textbox', { name: /^City/ });
    const draftCalls = (view: Awaited<ReturnType<typeof renderApp>>, method: string) =>
      view.fetchMock.mock.calls
        .filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith('/api/Draft'))
        .map(([url]) => String(url));
    const keyOf = (url: string | undefined) =>
      new URL(url ?? '', 'http://localhost').searchParams.get('draftKey');
    /** The admin's new-student page in this tab (a new page load each time, the tab's storage kept). */
    const open = async () => {
      const view = await renderApp('/Admin/Students/FormPage', {
        me: DEMO_USERS.Admin,
        handlers: api.handlers,
      });
      await screen.findByRole('textbox', { name: /^City/ }, { timeout: 10_000 });
      return view;
    };
    const typeCity = async (text: string) => {
      fireEvent.change(city(), { target: { value: text } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3100);
      });
    };

    const first = await open();
    await typeCity('Khiva');
    const puts = draftCalls(first, 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatch(/^\/api\/Draft\?studentId=0&step=1&draftKey=[0-9a-f]{32}$/);
    const key = keyOf(puts[0])!;
    expect(api.store.newProfileDrafts[key]?.['1']?.data).toMatchObject({ city: 'Khiva' });
    expect(api.store.drafts).toEqual({});
    // The tab keeps only the key, never the form (item 23).
    const kept = Array.from({ length: window.sessionStorage.length }, (_, i) =>
      window.sessionStorage.getItem(window.sessionStorage.key(i) ?? ''),
    );
    expect(kept).toEqual([key]);

    // A reload of the same tab asks for its own draft and restores it.
    cleanup();
    const reloaded = await open();
    await waitFor(() => expect(city()).toHaveValue('Khiva'));
    expect(screen.getByText('Draft restored')).toBeInTheDocument();
    expect(draftCalls(reloaded, 'GET')).toEqual([`/api/Draft?studentId=0&draftKey=${key}`]);

    // Another tab (a sessionStorage of its own) adding a student at the same time starts blank and
    // keeps a draft of its own; the first tab's stays.
    cleanup();
    window.sessionStorage.clear();
    const other = await open();
    expect(city()).toHaveValue('');
    expect(screen.queryByText('Draft restored')).toBeNull();
    await typeCity('Bukhara');
    const otherKey = keyOf(draftCalls(other, 'PUT')[0]);
    expect(otherKey).toMatch(/^[0-9a-f]{32}$/);
    expect(otherKey).not.toBe(key);
    expect(api.store.newProfileDrafts[otherKey!]?.['1']?.data).toMatchObject({ city: 'Bukhara' });
    expect(api.store.newProfileDrafts[key]?.['1']?.data).toMatchObject({ city: 'Khiva' });
  }, 30_000);
});

describe('application wizard: discarding a restored draft', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const savedAt = '2026-11-22T20:00:00.000Z';

  it("a new student's restored draft says when it is from and can be discarded: asked first, then the form is empty, the draft gone, and the next Add starts empty (Uzbek)", async () => {
    const api = fakeApplication({ application: null });
    const key = 'ab'.repeat(16);
    window.sessionStorage.setItem('newStudentDraftKey', key);
    api.store.newProfileDrafts[key] = { '1': { data: { city: 'Khiva', firstName: 'Aziz' }, savedAt } };
    const open = async () => {
      const view = await renderApp('/Admin/Students/FormPage', {
        me: DEMO_USERS.Admin,
        language: 'uz',
        handlers: api.handlers,
      });
      await screen.findByRole('textbox', { name: /^Shahar/ }, { timeout: 10_000 });
      return view;
    };
    const city = () => screen.getByRole('textbox', { name: /^Shahar/ });
    const { user } = await open();
    await waitFor(() => expect(city()).toHaveValue('Khiva'));
    const notice = screen.getByRole('alert', { name: 'Qoralama tiklandi' });
    expect(notice).toHaveTextContent(
      `Saqlanmagan maʼlumotlaringiz tiklandi (saqlangan vaqti: ${formatIn('uz').dateTime(savedAt)}).`,
    );

    // Keep: the draft and the form stay as they were.
    await user.click(within(notice).getByRole('button', { name: 'Qoralamani oʻchirish' }));
    let dialog = await screen.findByRole('dialog', { name: 'Qoralama oʻchirilsinmi?' });
    expect(dialog).toHaveTextContent('shakl yana boʻsh boʻladi');
    await user.click(within(dialog).getByRole('button', { name: 'Qoralamani qoldirish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(city()).toHaveValue('Khiva');
    // The stored draft is the one restored: its input comes back on the next Add.
    expect(api.store.newProfileDrafts[key]?.['1']?.data).toMatchObject({ city: 'Khiva', firstName: 'Aziz' });

    // Discard (by keyboard): the form is back to empty, the notice and the stored draft are gone.
    within(notice).getByRole('button', { name: 'Qoralamani oʻchirish' }).focus();
    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Qoralama oʻchirilsinmi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Qoralamani oʻchirish' }));
    await waitFor(() => expect(city()).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: /^Ism/ })).toHaveValue('');
    expect(screen.queryByRole('alert', { name: 'Qoralama tiklandi' })).toBeNull();
    expect(api.store.newProfileDrafts[key]).toEqual({});
    // Focus goes to the step's title, not lost with the closed dialog.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
    // Nothing brings it back: no draft is sent for the empty form.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3100);
    });
    expect(api.store.newProfileDrafts[key]).toEqual({});

    // The next Add in this tab starts empty.
    cleanup();
    await open();
    expect(city()).toHaveValue('');
    expect(screen.queryByRole('alert', { name: 'Qoralama tiklandi' })).toBeNull();
  }, 60_000);

  it("a saved student's step goes back to what was last saved (Russian)", async () => {
    const { user, api } = await openStudent({
      stage: 2,
      application: sampleApplication(),
      drafts: { '1': { data: { city: 'Bukhara' }, savedAt } },
      language: 'ru',
    });
    fireEvent.click(stepButton(/Шаг 1 из 10/));
    const city = () => screen.getByRole('textbox', { name: /^Город/ });
    await waitFor(() => expect(city()).toHaveValue('Bukhara'));
    const notice = screen.getByRole('alert', { name: 'Черновик восстановлен' });
    expect(notice).toHaveTextContent(
      `Восстановлены ваши несохранённые данные от ${formatIn('ru').dateTime(savedAt)}.`,
    );
    await user.click(within(notice).getByRole('button', { name: 'Удалить черновик' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить черновик?' });
    expect(dialog).toHaveTextContent('вернётся к последней сохранённой версии');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить черновик' }));
    await waitFor(() => expect(city()).toHaveValue('Tashkent'));
    expect(api.store.drafts['1']).toBeUndefined();
    expect(screen.queryByRole('alert', { name: 'Черновик восстановлен' })).toBeNull();
  }, 30_000);

  it('a failed discard keeps the draft and the input and says why (Russian)', async () => {
    const api = fakeApplication({
      stage: 2,
      application: sampleApplication(),
      drafts: { '1': { data: { city: 'Bukhara' }, savedAt } },
    });
    const { user } = await renderScreen(<StudentApplicationPage />, {
      handlers: {
        ...signedInStudent,
        ...api.handlers,
        'DELETE /api/Draft': () => problem(500, 'Boom'),
      },
      language: 'ru',
    });
    await screen.findByRole('heading', { level: 2 }, { timeout: 10_000 });
    fireEvent.click(stepButton(/Шаг 1 из 10/));
    const city = () => screen.getByRole('textbox', { name: /^Город/ });
    await waitFor(() => expect(city()).toHaveValue('Bukhara'));
    const notice = screen.getByRole('alert', { name: 'Черновик восстановлен' });
    await user.click(within(notice).getByRole('button', { name: 'Удалить черновик' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить черновик?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить черновик' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(city()).toHaveValue('Bukhara');
    expect(screen.getByRole('alert', { name: 'Черновик восстановлен' })).toBeInTheDocument();
    expect(api.store.drafts['1']?.data).toMatchObject({ city: 'Bukhara' });
    const why = screen.getAllByRole('alert').find((a) => a !== notice);
    expect(why).toHaveTextContent('Boom');
  }, 30_000);
});

describe('staff form pages', () => {
  it('sends a non-numeric student id back to the list', async () => {
    const api = fakeApplication();
    await renderApp('/Agent/Students/FormPage?studentId=abc', {
      me: DEMO_USERS.Agent,
      handlers: api.handlers,
    });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'current address' })).toHaveTextContent('/Agent/Students'),
    );
  });

  it("shows the not-found state for another agent's student", async () => {
    const api = fakeApplication({ foreign: [99] });
    await renderApp('/Agent/Students/FormPage?studentId=99', {
      me: DEMO_USERS.Agent,
      handlers: api.handlers,
    });
    expect(await screen.findByText(/was not found/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('creates a new student from the personal step and names it in the address', async () => {
    const api = fakeApplication({ application: null });
    const { user, fetchMock } = await renderApp('/Admin/Students/FormPage', {
      me: DEMO_USERS.Admin,
      handlers: api.handlers,
      withSearch: true,
    });
    await screen.findByRole('heading', { level: 2, name: 'Personal Information' }, { timeout: 10_000 });
    const type = async (name: RegExp, text: string) =>
      fireEvent.change(screen.getByRole('textbox', { name }), { target: { value: text } });
    await type(/^First Name/, 'Ali');
    await type(/^Last Name/, 'Valiev');
    await user.type(screen.getByRole('textbox', { name: /^Passport/ }), 'ab 12-34567');
    expect(screen.getByRole('textbox', { name: /^Passport/ })).toHaveValue('AB1234567');
    await type(/^Race/, 'Uzbek');
    await type(/^Email/, 'ali@example.com');
    await type(/^Phone Number/, '+998901234567');
    fireEvent.change(screen.getByLabelText(/^Date of Birth/), { target: { value: '2004-02-03' } });
    await type(/^City/, 'Tashkent');
    await type(/^Postal Code/, '100000');
    await type(/^Address/, 'Navoi 5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Parent/Guardian' });
    expect(api.store.saves[0]).toMatchObject({
      base: 'StudentInfo',
      studentId: 0,
      stage: 2,
      body: { passportSeries: 'AB', passportNumber: '1234567', gender: 0, country: 0 },
    });
    // The create names this tab's new-profile draft (the server deletes it with the create); the
    // tab's next new student gets a key of its own.
    const create = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.startsWith('/api/StudentInfo/CreateOrUpdate'));
    expect(create).toMatch(/[?&]draftKey=[0-9a-f]{32}(&|$)/);
    expect(window.sessionStorage.length).toBe(0);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'current address' })).toHaveTextContent(
        '/Admin/Students/FormPage?studentId=7&step=2',
      ),
    );
    // The open form stays: no reload of the page for the new address.
    expect(screen.getByRole('heading', { level: 2, name: 'Parent/Guardian' })).toBeInTheDocument();
  }, 90_000);
});
