// Shared by the wizard bench's load generator and its API process: what they exchange, and the
// step bodies the simulated students save.

export type TStudent = { cookie: string; studentId: number };
export type TWizardReady = { port: number; students: TStudent[]; courseIds: number[] };

/** A valid personal step for student `i`. */
export function personal(i: number) {
  return {
    firstName: 'Bench',
    lastName: `Student ${i}`,
    passportSeries: 'AB',
    passportNumber: String(1000000 + i),
    gender: i % 2,
    dateOfBirth: '2001-05-17',
    email: `student${i}@bench.local`,
    address: '12 Amir Temur Street',
    city: 'Tashkent',
    postCode: '100000',
    race: 'Uzbek',
    phoneNumber: '+998901234567',
    country: 0,
  };
}

export function guardian(studentId: number) {
  return {
    studentId,
    firstName: 'Parent',
    lastName: 'Of Bench',
    relationship: 0,
    occupation: 'Engineer',
    phoneNumber: '+998901234568',
    email: `parent${studentId}@bench.local`,
    address: '12 Amir Temur Street',
  };
}
