import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FORM_STEPS, type TApplication } from '@uniapply/shared';
import { type Dispatch, useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { resourceKeys } from '../../lib/resources';
import { meQueryKey } from '../auth';
import { FORM_STEPS_BY_NUMBER, PERSONAL_STEP, type TFormStep } from './form-steps';
import { changed, type TValues, useStepForm } from './step-form';
import { useUnsavedChangesGuard } from './unsaved-changes';
import { useDraftAutosave, useDrafts } from './use-drafts';
import { wizardApi, wizardKeys } from './wizard-api';
import {
  dirtySteps,
  initialWizardState,
  openStep,
  type TWizardAction,
  type TWizardState,
  toProblem,
  wizardReducer,
} from './wizard-state';

// The wizard frame's controller: the reducer's state (wizard-state.ts), the open step from the
// address, the saved data and drafts it starts from, and what Next, Confirm and Reload do. The
// view (wizard-frame.tsx) only renders what this returns.

export type TWizardOptions = {
  /** 0: a new student (the personal step creates the profile). */
  studentId: number;
  /** The stored stage (0: no record). */
  stage: number;
  /** A new profile got its id. */
  onStudentCreated?: (studentId: number) => void;
  /** The new profile's own draft key (new-profile-draft-key.ts); none: the user's one. */
  draftKey?: string;
  /** The address names the student (`?studentId=`): the staff pages. */
  addressNamesStudent?: boolean;
  /** A new profile's personal step starts from these (a student's own: the account's name, email). */
  startFrom?: TValues;
};

/**
 * Each step has its own address (`?step=N`, issue 18 item 4): moving between steps pushes an entry,
 * so the browser's Back and Forward move between them. `to` keeps the other parameters.
 */
function useStepAddress() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The entry's state travels along: where the staff list was (its filter and page, `crudReturn`).
  const { state } = useLocation();
  const to = useCallback(
    (step: number, options: { studentId?: number; replace?: boolean } = {}) => {
      const next = new URLSearchParams(params);
      next.delete('step');
      if (options.studentId) next.set('studentId', String(options.studentId));
      next.append('step', String(step));
      navigate({ search: `?${next}` }, { replace: options.replace, state });
    },
    [params, navigate, state],
  );
  return { requested: params.get('step'), studentParam: params.get('studentId'), to };
}

/** The saved data of every form step, and the values they open with (the saved data and drafts). */
function useStartingValues(
  studentId: number,
  draftKey: string | undefined,
  startFrom: TValues | undefined,
  onLoaded: (saved: Record<number, TValues>, values: Record<number, TValues>) => void,
) {
  const review = useQuery({
    queryKey: wizardKeys.review(studentId),
    queryFn: ({ signal }) => wizardApi.getReview(studentId, signal),
    enabled: studentId > 0,
  });
  const application: TApplication | null = review.data ?? null;
  const ready = studentId === 0 || review.isSuccess;
  const drafts = useDrafts(studentId, ready, studentId === 0 ? draftKey : undefined);
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current || !ready || !drafts.ready) return;
    loaded.current = true;
    const saved: Record<number, TValues> = {};
    const open: Record<number, TValues> = {};
    for (const def of Object.values(FORM_STEPS_BY_NUMBER)) {
      const base = def.fromApplication(application);
      const start = def === PERSONAL_STEP && studentId === 0 ? { ...base, ...startFrom } : base;
      const draft = drafts.restored[def.step];
      saved[def.step] = start;
      open[def.step] = draft ? { ...start, ...draft.data } : start;
    }
    onLoaded(saved, open);
  }, [ready, drafts.ready, drafts.restored, application, studentId, startFrom, onLoaded]);
  return { review, application, drafts };
}

const NO_SCHEMA = { safeParse: () => ({ success: true }) } as never;

export function useWizard(options: TWizardOptions) {
  const { stage, onStudentCreated, draftKey, addressNamesStudent = false, startFrom } = options;
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState(options.studentId, stage));
  const { studentId } = state;
  const onLoaded = useCallback(
    (saved: Record<number, TValues>, values: Record<number, TValues>) =>
      dispatch({ type: 'loaded', saved, values }),
    [],
  );
  const { review, application, drafts } = useStartingValues(studentId, draftKey, startFrom, onLoaded);
  const address = useStepAddress();
  const step = openStep(address.requested, state.maxStage);
  // An address without a step, or past the stage reached, is corrected to the step shown.
  useEffect(() => {
    if (!state.finished && address.requested !== String(step)) address.to(step, { replace: true });
  }, [address, step, state.finished]);

  const formDef: TFormStep | undefined = FORM_STEPS_BY_NUMBER[step];
  const stepValues = state.values[step] ?? {};
  const setStepValues = useCallback((values: TValues) => dispatch({ type: 'edited', step, values }), [step]);
  const form = useStepForm(
    formDef?.schema ?? NO_SCHEMA,
    formDef?.order ?? [],
    stepValues,
    setStepValues,
    step,
  );
  const newDraftKey = studentId === 0 ? draftKey : undefined;
  const stepChanged = formDef ? changed(stepValues, state.saved[step]) : false;
  const autosave = useDraftAutosave(
    studentId,
    formDef && state.initialised ? step : null,
    stepValues,
    stepChanged,
    Boolean(drafts.restored[step]),
    newDraftKey,
  );
  const guard = useLeaveGuard(dirtySteps(state).length > 0 && !state.finished, address.studentParam);
  const valid = formDef ? form.valid : step === FORM_STEPS ? true : (state.listValid[step] ?? false);
  const onValidityChange = useCallback((ok: boolean) => dispatch({ type: 'validity', step, ok }), [step]);
  const { go, next, confirm, reload, discardDraft } = useWizardActions({
    ...{ state, dispatch, step, formDef, stepValues, stepChanged, valid, application, review, drafts },
    ...{ autosave, address, newDraftKey, onStudentCreated, addressNamesStudent },
  });

  return {
    state,
    step,
    form,
    formDef,
    valid,
    application,
    drafts,
    guard,
    go,
    next,
    confirm,
    reload,
    discardDraft,
    onValidityChange,
  };
}

