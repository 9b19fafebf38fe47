import type { TAppLanguage, TMailKind, TServerTranslate } from '@uniapply/shared';
import {
  APPLICANT_TIME_ZONE,
  APPLICATION_STATUSES,
  conditionName,
  documentTypeName,
  formatDate,
  formatDateTime,
  intakeStartInstant,
  type TApplicationStatus,
  type TNamedCondition,
  UNIVERSITY_TIME_ZONE,
} from '@uniapply/shared';
import { serverTranslator } from '../../i18n/catalogues.js';

// Status mails in the recipient's language (issue 12). Plain text and a simple HTML part built
// from the same lines; every value from users or staff is escaped in the HTML.

/** Who a mail is for: the student's own account, a profile without an account, the owner's copy. */
export type TAudience = 'student' | 'profile' | 'agent';

// The statuses are the shared ones (packages/shared/src/application/status.ts).
export { APPLICATION_STATUSES, type TApplicationStatus };

export type TMailParams = {
  university: string;
  course: string;
  /** The student's full name (filled in by enqueueMail). */
  student: string;
  /** The recipient's first name (filled in by enqueueMail). */
  name: string;
  from?: string;
  to?: string;
  message?: string;
  /** What a documents request asks for: a document type (its id and stored name) or the admin's text. */
  items?: TMailItem[];
  /** A received mail of several courses: each one (issue 20 item 6: one mail per event). */
  courses?: { university: string; course: string }[];
  /** reminderIdle: the wizard's next step. */
  step?: number;
  /** reminderDeadline: the application deadline, an instant (named in both zones). */
  deadline?: string;
  /** reminderOffer: the offer's answer-by date, an instant (named in both zones). */
  answerBy?: string;
  /** reminderCondition: the intake's start, an instant (named in both zones). */
  intakeStart?: string;
  /** offerTermsChanged: the fees as the offer states them. */
  fees?: string;
  /** offerTermsChanged: the offer's conditions; statusChanged to conditionsNotMet: those not met. */
  conditions?: TNamedCondition[];
  /** intakeDeferred: the start dates ('YYYY-MM-DD') of the intakes it moved between. */
  fromStartDate?: string;
  toStartDate?: string;
};
export type TMailItem = string | { documentTypeId: number; name: string };

/** A received mail that names several courses. */
const manyCourses = (kind: TMailKind, p: TMailParams) => kind === 'received' && (p.courses?.length ?? 0) > 1;

// The texts are the web's catalogues (issue 19 item 3): mailTexts.json for the mail's own lines and
// status.json's labels for the statuses, read through serverTranslator, so a label is translated once.
// Course and university names are catalogue data, shown as they are stored; a document type is
// named through the shared documentTypeName (the fixed four in the recipient's language).

/** The label of a status in a language (the web's `status:labels`); an unknown value is shown as it is. */
export function statusLabel(language: TAppLanguage, status: string | undefined): string {
  if (!status) return '';
  return (APPLICATION_STATUSES as readonly string[]).includes(status)
    ? serverTranslator(language)(`status:labels.${status}`)
    : status;
}

/** The texts' parameters: the statuses as labels, `University` capitalised to open a sentence (uz). */
const textParams = (language: TAppLanguage, p: TMailParams) => ({
  ...p,
  University: `${p.university.charAt(0).toUpperCase()}${p.university.slice(1)}`,
  from: statusLabel(language, p.from),
  to: statusLabel(language, p.to),
});

export function renderSubject(kind: TMailKind, language: TAppLanguage, params: TMailParams): string {
  const t = serverTranslator(language);
  const p = textParams(language, params);
  if (manyCourses(kind, params))
    return t('mailTexts:subject.receivedMany', { ...p, more: params.courses!.length - 1 });
  return t(`mailTexts:subject.${kind}`, p);
}

export type TMailLinks = { portal: string; unsubscribe?: string };
export type TRenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One paragraph, or a bulleted list, or a link: the blocks both parts are made of. */
type TBlock = { p: string } | { list: string[] } | { link: string; label: string };

/**
 * A deadline in Kuala Lumpur's and Tashkent's time, each with its zone named (issue 21), through
 * the one formatter.
 */
export function deadlineLines(deadline: string, language: TAppLanguage, t: TServerTranslate): string[] {
  return [UNIVERSITY_TIME_ZONE, APPLICANT_TIME_ZONE].map(
    (zone) => `${formatDateTime(deadline, language, zone)} (${t(`common:timeZones.${zone}`)})`,
  );
}

/** An intake's start date ('YYYY-MM-DD') through the one formatter, as Kuala Lumpur's calendar day. */
const intakeDay = (startDate: string, language: TAppLanguage) =>
  formatDate(intakeStartInstant(startDate), language, UNIVERSITY_TIME_ZONE);

/** The conditions named in the recipient's language (the cards' and letters' conditionName). */
const conditionList = (p: TMailParams, t: TServerTranslate): TBlock => ({
  list: (p.conditions ?? []).map((c) => conditionName(c, t)),
});

/** A deferral's sentence: both intakes when both are known, else the one it moved to. */
function deferredLines(p: TMailParams, language: TAppLanguage, t: TServerTranslate, whose: string) {
  const from = p.fromStartDate ? intakeDay(p.fromStartDate, language) : '';
  const to = p.toStartDate ? intakeDay(p.toStartDate, language) : '';
  const key = from && to ? 'fromTo' : to ? 'to' : 'plain';
  return t(`mailTexts:intakeDeferred.${whose}.${key}`, { ...p, from, to });
}

