import type { IncomingMessage } from 'node:http';
import { ZProfileNames, zEmail } from '@uniapply/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { publicRoutes } from '../../../http/access.js';
import { signInRoutes } from '../../../http/security.js';
import { renderExpiredPage, renderSignInPage } from './page.js';
import { rememberTypedNames } from './provider.js';
import { pickDemoLanguage, type TDemoPageLanguage } from './texts.js';

export type TDemoProviderPluginOptions = {
  /** The provider, made on first use (oidc-provider costs about 18 MB of memory once loaded). */
  provider: () => Promise<Provider>;
  /** The full path the plugin is registered at, e.g. /api/auth/demo-oidc. */
  mountPath: string;
};

const ZUidParams = z.object({ uid: z.string().min(1).max(100) });

type TPageForm = { email?: unknown; given_name?: unknown; family_name?: unknown; lang?: unknown };
const formText = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/** The page's language: the page's own switch, then the portal's cookie, then the browser's list. */
const pageLanguage = (request: FastifyRequest): TDemoPageLanguage =>
  pickDemoLanguage({
    chosen:
      formText((request.body as TPageForm | undefined)?.lang, 5) ||
      formText((request.query as { lang?: unknown } | undefined)?.lang, 5),
    cookie: request.cookies?.appLanguage,
    acceptLanguage: request.headers['accept-language'],
  });

/**
 * Serves the demo provider on our own origin: its sign-in pages are our routes; every other path
 * goes, untouched, to oidc-provider (a Koa app). It parses its own bodies, so Fastify must leave
 * the request stream alone there, and it must see the URL without our prefix while
 * `originalUrl` keeps the full one (that is how it learns its mount path).
 */
export async function demoProviderPlugin(app: FastifyInstance, opts: TDemoProviderPluginOptions) {
  const { provider, mountPath } = opts;
  // The provider's pages and endpoints are the sign-in itself: everyone may reach them, and they
  // count under the sign-in limit with its start and return.
  publicRoutes(app);
  signInRoutes(app);
  await app.register(interactionPages, { provider, mountPath });
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));
    let handle: ReturnType<Provider['callback']> | undefined;
    raw.all('/*', { schema: { hide: true } }, async (request, reply) => {
      handle ??= (await provider()).callback();
      reply.hijack();
      const req = request.raw as IncomingMessage & { originalUrl?: string };
      req.originalUrl = req.url;
      req.url = req.url?.slice(mountPath.length) || '/';
      await handle(req, reply.raw);
    });
  });
}

type TInteraction = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * Every sign-in starts afresh (we ask with prompt=login). Left alone, oidc-provider would answer a
 * change of account within its own browser session with a logout page that needs JavaScript, so
 * the earlier provider session is ended and detached from this interaction first.
 */
async function forgetEarlierSignIn(provider: Provider, interaction: TInteraction) {
  const uid = interaction.session?.uid;
  if (!uid) return;
  await (await provider.Session.findByUid(uid))?.destroy();
  interaction.session = undefined;
  await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
}

/** The sign-in page of interaction `uid` (its forms post back under `mountPath`). */
function pageFor(
  mountPath: string,
  uid: string,
  lang: TDemoPageLanguage,
  extra: { email?: string; firstName?: string; lastName?: string; error?: 'email' | 'name' } = {},
) {
  const base = `${mountPath}/interaction/${encodeURIComponent(uid)}`;
  return renderSignInPage({
    pageUrl: base,
    loginAction: `${base}/login`,
    abortAction: `${base}/abort`,
    lang,
    ...extra,
  });
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .header('cache-control', 'no-store')
    // Under helmet's `no-referrer` a browser sends `Origin: null` with a form POST, which our
    // same-origin rule refuses; `same-origin` lets this page's forms say where they come from.
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(body);

/** The pending login interaction named in the URL, or null when its cookie is gone or stale. */
async function loginInteraction(
  opts: TDemoProviderPluginOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  uid: string,
) {
  const provider = await opts.provider();
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    return details.uid === uid && details.prompt.name === 'login' ? details : null;
  } catch {
    return null;
  }
}

async function interactionPages(app: FastifyInstance, opts: TDemoProviderPluginOptions) {
  const { mountPath } = opts;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/interaction/:uid', { schema: { hide: true, params: ZUidParams } }, async (request, reply) => {
    const { uid } = request.params as z.infer<typeof ZUidParams>;
    const lang = pageLanguage(request);
    if (!(await loginInteraction(opts, request, reply, uid)))
      return html(reply, 400, renderExpiredPage(lang));
    return html(reply, 200, pageFor(mountPath, uid, lang));
  });

  app.post(
    '/interaction/:uid/login',
    { schema: { hide: true, params: ZUidParams } },
    async (request, reply) => {
      const { uid } = request.params as z.infer<typeof ZUidParams>;
      const lang = pageLanguage(request);
      const interaction = await loginInteraction(opts, request, reply, uid);
      if (!interaction) return html(reply, 400, renderExpiredPage(lang));
      const form = (request.body as TPageForm | undefined) ?? {};
      const shown = {
        email: formText(form.email, 254),
        firstName: formText(form.given_name, 200),
        lastName: formText(form.family_name, 200),
      };
      const email = zEmail.safeParse(form.email);
      if (!email.success)
        return html(reply, 400, pageFor(mountPath, uid, lang, { ...shown, error: 'email' }));
      // Names are optional: without a first name the portal derives the names from the email.
      let names: z.infer<typeof ZProfileNames> | null = null;
      if (shown.firstName.trim() || shown.lastName.trim()) {
        const parsed = ZProfileNames.safeParse({ firstName: shown.firstName, lastName: shown.lastName });
        if (parsed.success) names = parsed.data;
        else if (shown.firstName.trim())
          return html(reply, 400, pageFor(mountPath, uid, lang, { ...shown, error: 'name' }));
      }
      const provider = await opts.provider();
      rememberTypedNames(provider, email.data.toLowerCase(), names);
      await forgetEarlierSignIn(provider, interaction);
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: email.data.toLowerCase() } },
        { mergeWithLastSubmission: false },
      );
    },
  );

  app.post(
    '/interaction/:uid/abort',
    { schema: { hide: true, params: ZUidParams } },
    async (request, reply) => {
      const { uid } = request.params as z.infer<typeof ZUidParams>;
      if (!(await loginInteraction(opts, request, reply, uid))) {
        return html(reply, 400, renderExpiredPage(pageLanguage(request)));
      }
      const provider = await opts.provider();
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The sign-in was cancelled.' },
        { mergeWithLastSubmission: false },
      );
    },
  );
}
