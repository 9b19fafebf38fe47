import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, renderApp } from '../../test/render-app';

describe('browser tab titles', () => {
  it.each([
    ['en', 'Universities · UniApply'],
    ['uz', 'Universitetlar · UniApply'],
    ['ru', 'Университеты · UniApply'],
  ])('a directly opened admin page has its translated title in %s', async (language, title) => {
    await renderApp('/Admin/Universities', { me: DEMO_USERS.Admin, language });
    await waitFor(() => expect(document.title).toBe(title));
  });
});