const itemList = (p: TMailParams, t: TServerTranslate): TBlock => ({
  list: (p.items ?? []).map((i) =>
    typeof i === 'string' ? i : documentTypeName({ id: i.documentTypeId, name: i.name }, t),
  ),
});

/** The lines between the greeting and the links, by kind. */
function bodyOf(
  kind: TMailKind,
  language: TAppLanguage,
  p: ReturnType<typeof textParams>,
  whose: 'agent' | 'student',
): TBlock[] {
  const t = serverTranslator(language);
  const message = p.message?.trim();
  const staffMessage: TBlock[] = message ? [{ p: t('mailTexts:staffMessage') }, { p: message }] : [];
  switch (kind) {
    case 'received':
      if (manyCourses(kind, p))
        return [
          { p: t(`mailTexts:receivedMany.${whose}`, p) },
          { list: p.courses!.map((c) => `${c.course}, ${c.university}`) },
          { p: t('mailTexts:received.contact') },
        ];
      return [{ p: t(`mailTexts:received.${whose}`, p) }, { p: t('mailTexts:received.contact') }];
    case 'statusChanged':
      return [
        { p: t(`mailTexts:statusChanged.${whose}`, p) },
        // Issue 22, left: a move to conditionsNotMet names the conditions not met.
        ...(p.conditions?.length ? [{ p: t('mailTexts:conditionsNotMet') }, conditionList(p, t)] : []),
        ...staffMessage,
      ];
    case 'documentsRequested':
      return [
        { p: t(`mailTexts:documentsRequested.${whose}`, p) },
        itemList(p, t),
        ...staffMessage,
        { p: t('mailTexts:uploadThem') },
      ];
    case 'reminderIdle':
      return [{ p: t(`mailTexts:reminderIdle.${whose}`, p) }];
    case 'reminderDocuments':
      return [
        { p: t(`mailTexts:reminderDocuments.${whose}`, p) },
        itemList(p, t),
        { p: t('mailTexts:uploadThem') },
      ];
    case 'reminderDeadline':
      return [
        { p: t(`mailTexts:reminderDeadline.${whose}`, p) },
        { list: p.deadline ? deadlineLines(p.deadline, language, t) : [] },
        { p: t('mailTexts:reminderDeadline.confirm') },
      ];
    case 'conditionsMet':
      return [{ p: t(`mailTexts:conditionsMet.${whose}`, p) }, { p: t('mailTexts:conditionsMet.next') }];
    case 'reminderOffer':
      return [
        { p: t(`mailTexts:reminderOffer.${whose}`, p) },
        { list: p.answerBy ? deadlineLines(p.answerBy, language, t) : [] },
        { p: t('mailTexts:reminderOffer.answer') },
      ];
    case 'reminderCondition':
      return [
        { p: t(`mailTexts:reminderCondition.${whose}`, p) },
        { list: p.intakeStart ? deadlineLines(p.intakeStart, language, t) : [] },
        { p: t('mailTexts:reminderCondition.evidence') },
      ];
    case 'offerTermsChanged':
      return [
        { p: t(`mailTexts:offerTermsChanged.${whose}`, p) },
        { p: t('mailTexts:offerTermsChanged.answerBy') },
        { list: p.answerBy ? deadlineLines(p.answerBy, language, t) : [] },
        ...(p.fees ? [{ p: t('mailTexts:offerTermsChanged.fees', { fees: p.fees }) }] : []),
        ...(p.conditions?.length
          ? [{ p: t('mailTexts:offerTermsChanged.conditions') }, conditionList(p, t)]
          : []),
        { p: t('mailTexts:offerTermsChanged.next') },
      ];
    case 'intakeDeferred':
      return [{ p: deferredLines(p, language, t, whose) }, ...staffMessage];
  }
}

export function renderMail(input: {
  kind: TMailKind;
  language: TAppLanguage;
  audience: TAudience;
  params: TMailParams;
  links: TMailLinks;
}): TRenderedMail {
  const t = serverTranslator(input.language);
  const p = textParams(input.language, input.params);
  // The owner's copy names the student; the student's own mail and the profile's say "your".
  const whose = input.audience === 'agent' ? 'agent' : 'student';
  const blocks: TBlock[] = [{ p: t('mailTexts:hello', p) }];
  blocks.push(...bodyOf(input.kind, input.language, p, whose));
  blocks.push({ link: input.links.portal, label: t('mailTexts:open') });
  if (input.links.unsubscribe)
    blocks.push({ link: input.links.unsubscribe, label: t('mailTexts:unsubscribe') });
  else blocks.push({ p: t('mailTexts:profileFooter') });

  const text = blocks
    .map((b) =>
      'p' in b ? b.p : 'list' in b ? b.list.map((i) => `- ${i}`).join('\n') : `${b.label}\n${b.link}`,
    )
    .join('\n\n');
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;line-height:1.5">`,
    ...blocks.map((b) =>
      'p' in b
        ? `<p>${escapeHtml(b.p).replace(/\n/g, '<br>')}</p>`
        : 'list' in b
          ? `<ul>${b.list.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`
          : `<p>${escapeHtml(b.label)}<br><a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>`,
    ),
    '</body></html>',
  ].join('\n');
  return { subject: renderSubject(input.kind, input.language, input.params), text: `${text}\n`, html };
}
