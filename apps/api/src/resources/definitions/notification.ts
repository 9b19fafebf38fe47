import { ZNotification, ZNotificationInput } from '@uniapply/shared';
import { sql } from 'drizzle-orm';
import { notifications } from '../../db/schema/index.js';
import { defineResource } from '../define.js';

const dataText = (key: string) => ({
  expr: sql`${notifications.notificationData}->>${key}`,
  type: 'text' as const,
});

/** Admin-only: the admin notification screen lists those with isNotified = false. */
export const notificationResource = defineResource({
  base: 'Notification',
  label: 'notification',
  table: notifications,
  scope: 'admin',
  input: ZNotificationInput,
  output: ZNotification,
  fields: {
    'notificationData.fullName': dataText('fullName'),
    'notificationData.universityName': dataText('universityName'),
    'notificationData.courseName': dataText('courseName'),
  },
});
