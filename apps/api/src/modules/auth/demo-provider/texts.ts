import type { TRole } from '@uniapply/shared';

// The demo provider's pages in the portal's three languages (the portal starts in Uzbek).

export const DEMO_PAGE_LANGUAGES = ['uz', 'ru', 'en'] as const;
export type TDemoPageLanguage = (typeof DEMO_PAGE_LANGUAGES)[number];

export type TDemoTexts = {
  title: string;
  intro: string;
  accounts: string;
  other: string;
  otherText: string;
  email: string;
  firstName: string;
  lastName: string;
  optional: string;
  submitEmail: string;
  changedMind: string;
  cancel: string;
  invalidEmail: string;
  invalidName: string;
  expiredTitle: string;
  expiredText: string;
  back: string;
  errorTitle: string;
  errorText: string;
  language: string;
  roles: Record<TRole, string>;
};

export const DEMO_TEXTS: Record<TDemoPageLanguage, TDemoTexts> = {
  en: {
    title: 'Demo sign-in',
    intro: "This is the portal's demo identity provider. No password is needed: choose an account.",
    accounts: 'Demo accounts',
    other: 'Another email',
    otherText: 'Signing in with a new email creates a new account.',
    email: 'Email',
    firstName: 'First name',
    lastName: 'Last name',
    optional: 'optional',
    submitEmail: 'Sign in with this email',
    changedMind: 'Changed your mind?',
    cancel: 'Cancel sign-in',
    invalidEmail: 'Enter a valid email address.',
    invalidName: 'A name can be at most 100 characters.',
    expiredTitle: 'Sign-in expired',
    expiredText: 'This sign-in page is no longer valid. Please start again.',
    back: 'Back to the portal',
    errorTitle: 'Sign-in error',
    errorText: 'The demo identity provider could not complete the request',
    language: 'Language',
    roles: { Admin: 'Administrator', Agent: 'Agent', Student: 'Student' },
  },
  uz: {
    title: 'Demo kirish',
    intro: 'Bu portalning demo identifikatsiya provayderi. Parol kerak emas: hisobni tanlang.',
    accounts: 'Demo hisoblar',
    other: 'Boshqa elektron pochta',
    otherText: 'Yangi elektron pochta bilan kirish yangi hisob yaratadi.',
    email: 'Elektron pochta',
    firstName: 'Ism',
    lastName: 'Familiya',
    optional: 'ixtiyoriy',
    submitEmail: 'Shu elektron pochta bilan kirish',
    changedMind: 'Fikringiz oʻzgardimi?',
    cancel: 'Kirishni bekor qilish',
    invalidEmail: 'Toʻgʻri elektron pochta manzilini kiriting.',
    invalidName: 'Ism koʻpi bilan 100 ta belgidan iborat boʻlishi mumkin.',
    expiredTitle: 'Kirish muddati tugadi',
    expiredText: 'Bu kirish sahifasi endi amal qilmaydi. Iltimos, qaytadan boshlang.',
    back: 'Portalga qaytish',
    errorTitle: 'Kirish xatosi',
    errorText: 'Demo identifikatsiya provayderi soʻrovni bajara olmadi',
    language: 'Til',
    roles: { Admin: 'Administrator', Agent: 'Agent', Student: 'Talaba' },
  },
  ru: {
    title: 'Демо-вход',
    intro: 'Это демо-провайдер входа портала. Пароль не нужен: выберите учётную запись.',
    accounts: 'Демо-учётные записи',
    other: 'Другой адрес почты',
    otherText: 'Вход с новым адресом почты создаёт новую учётную запись.',
    email: 'Электронная почта',
    firstName: 'Имя',
    lastName: 'Фамилия',
    optional: 'необязательно',
    submitEmail: 'Войти с этим адресом',
    changedMind: 'Передумали?',
    cancel: 'Отменить вход',
    invalidEmail: 'Введите правильный адрес электронной почты.',
    invalidName: 'Имя может содержать не более 100 символов.',
    expiredTitle: 'Время входа истекло',
    expiredText: 'Эта страница входа больше не действует. Начните заново.',
    back: 'Вернуться на портал',
    errorTitle: 'Ошибка входа',
    errorText: 'Демо-провайдер входа не смог выполнить запрос',
    language: 'Язык',
    roles: { Admin: 'Администратор', Agent: 'Агент', Student: 'Студент' },
  },
};

const isDemoLanguage = (v: string | undefined): v is TDemoPageLanguage =>
  (DEMO_PAGE_LANGUAGES as readonly string[]).includes(v ?? '');

/**
 * The page's language: an explicit choice on the page (`lang`), then the portal's `appLanguage`
 * cookie (the SPA keeps it in step with its own choice), then Accept-Language, then Uzbek like the
 * portal itself.
 */
export function pickDemoLanguage(from: {
  chosen?: string;
  cookie?: string;
  acceptLanguage?: string;
}): TDemoPageLanguage {
  if (isDemoLanguage(from.chosen)) return from.chosen;
  if (isDemoLanguage(from.cookie)) return from.cookie;
  const ranges = (from.acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: tag.split('-')[0], q: Number.isFinite(q) ? q : 0 };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q);
  return (ranges.find((r) => isDemoLanguage(r.base))?.base as TDemoPageLanguage | undefined) ?? 'uz';
}
