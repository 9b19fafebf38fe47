import { describe, expect, it } from 'vitest';
import {
  clickableSteps,
  dashboardButton,
  isSubmitted,
  nextStage,
  openingStage,
  progressPercent,
  stepsCompleted,
  stepsLeft,
  WIZARD_STEPS,
  wizardStep,
} from './stages.js';

describe('WIZARD_STEPS', () => {
  it('has the 10 steps in the order of DESIGN 6 with unique slugs', () => {
    expect(WIZARD_STEPS.map((s) => s.id)).toEqual([
      'personal',
      'guardian',
      'emergencyContact',
      'qualifications',
      'languages',
      'experience',
      'documents',
      'otherInfo',
      'courses',
      'review',
    ]);
    expect(new Set(WIZARD_STEPS.map((s) => s.slug)).size).toBe(10);
    expect(wizardStep('documents')).toMatchObject({ step: 7, labelKey: 'wizard.steps.documents' });
  });
  it("sends the stages of spec 4's table (emergency sends 4, other info 9, courses 10)", () => {
    const sent = Object.fromEntries(WIZARD_STEPS.map((s) => [s.id, s.stageOnNext]));
    expect(sent).toEqual({
      personal: 2,
      guardian: 3,
      emergencyContact: 4,
      qualifications: 5,
      languages: 6,
      experience: 7,
      documents: 8,
      otherInfo: 9,
      courses: 10,
      review: 11,
    });
  });
});

describe('nextStage', () => {
  it('raises the stage to the step after the one saved', () => {
    expect(nextStage(null, 1)).toBe(2);
    expect(nextStage(3, 3)).toBe(4);
    expect(nextStage(6, 7)).toBe(8);
  });
  it('never lowers it: re-saving step 2 of a submitted application keeps 11', () => {
    expect(nextStage(11, 2)).toBe(11);
    expect(nextStage(9, 4)).toBe(9);
  });
  it('confirm (step 10) submits: 11', () => {
    expect(nextStage(10, 10)).toBe(11);
  });
});

describe('stepsCompleted and the dashboard', () => {
  it('is 0 without a record and min(stage - 1, 10) otherwise', () => {
    expect(stepsCompleted(null)).toBe(0);
    expect(stepsCompleted(0)).toBe(0);
    expect(stepsCompleted(1)).toBe(0);
    expect(stepsCompleted(2)).toBe(1);
    expect(stepsCompleted(10)).toBe(9);
    expect(stepsCompleted(11)).toBe(10);
  });
  it('gives percent and steps left', () => {
    expect(progressPercent(5)).toBe(40);
    expect(stepsLeft(5)).toBe(6);
    expect(progressPercent(11)).toBe(100);
    expect(stepsLeft(11)).toBe(0);
  });
  it('reads apply, continue or updateApplication', () => {
    expect(dashboardButton(null)).toBe('apply');
    expect(dashboardButton(0)).toBe('apply');
    expect(dashboardButton(1)).toBe('continue');
    expect(dashboardButton(2)).toBe('continue');
    expect(dashboardButton(10)).toBe('continue');
    expect(dashboardButton(11)).toBe('updateApplication');
  });
  it('is submitted only at stage 11', () => {
    expect(isSubmitted(11)).toBe(true);
    expect(isSubmitted(10)).toBe(false);
    expect(isSubmitted(null)).toBe(false);
  });
});

describe('the stepper', () => {
  it('opens at the stored stage, 1 when none', () => {
    expect(openingStage(null)).toBe(1);
    expect(openingStage(0)).toBe(1);
    expect(openingStage(7)).toBe(7);
  });
  it('lets step 1 be clicked always and others once the highest stage reaches them', () => {
    expect(clickableSteps(null)).toEqual([1]);
    expect(clickableSteps(1)).toEqual([1]);
    expect(clickableSteps(4)).toEqual([1, 2, 3, 4]);
    expect(clickableSteps(11)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
