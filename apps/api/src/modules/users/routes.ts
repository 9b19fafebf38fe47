import { ZPagedQuery, ZUserIdBody } from '@uniapply/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/errors.js';
import { problems } from '../../http/openapi.js';
import { requireRole } from '../../http/session.js';
import { checkBody } from '../../resources/hooks.js';
import { describeSpecific, describeVerb } from '../../resources/operations.js';
import { listPage } from '../../resources/queries.js';
import { actorOf } from '../../resources/scope.js';
import {
  accountOut,
  cannotDisableSelf,
  disableAccount,
  enableAccount,
  getAccount,
  userAccounts,
} from './accounts.js';
import { studentErasure } from './student-erasure.js';

const _adminOnly = async (request: FastifyRequest) => {
  requireRole(request, 'Admin');
};
const missing = () => notFound('This user was not found.');

/**
 * SECURITY 19, the admin's Users screen: list accounts (paged, filtered like every list), disable
 * and enable them. Disabling ends every session of the account at once (its next request is a
 * 401, the hub disconnects its sockets on the app's userSessionsEnded event) and refuses its sign-in until enabled.
 */
export async function usersModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  // Issue 18 item 15: deleting a student deletes their mails and (an admin's delete) their account.
  app.resources.extend('StudentInfo', { hooks: studentErasure(app) });

  app.post(
    '/User/getListByPage',
    {
      config: { access: ['Admin'] },
      preValidation: checkBody,
      schema: { ...describeVerb(userAccounts, 'getListByPage'), body: ZPagedQuery },
    },
    async (request) => {
      const page = await listPage(db, userAccounts, actorOf(request.user!), request.body);
      return { ...page, result: page.result.map(accountOut) };
    },
  );

  const { response: disableResponse, ...disableDoc } = describeSpecific(
    userAccounts,
    'disable',
    'row',
    "Disable an account: its sessions end now and it cannot sign in (Admin; not one's own)",
  );
  app.post(
    '/User/disable',
    {
      config: { access: ['Admin'] },
      schema: { ...disableDoc, body: ZUserIdBody, response: { 200: disableResponse[200], ...problems(404) } },
    },
    async (request) => {
      const admin = request.user!;
      const { id } = request.body;
      if (id === admin.id) throw cannotDisableSelf();
      if (!(await disableAccount(db, id, admin.id))) throw missing();
      app.events.announce(app.log, 'userSessionsEnded', id, 'disabled');
      request.log.info({ event: 'account-disabled', userId: admin.id, targetUserId: id }, 'account disabled');
      return (await getAccount(db, id))!;
    },
  );

  const { response: enableResponse, ...enableDoc } = describeSpecific(
    userAccounts,
    'enable',
    'row',
    'Enable a disabled account again (Admin)',
  );
  app.post(
    '/User/enable',
    {
      config: { access: ['Admin'] },
      schema: { ...enableDoc, body: ZUserIdBody, response: { 200: enableResponse[200], ...problems(404) } },
    },
    async (request) => {
      const { id } = request.body;
      if (!(await enableAccount(db, id))) throw missing();
      request.log.info(
        { event: 'account-enabled', userId: request.user!.id, targetUserId: id },
        'account enabled',
      );
      return (await getAccount(db, id))!;
    },
  );
}
