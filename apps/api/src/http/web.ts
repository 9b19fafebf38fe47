import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Serves the built SPA (filled in by the web foundation). */
export const webPlugin = fp(async (_app: FastifyInstance) => {});
