import type { TAppLanguage } from '@uniapply/shared';

// The offer letter's built-in templates (issue 22 item 3): what a language's letter says until an
// admin saves their own at Admin → Offer letters. Plain text, `{{field}}` placeholders
// (OFFER_LETTER_FIELDS), paragraphs separated by blank lines; the first line is the heading.

export const DEFAULT_LETTER_TEMPLATES: Record<TAppLanguage, string> = {
  en: `Offer of admission

Dear {{applicantName}},

We are pleased to offer you a place on {{course}} at {{university}}, {{intake}}. Your studies start on {{startDate}}.

Type of offer: {{offerType}}
Passport number: {{passportNumber}}
Tuition fees: {{fees}}

Conditions of this offer:
{{conditions}}

Please accept or decline this offer in the portal by:
{{answerByUniversity}}
{{answerByApplicant}}
An offer not answered by then lapses.

We look forward to welcoming you.

Admissions Office
{{offerDate}}`,
  uz: `Qabul haqida taklifnoma

Hurmatli {{applicantName}}!

Sizga {{university}}da «{{course}}» yoʻnalishi boʻyicha oʻqish uchun joy taklif qilayotganimizdan mamnunmiz ({{intake}}). Oʻqish {{startDate}} kuni boshlanadi.

Taklif turi: {{offerType}}
Pasport raqami: {{passportNumber}}
Oʻqish toʻlovi: {{fees}}

Taklif shartlari:
{{conditions}}

Iltimos, taklifni portal orqali qabul qiling yoki rad eting. Javob berish muddati:
{{answerByUniversity}}
{{answerByApplicant}}
Shu muddatgacha javob berilmagan taklif oʻz kuchini yoʻqotadi.

Sizni oʻqishda koʻrishni intiqlik bilan kutamiz.

Qabul boʻlimi
{{offerDate}}`,
  ru: `Предложение о зачислении

Уважаемый(-ая) {{applicantName}}!

Рады предложить Вам место на программе «{{course}}» в {{university}} ({{intake}}). Обучение начинается {{startDate}}.

Вид предложения: {{offerType}}
Номер паспорта: {{passportNumber}}
Стоимость обучения: {{fees}}

Условия предложения:
{{conditions}}

Пожалуйста, примите или отклоните предложение на портале до:
{{answerByUniversity}}
{{answerByApplicant}}
Предложение, на которое не получен ответ в срок, теряет силу.

Будем рады видеть Вас среди наших студентов.

Приёмная комиссия
{{offerDate}}`,
};