export type TWizard = ReturnType<typeof useWizard>;

/** The guard (unsaved-changes.tsx) with what counts as still here: this wizard, any `?step=`. */
function useLeaveGuard(dirty: boolean, studentParam: string | null) {
  const location = useLocation();
  const isHere = (to: string) => {
    const url = new URL(to, window.location.origin);
    return (
      url.pathname.toLowerCase() === location.pathname.toLowerCase() &&
      (url.searchParams.get('studentId') ?? '') === (studentParam ?? '')
    );
  };
  return useUnsavedChangesGuard(dirty, isHere);
}

type TActionContext = {
  state: TWizardState;
  dispatch: Dispatch<TWizardAction>;
  step: number;
  formDef: TFormStep | undefined;
  stepValues: TValues;
  stepChanged: boolean;
  valid: boolean;
  application: TApplication | null;
  review: { refetch: () => Promise<{ data?: TApplication }> };
  drafts: ReturnType<typeof useDrafts>;
  autosave: ReturnType<typeof useDraftAutosave>;
  address: ReturnType<typeof useStepAddress>;
  newDraftKey: string | undefined;
  onStudentCreated: ((studentId: number) => void) | undefined;
  addressNamesStudent: boolean;
};

/** What the buttons do: move, Next (save or raise the stage), Confirm, and Reload after a 409. */
function useWizardActions(ctx: TActionContext) {
  const queryClient = useQueryClient();
  const { state, dispatch, step, formDef, stepValues, application, drafts, autosave, address } = ctx;
  const { studentId } = state;
  /** Next's save of a changed form step (a new profile gets its id, named in the address). */
  const saveStep = async (def: TFormStep, target: number) => {
    await autosave.hold();
    const id = await def.save(studentId, stepValues, application, ctx.newDraftKey);
    drafts.forget(step);
    autosave.saved(step);
    dispatch({ type: 'advanced', target, step, values: stepValues, studentId: id });
    if (id !== studentId) ctx.onStudentCreated?.(id);
    if (id !== studentId && ctx.addressNamesStudent) {
      // The address names the new profile from now on, this entry too (Back comes back to it).
      address.to(step, { studentId: id, replace: true });
      address.to(target, { studentId: id });
    } else address.to(target);
  };
  const go = (next: number) => {
    dispatch({ type: 'dismissed' });
    address.to(next);
    window.scrollTo?.({ top: 0 });
  };

  const next = async () => {
    if (!ctx.valid || state.busy) return;
    dispatch({ type: 'started' });
    try {
      const target = step + 1;
      if (formDef && (studentId === 0 || ctx.stepChanged)) {
        await saveStep(formDef, target);
      } else {
        await wizardApi.raiseStage(studentId, target);
        dispatch({ type: 'advanced', target });
        address.to(target);
      }
      window.scrollTo?.({ top: 0 });
      // The staff lists show names and progress: they refresh too; a student's own personal step
      // names them in the greeting and the sidebar (issue 18 item 7).
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('StudentInfo') });
      if (formDef === PERSONAL_STEP) void queryClient.invalidateQueries({ queryKey: meQueryKey });
      await queryClient.invalidateQueries({ queryKey: wizardKeys.all });
    } catch (error) {
      autosave.resume();
      dispatch({ type: 'failed', problem: toProblem(error) });
    }
  };

  const confirm = async () => {
    dispatch({ type: 'started' });
    try {
      await wizardApi.confirm(studentId);
      dispatch({ type: 'confirmed' });
      await queryClient.invalidateQueries({ queryKey: wizardKeys.all });
    } catch (error) {
      dispatch({ type: 'failed', problem: toProblem(error) });
    }
  };

  /** After a 409: the stored version replaces this step's input. */
  const reload = async () => {
    const fresh = await ctx.review.refetch();
    if (formDef && fresh.data) {
      dispatch({ type: 'reloaded', step, values: formDef.fromApplication(fresh.data) });
      drafts.forget(step);
      autosave.saved(step);
      if (studentId > 0) await wizardApi.deleteDraft(studentId, step).catch(() => {});
    }
    dispatch({ type: 'dismissed' });
  };

  /**
   * "Discard draft": the open step's restored draft is deleted on the server (no draft is sent
   * meanwhile), then the step shows its saved data again (a new student's form: empty) and the
   * notice goes. A failed delete keeps both and says why. Resolves true once discarded.
   */
  const discardDraft = async (): Promise<boolean> => {
    if (!formDef || state.busy) return false;
    dispatch({ type: 'started' });
    await autosave.hold();
    try {
      await wizardApi.deleteDraft(studentId, step, ctx.newDraftKey);
    } catch (error) {
      autosave.resume();
      dispatch({ type: 'failed', problem: toProblem(error) });
      return false;
    }
    dispatch({ type: 'discarded', step });
    drafts.forget(step);
    autosave.saved(step);
    return true;
  };

  return { go, next, confirm, reload, discardDraft };
}
