import { FORM_STEPS, THANK_YOU_STAGE, type TMissingCode } from '@uniapply/shared';
import { ApiError } from '../../lib/api';
import { changed, type TValues } from './step-form';

// The wizard frame's state (issue 19 item 8): one reducer, so every change the frame makes is an
// action a unit test can replay (wizard-state.test.ts). The open step is not here: it is the
// address's `?step=` (issue 18 item 4), read through `openStep` against the stage reached.

/** A failed save or Confirm: its error (shown through lib/error-text), a 409 conflict, what is missing. */
export type TProblem = { error: unknown; conflict: boolean; missing: TMissingCode[] };

export type TWizardState = {
  /** 0 until a new student's first Next creates the profile. */
  studentId: number;
  /** The highest stage reached (the stepper's rule: steps up to it can be opened). */
  maxStage: number;
  /** The saved data and drafts are in: the form steps have their values. */
  initialised: boolean;
  /** Values of every form step, kept while moving between steps (moving never loses input). */
  values: Record<number, TValues>;
  /** The saved data each step's values are compared with ("changed since load"). */
  saved: Record<number, TValues>;
  /** The list steps' validity as they report it. */
  listValid: Record<number, boolean>;
  busy: boolean;
  problem: TProblem | null;
  /** Confirmed: the thank-you screen. */
  finished: boolean;
};

export type TWizardAction =
  | { type: 'loaded'; saved: Record<number, TValues>; values: Record<number, TValues> }
  | { type: 'edited'; step: number; values: TValues }
  | { type: 'validity'; step: number; ok: boolean }
  | { type: 'started' }
  | { type: 'failed'; problem: TProblem }
  | { type: 'dismissed' }
  /** Next went through: `values` saved for `step` (absent: only the stage was raised). */
  | { type: 'advanced'; target: number; step?: number; values?: TValues; studentId?: number }
  | { type: 'confirmed' }
  /** After a 409: the stored version replaces the step's input. */
  | { type: 'reloaded'; step: number; values: TValues }
  /** The restored draft was discarded: the step is back to its saved data (a new profile: empty). */
  | { type: 'discarded'; step: number };

export function initialWizardState(studentId: number, stage: number): TWizardState {
  return {
    studentId,
    maxStage: stage,
    initialised: false,
    values: {},
    saved: {},
    listValid: {},
    busy: false,
    problem: null,
    finished: false,
  };
}

export function wizardReducer(state: TWizardState, action: TWizardAction): TWizardState {
  switch (action.type) {
    case 'loaded':
      return state.initialised
        ? state
        : { ...state, initialised: true, saved: action.saved, values: action.values };
    case 'edited':
      return { ...state, values: { ...state.values, [action.step]: action.values } };
    case 'validity':
      return state.listValid[action.step] === action.ok
        ? state
        : { ...state, listValid: { ...state.listValid, [action.step]: action.ok } };
    case 'started':
      return { ...state, busy: true, problem: null };
    case 'failed':
      return { ...state, busy: false, problem: action.problem };
    case 'dismissed':
      return state.problem === null ? state : { ...state, problem: null };
    case 'advanced': {
      const saved =
        action.step !== undefined && action.values
          ? { ...state.saved, [action.step]: action.values }
          : state.saved;
      return {
        ...state,
        saved,
        studentId: action.studentId ?? state.studentId,
        maxStage: Math.max(state.maxStage, action.target),
        busy: false,
        problem: null,
      };
    }
    case 'confirmed':
      return { ...state, busy: false, problem: null, maxStage: THANK_YOU_STAGE, finished: true };
    case 'reloaded':
      return {
        ...state,
        saved: { ...state.saved, [action.step]: action.values },
        values: { ...state.values, [action.step]: action.values },
        problem: null,
      };
    case 'discarded':
      return {
        ...state,
        busy: false,
        values: { ...state.values, [action.step]: state.saved[action.step] ?? {} },
        problem: null,
      };
  }
}

/** The highest step that can be opened: the stage reached, at least 1, at most the last step. */
export function reachableStep(maxStage: number): number {
  return Math.min(Math.max(maxStage, 1), FORM_STEPS);
}

/**
 * The step an address opens (`?step=`): the one asked for when the stage reached allows it,
 * otherwise (absent, not a number, or beyond the stage reached) the highest one reached.
 */
export function openStep(requested: string | null, maxStage: number): number {
  const reachable = reachableStep(maxStage);
  if (requested === null || !/^[1-9]\d?$/.test(requested)) return reachable;
  const step = Number(requested);
  return step <= reachable ? step : reachable;
}

/** The form steps whose values differ from their saved data (the guard asks before leaving). */
export function dirtySteps(state: TWizardState): number[] {
  return Object.keys(state.values)
    .map(Number)
    .filter((n) => state.saved[n] !== undefined && changed(state.values[n], state.saved[n]));
}

export function toProblem(error: unknown): TProblem {
  const api = error instanceof ApiError ? error : null;
  const missing =
    api?.code === ('incompleteApplication' as string) ? (api.params.missing as TMissingCode[]) : [];
  return {
    error,
    conflict: api?.code === ('editConflict' as string),
    missing: Array.isArray(missing) ? missing : [],
  };
}
