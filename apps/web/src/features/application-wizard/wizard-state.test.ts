import { describe, expect, it } from 'vitest';
import { dirtySteps, initialWizardState, openStep, reachableStep, wizardReducer } from './wizard-state';

// The wizard frame's state as a reducer (issue 19 item 8) and the step an address opens (issue 18
// item 4: a step beyond the highest stage reached opens the highest reached one).

describe('openStep', () => {
  it('opens the step asked for when the stage reached allows it', () => {
    expect(openStep('2', 3)).toBe(2);
    expect(openStep('3', 3)).toBe(3);
    expect(openStep('1', 0)).toBe(1);
  });

  it('opens the highest step reached for a step beyond it, an absent or a malformed one', () => {
    expect(openStep('9', 3)).toBe(3);
    expect(openStep(null, 3)).toBe(3);
    expect(openStep('0', 3)).toBe(3);
    expect(openStep('-1', 3)).toBe(3);
    expect(openStep('2x', 3)).toBe(3);
    expect(openStep('04', 5)).toBe(5);
    expect(openStep('9', 0)).toBe(1);
    // A submitted application (stage 11) opens the review, the last step.
    expect(openStep(null, 11)).toBe(10);
    expect(reachableStep(11)).toBe(10);
  });
});

describe('wizardReducer', () => {
  const loaded = wizardReducer(initialWizardState(7, 2), {
    type: 'loaded',
    saved: { 1: { city: 'Tashkent' }, 2: { occupation: 'Engineer' } },
    values: { 1: { city: 'Tashkent' }, 2: { occupation: 'Engineer' } },
  });

  it("a discarded draft puts the step back to its saved data, the other steps' input kept", () => {
    let state = wizardReducer(loaded, { type: 'edited', step: 1, values: { city: 'Khiva' } });
    state = wizardReducer(state, { type: 'edited', step: 2, values: { occupation: 'Teacher' } });
    state = wizardReducer(state, { type: 'started' });
    state = wizardReducer(state, { type: 'discarded', step: 1 });
    expect(state.values[1]).toEqual({ city: 'Tashkent' });
    expect(state.values[2]).toEqual({ occupation: 'Teacher' });
    expect(state.busy).toBe(false);
    expect(dirtySteps(state)).toEqual([2]);
  });

  it('loads once; later loads keep what was typed', () => {
    const edited = wizardReducer(loaded, { type: 'edited', step: 1, values: { city: 'Khiva' } });
    const again = wizardReducer(edited, { type: 'loaded', saved: {}, values: {} });
    expect(again).toBe(edited);
    expect(again.initialised).toBe(true);
  });

  it('counts a step as unsaved while its values differ from the saved data', () => {
    expect(dirtySteps(loaded)).toEqual([]);
    const edited = wizardReducer(loaded, { type: 'edited', step: 1, values: { city: 'Khiva' } });
    expect(dirtySteps(edited)).toEqual([1]);
    const back = wizardReducer(edited, { type: 'edited', step: 1, values: { city: 'Tashkent' } });
    expect(dirtySteps(back)).toEqual([]);
  });

  it('Next: busy, then the saved values become the baseline, the stage rises and the id is kept', () => {
    const edited = wizardReducer(loaded, { type: 'edited', step: 2, values: { occupation: 'Teacher' } });
    const busy = wizardReducer(edited, { type: 'started' });
    expect(busy.busy).toBe(true);
    const done = wizardReducer(busy, {
      type: 'advanced',
      target: 3,
      step: 2,
      values: { occupation: 'Teacher' },
      studentId: 7,
    });
    expect(done).toMatchObject({ busy: false, maxStage: 3, studentId: 7, problem: null });
    expect(dirtySteps(done)).toEqual([]);
    // Moving back never lowers the stage reached.
    expect(wizardReducer(done, { type: 'advanced', target: 2 }).maxStage).toBe(3);
  });

  it('a failed Next keeps the input and shows the problem; a 409 Reload replaces the step', () => {
    const edited = wizardReducer(loaded, { type: 'edited', step: 2, values: { occupation: 'Teacher' } });
    const problem = { error: new Error('Changed meanwhile'), conflict: true, missing: [] };
    const failed = wizardReducer(wizardReducer(edited, { type: 'started' }), { type: 'failed', problem });
    expect(failed).toMatchObject({ busy: false, problem });
    expect(failed.values[2]).toEqual({ occupation: 'Teacher' });
    const reloaded = wizardReducer(failed, { type: 'reloaded', step: 2, values: { occupation: 'Doctor' } });
    expect(reloaded.values[2]).toEqual({ occupation: 'Doctor' });
    expect(reloaded.problem).toBeNull();
    expect(dirtySteps(reloaded)).toEqual([]);
  });

  it('Confirm finishes at the thank-you stage; list steps report their validity once', () => {
    const valid = wizardReducer(loaded, { type: 'validity', step: 4, ok: true });
    expect(valid.listValid[4]).toBe(true);
    expect(wizardReducer(valid, { type: 'validity', step: 4, ok: true })).toBe(valid);
    expect(wizardReducer(valid, { type: 'confirmed' })).toMatchObject({ finished: true, maxStage: 11 });
  });
});
