import { screen, waitFor, within } from '@testing-library/react';
import type { TCondition } from '@uniapply/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { bodiesOf, json, problem } from '../../testing';
import { COURSES, catalogueHandlers, renderAsStudent } from '../../testing/fake-catalogue';

const PATH = '/Student/UniversityCourseList';
const address = () => screen.getByRole('status', { name: 'current address' });
const filters = () => within(screen.getByRole('search', { name: 'Filters' }));
const card = (name: string) => screen.findByRole('article', { name });

/**
 * Waits until the latest course search asks for exactly `conditions`. Not the first search with
 * that many conditions: on a loaded machine typing commits in pauses ("comp", then "computer"),
 * and a search goes out for each.
 */
async function searchedFor(fetchMock: Parameters<typeof bodiesOf>[0], conditions: TCondition[]) {
  await waitFor(() =>
    expect(bodiesOf(fetchMock, '/UniversityCourse/getListByPage').at(-1)?.filter.conditions).toEqual(
      conditions,
    ),
  );
}

async function pick(
  user: Awaited<ReturnType<typeof renderAsStudent>>['user'],
  label: string,
  option: string,
) {
  await user.click(filters().getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: removes the currency a test chose.
  document.cookie = 'appCurrency=; path=/; max-age=0';
});

describe('student course list', () => {
  it('shows each course with its university, duration, fee and language exam', async () => {
    const { fetchMock } = await renderAsStudent(PATH, catalogueHandlers());
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toBeInTheDocument();
    const cs = within(await card('Bachelor of Computer Science'));
    expect(cs.getByText('Universiti Malaya')).toBeInTheDocument();
    expect(cs.getByText("Bachelor's Degree")).toBeInTheDocument();
    expect(cs.getByText('Computing & IT')).toBeInTheDocument();
    expect(cs.getByText('36 m')).toHaveAttribute('title', '36 months');
    expect(cs.getByText('45,000 MYR')).toBeInTheDocument();
    // Issue 20 item 1: beside the fee, the amount in the reader's currency (UZS by default) and the rate's date.
    expect(cs.getByText('≈ 130,500,000 UZS (rate of 2 Nov 2026)')).toBeInTheDocument();
    expect(cs.getByText('IELTS 6.5')).toBeInTheDocument();
    expect(
      cs.getByRole('link', { name: 'Bachelor of Computer Science course page (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://um.edu.my/cs');

    const foundation = within(await card('Foundation in Engineering'));
    expect(foundation.getByText('12 m')).toBeInTheDocument();
    expect(foundation.getByText('9,800.50 USD')).toBeInTheDocument();
    // 9,800.50 × 12,850 = 125,936,425
    expect(foundation.getByText('≈ 125,936,425 UZS (rate of 2 Nov 2026)')).toBeInTheDocument();
    expect(foundation.getByText('Optional')).toBeInTheDocument();
    expect(foundation.queryByRole('link')).not.toBeInTheDocument();

    expect(bodiesOf(fetchMock, '/UniversityCourse/getListByPage')[0]).toEqual({
      filter: { operator: 'AND', conditions: [], groups: [] },
      page: 0,
      pageSize: 10,
    });
  });

  it('builds the filter from each control and keeps it in the address', async () => {
    const { user, fetchMock } = await renderAsStudent(PATH, catalogueHandlers());
    await card('Bachelor of Computer Science');

    const name: TCondition = { field: 'course.name', operator: 'LIKE', value: 'computer' };
    const university: TCondition = { field: 'university.id', operator: 'EQ', value: 7 };
    const level: TCondition = { field: 'course.level.id', operator: 'EQ', value: 3 };
    const category: TCondition = { field: 'course.category.id', operator: 'EQ', value: 5 };
    await user.type(filters().getByRole('searchbox', { name: 'Course name' }), 'computer');
    await searchedFor(fetchMock, [name]);
    await pick(user, 'University', 'Universiti Malaya');
    await searchedFor(fetchMock, [name, university]);
    await pick(user, 'Level', "Bachelor's Degree");
    await searchedFor(fetchMock, [name, university, level]);
    await pick(user, 'Category', 'Engineering');
    await searchedFor(fetchMock, [name, university, level, category]);
    await user.type(filters().getByRole('textbox', { name: 'Minimum price (UZS)' }), '1000');
    await searchedFor(fetchMock, [
      name,
      university,
      level,
      category,
      { field: 'priceIn.UZS', operator: 'BETWEEN', value: [1000, null] },
    ]);
    await user.type(filters().getByRole('textbox', { name: 'Maximum price (UZS)' }), '50000');
    await searchedFor(fetchMock, [
      name,
      university,
      level,
      category,
      { field: 'priceIn.UZS', operator: 'BETWEEN', value: [1000, 50000] },
    ]);
    await waitFor(() =>
      expect(address()).toHaveTextContent(
        `${PATH}?name=computer&university=7&level=3&category=5&minPrice=1000&maxPrice=50000`,
      ),
    );

    await user.click(filters().getByRole('button', { name: 'Clear filters' }));
    await searchedFor(fetchMock, []);
    await waitFor(() => expect(address()).toHaveTextContent(new RegExp(`^${PATH}$`)));
    expect(filters().getByRole('searchbox', { name: 'Course name' })).toHaveValue('');
    expect(filters().getByRole('combobox', { name: 'University' })).toHaveValue('');
  }, 30_000);

  it('pre-filters by the university handed over in navigation state', async () => {
    const { fetchMock } = await renderAsStudent(
      { pathname: PATH, state: { universityId: 8 } },
      catalogueHandlers(),
    );
    await card('Bachelor of Computer Science');
    // The very first search already carries it: no unfiltered request goes out first.
    const searches = bodiesOf(fetchMock, '/UniversityCourse/getListByPage');
    expect(searches[0].filter.conditions).toEqual([{ field: 'university.id', operator: 'EQ', value: 8 }]);
    expect(searches.every((s) => s.filter.conditions.length === 1)).toBe(true);
    await waitFor(() =>
      expect(filters().getByRole('combobox', { name: 'University' })).toHaveValue('Taylor’s University'),
    );
    // Written into the address once the page has settled (after its first render).
    await waitFor(() => expect(address()).toHaveTextContent(`${PATH}?university=8`));
  });

  it('ignores navigation state that is not a university id', async () => {
    const { fetchMock } = await renderAsStudent(
      { pathname: PATH, state: { universityId: 'x; drop' } },
      catalogueHandlers(),
    );
    await card('Bachelor of Computer Science');
    expect(bodiesOf(fetchMock, '/UniversityCourse/getListByPage')[0].filter.conditions).toEqual([]);
  });

  it('restores the filters and page from the address', async () => {
    const { fetchMock } = await renderAsStudent(
      `${PATH}?name=data&level=3&maxPrice=20000&page=2`,
      catalogueHandlers({
        'POST /api/UniversityCourse/getListByPage': () => json({ result: COURSES, totalRows: 12 }),
      }),
    );
    await card('Bachelor of Computer Science');
    expect(bodiesOf(fetchMock, '/UniversityCourse/getListByPage')[0]).toEqual({
      filter: {
        operator: 'AND',
        conditions: [
          { field: 'course.name', operator: 'LIKE', value: 'data' },
          { field: 'course.level.id', operator: 'EQ', value: 3 },
          { field: 'priceIn.UZS', operator: 'BETWEEN', value: [null, 20000] },
        ],
        groups: [],
      },
      page: 1,
      pageSize: 10,
    });
    expect(filters().getByRole('searchbox', { name: 'Course name' })).toHaveValue('data');
    expect(filters().getByRole('textbox', { name: 'Maximum price (UZS)' })).toHaveValue('20000');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByText('Showing 11–12 of 12')).toBeInTheDocument();
  });

  it('announces a picker that failed to load, in the user language', async () => {
    await renderAsStudent(
      PATH,
      catalogueHandlers({ 'GET /api/CourseLevel/allAsync': () => problem(500, 'boom') }),
      'ru',
    );
    expect(
      await screen.findByText('Не удалось загрузить уровни для списка выбора. Обновите страницу.'),
    ).toBeInTheDocument();
    // The other pickers and the list still work.
    expect(await card('Bachelor of Computer Science')).toBeInTheDocument();
  });

  it('formats fees and durations for the language in use', async () => {
    await renderAsStudent(PATH, catalogueHandlers(), 'uz');
    const cs = within(await card('Bachelor of Computer Science'));
    expect(cs.getByText('36 oy')).toBeInTheDocument();
    expect(cs.getByText((text) => text.replace(/\s/g, ' ') === '45 000 MYR')).toBeInTheDocument();
    expect(cs.getByText('IELTS 6,5')).toBeInTheDocument();
  });

  it('offers to clear the filters when nothing matches', async () => {
    const { user, fetchMock } = await renderAsStudent(
      `${PATH}?category=4`,
      catalogueHandlers({
        'POST /api/UniversityCourse/getListByPage': (init) =>
          JSON.parse(String(init?.body)).filter.conditions.length
            ? json({ result: [], totalRows: 0 })
            : json({ result: COURSES, totalRows: 2 }),
      }),
    );
    expect(await screen.findByText('No courses found')).toBeInTheDocument();
    const empty = screen
      .getByText('No course matches these filters. Try removing some of them.')
      .closest('div')!;
    expect(empty).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(buttons.at(-1)!);
    expect(await card('Bachelor of Computer Science')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, '/UniversityCourse/getListByPage').at(-1).filter.conditions).toEqual([]);
  });
});

