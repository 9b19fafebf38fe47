import type { z } from 'zod';
import { ZSettings } from '../settings.js';
import type { TApplicationStatus, TStatusHistoryEntry } from './status.js';

// Issue 22 item 5: what happens next after an offer is accepted, and when. Each stage after
// acceptance takes a typical number of days (Settings); the next stage is expected that many days
// after the current one was entered, every later stage that many days after the one before it.

/** The stages after acceptance, in order; each is entered from the one before it. */
export const POST_ACCEPTANCE_STAGES = ['depositPaid', 'passFiled', 'evalIssued', 'enrolled'] as const;
export type TPostAcceptanceStage = (typeof POST_ACCEPTANCE_STAGES)[number];

/** The statuses from which the stages after acceptance are counted (acceptance and its stages). */
const CHAIN = ['offerAccepted', ...POST_ACCEPTANCE_STAGES] as const satisfies readonly TApplicationStatus[];

/** Whether the application has been accepted and is on its way to enrolment (or enrolled). */
export const isAfterAcceptance = (status: TApplicationStatus) =>
  (CHAIN as readonly TApplicationStatus[]).includes(status);

/** The setting that holds each stage's typical duration (from the stage before it). */
export const STAGE_DURATION_SETTINGS = {
  depositPaid: 'depositDays',
  passFiled: 'passFiledDays',
  evalIssued: 'evalIssuedDays',
  enrolled: 'enrolledDays',
} as const satisfies Record<TPostAcceptanceStage, keyof z.infer<typeof ZSettings>>;

/**
 * The durations only (what every signed-in user may read: `GET /api/Settings/stageDurations`),
 * with the Settings' defaults and bounds.
 */
export const ZStageDurations = ZSettings.pick({
  depositDays: true,
  passFiledDays: true,
  evalIssuedDays: true,
  enrolledDays: true,
});
export type TStageDurations = z.infer<typeof ZStageDurations>;

/**
 * One stage still ahead. `expectedAt`: the instant it is expected by. `late`: that instant has
 * passed without the stage (only the next stage can be late; the later ones then count from now).
 */
export type TExpectedStage = { stage: TPostAcceptanceStage; expectedAt: string; late: boolean };

/** What comes next (null when enrolled) and every stage still ahead, the next one first. */
export type TNextSteps = { next: TExpectedStage | null; ahead: TExpectedStage[] };

const DAY_MS = 86_400_000;

/**
 * The stages still ahead of an application in `status`, entered at `enteredAt` (an instant), with
 * the typical `durations`, seen at `now`. Null before acceptance and off the way to enrolment
 * (withdrawn, conditions not met …). A next stage whose expected date has passed is `late`, and the
 * stages after it are counted from `now` (never a past date shown as expected).
 */
export function nextSteps(
  status: TApplicationStatus,
  enteredAt: string,
  durations: TStageDurations,
  now: Date,
): TNextSteps | null {
  const at = (CHAIN as readonly TApplicationStatus[]).indexOf(status);
  const since = Date.parse(enteredAt);
  if (at < 0 || Number.isNaN(since)) return null;
  const ahead: TExpectedStage[] = [];
  let from = since;
  for (const stage of POST_ACCEPTANCE_STAGES.slice(at)) {
    const expected = from + durations[STAGE_DURATION_SETTINGS[stage]] * DAY_MS;
    const late = expected < now.getTime();
    ahead.push({ stage, expectedAt: new Date(expected).toISOString(), late });
    // A late stage can happen at the earliest now: the ones after it count from there.
    from = late ? now.getTime() : expected;
  }
  return { next: ahead[0] ?? null, ahead };
}

/**
 * When the application entered `status`, from its history: the newest move into it that was not
 * undone (an undo back into it restores the earlier entry's date; a deferral is no entry); else
 * `fallback` (the status row's time).
 */
export function enteredStatusAt(
  history: readonly Pick<TStatusHistoryEntry, 'id' | 'from' | 'to' | 'at' | 'undoes' | 'undone'>[],
  status: TApplicationStatus,
  fallback: string,
): string {
  let found: (typeof history)[number] | undefined;
  for (const e of history)
    if (e.to === status && e.from !== e.to && e.undoes === null && !e.undone && (!found || e.id > found.id))
      found = e;
  return found?.at ?? fallback;
}
