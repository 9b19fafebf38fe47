import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ZNamedInput, zRequiredText } from '@uniapply/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  deferred,
  fakeResource,
  json,
  listRequests,
  namedRows,
  problem,
  renderScreen,
  resetNotifications,
} from '../../testing';
import { CrudScreen } from './crud-screen';
import { defineCrud } from './define';

// The rules of spec 2.3 / 4 / 5 / 8 on a definition like the Course Category screen's (written out
// here: components do not import features).
const courseCategories = defineCrud({
  base: 'CourseCategory',
  title: 'catalogue.courseCategory.title',
  addTitle: 'catalogue.courseCategory.add',
  editTitle: 'catalogue.courseCategory.edit',
  filter: { field: 'name', operator: 'CONTAINS' },
  columns: [{ path: 'id' }, { path: 'name' }],
  schema: ZNamedInput,
  form: [{ name: 'name', wide: true }],
});

const page = <CrudScreen definition={courseCategories} />;
const address = () => screen.getByRole('status', { name: 'current address' }).textContent;
const grid = () => screen.getByRole('table', { name: 'Course Category Maintenance' });
const bodyRows = () => within(grid()).getAllByRole('row').slice(1);
const row = (name: string) => within(grid()).getByRole('row', { name: new RegExp(`\\b${name}$`) });
const button = (name: string) => screen.getByRole('button', { name });

async function renderCategories(count: number, overrides: Parameters<typeof renderScreen>[1] = {}) {
  const api = fakeResource('CourseCategory', namedRows(count, 'Category'));
  const view = await renderScreen(page, {
    ...overrides,
    handlers: { ...api.handlers, ...overrides.handlers },
  });
  await screen.findByRole('cell', { name: count ? 'Category 1' : undefined });
  return { ...view, api };
}

afterEach(() => resetNotifications());

