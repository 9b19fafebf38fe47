import { screen, waitFor, within } from '@testing-library/react';
import { ZNamedInput } from '@uniapply/shared';
import { Link, useLocation, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeResource, json, namedRows, renderScreen, resetNotifications } from '../../testing';
import { CrudScreen } from './crud-screen';
import { defineCrud } from './define';
import { backToList } from './form-page-return';

// Issue 20 item 4, "grids that keep your place": after a save the filter stays; a saved row the
// filter shows is opened on its page and selected (positionOf); one it hides leaves page 1 and a
// notice. Spec 2.3's "first row selected after a load" still holds for every other load.
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

const address = () => screen.getByRole('status', { name: 'current address' }).textContent;
const grid = () => screen.getByRole('table', { name: 'Course Category Maintenance' });
const row = (name: string) => within(grid()).getByRole('row', { name: new RegExp(`\\b${name}$`) });
const button = (name: string) => screen.getByRole('button', { name });
const filterBox = () => screen.getByRole('textbox', { name: 'Filter by Name' });

/** 25 categories and 5 others, the list filtered on "Category" (25 rows, 3 pages). */
async function renderFiltered(handlers = {}) {
  const api = fakeResource('CourseCategory', [
    ...namedRows(25, 'Category'),
    ...namedRows(5, 'Other').map((r) => ({ ...r, id: r.id + 25 })),
  ]);
  const view = await renderScreen(<CrudScreen definition={courseCategories} />, {
    path: '/screen?q=Category',
    handlers: { ...api.handlers, ...handlers },
  });
  await screen.findByRole('cell', { name: 'Category 1' });
  return { ...view, api };
}

