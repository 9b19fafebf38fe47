import {
  APPLICATION_STATUSES,
  formatDate,
  formatDateTime,
  intakeStartInstant,
  LANGUAGES,
  MAIL_KINDS,
} from '@uniapply/shared';
import { describe, expect, it } from 'vitest';
import { serverTranslator } from '../../src/i18n/catalogues.js';
import { renderMail, type TAudience } from '../../src/modules/mail/templates.js';

// Issue 19 item 3: the mails read the web's catalogues (apps/web/src/locales/<language>/mailTexts.json
// and the status labels of status.json), so a label is translated once.

const params = {
  university: 'universiti Malaya',
  course: 'Computer Science',
  student: 'Aziza Karimova',
  name: 'Aziza',
  from: 'submitted',
  to: 'underReview',
  message: 'See you soon',
  items: ['Passport'],
  step: 4,
  deadline: '2027-03-01T15:59:00.000Z',
  answerBy: '2027-03-20T15:59:00.000Z',
  fees: 'MYR 41,000 a year',
  conditions: [
    { kind: 'englishTest' as const, text: 'IELTS 6.5' },
    { kind: 'deposit' as const, text: null },
  ],
  fromStartDate: '2027-03-01',
  toStartDate: '2027-07-01',
};
const links = { portal: 'https://uniapply.test/', unsubscribe: 'https://uniapply.test/Student/Profile' };
const AUDIENCES: TAudience[] = ['student', 'profile', 'agent'];

describe('mail texts', () => {
  it.each([...LANGUAGES])(
    'in %s name a reminder’s deadline in Kuala Lumpur’s and Tashkent’s time, each zone named (issue 21)',
    (language) => {
      const t = serverTranslator(language);
      for (const audience of AUDIENCES) {
        const mail = renderMail({ kind: 'reminderDeadline', language, audience, params, links });
        for (const zone of ['Asia/Kuala_Lumpur', 'Asia/Tashkent'])
          expect(mail.text).toContain(
            `- ${formatDateTime(params.deadline, language, zone)} (${t(`common:timeZones.${zone}`)})`,
          );
      }
      // 23:59 in Kuala Lumpur is 20:59 in Tashkent.
      const uz = renderMail({ kind: 'reminderDeadline', language: 'uz', audience: 'student', params, links });
      expect(uz.text).toContain('23:59 (Kuala-Lumpur vaqti)');
      expect(uz.text).toContain('20:59 (Toshkent vaqti)');
    },
  );

  it.each([...LANGUAGES])('in %s name each status with the web’s own label', (language) => {
    const t = serverTranslator(language);
    for (const to of APPLICATION_STATUSES) {
      const mail = renderMail({
        kind: 'statusChanged',
        language,
        audience: 'student',
        params: { ...params, to },
        links,
      });
      expect(mail.subject.endsWith(`: ${t(`status:labels.${to}`)}`), to).toBe(true);
      expect(mail.text).toContain(t(`status:labels.${to}`));
    }
  });

  it.each([...LANGUAGES])('in %s leave no key or placeholder unread', (language) => {
    for (const kind of MAIL_KINDS) {
      for (const audience of AUDIENCES) {
        const mail = renderMail({ kind, language, audience, params, links });
        for (const part of [mail.subject, mail.text]) {
          expect(part).not.toMatch(/\{\{|mailTexts:|status:labels/);
        }
      }
    }
  });

  it.each([...LANGUAGES])(
    'in %s name an offer’s new terms and a deferral’s intakes through the one formatter (issue 22, left)',
    (language) => {
      const t = serverTranslator(language);
      for (const audience of AUDIENCES) {
        const terms = renderMail({ kind: 'offerTermsChanged', language, audience, params, links });
        for (const zone of ['Asia/Kuala_Lumpur', 'Asia/Tashkent'])
          expect(terms.text).toContain(
            `- ${formatDateTime(params.answerBy, language, zone)} (${t(`common:timeZones.${zone}`)})`,
          );
        expect(terms.text).toContain(
          `- ${t('offers:kinds.englishTest')}: IELTS 6.5\n- ${t('offers:kinds.deposit')}`,
        );
        expect(terms.text).toContain('MYR 41,000 a year');
        const deferred = renderMail({ kind: 'intakeDeferred', language, audience, params, links });
        for (const day of ['2027-03-01', '2027-07-01'])
          expect(deferred.text).toContain(formatDate(intakeStartInstant(day), language, 'Asia/Kuala_Lumpur'));
        // Without the intake it left, the one it moved to.
        const to = renderMail({
          kind: 'intakeDeferred',
          language,
          audience,
          params: { ...params, fromStartDate: undefined },
          links,
        });
        expect(to.text).toContain(
          formatDate(intakeStartInstant('2027-07-01'), language, 'Asia/Kuala_Lumpur'),
        );
        expect(to.text).not.toContain(
          formatDate(intakeStartInstant('2027-03-01'), language, 'Asia/Kuala_Lumpur'),
        );
      }
      // conditionsNotMet names the conditions; another status change names none.
      const notMet = renderMail({
        kind: 'statusChanged',
        language,
        audience: 'student',
        params: { ...params, to: 'conditionsNotMet' },
        links,
      });
      expect(notMet.text).toContain(
        `${t('mailTexts:conditionsNotMet')}\n\n- ${t('offers:kinds.englishTest')}: IELTS 6.5`,
      );
      const plain = renderMail({
        kind: 'statusChanged',
        language,
        audience: 'student',
        params: { ...params, conditions: undefined },
        links,
      });
      expect(plain.text).not.toContain(t('mailTexts:conditionsNotMet'));
    },
  );

  it('write Uzbek with ʻ and ʼ, not with look-alikes', () => {
    for (const kind of MAIL_KINDS) {
      for (const audience of AUDIENCES) {
        const mail = renderMail({ kind, language: 'uz', audience, params, links });
        expect(`${mail.subject}\n${mail.text}`).not.toMatch(/[‘’']/);
      }
    }
    const mail = renderMail({ kind: 'statusChanged', language: 'uz', audience: 'student', params, links });
    expect(mail.text).toContain(
      'Universiti Malaya universitetidagi Computer Science kursiga arizangiz holati oʻzgardi: «Yuborildi» → «Koʻrib chiqilmoqda».',
    );
  });
});
