import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  adminMovesFrom,
  canMove,
  isFinalStatus,
  mayMove,
  mayWithdraw,
  type TApplicationStatus,
  ZStatusMove,
} from './status.js';

// The table, written out pair by pair as the issue states it (not derived from the code).
const LEGAL = new Set([
  'submitted>underReview',
  'submitted>withdrawn',
  'underReview>documentsRequested',
  'underReview>conditionalOffer',
  'underReview>unconditionalOffer',
  'underReview>rejected',
  'underReview>withdrawn',
  'documentsRequested>underReview',
  'documentsRequested>rejected',
  'documentsRequested>withdrawn',
  'conditionalOffer>unconditionalOffer',
  'conditionalOffer>offerAccepted',
  'conditionalOffer>rejected',
  'conditionalOffer>withdrawn',
  'unconditionalOffer>offerAccepted',
  'unconditionalOffer>withdrawn',
  'offerAccepted>depositPaid',
  'offerAccepted>withdrawn',
  'depositPaid>passFiled',
  'passFiled>evalIssued',
  'evalIssued>enrolled',
]);
const pairs = APPLICATION_STATUSES.flatMap((from) =>
  APPLICATION_STATUSES.map((to) => [from, to] as [TApplicationStatus, TApplicationStatus]),
);

describe('the transition table', () => {
  it('has twelve statuses and checks all 144 pairs', () => {
    expect(APPLICATION_STATUSES).toHaveLength(12);
    expect(pairs).toHaveLength(144);
  });

  it.each(pairs)('%s -> %s', (from, to) => {
    const legal = LEGAL.has(`${from}>${to}`);
    expect(canMove(from, to)).toBe(legal);
    // Admins make every legal move but withdrawn; the applicant only withdrawn.
    expect(mayMove('admin', from, to)).toBe(legal && to !== 'withdrawn');
    expect(mayMove('applicant', from, to)).toBe(legal && to === 'withdrawn');
  });

  it('ends at rejected, withdrawn and enrolled; withdrawing stops at depositPaid', () => {
    expect(APPLICATION_STATUSES.filter(isFinalStatus)).toEqual(['rejected', 'withdrawn', 'enrolled']);
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
