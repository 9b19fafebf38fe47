// @both-databases: the converted-price filter is SQL (numeric rounding, a correlated subquery) and the rates table's catalogue-version trigger
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueVersion } from '../../src/db/schema/index.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { TestClock } from '../clock.js';
import { client, ids, seedCatalogue, type TClient, universityCourseBody } from './helpers.js';

// Issue 20 item 1: admins keep dated exchange rates (a catalogue resource); the course list's price
// range compares prices converted into the reader's currency (`priceIn.<code>`), server-side, with
// the latest rate on or before today; an inverted range is refused with its own code.

const MYR = 0;
const SGD = 1;
const UZS = 2;
const USD = 3;

let t: TestApp;
let admin: TClient;
let student: TClient;
const clock = new TestClock('2026-11-27T10:00:00Z');
const offers: Record<string, number> = {};

const rate = (fromCurrency: number, toCurrency: number, value: string, date: string) => ({
  fromCurrency,
  toCurrency,
  rate: value,
  date,
  source: 'Test bank',
});

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = client(t, await signInAs(t, 'rates.admin@resources.test', 'Admin'));
  student = client(t, await signInAs(t, 'rates.student@resources.test', 'Student'));
  const cat = await seedCatalogue(admin, 'Rates');
  const add = async (key: string, price: number, currency: number) => {
    const res = await admin.post('/UniversityCourse/AddUniversityCourse', {
      ...universityCourseBody(cat.universityId, cat.courseId, price),
      currency,
    });
    expect(res.status, res.text).toBe(200);
    offers[key] = (res.body as { id: number }).id;
  };
  await add('myr38k', 38000, MYR); // 38 000 MYR
  await add('uzs310m', 310000000, UZS); // 310 000 000 UZS
  await add('usd9k', 9000, USD); // 9 000 USD
  await add('sgd20k', 20000, SGD); // no rate links SGD
});
afterAll(() => t?.close());

const inUsd = (min: number | null, max: number | null) => ({
  filter: {
    operator: 'AND',
    conditions: [
      { field: 'university.name', operator: 'CONTAINS', value: 'Rates University' },
      { field: 'priceIn.USD', operator: 'BETWEEN', value: [min, max] },
    ],
    groups: [],
  },
  page: 0,
  pageSize: 10,
});

describe('ExchangeRate: a catalogue resource admins keep', () => {
  let usdUzs: number;

  it('an admin adds, reads, updates and deletes a rate; the rate stays exact', async () => {
    const res = await admin.post('/ExchangeRate/add', rate(USD, UZS, '12900.5', '2026-11-20'));
    expect(res.status, res.text).toBe(200);
    usdUzs = (res.body as { id: number }).id;
    const row = (await student.get(`/ExchangeRate/${usdUzs}`)).body as { rate: string; date: string };
    expect(Number(row.rate)).toBe(12900.5);
    expect(row.rate).toMatch(/^12900\.50*$/);
    expect(row.date).toBe('2026-11-20');
    const changed = await admin.post('/ExchangeRate/update', {
      id: usdUzs,
      ...rate(USD, UZS, '12800', '2026-11-20'),
    });
    expect(changed.status, changed.text).toBe(200);
    const extra = await admin.post('/ExchangeRate/add', rate(USD, MYR, '4.5', '2026-11-01'));
    const gone = await admin.post('/ExchangeRate/delete', { id: (extra.body as { id: number }).id });
    expect(gone.status).toBe(200);
  });

  it('students and agents read rates but may not write them', async () => {
    expect((await student.get('/ExchangeRate/allAsync')).status).toBe(200);
    expect((await student.post('/ExchangeRate/add', rate(USD, UZS, '1', '2026-11-01'))).status).toBe(403);
    const agent = client(t, await signInAs(t, 'rates.agent@resources.test', 'Agent'));
    expect(
      (await agent.post('/ExchangeRate/update', { id: usdUzs, ...rate(USD, UZS, '1', '2026-11-01') })).status,
    ).toBe(403);
    expect((await client(t, null).get('/ExchangeRate/allAsync')).status).toBe(401);
  });

  it('refuses a pair of one currency and a rate that is not a positive decimal', async () => {
    const same = await admin.post('/ExchangeRate/add', rate(USD, USD, '1', '2026-11-01'));
    expect(same.status).toBe(400);
    expect((same.body as { errors: { path: string; code: string }[] }).errors[0]).toMatchObject({
      code: 'sameCurrency',
    });
    expect((await admin.post('/ExchangeRate/add', rate(USD, UZS, '0', '2026-11-01'))).status).toBe(400);
    expect((await admin.post('/ExchangeRate/add', rate(USD, UZS, '1e5', '2026-11-01'))).status).toBe(400);
  });

  it('a rate change bumps the catalogue version', async () => {
    const version = async () =>
      (await t.database.db.select({ v: catalogueVersion.version }).from(catalogueVersion))[0]!.v;
    const before = await version();
    const res = await admin.post('/ExchangeRate/add', rate(MYR, UZS, '2900', '2026-11-15'));
    expect(res.status, res.text).toBe(200);
    expect(await version()).not.toBe(before);
  });
});

