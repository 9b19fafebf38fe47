import { ROLES, type TRole } from '@uniapply/shared';
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from './errors.js';
import { requireRole, requireUser } from './session.js';

/**
 * Who may call a route (SECURITY 4, DESIGN 5 "every route states who may call it"): everyone
 * (`public`: sign-in, health, contact form), any signed-in user (`signedIn`: ownership is then
 * the route's own business, another owner's record answering 404), or the listed roles.
 */
export type TAccess = 'public' | 'signedIn' | readonly TRole[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: the startup check refuses a route without it. */
    access?: TAccess;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access (the role × route × verb matrix reads it). */
    accessRules: TAccessRule[];
  }
}

export type TAccessRule = {
  method: string;
  url: string;
  access: TAccess | undefined;
  /** The route's schema as declared (the object-level tests find id-taking routes by it). */
  schema: FastifySchema | undefined;
};

/** The roles a rule lets in; `public` also lets in anonymous callers. */
export function allowedRoles(access: TAccess): readonly TRole[] {
  return access === 'public' || access === 'signedIn' ? ROLES : access;
}

/** `METHOD url` of every /api route that declares no access rule. */
export function routesWithoutRule(rules: readonly TAccessRule[]): string[] {
  return rules.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
}

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

/** Throws 401 without a session, 403 for a role the rule leaves out, 403 when a route has no rule. */
function authorize(request: FastifyRequest, access: TAccess | undefined) {
  if (access === undefined) throw forbidden();
  if (access === 'public') return;
  if (access === 'signedIn') requireUser(request);
  else requireRole(request, ...access);
}

/**
 * Registered before every route: each /api route gets its declared rule as its first own onRequest
 * hook (after the session is read; the rate limit, added later by the security plugin, goes in
 * front of it). A route without a rule refuses everyone (403) and stops start-up: `ready()` fails
 * naming each such route, so a route cannot be added without saying who may call it.
 * Routes outside /api are the SPA's public files.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  const rules: TAccessRule[] = [];
  // Kept by reference: later onRoute hooks (plugins that mark their own routes) still count.
  const routes: RouteOptions[] = [];
  app.decorate('accessRules', rules);
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    routes.push(route);
    const hooks = route.onRequest ? [route.onRequest].flat() : [];
    const check: onRequestHookHandler = async (request) => {
      authorize(request, request.routeOptions.config.access);
    };
    route.onRequest = [check, ...hooks];
  });
  app.addHook('onReady', async () => {
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        rules.push({ method, url: route.url, access: route.config?.access, schema: route.schema });
      }
    }
    const missing = routesWithoutRule(rules);
    if (missing.length) {
      throw new Error(`Routes without an access rule (config.access): ${missing.join(', ')}`);
    }
  });
});

/**
 * Marks every route registered from here on in this (encapsulated) context as public, for
 * plugins whose routes we do not write ourselves: the API docs and the demo sign-in provider.
 */
export function publicRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { access: 'public', ...route.config };
  });
}
