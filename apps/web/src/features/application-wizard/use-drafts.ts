import { useQuery } from '@tanstack/react-query';
import type { TDrafts } from '@uniapply/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PERSONAL_STEP } from './form-steps';
import { wizardApi, wizardKeys } from './wizard-api';

/** How often the open step's unsaved input is kept as a draft on the server. */
export const DRAFT_INTERVAL_MS = 3000;
/** The one step with a draft before the profile exists (`studentId` 0). */
const NEW_PROFILE_STEP = PERSONAL_STEP.step;

/**
 * Drafts (DESIGN 6): the open form step's unsaved input lives on the server (`/api/Draft`), never
 * in browser storage (passport numbers), so it comes back after a reload or on another device,
 * until Next saves the step (the save deletes its draft). Before a new student's profile exists
 * (`studentId` 0) the server keeps the personal step's draft under the signed-in user and the form's
 * `draftKey` (one per browser tab: new-profile-draft-key.ts); creating the profile deletes it.
 */
export function useDrafts(studentId: number, enabled: boolean, draftKey?: string) {
  const query = useQuery({
    queryKey: wizardKeys.drafts(studentId, draftKey),
    queryFn: ({ signal }) => wizardApi.getDrafts(studentId, draftKey, signal),
    enabled: enabled && studentId >= 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [restored, setRestored] = useState<TDrafts | null>(null);
  useEffect(() => {
    if (restored === null && query.isSuccess) setRestored(query.data);
  }, [restored, query.isSuccess, query.data]);
  // A failed draft load is not worth stopping the form for: it opens with the saved data.
  const ready = restored !== null || query.isError;

  /** The step was saved (its draft is gone on the server too) or reloaded after a conflict. */
  const forget = useCallback((step: number) => {
    setRestored((all) => {
      if (!all?.[step]) return all;
      const { [step]: _gone, ...rest } = all;
      return rest;
    });
  }, []);

  return { ready, restored: restored ?? {}, forget };
}

/**
 * Every DRAFT_INTERVAL_MS, keeps the open step's input as its draft when it differs from the saved
 * data and from the last draft sent; input back to the saved data drops the draft. Moving to
 * another step (Back, Next, the stepper, the browser's Back/Forward) sends the step left at once,
 * so nothing typed in its last seconds is lost (issue 18 item 4). From `hold` until the saved step
 * is rendered (or `resume` after a failed save) no draft is sent: the save deletes the step's draft
 * on the server, and a draft landing after it would outlive the save (and come back as "Draft
 * restored"). `draftKey` names a new profile's draft (`studentId` 0).
 */
export function useDraftAutosave(
  studentId: number,
  step: number | null,
  values: Record<string, unknown>,
  dirty: boolean,
  hasDraft: boolean,
  draftKey?: string,
) {
  // Each step's latest values (a step's values change only while it is open).
  const byStep = useRef<Record<number, { values: Record<string, unknown>; dirty: boolean }>>({});
  if (step !== null) byStep.current[step] = { values, dirty };
  const sent = useRef<Record<number, string | null>>({});
  const held = useRef(false);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());
  const target = useRef({ studentId, draftKey });
  target.current = { studentId, draftKey };

  /** Sends `of`'s draft (or drops it) when it differs from what the server has. */
  const send = useCallback((of: number) => {
    const { studentId: id, draftKey: key } = target.current;
    const latest = byStep.current[of];
    // A profile being created (0) has a draft of its personal step only.
    if (held.current || !latest || id < 0 || (id === 0 && of !== NEW_PROFILE_STEP)) return;
    const text = JSON.stringify(latest.values);
    const last = sent.current[of] ?? null;
    if (latest.dirty && text !== last) {
      sent.current[of] = text;
      inFlight.current = wizardApi.putDraft(id, of, latest.values, key).catch(() => {
        sent.current[of] = last;
      });
    } else if (!latest.dirty && last !== null) {
      sent.current[of] = null;
      inFlight.current = wizardApi.deleteDraft(id, of, key).catch(() => {});
    }
  }, []);

  // The step just left keeps its input as a draft now, not at the next tick (which is the new
  // step's). Declared before the interval's effect: after Next's save `held` is still set here.
  const previous = useRef(step);
  useEffect(() => {
    const left = previous.current;
    previous.current = step;
    if (left !== null && left !== step) send(left);
  }, [step, send]);

  useEffect(() => {
    if (studentId < 0 || step === null || (studentId === 0 && step !== NEW_PROFILE_STEP)) return;
    // A save is over once its results are rendered (here: a new step, or no restored draft left).
    held.current = false;
    if (hasDraft && sent.current[step] === undefined)
      sent.current[step] = JSON.stringify(byStep.current[step]?.values);
    const timer = setInterval(() => send(step), DRAFT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [studentId, step, hasDraft, send]);

  /** Before a save: stops sending drafts and waits for one already on its way. */
  const hold = useCallback(async () => {
    held.current = true;
    await inFlight.current;
  }, []);
  const resume = useCallback(() => {
    held.current = false;
  }, []);
  /** After a save the server holds no draft for the step. */
  const saved = useCallback((savedStep: number) => {
    sent.current[savedStep] = null;
  }, []);
  return { hold, resume, saved };
}
