import type { TAppLanguage, TMailKind } from '@uniapply/shared';
import { APPLICATION_STATUSES, type TApplicationStatus } from '@uniapply/shared';

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
  items?: string[];
};

type TTexts = {
  statuses: Record<TApplicationStatus, string>;
  hello: (name: string) => string;
  subject: Record<TMailKind, (p: TMailParams) => string>;
  /** `agent`: the owner's copy, which names the student. */
  received: (p: TMailParams, agent: boolean) => string[];
  statusChanged: (p: TMailParams, agent: boolean) => string;
  staffMessage: string;
  documentsRequested: (p: TMailParams, agent: boolean) => string;
  uploadThem: string;
  open: string;
  unsubscribe: string;
  profileFooter: string;
};

const en: TTexts = {
  statuses: {
    submitted: 'Submitted',
    underReview: 'Under review',
    documentsRequested: 'Documents requested',
    conditionalOffer: 'Conditional offer',
    unconditionalOffer: 'Unconditional offer',
    rejected: 'Rejected',
    withdrawn: 'Withdrawn',
    offerAccepted: 'Offer accepted',
    depositPaid: 'Tuition deposit paid',
    passFiled: 'Student-pass application filed (EMGS)',
    evalIssued: 'Visa approval letter (eVAL) issued',
    enrolled: 'Enrolled',
  },
  hello: (name) => `Hello ${name},`,
  subject: {
    received: (p) => `Application received: ${p.course}, ${p.university}`,
    statusChanged: (p) => `Application status: ${p.course}, ${p.university}: ${p.to}`,
    documentsRequested: (p) => `Documents requested: ${p.course}, ${p.university}`,
  },
  received: (p, agent) => [
    agent
      ? `We have received the application of your student ${p.student} for ${p.course} at ${p.university}.`
      : `We have received your application for ${p.course} at ${p.university}.`,
    'Our staff will be in touch within 48 hours.',
  ],
  statusChanged: (p, agent) =>
    `The status of ${agent ? `${p.student}'s application` : 'your application'} for ${p.course} at ${p.university} has changed from "${p.from}" to "${p.to}".`,
  staffMessage: 'Message from our staff:',
  documentsRequested: (p, agent) =>
    `We need the following documents for ${agent ? `${p.student}'s application` : 'your application'} for ${p.course} at ${p.university}:`,
  uploadThem: 'Please upload them on the dashboard.',
  open: 'Open the portal:',
  unsubscribe: 'To stop these status emails, turn them off on your profile page:',
  profileFooter: 'Your agent manages this application; ask them to stop these emails if you wish.',
};

const uz: TTexts = {
  statuses: {
    submitted: 'Yuborildi',
    underReview: 'Ko‘rib chiqilmoqda',
    documentsRequested: 'Hujjatlar so‘raldi',
    conditionalOffer: 'Shartli taklif',
    unconditionalOffer: 'Shartsiz taklif',
    rejected: 'Rad etildi',
    withdrawn: 'Qaytarib olindi',
    offerAccepted: 'Taklif qabul qilindi',
    depositPaid: 'O‘qish uchun depozit to‘landi',
    passFiled: 'Talaba ruxsatnomasi uchun ariza topshirildi (EMGS)',
    evalIssued: 'Viza tasdiqlash xati (eVAL) berildi',
    enrolled: 'O‘qishga qabul qilindi',
  },
  hello: (name) => `Assalomu alaykum, ${name}!`,
  subject: {
    received: (p) => `Ariza qabul qilindi: ${p.course}, ${p.university}`,
    statusChanged: (p) => `Ariza holati: ${p.course}, ${p.university}: ${p.to}`,
    documentsRequested: (p) => `Hujjatlar so‘raldi: ${p.course}, ${p.university}`,
  },
  received: (p, agent) => [
    `${uzApplication(p, agent)} qabul qilindi.`,
    'Xodimlarimiz 48 soat ichida siz bilan bog‘lanadi.',
  ],
  statusChanged: (p, agent) => `${uzApplication(p, agent)} holati o‘zgardi: «${p.from}» → «${p.to}».`,
  staffMessage: 'Xodimlarimizdan xabar:',
  documentsRequested: (p, agent) => `${uzApplication(p, agent)} uchun quyidagi hujjatlar kerak:`,
  uploadThem: 'Iltimos, ularni shaxsiy kabinetda yuklang.',
  open: 'Portalni ochish:',
  unsubscribe: 'Holat haqidagi xatlarni o‘chirish uchun profil sahifangizga o‘ting:',
  profileFooter: 'Bu arizani agentingiz boshqaradi; xatlarni to‘xtatish uchun unga murojaat qiling.',
};

