// What other modules use of the mail module (the status pipeline calls enqueueMail in its transaction).

export { deleteMailsOf, removeOutboxFiles } from './erasure.js';
export {
  checkedMail,
  enqueueMail,
  enqueueServerMails,
  type TMailRequest,
  type TServerMail,
} from './queue.js';
export { APPLICATION_STATUSES, type TApplicationStatus, type TMailItem } from './templates.js';
