import type { FastifyInstance } from 'fastify';

/** Sign-in routes (filled in by the auth work). */
export async function authModule(_app: FastifyInstance) {}
