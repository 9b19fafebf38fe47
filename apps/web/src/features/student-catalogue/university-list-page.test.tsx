import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesOf, deferred, json, problem } from '../../testing';
import { catalogueHandlers, renderAsStudent, UNIVERSITIES } from '../../testing/fake-catalogue';

const PATH = '/Student/UniversityList';
const address = () => screen.getByRole('status', { name: 'current address' });
const card = async (name: string) => screen.findByRole('article', { name });

describe('student university list', () => {
  it('shows each university as a card with its contact details', async () => {
    await renderAsStudent(PATH, catalogueHandlers());
    expect(await screen.findByRole('heading', { level: 1, name: 'Universities' })).toBeInTheDocument();
    const um = within(await card('Universiti Malaya'));
    expect(um.getByText("Malaysia's oldest university.")).toBeInTheDocument();
    expect(um.getByText('Jalan Universiti, 50603 Kuala Lumpur')).toBeInTheDocument();
    expect(um.getByRole('link', { name: '+603-7967 7022' })).toHaveAttribute('href', 'tel:+60379677022');
    expect(um.getByText('+603-7956 0027')).toBeInTheDocument();
    expect(um.getByText('Address')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Universities' }).children).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 2, name: '2 universities' })).toBeInTheDocument();
  });

  it('adds https:// to links without a scheme and opens them in a new tab that cannot reach back', async () => {
    await renderAsStudent(PATH, catalogueHandlers());
    const um = within(await card('Universiti Malaya'));
    const expected = [
      ['Universiti Malaya website, www.um.edu.my (opens in a new tab)', 'https://www.um.edu.my'],
      ['Universiti Malaya on YouTube (opens in a new tab)', 'https://youtube.com/@UniversitiMalaya'],
      ['Universiti Malaya on Facebook (opens in a new tab)', 'http://facebook.com/unimalaya'],
    ];
    for (const [name, href] of expected) {
      const link = um.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // Only the links a university has: no empty Instagram or TikTok buttons.
    expect(um.queryByRole('link', { name: /Instagram|TikTok/ })).not.toBeInTheDocument();

    const taylors = within(await card('Taylor’s University'));
    expect(taylors.getByRole('link', { name: /TikTok/ })).toHaveAttribute(
      'href',
      'https://tiktok.com/@taylors',
    );
    expect(taylors.getByRole('link', { name: /Instagram/ })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(taylors.queryByRole('link', { name: /YouTube|Facebook/ })).not.toBeInTheDocument();
  });

  it('never turns a stored non-web address into a link', async () => {
    const bad = { ...UNIVERSITIES[0]!, youtube: 'javascript:alert(1)' };
    await renderAsStudent(
      PATH,
      catalogueHandlers({
        'POST /api/University/getListByPage': () => json({ result: [bad], totalRows: 1 }),
      }),
    );
    const um = within(await card('Universiti Malaya'));
    expect(um.queryByRole('link', { name: /YouTube/ })).not.toBeInTheDocument();
  });

  it('the courses link carries the university in its address and opens the filtered course list', async () => {
    const { user, fetchMock } = await renderAsStudent(PATH, catalogueHandlers());
    const taylors = within(await card('Taylor’s University'));
    const link = taylors.getByRole('link', { name: 'Courses at Taylor’s University' });
    expect(link).toHaveTextContent('Courses');
    // In the address, not in navigation state: a reload or a shared link keeps the university.
    expect(link).toHaveAttribute('href', '/Student/UniversityCourseList?university=8');

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toBeInTheDocument();
    await waitFor(() => expect(address()).toHaveTextContent('/Student/UniversityCourseList?university=8'));
    const [first] = bodiesOf(fetchMock, '/UniversityCourse/getListByPage');
    expect(first).toEqual({
      filter: {
        operator: 'AND',
        conditions: [{ field: 'university.id', operator: 'EQ', value: 8 }],
        groups: [],
      },
      page: 0,
      pageSize: 10,
    });
    expect(await screen.findByDisplayValue('Taylor’s University')).toBeInTheDocument();
  });

  it('searches by name (CONTAINS) and starts again at the first page', async () => {
    const { user, fetchMock } = await renderAsStudent(
      `${PATH}?page=2`,
      catalogueHandlers({
        'POST /api/University/getListByPage': () => json({ result: UNIVERSITIES, totalRows: 25 }),
      }),
    );
    await card('Universiti Malaya');
    expect(bodiesOf(fetchMock, '/University/getListByPage')[0]).toEqual({
      filter: { operator: 'AND', conditions: [], groups: [] },
      page: 1,
      pageSize: 10,
    });

    await user.type(screen.getByRole('searchbox', { name: 'Search universities' }), 'malaya');
    await waitFor(() => expect(address()).toHaveTextContent(`${PATH}?name=malaya`));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/University/getListByPage').at(-1)).toEqual({
        filter: {
          operator: 'AND',
          conditions: [{ field: 'name', operator: 'CONTAINS', value: 'malaya' }],
          groups: [],
        },
        page: 0,
        pageSize: 10,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(address()).toHaveTextContent(new RegExp(`^${PATH}$`)));
    expect(screen.getByRole('searchbox', { name: 'Search universities' })).toHaveValue('');
  });

  it('pages through the results ten at a time', async () => {
    const { user, fetchMock } = await renderAsStudent(
      PATH,
      catalogueHandlers({
        'POST /api/University/getListByPage': () => json({ result: UNIVERSITIES, totalRows: 25 }),
      }),
    );
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Showing 1–10 of 25')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(address()).toHaveTextContent(`${PATH}?page=3`));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/University/getListByPage').at(-1)).toMatchObject({ page: 2 }),
    );
    expect(await within(pages).findByText('Showing 21–25 of 25')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(address()).toHaveTextContent(`${PATH}?page=2`));
  });

  it('says so when no university matches', async () => {
    await renderAsStudent(
      `${PATH}?name=zzz`,
      catalogueHandlers({
        'POST /api/University/getListByPage': () => json({ result: [], totalRows: 0 }),
      }),
    );
    expect(await screen.findByText('No universities found')).toBeInTheDocument();
    expect(screen.getByText('No university name contains “zzz”. Try another name.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('shows placeholders while loading, then an error with a working retry', async () => {
    const first = deferred();
    let calls = 0;
    const { user } = await renderAsStudent(
      PATH,
      catalogueHandlers({
        'POST /api/University/getListByPage': () =>
          ++calls === 1 ? first.promise : json({ result: UNIVERSITIES, totalRows: 2 }),
      }),
    );
    expect(await screen.findByText('Loading universities...')).toBeInTheDocument();
    first.release(problem(500, 'boom'));
    const alert = await screen.findByRole('alert');
    expect(screen.queryByText('Loading universities...')).not.toBeInTheDocument();
    expect(alert).toHaveTextContent('Could not load the universities');
    expect(alert).toHaveTextContent('Something went wrong while loading. Please try again.');
    expect(alert).not.toHaveTextContent('boom');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await card('Universiti Malaya')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks Russian', async () => {
    await renderAsStudent(PATH, catalogueHandlers(), 'ru');
    expect(await screen.findByRole('heading', { level: 1, name: 'Университеты' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '2 университета' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Курсы — Universiti Malaya' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Universiti Malaya на YouTube (откроется в новой вкладке)' }),
    ).toBeInTheDocument();
  });
});
