import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runOfferLapse } from './lapse.js';

/** How often the offer-lapse job runs: an offer lapses at most this long after its answer-by date. */
export const OFFER_LAPSE_EVERY_MS = 10 * 60_000;

/**
 * The offer lapse (issue 22 item 4): the recurring job 'offerLapse.run' on the one job home, run by
 * one process of the cluster every OFFER_LAPSE_EVERY_MS on the app's clock (see lapse.ts).
 */
export const offerLapseModule = fp(async (app: FastifyInstance) => {
  app.jobs.define({
    kind: 'offerLapse.run',
    everyMs: OFFER_LAPSE_EVERY_MS,
    leaseMs: 10 * 60_000,
    run: async ({ now, signal }) => runOfferLapse(app, now, { signal }),
  });
});
