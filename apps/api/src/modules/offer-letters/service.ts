import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { fillLetter, type TAppLanguage } from '@uniapply/shared';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { files, offers } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { serverTranslator } from '../../i18n/catalogues.js';
import type { TActor } from '../../resources/scope.js';
import type { StorageDriver } from '../../storage/driver.js';
import { requireApplication } from '../application-status/service.js';
import { releaseFiles } from '../documents/repository.js';
import { purgeNow, type TDocumentsDeps } from '../documents/service.js';
import { offerOf } from '../offers/repository.js';
import type { TLetterPdfInput } from './letter-render.js';
import { letterValues, type TLetterFacts } from './letter-values.js';
import { letterSubject, storedLetter, templateOf } from './repository.js';

// The offer letter of one application (issue 22 item 3): the stored file while it is newer than
// the offer's terms and the template it was made from; otherwise rendered again in the app's PDF
// pool, stored as the student's file (offers.letter_file_id) and the letter before it released and
// removed the way a replaced document is (documents' releaseFiles, then purgeNow).

/** Renders a PDF in the app's one pool (application-forms' createPdfRenderer, given by app.ts). */
export type TRenderPdf = (input: unknown) => Promise<Uint8Array>;

export type TLetterDeps = TDocumentsDeps & { renderPdf: TRenderPdf; now: () => Date };

export const offerLetterNotFound = () => notFound('There is no offer letter for this application.');

/** The PDF input of a letter: the template filled in `language`. */
export function letterInput(body: string, facts: TLetterFacts, language: TAppLanguage): TLetterPdfInput {
  const t = serverTranslator(language);
  return {
    kind: 'offerLetter',
    language,
    text: fillLetter(body, letterValues(facts, language, t)),
    title: `${t('offerLetters:letter.title')} – ${facts.applicantName}`,
  };
}

export type TLetter = { fileName: string; body: Readable | Uint8Array };

const later = (a: string, b: string | null) => (b && Date.parse(b) > Date.parse(a) ? b : a);

/** The letter of an application the actor may see; 404 for another owner's, or without an offer. */
export async function offerLetter(
  deps: TLetterDeps,
  actor: TActor,
  studentCourseId: number,
): Promise<TLetter> {
  const read = await deps.db.transaction(async (tx) => {
    await requireApplication(tx, actor, studentCourseId);
    const offer = await offerOf(tx, studentCourseId);
    const subject = offer && (await letterSubject(tx, offer));
    if (!offer || !subject) throw offerLetterNotFound();
    const template = await templateOf(tx, subject.language);
    const stored = await storedLetter(tx, offer.letterFileId, subject.studentId);
    return { offer, subject, template, stored };
  });
  const { offer, subject, template, stored } = read;
  // The letter's basis: the later of the terms' and the template's last change.
  const basis = later(offer.updatedAt, template.updatedAt);
  const t = serverTranslator(subject.language);
  const fileName = `${subject.facts.applicantName} ${t('offerLetters:letter.title')}.pdf`;
  if (stored && stored.createdAt.getTime() >= Date.parse(basis)) {
    const driver = deps.drivers[stored.driver];
    const body = driver ? await driver.get(stored.driverKey) : null;
    if (body) return { fileName, body };
  }
  const pdf = await deps.renderPdf(letterInput(template.body, subject.facts, subject.language));
  await storeLetter(
    deps,
    { offerId: offer.id, updatedAt: offer.updatedAt, studentId: subject.studentId },
    pdf,
    {
      fileName,
      basis,
    },
  );
  return { fileName, body: pdf };
}

/**
 * Stores a rendered letter as the student's file and makes it the offer's letter, unless the terms
 * changed meanwhile (then it is released again: the next download renders the new terms). The row
 * is written before the bytes, as uploads do, so a crash leaves a row the sweep removes.
 */
async function storeLetter(
  deps: TLetterDeps,
  offer: { offerId: number; updatedAt: string; studentId: number },
  pdf: Uint8Array,
  { fileName, basis }: { fileName: string; basis: string },
) {
  const driver: StorageDriver = deps.driver;
  const fileId = randomUUID();
  const key = `${offer.studentId}/${fileId}`;
  // Its time is never before its basis, so a clock behind the database's never re-renders it.
  const createdAt = new Date(Math.max(deps.now().getTime(), Date.parse(basis)));
  await deps.db.insert(files).values({
    id: fileId,
    studentId: offer.studentId,
    displayName: fileName,
    size: pdf.byteLength,
    contentType: 'application/pdf',
    driver: driver.name,
    driverKey: key,
    createdAt,
  });
  try {
    await driver.put(key, Readable.from([Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)]));
  } catch (err) {
    await purgeNow(deps, await releaseFiles(deps.db, offer.studentId, [fileId]));
    throw err;
  }
  const released = await swapLetter(deps.db, offer, fileId);
  await purgeNow(deps, released);
}

/** The offer's letter becomes `fileId` (the one before it released); the terms changed: ours is. */
async function swapLetter(
  db: TDb,
  offer: { offerId: number; updatedAt: string; studentId: number },
  fileId: string,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ letterFileId: offers.letterFileId, updatedAt: offers.updatedAt })
      .from(offers)
      .where(eq(offers.id, offer.offerId))
      .for('update');
    if (!row || Date.parse(row.updatedAt) !== Date.parse(offer.updatedAt))
      return releaseFiles(tx, offer.studentId, [fileId]);
    await tx
      .update(offers)
      .set({ letterFileId: fileId })
      .where(and(eq(offers.id, offer.offerId), eq(offers.updatedAt, row.updatedAt)));
    return row.letterFileId && row.letterFileId !== fileId
      ? releaseFiles(tx, offer.studentId, [row.letterFileId])
      : [];
  });
}
