// Demo accounts (signed in through the demo OpenID provider: issuer 'demo', subject = email) and two
// students the demo agent registered. Names are typical Uzbek names; contact details are fictitious
// (example.com mail, made-up numbers in the Uzbek +998 plan).

import type { TRole } from '@uniapply/shared';
import type {
  emergencyContacts,
  experiences,
  languageQualifications,
  otherInfos,
  qualifications,
  studentGuardians,
  studentInfos,
} from '../schema/index.js';
import { DEMO_ACCOUNTS, DEMO_ISSUER_KEY } from './demo-accounts.js';

/** The demo accounts are the demo provider's own (one list, so sign-in finds the seeded rows). */
export const DEMO_ISSUER = DEMO_ISSUER_KEY;

function demoAccount(role: TRole) {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`seed: no demo ${role} account`);
  return account;
}
export const DEMO_USERS = {
  admin: demoAccount('Admin'),
  agent: demoAccount('Agent'),
  student: demoAccount('Student'),
};

/** Who the seed names as the last editor of the agent's records (DESIGN 6: the signed-in user). */
export const AGENT_FULL_NAME = `${DEMO_USERS.agent.firstName} ${DEMO_USERS.agent.lastName}`;

type WithoutOwner<T> = Omit<T, 'id' | 'userId' | 'studentId'>;

export type TSeedStudent = {
  info: WithoutOwner<typeof studentInfos.$inferInsert>;
  guardian?: WithoutOwner<typeof studentGuardians.$inferInsert>;
  emergency?: WithoutOwner<typeof emergencyContacts.$inferInsert>;
  qualifications?: WithoutOwner<typeof qualifications.$inferInsert>[];
  languages?: WithoutOwner<typeof languageQualifications.$inferInsert>[];
  experiences?: WithoutOwner<typeof experiences.$inferInsert>[];
  otherInfo?: WithoutOwner<typeof otherInfos.$inferInsert> & { referredByAgent?: boolean };
  /** Chosen university courses, as [university key, exact course name]. */
  courses?: [string, string][];
  /** Wizard stage reached (spec 4: the next step to fill in). */
  stage: number;
};

export const DEMO_STUDENTS: TSeedStudent[] = [
  {
    // Well along: everything up to work experience is filled in, documents are next.
    info: {
      firstName: 'Jasur',
      middleName: 'Bahodirovich',
      lastName: 'Toshmatov',
      passportSeries: 'AD',
      passportNumber: '4821937',
      gender: 0,
      dateOfBirth: '2005-03-14',
      email: 'jasur.toshmatov@example.com',
      address: 'Amir Temur koʻchasi 108, 45-xonadon, Yunusobod tumani',
      city: 'Tashkent',
      postCode: '100084',
      race: 'Uzbek',
      phoneNumber: '+998901234567',
      mobileNumber: '+998935551234',
      country: 0,
    },
    guardian: {
      firstName: 'Bahodir',
      lastName: 'Toshmatov',
      relationship: 0,
      occupation: 'Civil engineer',
      phoneNumber: '+998712345678',
      email: 'bahodir.toshmatov@example.com',
      mobileNumber: '+998901112233',
      address: 'Amir Temur koʻchasi 108, 45-xonadon, Yunusobod tumani, Tashkent',
    },
    emergency: {
      firstName: 'Malika',
      lastName: 'Toshmatova',
      relationship: 0,
      phoneNumber: '+998909876543',
    },
    qualifications: [
      {
        qualificationType: 2,
        yearOfExam: 2023,
        nameOfExamination: 'Certificate of General Secondary Education',
        nameOfInstitution: 'Tashkent Academic Lyceum No. 1',
        result: '4.8 / 5',
      },
    ],
    languages: [{ languageType: 1, result: '6.5', yearOfExam: 2024 }],
    experiences: [
      {
        company: 'Silk Road Digital LLC',
        position: 'IT support intern',
        from: '2024-06-03',
        to: '2024-08-30',
      },
    ],
    otherInfo: { friends: true, referredByAgent: true },
    courses: [
      ['APU', 'Bachelor of Computer Science (Honours)'],
      ['UTM', 'Bachelor of Engineering (Honours) Electrical and Electronic Engineering'],
    ],
    stage: 7,
  },
  {
    // Just started: personal details saved, the guardian step is next.
    info: {
      firstName: 'Madina',
      lastName: 'Yusupova',
      passportSeries: 'FA',
      passportNumber: '1093375',
      gender: 1,
      dateOfBirth: '2006-09-02',
      email: 'madina.yusupova@example.com',
      address: 'Mustaqillik koʻchasi 27',
      city: 'Samarkand',
      postCode: '140100',
      race: 'Uzbek',
      phoneNumber: '+998915550147',
      mobileNumber: '+998915550147',
      country: 0,
    },
    stage: 2,
  },
];
