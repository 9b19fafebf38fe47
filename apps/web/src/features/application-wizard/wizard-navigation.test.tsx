import { act, screen, waitFor, within } from '@testing-library/react';
import type { TMe } from '@uniapply/shared';
import { describe, expect, it } from 'vitest';
import {
  DEMO_USERS,
  emptyApplication,
  fakeApplication,
  json,
  renderApp,
  sampleApplication,
} from '../../testing';

// Issue 18 items 4, 6, 7 in the wizard frame, on the app's own router (BrowserRouter over jsdom's
// history): each step has its own address, Back/Forward move between steps, moving keeps unsaved
// input as a draft at once, sign-out asks; the staff's header names the student; the student's
// own first profile starts from the account.

const heading = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 10_000 });
/** jsdom traverses the history in a task of its own. */
const traverse = (delta: number) =>
  act(async () => {
    window.history.go(delta);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

async function openAt(
  path: string,
  options: Parameters<typeof fakeApplication>[0],
  me: TMe = DEMO_USERS.Student,
) {
  window.history.replaceState(null, '', '/Student/Dashboard');
  const api = fakeApplication(options);
  const view = await renderApp(path, { me, handlers: api.handlers, browserHistory: true });
  return { ...view, api };
}

describe('wizard steps have their own addresses', () => {
  it('Next and Back push steps; the browser Back and Forward move between them without asking', async () => {
    const { user } = await openAt('/Student/Infoform', { stage: 2, application: sampleApplication() });
    await heading('Parent/Guardian');
    await waitFor(() => expect(window.location.search).toBe('?step=2'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Emergency Contact');
    expect(window.location.search).toBe('?step=3');
    await traverse(-1);
    await heading('Parent/Guardian');
    expect(window.location.search).toBe('?step=2');
    await traverse(1);
    await heading('Emergency Contact');
    await user.click(screen.getByRole('button', { name: /Step 1 of 10/ }));
    await heading('Personal Information');
    expect(window.location.search).toBe('?step=1');
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);

  it('a deep link past the stage reached opens the highest step reached', async () => {
    await openAt('/Student/Infoform?step=9', { stage: 3, application: emptyApplication() });
    await heading('Emergency Contact');
    await waitFor(() => expect(window.location.search).toBe('?step=3'));
  });

  it('moving to another step keeps the unsaved input as a server draft at once, without asking', async () => {
    const { user, api } = await openAt('/Student/Infoform?step=2', {
      stage: 3,
      application: sampleApplication(),
    });
    const occupation = await screen.findByRole('textbox', { name: /^Occupation/ }, { timeout: 10_000 });
    await user.clear(occupation);
    await user.type(occupation, 'Teacher');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Personal Information');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Sent on the move, not at the next autosave tick (which would be step 1's).
    await waitFor(() => expect(api.store.drafts['2']?.data).toMatchObject({ occupation: 'Teacher' }), {
      timeout: 1500,
    });
    // The browser's Back returns to the step (the Back button pushed step 1), input still there.
    await traverse(-1);
    expect(await screen.findByRole('textbox', { name: /^Occupation/ })).toHaveValue('Teacher');
  }, 30_000);

  it('sign-out with unsaved input asks first; Stay keeps the input, Leave signs out', async () => {
    const { user, fetchMock } = await openAt('/Student/Infoform?step=2', {
      stage: 3,
      application: sampleApplication(),
    });
    const occupation = await screen.findByRole('textbox', { name: /^Occupation/ }, { timeout: 10_000 });
    await user.type(occupation, 'x');
    const logouts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/logout').length;
    await user.click(screen.getAllByRole('button', { name: 'Log out' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(logouts()).toBe(0);
    expect(screen.getByRole('textbox', { name: /^Occupation/ })).toHaveValue('Engineerx');
    await user.click(screen.getAllByRole('button', { name: 'Log out' })[0]!);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(logouts()).toBe(1));
  }, 30_000);
});

describe('the agent sees whose application is open', () => {
  it('names the student and passport on every step, and the thank-you speaks to the agent', async () => {
    const { user } = await openAt(
      '/Agent/Students/FormPage?studentId=7',
      { stage: 10, application: sampleApplication() },
      DEMO_USERS.Agent,
    );
    await heading('Review and Confirm');
    for (let step = 1; step <= 10; step += 1) {
      await user.click(screen.getByRole('button', { name: new RegExp(`Step ${step} of 10`) }));
      await waitFor(() => expect(window.location.search).toBe(`?studentId=7&step=${step}`));
      const header = screen.getByRole('region', { name: 'Student' });
      expect(header).toHaveTextContent('Student: Aziz Karimov');
      expect(header).toHaveTextContent('Passport: AB1234567');
    }
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Thank You' });
    expect(screen.getByText(/Your student's application has been submitted/)).toBeInTheDocument();
  }, 60_000);

  it('a new student is named as such until the personal step is saved, and starts empty', async () => {
    await openAt('/Agent/Students/FormPage', { application: null }, DEMO_USERS.Agent);
    await heading('Personal Information');
    expect(screen.getByRole('region', { name: 'Student' })).toHaveTextContent('New student');
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('');
  });
});

describe("a student's own first profile", () => {
  it("starts from the account's name and email, and that alone is not unsaved input", async () => {
    await openAt('/Student/Infoform', { stage: 0, application: null });
    await heading('Personal Information');
    expect(screen.getByRole('textbox', { name: /^First Name/ })).toHaveValue('Aziza');
    expect(screen.getByRole('textbox', { name: /^Last Name/ })).toHaveValue('Karimova');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('student@demo.local');
    expect(screen.queryByRole('region', { name: 'Student' })).toBeNull();
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it("once the profile has a name, the greeting and the sidebar use it (not the account's)", async () => {
    const me = { ...DEMO_USERS.Student, profileName: { firstName: 'Zarina', lastName: 'Profilova' } };
    await renderApp('/Student/Dashboard', {
      me,
      handlers: {
        'GET /api/Stage/get': () => json({ studentId: 12, step: 2 }),
        'GET /api/Review/getReview': () => json({ ...emptyApplication(12), courses: [] }),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Zarina!' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Zarina Profilova').length).toBeGreaterThan(0);
    expect(screen.queryByText('Aziza Karimova')).toBeNull();
  });
});