describe('maintenance screen: list, loading and empty states', () => {
  it("shows the title, 'Loading...' while loading, then the first page of 10 with the first row selected", async () => {
    const api = fakeResource('CourseCategory', namedRows(12, 'Category'));
    await renderScreen(page, { handlers: api.handlers });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Course Category Maintenance' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'Category 1' });
    expect(bodyRows()).toHaveLength(10);
    expect(row('Category 1')).toHaveAttribute('aria-selected', 'true');
    expect(row('Category 2')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('12 items')).toBeInTheDocument();
    await waitFor(() => expect(address()).toBe('/screen?selected=1'));
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it("shows 'No data available.' for an empty list, with Edit and Delete disabled", async () => {
    await renderCategories(0);
    expect(await screen.findByText('No data available.')).toBeInTheDocument();
    expect(button('Edit')).toBeDisabled();
    expect(button('Delete')).toBeDisabled();
    expect(button('Add')).toBeEnabled();
  });

  it("empties the list and says 'Failed to fetch data: …' when loading fails", async () => {
    await renderScreen(page, {
      handlers: { 'POST /api/CourseCategory/getListByPage': () => problem(500, 'Database is down') },
    });
    expect(await screen.findByText('Failed to fetch data: Database is down')).toBeInTheDocument();
    // The notification's close button is named (axe's button-name), in the user's language.
    expect(screen.getByRole('button', { name: 'Close the message' })).toBeInTheDocument();
    expect(screen.getByText('No data available.')).toBeInTheDocument();
    expect(screen.getByText('0 items')).toBeInTheDocument();
    expect(button('Edit')).toBeDisabled();
  });

  it('item 21: a failed load offers Try again, which loads the list', async () => {
    const api = fakeResource('CourseCategory', namedRows(3, 'Category'));
    let failures = 1;
    const { user } = await renderScreen(page, {
      handlers: {
        ...api.handlers,
        'POST /api/CourseCategory/getListByPage': (init) =>
          failures-- > 0
            ? problem(503, 'Database is down')
            : api.handlers['POST /api/CourseCategory/getListByPage']!(init),
      },
    });
    const alert = await screen.findByRole('alert', { name: 'The list could not be loaded' });
    expect(alert).toHaveTextContent('Something went wrong while loading. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'Category 1' })).toBeInTheDocument();
    expect(screen.getByText('3 items')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'The list could not be loaded' })).toBeNull();
  });

  it('says a network failure in the user language rather than a raw error', async () => {
    await renderScreen(page, {
      language: 'ru',
      handlers: {
        'POST /api/CourseCategory/getListByPage': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    expect(
      await screen.findByText(
        'Не удалось загрузить данные: Не удалось связаться с сервером. Проверьте подключение и попробуйте ещё раз.',
      ),
    ).toBeInTheDocument();
  });
});

describe('maintenance screen: what assistive technology hears (item 14)', () => {
  it("item 14: 'No data available.' is not in the accessibility tree while rows are listed", async () => {
    await renderCategories(3);
    expect(bodyRows()).toHaveLength(3);
    expect(screen.queryByText('No data available.')).toBeNull();
    const statuses = screen.queryAllByRole('status').map((s) => s.textContent);
    expect(statuses).not.toContain('No data available.');
  });

  it("item 14: 'No data available.' is announced as a status once an empty list has loaded", async () => {
    await renderCategories(0);
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('No data available.'),
    );
    expect(screen.getByText('0 items')).toBeInTheDocument();
  });

  it("item 14: the footer says nothing about a count while the first page loads (never '0 items')", async () => {
    const api = fakeResource('CourseCategory', namedRows(12, 'Category'));
    const pending = deferred();
    const { fetchMock } = await renderScreen(page, {
      handlers: { ...api.handlers, 'POST /api/CourseCategory/getListByPage': () => pending.promise },
    });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(listRequests(fetchMock, 'CourseCategory')).toHaveLength(1));
    expect(screen.queryByText(/\bitems?\b/)).toBeNull();
    expect(screen.queryByText('No data available.')).toBeNull();
    pending.release(json({ result: namedRows(10, 'Category'), totalRows: 12 }));
    expect(await screen.findByText('12 items')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Category 1' })).toBeInTheDocument();
  });

  it("the pager names no last page while the first page loads (never 'of 1'), in Russian", async () => {
    const api = fakeResource('CourseCategory', namedRows(35, 'Category'));
    const pending = deferred();
    const { fetchMock } = await renderScreen(page, {
      language: 'ru',
      handlers: { ...api.handlers, 'POST /api/CourseCategory/getListByPage': () => pending.promise },
    });
    await waitFor(() => expect(listRequests(fetchMock, 'CourseCategory')).toHaveLength(1));
    const pager = screen.getByRole('navigation', { name: 'Страницы' });
    expect(within(pager).queryByText(/^из /)).toBeNull();
    expect(within(pager).getByRole('button', { name: 'Последняя страница' })).toBeDisabled();
    expect(within(pager).getByRole('button', { name: 'Следующая страница' })).toBeDisabled();
    pending.release(json({ result: namedRows(10, 'Category'), totalRows: 35 }));
    expect(await within(pager).findByText('из 4')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Последняя страница' })).toBeEnabled();
  });
});

describe('maintenance screen: selection', () => {
  it('selects a clicked row and deselects it on a second click; Edit and Delete follow', async () => {
    const { user } = await renderCategories(3);
    await user.click(row('Category 2'));
    expect(row('Category 2')).toHaveAttribute('aria-selected', 'true');
    expect(row('Category 1')).toHaveAttribute('aria-selected', 'false');
    expect(address()).toBe('/screen?selected=2');
    expect(button('Edit')).toBeEnabled();

    await user.click(row('Category 2'));
    expect(row('Category 2')).toHaveAttribute('aria-selected', 'false');
    expect(button('Edit')).toBeDisabled();
    expect(button('Delete')).toBeDisabled();
  });

  it('toggles the focused row with Enter and Space', async () => {
    const { user } = await renderCategories(3);
    row('Category 3').focus();
    await user.keyboard('{Enter}');
    expect(row('Category 3')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard(' ');
    expect(row('Category 3')).toHaveAttribute('aria-selected', 'false');
    expect(button('Delete')).toBeDisabled();
  });

  it('keeps the filter, page and selected row from the address', async () => {
    const { fetchMock } = await renderScreen(page, {
      path: '/screen?q=category&page=2&selected=14',
      handlers: fakeResource('CourseCategory', namedRows(25, 'Category')).handlers,
    });
    await screen.findByRole('cell', { name: 'Category 14' });
    expect(row('Category 14')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue('category');
    expect(screen.getByRole('textbox', { name: 'Page number' })).toHaveValue('2');
    expect(listRequests(fetchMock, 'CourseCategory')[0]).toEqual({
      filter: {
        operator: 'AND',
        conditions: [{ field: 'name', operator: 'CONTAINS', value: 'category' }],
        groups: [],
      },
      page: 1,
      pageSize: 10,
    });
  });
});

describe('maintenance screen: pager and filter', () => {
  const pageInput = () => screen.getByRole('textbox', { name: 'Page number' });

  it('moves with first, previous, next and last, disabled at the ends', async () => {
    const { user, fetchMock } = await renderCategories(35);
    expect(screen.getByText('of 4')).toBeInTheDocument();
    expect(button('First page')).toBeDisabled();
    expect(button('Previous page')).toBeDisabled();
    await user.click(button('Next page'));
    await screen.findByRole('cell', { name: 'Category 11' });
    expect(row('Category 11')).toHaveAttribute('aria-selected', 'true');
    await user.click(button('Last page'));
    await screen.findByRole('cell', { name: 'Category 35' });
    expect(pageInput()).toHaveValue('4');
    expect(button('Next page')).toBeDisabled();
    expect(button('Last page')).toBeDisabled();
    await user.click(button('Previous page'));
    await screen.findByRole('cell', { name: 'Category 21' });
    await user.click(button('First page'));
    await screen.findByRole('cell', { name: 'Category 1' });
    expect(listRequests(fetchMock, 'CourseCategory').map((b) => b.page)).toEqual([0, 1, 3, 2, 0]);
  });

  it('takes digits only; a value below 1 or empty becomes 1, past the end the last page', async () => {
    const { user } = await renderCategories(35);
    await user.clear(pageInput());
    await user.type(pageInput(), 'a3b{Enter}');
    expect(pageInput()).toHaveValue('3');
    await screen.findByRole('cell', { name: 'Category 21' });

    await user.clear(pageInput());
    await user.type(pageInput(), '99{Enter}');
    expect(pageInput()).toHaveValue('4');
    await screen.findByRole('cell', { name: 'Category 31' });

    await user.clear(pageInput());
    await user.type(pageInput(), '0{Enter}');
    expect(pageInput()).toHaveValue('1');
    await screen.findByRole('cell', { name: 'Category 1' });

    await user.type(pageInput(), 'x');
    expect(pageInput()).toHaveValue('1');
    await user.clear(pageInput());
    await user.tab();
    expect(pageInput()).toHaveValue('1');
  });

  it.each([
    ['-3', '1', 'Category 1'],
    ['1.5', '1', 'Category 1'],
    ['0', '1', 'Category 1'],
    ['-0', '1', 'Category 1'],
    ['2,5', '1', 'Category 1'],
    ['3', '3', 'Category 21'],
    ['007', '4', 'Category 31'],
    ['12', '4', 'Category 31'],
  ])(
    'item 12: the page box reads %j as page %s (below 1 or not a number: 1; past the end: the last)',
    async (typed, shown, firstCell) => {
      const { user } = await renderCategories(35);
      await user.click(button('Next page'));
      await screen.findByRole('cell', { name: 'Category 11' });
      await user.clear(pageInput());
      await user.type(pageInput(), `${typed}{Enter}`);
      expect(pageInput()).toHaveValue(shown);
      await screen.findByRole('cell', { name: firstCell });
      expect(screen.queryByRole('cell', { name: 'Category 11' })).toBeNull();
    },
  );

  it('moves a page past the end in the address to the last page', async () => {
    await renderScreen(page, {
      path: '/screen?page=9',
      handlers: fakeResource('CourseCategory', namedRows(15, 'Category')).handlers,
    });
    await screen.findByRole('cell', { name: 'Category 11' });
    expect(pageInput()).toHaveValue('2');
  });

  it('resets to page 1 when the filter changes, and Clear shows everything again', async () => {
    const rows = [
      ...namedRows(30, 'Category'),
      { id: 31, name: 'Engineering' },
      { id: 32, name: 'Genetic engineering' },
    ];
    const { user, fetchMock } = await renderScreen(page, {
      path: '/screen?page=3',
      handlers: fakeResource('CourseCategory', rows).handlers,
    });
    await screen.findByRole('cell', { name: 'Category 21' });
    await user.type(screen.getByRole('textbox', { name: 'Filter by Name' }), 'engineer');
    await user.click(button('Find'));
    await screen.findByRole('cell', { name: 'Genetic engineering' });
    expect(bodyRows()).toHaveLength(2);
    expect(pageInput()).toHaveValue('1');
    expect(row('Engineering')).toHaveAttribute('aria-selected', 'true');
    expect(listRequests(fetchMock, 'CourseCategory').at(-1)).toMatchObject({
      filter: { conditions: [{ field: 'name', operator: 'CONTAINS', value: 'engineer' }] },
      page: 0,
    });

    await user.click(button('Clear'));
    await screen.findByRole('cell', { name: 'Category 1' });
    expect(screen.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue('');
    expect(listRequests(fetchMock, 'CourseCategory').at(-1)).toMatchObject({
      filter: { conditions: [] },
      page: 0,
    });
  });
});

describe('maintenance screen: add, edit and delete', () => {
  it("adds: an empty form titled 'Add Course Category'; a blank name is refused without saving", async () => {
    const { user, fetchMock, api } = await renderCategories(2);
    await user.click(button('Add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Course Category' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('');
    expect(name).toBeRequired();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please fill in this field')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/add'))).toBe(false);

    await user.type(name, '  Arts  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item saved successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.store.rows.at(-1)).toEqual({ id: 3, name: 'Arts' });
    expect(await screen.findByRole('cell', { name: 'Arts' })).toBeInTheDocument();
  });

  it("edits: the selected row in a form titled 'Edit Course Category', saved with its id", async () => {
    const { user, api } = await renderCategories(2);
    await user.click(row('Category 2'));
    await user.click(button('Edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Course Category' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Category 2');
    await user.clear(name);
    await user.type(name, 'Medicine');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('cell', { name: 'Medicine' })).toBeInTheDocument();
    expect(api.store.rows).toContainEqual({ id: 2, name: 'Medicine' });
    expect(row('Medicine')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel closes the form without saving', async () => {
    const { user, fetchMock } = await renderCategories(1);
    await user.click(button('Add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Course Category' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Law');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/add'))).toBe(false);
  });

  it("keeps the form open and says 'Failed to save item: …' when the server refuses", async () => {
    const { user } = await renderCategories(1, {
      handlers: {
        'POST /api/CourseCategory/add': () =>
          problem(400, 'body.name: validation.tooLong', [
            { path: 'body.name', message: 'validation.tooLong' },
          ]),
      },
    });
    await user.click(button('Add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Course Category' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Long');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save item: body.name: validation.tooLong')).toBeInTheDocument();
    // The server's too-long names the limit, as the schema's own check does.
    expect(within(dialog).getByText('At most 100 characters')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Course Category' })).toBeInTheDocument();
  });

  it('says the limit of a too-long text, the number through the one formatter (Uzbek)', async () => {
    const notes = defineCrud({
      ...courseCategories,
      schema: z.object({ name: zRequiredText(1500) }),
    });
    const api = fakeResource('CourseCategory', namedRows(1, 'Category'));
    const { user } = await renderScreen(<CrudScreen definition={notes} />, {
      language: 'uz',
      handlers: api.handlers,
    });
    await screen.findByRole('cell', { name: 'Category 1' });
    await user.click(screen.getByRole('button', { name: 'Qoʻshish' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getAllByRole('textbox')[0]!, { target: { value: 'x'.repeat(1501) } });
    await user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    // The matcher reads the no-break space of '1 500' as a space; the text keeps it.
    const limit = await within(dialog).findByText('Koʻpi bilan 1 500 ta belgi');
    expect(limit.textContent).toBe('Koʻpi bilan 1\u00a0500 ta belgi');
    expect(within(dialog).queryByText('Matn juda uzun')).toBeNull();
  });

  it("says the limit in Russian too, whose plural of 100 is 'many' (not only 'one' and 'other')", async () => {
    const { user } = await renderCategories(1, { language: 'ru' });
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getAllByRole('textbox')[0]!, { target: { value: 'x'.repeat(101) } });
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Максимум символов: 100')).toBeInTheDocument();
    expect(within(dialog).queryByText('Слишком длинный текст')).toBeNull();
  });

  it('asks before deleting; Cancel keeps the row, Delete removes it', async () => {
    const { user, fetchMock, api } = await renderCategories(2);
    await user.click(button('Delete'));
    const confirm = await screen.findByRole('dialog');
    expect(
      within(confirm).getByText('Are you sure you want to delete the selected item?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/delete'))).toBe(false);

    await user.click(button('Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Item deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Category 1' })).toBeNull());
    expect(api.store.rows).toEqual([{ id: 2, name: 'Category 2' }]);
    await waitFor(() => expect(row('Category 2')).toHaveAttribute('aria-selected', 'true'));
  });

  it("shows the server's refusal when the row is still in use, and keeps the row", async () => {
    const { user } = await renderCategories(2, {
      handlers: {
        'POST /api/CourseCategory/delete': () =>
          problem(409, 'This course category is used by 3 courses and cannot be deleted.'),
      },
    });
    await user.click(button('Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Failed to delete item: This course category is used by 3 courses and cannot be deleted.',
      ),
    ).toBeInTheDocument();
    expect(row('Category 1')).toBeInTheDocument();
  });

  it('shows validation messages in the user language (Uzbek)', async () => {
    const { user } = await renderScreen(page, {
      language: 'uz',
      handlers: { 'POST /api/CourseCategory/getListByPage': () => json({ result: [], totalRows: 0 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Qoʻshish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kurs toifasini qoʻshish' });
    await user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    expect(await within(dialog).findByText('Iltimos, bu maydonni toʻldiring')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Nomi' })).toHaveAccessibleDescription(
      'Iltimos, bu maydonni toʻldiring',
    );
  });
});
