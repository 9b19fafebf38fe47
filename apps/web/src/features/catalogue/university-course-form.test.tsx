import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import uzCommon from '../../locales/uz/common.json';
import uzCrud from '../../locales/uz/crud.json';
import uzValidation from '../../locales/uz/validation.json';
import { fakeResource, json, renderScreen, resetNotifications } from '../../testing';
import { UniversityCoursesPage } from './university-courses';

// Issue 8 item 9: an empty number is "missing", never 0; item 18: a server error is shown in the
// screen's language, from its machine code.

afterEach(() => resetNotifications());

const level = { id: 1, name: 'Bachelor' };
const category = { id: 2, name: 'Computing' };
const course = {
  id: 5,
  name: 'Software Engineering',
  description: null,
  levelId: 1,
  categoryId: 2,
  level,
  category,
};
const row = {
  id: 9,
  universityId: 4,
  courseId: 5,
  duration: 36,
  price: 42500,
  currency: 0,
  requiredLanguageId: 1,
  requiredScore: 6,
  website: null,
  youtube: null,
  university: { id: 4, name: 'Sunway University' },
  course: { id: 5, name: 'Software Engineering', level, category },
};
const calls = (fetchMock: { mock: { calls: unknown[][] } }, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === method);

describe("University's Course form", () => {
  it('item 9: empty Price and Required score say required and nothing is sent', async () => {
    const { user, fetchMock } = await renderScreen(<UniversityCoursesPage />, {
      handlers: {
        ...fakeResource('UniversityCourse', [row]).handlers,
        'GET /api/University/allAsync': () => json([row.university]),
        'GET /api/Course/allAsync': () => json([course]),
        'PUT /api/UniversityCourse/UpdateUniversityCourse/9': () => json(row),
      },
    });
    await screen.findByRole('cell', { name: 'Sunway University' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: "Edit University's Course" });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Price' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Required score' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByText('Please fill in this field')).toHaveLength(2));
    expect(within(dialog).getByRole('textbox', { name: 'Price' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Required score' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls(fetchMock, 'PUT')).toEqual([]);
    expect(screen.queryByText('Item saved successfully!')).not.toBeInTheDocument();
  });

  it('item 18: an Uzbek screen shows the Uzbek text of a server error and its field error', async () => {
    const { user } = await renderScreen(<UniversityCoursesPage />, {
      language: 'uz',
      handlers: {
        ...fakeResource('UniversityCourse', [row]).handlers,
        'GET /api/University/allAsync': () => json([row.university]),
        'GET /api/Course/allAsync': () => json([course]),
        'PUT /api/UniversityCourse/UpdateUniversityCourse/9': () =>
          new Response(
            JSON.stringify({
              type: 'about:blank',
              status: 400,
              title: 'Bad Request',
              code: 'validation',
              message: 'body.price: This number is too large (at most 1000000000000).',
              errors: [
                {
                  path: 'body.price',
                  code: 'tooLarge',
                  message: 'This number is too large (at most 1000000000000).',
                  params: { max: 1e12 },
                },
              ],
            }),
            { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
          ),
      },
    });
    await screen.findByRole('cell', { name: 'Sunway University' });
    await user.click(screen.getByRole('button', { name: uzCrud.edit }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: uzCrud.form.save }));
    const failed = uzCrud.alerts.saveFailed.replace('{{message}}', uzCommon.errors.validation);
    expect(await screen.findByText(failed)).toBeInTheDocument();
    expect(within(dialog).getByText(uzValidation.tooLarge)).toBeInTheDocument();
    expect(screen.queryByText(/too large/)).not.toBeInTheDocument();
  });
});
