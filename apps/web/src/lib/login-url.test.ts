import { describe, expect, it } from 'vitest';
import { loginUrlFor } from './api';

describe('where a lost session sends the browser (spec 2.1)', () => {
  it('item 14: to /login with the current path and query as returnUrl', () => {
    expect(loginUrlFor({ pathname: '/Agent/Students/FormPage', search: '?studentId=12' })).toBe(
      '/login?returnUrl=%2FAgent%2FStudents%2FFormPage%3FstudentId%3D12',
    );
  });

  it('to plain /login from the landing page', () => {
    expect(loginUrlFor({ pathname: '/', search: '' })).toBe('/login');
  });
});
