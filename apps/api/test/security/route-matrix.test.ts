import { ROLES, type TRole } from '@uniapply/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';
import { allowedRoles, routesWithoutRule, type TAccessRule } from '../../src/http/access.js';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../app.js';
import { createTestDatabase, testDbKind } from '../db.js';

// SECURITY 4: the role × route × verb matrix, generated from the routes the real app registers.
// The one authorisation table is each route's own `config.access` (src/http/access.ts): start-up
// fails naming any /api route without one, and this test probes every route with every role.
// Expected: anonymous on a non-public route 401, a role the rule leaves out 403, every allowed
// role neither (the route's own checks may still answer 400, 404 or 503, never 401/403 or 500).

type TCaller = 'anonymous' | TRole;
const CALLERS: TCaller[] = ['anonymous', ...ROLES];

/** A concrete address for a route pattern: ids that exist nowhere, any text for the rest. */
const concrete = (url: string) =>
  url
    .replace(/:(id|fileId)\b/g, '2147483000')
    .replace(/:[A-Za-z]+/g, 'matrix-probe')
    .replace(/\*$/, 'matrix-probe');

function expectedStatus(rule: TAccessRule, caller: TCaller): 401 | 403 | 'allowed' {
  const access = rule.access!;
  if (access === 'public') return 'allowed';
  if (caller === 'anonymous') return 401;
  return allowedRoles(access).includes(caller) ? 'allowed' : 403;
}

/** Routes that end the caller's session go last, each with a session of its own. */
const endsSession = (rule: TAccessRule) => rule.url === '/api/auth/logout';

