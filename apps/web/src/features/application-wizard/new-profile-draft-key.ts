import { DRAFT_KEY_PATTERN } from '@uniapply/shared';

// The draft key of a new student's form (`studentId` 0 on /api/Draft): one per browser tab, kept in
// the tab's sessionStorage, so a reload of the tab finds its own draft again while a second tab
// adding another student at the same time gets a key (and a draft) of its own. The key is a random
// token: the draft itself stays on the server only (SECURITY 23), never in browser storage.

const STORAGE_KEY = 'newStudentDraftKey';

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This tab's key for the new student it is adding (made and kept on first use). */
export function newProfileDraftKey(): string {
  try {
    const kept = window.sessionStorage.getItem(STORAGE_KEY);
    if (kept && DRAFT_KEY_PATTERN.test(kept)) return kept;
    const key = randomKey();
    window.sessionStorage.setItem(STORAGE_KEY, key);
    return key;
  } catch {
    // No sessionStorage (blocked storage): a key for this page only; a reload starts a new draft.
    return randomKey();
  }
}

/** The tab's new student was created (its draft is gone): the next new student gets a new key. */
export function forgetNewProfileDraftKey() {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}
