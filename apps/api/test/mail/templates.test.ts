import { APPLICATION_STATUSES, formatDateTime, LANGUAGES, MAIL_KINDS } from '@uniapply/shared';
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