describe('the price range compares converted amounts', () => {
  it('filters on the price in the chosen currency across currencies', async () => {
    // Rates now: USD→UZS 12800 (20 Nov), MYR→UZS 2900 (15 Nov); no MYR↔USD rate, none for SGD.
    // In USD: 310 000 000 UZS / 12800 = 24 218.75; 9 000 USD itself; MYR and SGD have no rate.
    const res = await student.post('/UniversityCourse/getListByPage', inUsd(10000, 30000));
    expect(res.status, res.text).toBe(200);
    expect(ids((res.body as { result: unknown }).result)).toEqual([offers.uzs310m]);
    expect((res.body as { totalRows: number }).totalRows).toBe(1);
    const cheap = await student.post('/UniversityCourse/getListByPage', inUsd(null, 10000));
    expect(ids((cheap.body as { result: unknown }).result)).toEqual([offers.usd9k]);
  });

  it('in UZS the MYR fee converts too, and the list follows a new rate at once (cache)', async () => {
    const inUzs = (min: number, max: number) => ({
      ...inUsd(null, null),
      filter: {
        ...inUsd(null, null).filter,
        conditions: [
          { field: 'university.name', operator: 'CONTAINS', value: 'Rates University' },
          { field: 'priceIn.UZS', operator: 'BETWEEN', value: [min, max] },
        ],
      },
    });
    // 38 000 MYR × 2900 = 110 200 000 UZS; 9 000 USD × 12800 = 115 200 000 UZS.
    const before = await student.post('/UniversityCourse/getListByPage', inUzs(100_000_000, 112_000_000));
    expect(ids((before.body as { result: unknown }).result)).toEqual([offers.myr38k]);
    // A later MYR rate moves the MYR fee out of the range: 38 000 × 3000 = 114 000 000.
    await admin.post('/ExchangeRate/add', rate(MYR, UZS, '3000', '2026-11-26'));
    const after = await student.post('/UniversityCourse/getListByPage', inUzs(100_000_000, 112_000_000));
    expect(ids((after.body as { result: unknown }).result)).toEqual([]);
  });

  it('a rate dated after today applies only from its day (the cached answer follows the clock)', async () => {
    await admin.post('/ExchangeRate/add', rate(USD, UZS, '10000', '2026-11-28'));
    const today = await student.post('/UniversityCourse/getListByPage', inUsd(30000, 40000));
    expect(ids((today.body as { result: unknown }).result)).toEqual([]);
    clock.set('2026-11-27T19:30:00Z'); // 00:30 on the 28th in Tashkent
    const tomorrow = await student.post('/UniversityCourse/getListByPage', inUsd(30000, 40000));
    // 310 000 000 / 10 000 = 31 000 USD
    expect(ids((tomorrow.body as { result: unknown }).result)).toEqual([offers.uzs310m]);
    clock.set('2026-11-27T10:00:00Z');
  });

  it('refuses an inverted range with its own code', async () => {
    const res = await student.post('/UniversityCourse/getListByPage', inUsd(30000, 10000));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'invertedRange',
      errors: [{ path: 'body.filter.conditions.1.value', code: 'invertedRange' }],
    });
  });
});
