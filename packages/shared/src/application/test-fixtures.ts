// Valid saved data of every step, for the wizard's unit tests here and the web's fake API
// (`@uniapply/shared/test-fixtures`; not part of the package's main entry).

export const fileId = '0b7d2c2e-5d8a-4a53-9a43-4f1f3e0c9a11';
const audit = { lastUpdatedBy: 'Aziz Karimov', lastUpdatedDate: '2026-11-20T10:00:00.000Z' };

export const validPersonal = {
  firstName: 'Aziz',
  middleName: '',
  lastName: 'Karimov',
  passportSeries: 'AB',
  passportNumber: '1234567',
  race: 'Uzbek',
  email: 'aziz@example.com',
  phoneNumber: '+998901234567',
  mobileNumber: null,
  dateOfBirth: '2005-03-14',
  postCode: '100000',
  address: 'Amir Temur 1',
  city: 'Tashkent',
  gender: 0,
  country: 0,
};

/** A complete application as GET /Review/getReview returns it. */
export function completeApplication(studentId = 7) {
  return {
    studentId,
    stage: 10,
    submitted: false,
    studentInfo: { ...validPersonal, middleName: null, id: studentId, userId: 3, ...audit },
    guardian: {
      id: 1,
      studentId,
      firstName: 'Dilshod',
      middleName: null,
      lastName: 'Karimov',
      occupation: 'Engineer',
      phoneNumber: '+998901112233',
      mobileNumber: null,
      email: 'dilshod@example.com',
      relationship: 0,
      others: null,
      address: 'Amir Temur 1, Tashkent',
      ...audit,
    },
    emergencyContact: {
      id: 2,
      studentId,
      firstName: 'Malika',
      middleName: null,
      lastName: 'Karimova',
      phoneNumber: '+998907654321',
      mobileNumber: null,
      relationship: 3,
      others: 'Aunt',
      ...audit,
    },
    qualifications: [
      {
        id: 3,
        studentId,
        qualificationType: 1,
        others: null,
        yearOfExam: 2023,
        nameOfExamination: 'A level',
        nameOfInstitution: 'Lyceum 1',
        result: 'A',
        certFileName: fileId,
        transcriptFileName: null,
      },
    ],
    languages: [
      {
        id: 4,
        studentId,
        languageType: 1,
        others: null,
        result: '7.0',
        yearOfExam: 2024,
        certFileName: fileId,
      },
    ],
    experiences: [],
    documents: [1, 2, 3].map((documentTypeId) => ({
      id: 10 + documentTypeId,
      studentId,
      documentTypeId,
      docPath: fileId,
      fileName: `doc-${documentTypeId}.pdf`,
      documentTypeName: ['Passport Photo', 'Passport Copy', 'Resume'][documentTypeId - 1] ?? '',
    })),
    otherInfo: {
      id: 5,
      studentId,
      facebook: false,
      twitter: false,
      instagram: true,
      linkedIn: false,
      tikTok: false,
      youTube: false,
      website: false,
      friends: false,
      exhibition: false,
      agentId: null,
      others: false,
      otherInfoDetails: null,
      personalStatement: null,
      ...audit,
    },
    referees: [],
    courses: [
      {
        id: 6,
        universityCourseId: 9,
        university: { id: 2, name: 'Universiti Malaya' },
        course: { id: 4, name: 'Computer Science' },
        submitted: false,
        submittedAt: null,
        status: null,
      },
    ],
  };
}