describe('prices people can compare (issue 20 item 1)', () => {
  it('shows fees in the chosen currency, filters on converted amounts and remembers the choice', async () => {
    const { user, fetchMock } = await renderAsStudent(`${PATH}?minPrice=9000`, catalogueHandlers());
    const cs = within(await card('Bachelor of Computer Science'));
    await user.click(filters().getByRole('radio', { name: 'USD' }));
    // 45,000 MYR through the inverse of USD→MYR 4.43: 10,158.01 USD; a USD fee is not converted.
    expect(await cs.findByText('≈ 10,158.01 USD (rate of 2 Nov 2026)')).toBeInTheDocument();
    const foundation = within(await card('Foundation in Engineering'));
    expect(foundation.queryByText(/≈/)).not.toBeInTheDocument();
    expect(filters().getByRole('textbox', { name: 'Minimum price (USD)' })).toHaveValue('9000');
    // The list asks again in USD (the search in UZS before it had as many conditions).
    await searchedFor(fetchMock, [{ field: 'priceIn.USD', operator: 'BETWEEN', value: [9000, null] }]);
    expect(document.cookie).toContain('appCurrency=USD');
  });

  it('shows only the own currency when no rate links the two', async () => {
    await renderAsStudent(PATH, catalogueHandlers({ 'GET /api/ExchangeRate/allAsync': () => json([]) }));
    const cs = within(await card('Bachelor of Computer Science'));
    expect(cs.getByText('45,000 MYR')).toBeInTheDocument();
    expect(cs.queryByText(/≈/)).not.toBeInTheDocument();
  });

  it('refuses an inverted fee range with a message in the user language, and does not send it', async () => {
    const { fetchMock } = await renderAsStudent(
      `${PATH}?minPrice=9000&maxPrice=100`,
      catalogueHandlers(),
      'uz',
    );
    expect(
      await screen.findByText('Eng kam narx eng yuqori narxdan katta boʻlishi mumkin emas.'),
    ).toBeInTheDocument();
    const searches = bodiesOf(fetchMock, '/UniversityCourse/getListByPage');
    expect(searches.every((s) => s.filter.conditions.length === 0)).toBe(true);
  });
});
