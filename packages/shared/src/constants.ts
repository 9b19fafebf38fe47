// Business constants and limits of spec section 9 and DESIGN.md section 4.

export const PAGE_SIZE = 10;
/** The wizard's course picker pages by 9 and (DESIGN 6) counts pages with its own size. */
export const PICKER_PAGE_SIZE = 9;
export const MAX_PAGE_SIZE = 100;
/** Caps of the filter language (DESIGN 4). */
export const MAX_FILTER_DEPTH = 5;
export const MAX_FILTER_CONDITIONS = 50;
/** Cap of the unpaged list verbs (allAsync, find, findAsync). */
export const MAX_UNPAGED_ROWS = 1000;

export const FORM_STEPS = 10;
export const THANK_YOU_STAGE = 11;

/** '+', a digit 1 to 9, then 9 to 15 digits. */
export const PHONE_PATTERN = /^\+[1-9]\d{9,15}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const AGE_MIN = 0;
export const AGE_MAX = 120;

export const UPLOAD_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const SIDEBAR_COLLAPSED_PX = 64;
export const SIDEBAR_EXPANDED_PX = 260;
export const COPYRIGHT_YEAR = 2025;
export const REPLY_WITHIN_HOURS = 48;

export const API_TIMEOUT_MS = 30_000;
export const API_TIMEOUT_FALLBACK_MS = 5_000;

export const REALTIME = {
  path: '/api/notificationHub',
  event: 'ReceiveNotification',
  /** Our addition: `{ ids }` marked notified by an admin, so every admin tab clears its bell. */
  readEvent: 'NotificationsRead',
  /**
   * Our addition (issue 12): a status change or document request of an application, to admins
   * and to the managing account's own room (`user:<id>`), never with an internal note there.
   */
  applicationEvent: 'ApplicationChanged',
  /** Issue 18: a stored notification of a student or an agent, as stored, to `user:<id>`. */
  userNotificationEvent: 'UserNotification',
  serverTimeoutMs: 30_000,
  keepAliveMs: 15_000,
  reconnectDelaysMs: [0, 2_000, 10_000, 30_000],
  longPollTimeoutMs: 100_000,
  reconnectBufferBytes: 100_000,
} as const;