const ru: TTexts = {
  statuses: {
    submitted: 'Отправлена',
    underReview: 'На рассмотрении',
    documentsRequested: 'Запрошены документы',
    conditionalOffer: 'Условное предложение',
    unconditionalOffer: 'Безусловное предложение',
    rejected: 'Отклонена',
    withdrawn: 'Отозвана',
    offerAccepted: 'Предложение принято',
    depositPaid: 'Депозит за обучение оплачен',
    passFiled: 'Подано заявление на студенческий пропуск (EMGS)',
    evalIssued: 'Выдано письмо об одобрении визы (eVAL)',
    enrolled: 'Зачислен(а)',
  },
  hello: (name) => `Здравствуйте, ${name}!`,
  subject: {
    received: (p) => `Заявка получена: ${p.course}, ${p.university}`,
    statusChanged: (p) => `Статус заявки: ${p.course}, ${p.university}: ${p.to}`,
    documentsRequested: (p) => `Запрошены документы: ${p.course}, ${p.university}`,
  },
  received: (p, agent) => [
    `${agent ? `Заявка вашего студента ${p.student}` : 'Ваша заявка'} на программу ${p.course} в ${p.university} получена.`,
    'Наши сотрудники свяжутся с вами в течение 48 часов.',
  ],
  statusChanged: (p, agent) =>
    `Статус ${agent ? `заявки вашего студента ${p.student}` : 'вашей заявки'} на программу ${p.course} в ${p.university} изменился: «${p.from}» → «${p.to}».`,
  staffMessage: 'Сообщение от наших сотрудников:',
  documentsRequested: (p, agent) =>
    `Для ${agent ? `заявки вашего студента ${p.student}` : 'вашей заявки'} на программу ${p.course} в ${p.university} нужны следующие документы:`,
  uploadThem: 'Пожалуйста, загрузите их в личном кабинете.',
  open: 'Открыть портал:',
  unsubscribe: 'Чтобы отказаться от писем о статусе, отключите их на странице профиля:',
  profileFooter: 'Этой заявкой управляет ваш агент; чтобы отказаться от писем, обратитесь к нему.',
};

const TEXTS: Record<TAppLanguage, TTexts> = { en, uz, ru };

function uzApplication(p: TMailParams, agent: boolean) {
  const where = `${p.university} universitetidagi ${p.course} yo‘nalishiga`;
  return agent
    ? `Talabangiz ${p.student}ning ${where} arizasi`
    : `${where[0]!.toUpperCase()}${where.slice(1)} arizangiz`;
}

/** The label of a status in a language; an unknown value is shown as it is. */
export function statusLabel(language: TAppLanguage, status: string | undefined): string {
  if (!status) return '';
  return (TEXTS[language].statuses as Record<string, string>)[status] ?? status;
}

const withLabels = (language: TAppLanguage, p: TMailParams): TMailParams => ({
  ...p,
  from: statusLabel(language, p.from),
  to: statusLabel(language, p.to),
});

export function renderSubject(kind: TMailKind, language: TAppLanguage, params: TMailParams): string {
  return TEXTS[language].subject[kind](withLabels(language, params));
}

export type TMailLinks = { portal: string; unsubscribe?: string };
export type TRenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One paragraph, or a bulleted list, or a link: the blocks both parts are made of. */
type TBlock = { p: string } | { list: string[] } | { link: string; label: string };

export function renderMail(input: {
  kind: TMailKind;
  language: TAppLanguage;
  audience: TAudience;
  params: TMailParams;
  links: TMailLinks;
}): TRenderedMail {
  const tx = TEXTS[input.language];
  const p = withLabels(input.language, input.params);
  const agent = input.audience === 'agent';
  const blocks: TBlock[] = [{ p: tx.hello(p.name) }];
  if (input.kind === 'received') {
    for (const line of tx.received(p, agent)) blocks.push({ p: line });
  } else if (input.kind === 'statusChanged') {
    blocks.push({ p: tx.statusChanged(p, agent) });
    if (p.message?.trim()) blocks.push({ p: tx.staffMessage }, { p: p.message.trim() });
  } else {
    blocks.push({ p: tx.documentsRequested(p, agent) }, { list: p.items ?? [] }, { p: tx.uploadThem });
  }
  blocks.push({ link: input.links.portal, label: tx.open });
  if (input.links.unsubscribe) blocks.push({ link: input.links.unsubscribe, label: tx.unsubscribe });
  else blocks.push({ p: tx.profileFooter });

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
