import type { FastifyInstance } from 'fastify';
import { registerLanguageRoute } from './language-route.js';
import { registerProfileRoutes } from './profile-routes.js';
import { setUpSignIn } from './service.js';
import { registerSessionRoutes } from './session-routes.js';
import { registerSignInRoutes } from './sign-in-routes.js';

/**
 * Sign-in with OpenID Connect (Google, or the built-in demo provider), session and account calls:
 * one file per route group, all registered in this one scope (the work behind them: service.ts).
 */
export async function authModule(fastify: FastifyInstance) {
  const signIn = await setUpSignIn(fastify);
  registerSignInRoutes(fastify, signIn);
  registerSessionRoutes(fastify);
  registerProfileRoutes(fastify);
  await fastify.register(registerLanguageRoute);
}
