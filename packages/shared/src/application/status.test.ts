import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  adminMovesFrom,
  canMove,
  isFinalStatus,
  mayMove,
  mayWithdraw,
  type TApplicationStatus,
  waitsForApplicant,
  ZStatusMove,
} from './status.js';

// The issues' table, written out edge by edge with its actors as issues 12 and 22 state it (not
// derived from the code): A admin, P applicant, S system.
const EDGES: Record<string, string> = {
  'submitted>underReview': 'A',
  'submitted>withdrawn': 'P',
  'underReview>documentsRequested': 'A',
  'underReview>conditionalOffer': 'A',
  'underReview>unconditionalOffer': 'A',
  'underReview>rejected': 'A',
  'underReview>withdrawn': 'P',
  'documentsRequested>underReview': 'AS',
  'documentsRequested>rejected': 'A',
  'documentsRequested>withdrawn': 'P',
  'conditionalOffer>unconditionalOffer': 'A',
  'conditionalOffer>offerAccepted': 'P',
  'conditionalOffer>offerDeclined': 'P',
  'conditionalOffer>offerLapsed': 'S',
  'conditionalOffer>conditionsNotMet': 'AS',
  'conditionalOffer>rejected': 'A',
  'conditionalOffer>withdrawn': 'P',
  'unconditionalOffer>offerAccepted': 'P',
  'unconditionalOffer>offerDeclined': 'P',
  'unconditionalOffer>offerLapsed': 'S',
  'unconditionalOffer>withdrawn': 'P',
  'offerAccepted>depositPaid': 'A',
  'offerAccepted>conditionsNotMet': 'AS',
  'offerAccepted>withdrawn': 'P',
  'depositPaid>passFiled': 'A',
  'depositPaid>conditionsNotMet': 'AS',
  'passFiled>evalIssued': 'A',
  'passFiled>conditionsNotMet': 'AS',
  'evalIssued>enrolled': 'A',
  'evalIssued>conditionsNotMet': 'AS',
};
const pairs = APPLICATION_STATUSES.flatMap((from) =>
  APPLICATION_STATUSES.map((to) => [from, to] as [TApplicationStatus, TApplicationStatus]),
);

describe('the transition table', () => {
  it('has fifteen statuses and checks all 225 pairs', () => {
    expect(APPLICATION_STATUSES).toHaveLength(15);
    expect(pairs).toHaveLength(225);
  });

  it.each(pairs)('%s -> %s', (from, to) => {
    const actors = EDGES[`${from}>${to}`] ?? '';
    expect(canMove(from, to)).toBe(actors !== '');
    expect(mayMove('admin', from, to)).toBe(actors.includes('A'));
    expect(mayMove('applicant', from, to)).toBe(actors.includes('P'));
    expect(mayMove('system', from, to)).toBe(actors.includes('S'));
  });

  it('ends at rejected, withdrawn, enrolled and the three of the offer; withdrawing stops at depositPaid', () => {
    expect(APPLICATION_STATUSES.filter(isFinalStatus)).toEqual([
      'rejected',
      'withdrawn',
      'enrolled',
      'offerDeclined',
      'offerLapsed',
      'conditionsNotMet',
    ]);
    expect(APPLICATION_STATUSES.filter(mayWithdraw)).toEqual([
      'submitted',
      'underReview',
      'documentsRequested',
      'conditionalOffer',
      'unconditionalOffer',
      'offerAccepted',
    ]);
    expect(adminMovesFrom('underReview')).toEqual([
      'documentsRequested',
      'conditionalOffer',
      'unconditionalOffer',
      'rejected',
    ]);
    // The applicant's answer is theirs alone.
    expect(adminMovesFrom('conditionalOffer')).toEqual([
      'unconditionalOffer',
      'rejected',
      'conditionsNotMet',
    ]);
    expect(adminMovesFrom('unconditionalOffer')).toEqual([]);
  });
});

describe('the move input', () => {
  const base = { studentCourseId: 1, version: 0 };
  it('asks for requests with documentsRequested and only then', () => {
    expect(ZStatusMove.safeParse({ ...base, to: 'documentsRequested' }).success).toBe(false);
    expect(
      ZStatusMove.safeParse({ ...base, to: 'documentsRequested', requests: [{ documentTypeId: 2 }] }).success,
    ).toBe(true);
    expect(ZStatusMove.safeParse({ ...base, to: 'underReview', requests: [{ text: 'IELTS' }] }).success).toBe(
      false,
    );
  });
  it('takes a document type or a text per request, not both or neither', () => {
    const move = (item: object) =>
      ZStatusMove.safeParse({ ...base, to: 'documentsRequested', requests: [item] }).success;
    expect(move({ text: 'Bank statement' })).toBe(true);
    expect(move({ documentTypeId: 1, text: 'x' })).toBe(false);
    expect(move({})).toBe(false);
    expect(move({ text: '   ' })).toBe(false);
  });
  it('refuses an internal documents request, an unknown status and a negative version', () => {
    expect(
      ZStatusMove.safeParse({ ...base, to: 'documentsRequested', internal: true, requests: [{ text: 'x' }] })
        .success,
    ).toBe(false);
    expect(ZStatusMove.safeParse({ ...base, to: 'accepted' }).success).toBe(false);
    expect(ZStatusMove.safeParse({ ...base, to: 'rejected', version: -1 }).success).toBe(false);
    expect(ZStatusMove.parse({ ...base, to: 'rejected' }).internal).toBe(false);
  });
});

describe('waitsForApplicant (issue 22: the dashboards\' "Action needed")', () => {
  it('counts requested documents and the open offers, nothing else', () => {
    expect(APPLICATION_STATUSES.filter(waitsForApplicant)).toEqual([
      'documentsRequested',
      'conditionalOffer',
      'unconditionalOffer',
    ]);
  });
});