async function add(user: Awaited<ReturnType<typeof renderFiltered>>['user'], name: string) {
  await user.click(button('Add'));
  const dialog = await screen.findByRole('dialog', { name: 'Add Course Category' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), name);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

afterEach(() => resetNotifications());

// A list of people whose Add and Edit open a form page (the agent's students): the name filter is
// in the history entry's state, and the form page comes back with the saved student's id there.
// The form page is on the screen's own route here (renderScreen has one), told apart by its state.
const people = defineCrud({
  ...courseCategories,
  formPage: { path: '/screen', idParam: 'id' },
  personal: true,
});

/**
 * The list of people, or (an entry the list opened, `crudReturn` in its state) a stand-in for its
 * form page: it names the row in the address and leads back as the students' form page does.
 */
function PeopleOrFormPage() {
  const { state } = useLocation();
  const [params] = useSearchParams();
  if (!(state as { crudReturn?: unknown } | null)?.crudReturn) return <CrudScreen definition={people} />;
  const id = Number(params.get('id'));
  const back = backToList(state, '/screen', id || null);
  return (
    <>
      <h1>Form page {id}</h1>
      <Link to={back.to} state={back.state}>
        Back to the list
      </Link>
    </>
  );
}

describe('maintenance screen: keeps your place after a save (issue 20 item 4)', () => {
  it('an added row the filter shows: the filter stays, its page (3) opens and it is selected', async () => {
    const { user } = await renderFiltered();
    await add(user, 'Category new');
    expect(await screen.findByRole('cell', { name: 'Category new' })).toBeInTheDocument();
    await waitFor(() => expect(row('Category new')).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(address()).toBe('/screen?q=Category&selected=31&page=3'));
    expect(filterBox()).toHaveValue('Category');
    expect(screen.getByRole('textbox', { name: 'Page number' })).toHaveValue('3');
    expect(screen.queryByText('Saved, but hidden by the filter.')).toBeNull();
  }, 30_000);

  it('an edited row on a later page stays selected on its page', async () => {
    const { user } = await renderFiltered();
    await user.click(button('Next page'));
    await user.click(await screen.findByRole('cell', { name: 'Category 14' }));
    await user.click(button('Edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Course Category' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Category fourteen');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('cell', { name: 'Category fourteen' })).toBeInTheDocument();
    await waitFor(() => expect(address()).toBe('/screen?q=Category&page=2&selected=14'));
    expect(row('Category fourteen')).toHaveAttribute('aria-selected', 'true');
  }, 30_000);

  it('a saved row the filter hides: page 1, the filter kept, and a notice says so', async () => {
    const { user } = await renderFiltered();
    await user.click(button('Next page'));
    await screen.findByRole('cell', { name: 'Category 11' });
    await add(user, 'Law');
    expect(await screen.findByText('Saved, but hidden by the filter.')).toBeInTheDocument();
    await waitFor(() => expect(address()).toBe('/screen?q=Category&selected=1'));
    expect(await screen.findByRole('cell', { name: 'Category 1' })).toBeInTheDocument();
    expect(row('Category 1')).toHaveAttribute('aria-selected', 'true');
    expect(filterBox()).toHaveValue('Category');
    // A new filter is a new list: the notice goes.
    await user.click(button('Clear'));
    await waitFor(() => expect(screen.queryByText('Saved, but hidden by the filter.')).toBeNull());
  }, 30_000);

  it('the notice is in the reader’s language', async () => {
    const api = fakeResource('CourseCategory', namedRows(3, 'Category'));
    const { user } = await renderScreen(<CrudScreen definition={courseCategories} />, {
      path: '/screen?q=Category',
      language: 'uz',
      handlers: api.handlers,
    });
    await screen.findByRole('cell', { name: 'Category 1' });
    await user.click(screen.getAllByRole('button', { name: /Qoʻshish/ })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getAllByRole('textbox')[0]!, 'Law');
    await user.click(within(dialog).getByRole('button', { name: 'Saqlash' }));
    expect(await screen.findByText('Saqlandi, lekin filtr uni yashiradi.')).toBeInTheDocument();
  }, 30_000);

  // The first load's first-row selection rewrites the entry's state before the list is settled:
  // the saved mark must outlive that (it used to be dropped, leaving the list at ?selected=1).
  it('back from a form page: the list opens the page holding the saved row, its filter kept', async () => {
    const api = fakeResource('CourseCategory', namedRows(25, 'Category'));
    await renderScreen(<CrudScreen definition={people} />, {
      path: { pathname: '/screen', state: { crudFilter: 'Category', crudSaved: 23 } },
      handlers: api.handlers,
    });
    await waitFor(() => expect(address()).toBe('/screen?selected=23&page=3'));
    expect(await screen.findByRole('cell', { name: 'Category 23' })).toBeInTheDocument();
    expect(row('Category 23')).toHaveAttribute('aria-selected', 'true');
    expect(filterBox()).toHaveValue('Category');
    // The name stays out of the address (DESIGN 5).
    expect(address()).not.toContain('Category');
  }, 30_000);

  it('edit from page 2 of a filtered list, save on the form page, back: that row, selected, its filter kept', async () => {
    const api = fakeResource('CourseCategory', [
      ...namedRows(25, 'Category'),
      ...namedRows(5, 'Other').map((r) => ({ ...r, id: r.id + 25 })),
    ]);
    const { user, fetchMock } = await renderScreen(<PeopleOrFormPage />, { handlers: api.handlers });
    await user.type(await screen.findByRole('textbox', { name: 'Filter by Name' }), 'Category');
    await user.click(button('Find'));
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await user.click(await screen.findByRole('cell', { name: 'Category 14' }));
    await user.click(button('Edit'));
    expect(await screen.findByRole('heading', { name: 'Form page 14' })).toBeInTheDocument();
    // The row is renamed and still matches the filter; the page leads back.
    api.store.rows = api.store.rows.map((r) => (r.id === 14 ? { ...r, name: 'Category fourteen' } : r));
    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    expect(await screen.findByRole('cell', { name: 'Category fourteen' })).toBeInTheDocument();
    await waitFor(() => expect(row('Category fourteen')).toHaveAttribute('aria-selected', 'true'));
    expect(address()).toBe('/screen?page=2&selected=14');
    expect(filterBox()).toHaveValue('Category');
    expect(screen.queryByText('Saved, but hidden by the filter.')).toBeNull();
    // Placed once: later loads of the list do not ask again.
    const asked = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/positionOf')).length;
    expect(asked()).toBe(1);
    await user.click(button('Previous page'));
    await screen.findByRole('cell', { name: 'Category 1' });
    expect(asked()).toBe(1);
  }, 30_000);

  it('back from a form page whose saved row the filter now hides: page 1, the filter kept, the notice', async () => {
    const api = fakeResource('CourseCategory', namedRows(25, 'Category'));
    const { user } = await renderScreen(<PeopleOrFormPage />, { handlers: api.handlers });
    await user.type(await screen.findByRole('textbox', { name: 'Filter by Name' }), 'Category');
    await user.click(button('Find'));
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await user.click(await screen.findByRole('cell', { name: 'Category 12' }));
    await user.click(button('Edit'));
    await screen.findByRole('heading', { name: 'Form page 12' });
    api.store.rows = api.store.rows.map((r) => (r.id === 12 ? { ...r, name: 'Law' } : r));
    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    expect(await screen.findByText('Saved, but hidden by the filter.')).toBeInTheDocument();
    await waitFor(() => expect(address()).toBe('/screen?selected=1'));
    expect(row('Category 1')).toHaveAttribute('aria-selected', 'true');
    expect(filterBox()).toHaveValue('Category');
  }, 30_000);

  it('when the position cannot be found, the list falls back to its first page', async () => {
    const { user } = await renderFiltered({
      'POST /api/CourseCategory/positionOf': () => json({ message: 'down' }, 503),
    });
    await add(user, 'Category new');
    await waitFor(() => expect(address()).toBe('/screen?q=Category&selected=1'));
    expect(filterBox()).toHaveValue('Category');
  }, 30_000);
});