describe(`SECURITY 4: function-level authorisation, role × route × verb (${testDbKind()})`, () => {
  let t: TestApp;
  const sessions = {} as Record<TRole, SignedIn>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ROLES) sessions[role] = await signInAs(t, `matrix.${role}@security.test`, role);
  });
  afterAll(() => t.close());

  it('item 4: every API route declares who may call it', () => {
    expect(t.app.accessRules.length).toBeGreaterThan(200);
    expect(routesWithoutRule(t.app.accessRules)).toEqual([]);
  });

  it('item 4: every cell answers as the route declares (401 anonymous, 403 wrong role, otherwise no refusal)', async () => {
    const rules = [...t.app.accessRules].sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
    const wrong: string[] = [];
    const counts: Record<string, number> = {};
    for (const rule of rules) {
      await Promise.all(
        CALLERS.map(async (caller) => {
          const cookie =
            caller === 'anonymous'
              ? undefined
              : endsSession(rule)
                ? (await signInAs(t, `matrix.${caller}@security.test`, caller)).cookie
                : sessions[caller].cookie;
          const hasBody = !['GET', 'HEAD', 'OPTIONS', 'TRACE'].includes(rule.method);
          const res = await t.app.inject({
            method: rule.method as 'GET',
            url: concrete(rule.url),
            headers: {
              ...(cookie ? { cookie } : {}),
              ...(hasBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(hasBody ? { payload: '{}' } : {}),
          });
          const expected = expectedStatus(rule, caller);
          const cell = `${rule.method} ${rule.url} as ${caller}`;
          counts[String(expected)] = (counts[String(expected)] ?? 0) + 1;
          if (expected === 'allowed') {
            if ([401, 403, 500].includes(res.statusCode))
              wrong.push(`${cell}: ${res.statusCode}, expected no refusal`);
          } else if (res.statusCode !== expected) {
            wrong.push(`${cell}: ${res.statusCode}, expected ${expected}`);
          }
        }),
      );
    }
    console.log(`item 4: ${rules.length} routes × ${CALLERS.length} callers`, counts);
    expect(wrong).toEqual([]);
  }, 300_000);

  // The declarations are the table; these pins keep the sensitive ones from being loosened.
  it('item 4: admin-only areas stay admin-only', () => {
    const adminOnly = [
      /^\/api\/User\//,
      /^\/api\/MailJob\//,
      /^\/api\/Settings$/,
      /^\/api\/admin\//,
      /^\/api\/contact\/latest$/,
      /^\/api\/ApplicationStatus\/(move|undo|defer|laterIntakes|passport|offerTerms|offerCondition)$/,
      /^\/api\/OfferLetterTemplate(\/preview)?$/,
      /^\/api\/ApplicationForm\/(add|update|delete)$/,
      /^\/api\/Document\/find-root-folder$/,
      /^\/api\/Notification\//,
      /^\/api\/(University|UniversityCourse|Course|CourseLevel|CourseCategory|DocumentType)\/(add|update|delete|CreateOrUpdate|addCourse|AddUniversityCourse|updateCourse\/:id|UpdateUniversityCourse\/:id)$/,
    ];
    const loose = t.app.accessRules
      .filter((r) => adminOnly.some((re) => re.test(r.url)))
      .filter((r) => JSON.stringify(r.access) !== JSON.stringify(['Admin']))
      .map((r) => `${r.method} ${r.url}: ${JSON.stringify(r.access)}`);
    expect(loose).toEqual([]);
    // Issue 18: the stored notifications of students and agents are theirs alone.
    const applicantOnly = t.app.accessRules
      .filter((r) => /^\/api\/UserNotification\//.test(r.url) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}: ${JSON.stringify(r.access)}`);
    expect(applicantOnly).toEqual([
      'GET /api/UserNotification/list: ["Student","Agent"]',
      'POST /api/UserNotification/markRead: ["Student","Agent"]',
    ]);
    // Issue 22: the applicant's own moves (withdraw, the answer to an offer, a condition's evidence).
    const applicantMoves = t.app.accessRules
      .filter((r) =>
        /^\/api\/ApplicationStatus\/(withdraw|answerOffer|offerCondition\/:id\/evidence)$/.test(r.url),
      )
      .map((r) => `${r.method} ${r.url}: ${JSON.stringify(r.access)}`);
    expect(applicantMoves.sort()).toEqual([
      'POST /api/ApplicationStatus/answerOffer: ["Student","Agent"]',
      'POST /api/ApplicationStatus/offerCondition/:id/evidence: ["Student","Agent"]',
      'POST /api/ApplicationStatus/withdraw: ["Student","Agent"]',
    ]);
    const publicRoutes = t.app.accessRules
      .filter((r) => r.access === 'public')
      .map((r) => r.url)
      .filter((url) => !/^\/api\/(docs|auth\/demo-oidc)(\/|$)/.test(url));
    expect(new Set(publicRoutes)).toEqual(
      new Set([
        '/api/health',
        '/api/ready',
        '/api/auth/google-login',
        '/api/auth/callback',
        '/api/auth/logout',
        // A signed-out visitor's language on the prerendered first screens (issue 20 item 7).
        '/api/auth/language',
        '/api/contact',
      ]),
    );
  });

  it('item 4: the published configuration (GET /api/config, issue 18 item 5) is for any signed-in user', () => {
    const rule = t.app.accessRules.find((r) => r.url === '/api/config' && r.method === 'GET');
    expect(rule?.access).toBe('signedIn');
  });
});

describe(`SECURITY 4: a route added without a rule is named (${testDbKind()})`, () => {
  it('item 4: start-up fails naming exactly the route that has no access rule', async () => {
    const database = await createTestDatabase();
    const config = readConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/uniapply-test-unused',
      MAIL_POLL_MS: '0',
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      app.post('/api/MatrixProbe/forgotten', async () => ({ leaked: true }));
      app.get('/api/MatrixProbe/declared', { config: { access: ['Admin'] } }, async () => ({}));
      await expect(app.ready()).rejects.toThrow(
        'Routes without an access rule (config.access): POST /api/MatrixProbe/forgotten',
      );
      expect(routesWithoutRule(app.accessRules)).toEqual(['POST /api/MatrixProbe/forgotten']);
    } finally {
      await app.close().catch(() => {});
      await database.close();
    }
  }, 120_000);
});
