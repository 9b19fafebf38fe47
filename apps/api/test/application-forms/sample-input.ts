import type { TAppLanguage } from '@uniapply/shared';
import type { TPdfInput } from '../../src/modules/application-forms/pdf-input.js';
import { pngFile } from '../documents/samples.js';

/** A whole application as the renderer receives it (no database): for the runtime test. */
export function sampleInput(language: TAppLanguage = 'en'): TPdfInput {
  const audit = { lastUpdatedBy: null, lastUpdatedDate: null };
  return {
    language,
    generatedAt: new Date().toISOString(),
    application: {
      studentInfo: {
        id: 1,
        userId: 1,
        firstName: 'Гʻулом',
        middleName: 'Oʻtkir',
        lastName: 'Qoʻchqorov',
        passportSeries: 'AB',
        passportNumber: '1234567',
        gender: 0,
        dateOfBirth: '2000-01-31',
        email: 'gulom@mail.test',
        address: 'Amir Temur koʻchasi 7',
        city: 'Toshkent',
        postCode: '100000',
        race: 'Oʻzbek',
        phoneNumber: '+998901234567',
        mobileNumber: null,
        country: 0,
        ...audit,
      },
      guardian: null,
      emergencyContact: null,
      qualifications: [],
      languages: [],
      experiences: [],
      documents: [],
      otherInfo: null,
      referees: [],
    },
    course: {
      universityName: 'Universiti Malaya',
      courseName: 'Computer Science',
      duration: 36,
      price: 12000,
      currency: 0,
      submittedAt: '2026-11-22T10:00:00Z',
      intake: null,
    },
    fileNames: {},
    photo: new Uint8Array(pngFile()),
  };
}
