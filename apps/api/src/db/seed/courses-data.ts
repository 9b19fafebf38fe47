// The demo catalogue's levels, categories, courses and the universities' offers of them. Fees,
// durations and entry scores are realistic examples for a demo, not quotations.

export const COURSE_LEVELS = [
  'Foundation',
  'Diploma',
  "Bachelor's Degree",
  "Master's Degree",
  'PhD',
] as const;

export const COURSE_CATEGORIES = [
  'Computing & IT',
  'Engineering',
  'Business & Management',
  'Medicine & Health Sciences',
  'Law',
  'Hospitality & Tourism',
  'Design & Arts',
  'Education',
  'Sciences',
] as const;

type TLevel = (typeof COURSE_LEVELS)[number];
type TCategory = (typeof COURSE_CATEGORIES)[number];

export type TSeedCourse = { name: string; level: TLevel; category: TCategory; description: string };

// [name, level, category, description]
// biome-ignore format: one course per line reads as a table
const COURSE_ROWS: [string, TLevel, TCategory, string][] = [
  ['Foundation in Science', 'Foundation', 'Sciences', 'Pre-university year in biology, chemistry, physics and mathematics leading to science, medicine and engineering degrees.'],
  ['Foundation in Engineering', 'Foundation', 'Engineering', 'Mathematics, physics and engineering fundamentals preparing for a bachelor of engineering.'],
  ['Foundation in Computing', 'Foundation', 'Computing & IT', 'Programming, mathematics and computing fundamentals preparing for computing degrees.'],
  ['Foundation in Business', 'Foundation', 'Business & Management', 'Economics, accounting and business studies preparing for business and finance degrees.'],
  ['Foundation in Arts and Design', 'Foundation', 'Design & Arts', 'Drawing, design thinking and visual communication preparing for design degrees.'],
  ['Diploma in Information Technology', 'Diploma', 'Computing & IT', 'Practical programming, networking, databases and web development.'],
  ['Diploma in Business Administration', 'Diploma', 'Business & Management', 'Management, marketing, accounting and business law for a first career step.'],
  ['Diploma in Hotel Management', 'Diploma', 'Hospitality & Tourism', 'Front office, food and beverage and rooms division operations with an industry placement.'],
  ['Diploma in Graphic Design', 'Diploma', 'Design & Arts', 'Typography, branding, illustration and digital design tools.'],
  ['Diploma in Mechanical Engineering', 'Diploma', 'Engineering', 'Engineering drawing, thermodynamics, materials and workshop practice.'],
  ['Bachelor of Computer Science (Honours)', "Bachelor's Degree", 'Computing & IT', 'Algorithms, software development, artificial intelligence and computer systems.'],
  ['Bachelor of Software Engineering (Honours)', "Bachelor's Degree", 'Computing & IT', 'Requirements, design, testing and delivery of large software systems.'],
  ['Bachelor of Information Technology (Honours) in Cyber Security', "Bachelor's Degree", 'Computing & IT', 'Network security, digital forensics, ethical hacking and security management.'],
  ['Bachelor of Engineering (Honours) Mechanical Engineering', "Bachelor's Degree", 'Engineering', 'Mechanics, thermofluids, design and manufacturing, accredited by the Engineering Accreditation Council.'],
  ['Bachelor of Engineering (Honours) Electrical and Electronic Engineering', "Bachelor's Degree", 'Engineering', 'Circuits, power systems, electronics, control and communications.'],
  ['Bachelor of Engineering (Honours) Civil Engineering', "Bachelor's Degree", 'Engineering', 'Structures, geotechnics, hydraulics, transportation and construction management.'],
  ['Bachelor of Engineering (Honours) Chemical Engineering', "Bachelor's Degree", 'Engineering', 'Process design, reaction engineering, separation processes and plant safety.'],
  ['Bachelor of Business Administration (Honours)', "Bachelor's Degree", 'Business & Management', 'Management, marketing, finance, operations and entrepreneurship.'],
  ['Bachelor of Accounting and Finance (Honours)', "Bachelor's Degree", 'Business & Management', 'Financial and management accounting, audit, taxation and corporate finance.'],
  ['Bachelor of Medicine and Bachelor of Surgery (MBBS)', "Bachelor's Degree", 'Medicine & Health Sciences', 'Five-year medical degree with clinical rotations in teaching hospitals.'],
  ['Bachelor of Pharmacy (Honours)', "Bachelor's Degree", 'Medicine & Health Sciences', 'Pharmaceutical chemistry, pharmacology, pharmaceutics and clinical pharmacy practice.'],
  ['Bachelor of Laws (Honours)', "Bachelor's Degree", 'Law', 'Contract, tort, constitutional, criminal and land law, with moot court practice.'],
  ['Bachelor of International Hospitality and Tourism Management (Honours)', "Bachelor's Degree", 'Hospitality & Tourism', 'Hotel, events and tourism management with an international internship.'],
  ['Bachelor of Design (Honours) in Creative Media', "Bachelor's Degree", 'Design & Arts', 'Animation, interaction design, film and digital media production.'],
  ['Bachelor of Education (Honours) Teaching English as a Second Language', "Bachelor's Degree", 'Education', 'Linguistics, language teaching methods and a school teaching practicum.'],
  ['Bachelor of Science (Honours) Biotechnology', "Bachelor's Degree", 'Sciences', 'Molecular biology, genetics, bioprocess technology and laboratory research.'],
  ['Bachelor of Science (Honours) Actuarial Science', "Bachelor's Degree", 'Sciences', 'Probability, financial mathematics and risk modelling towards professional actuarial exams.'],
  ['Master of Business Administration', "Master's Degree", 'Business & Management', 'Strategy, leadership, finance and marketing for experienced professionals.'],
  ['Master of Computer Science', "Master's Degree", 'Computing & IT', 'Advanced topics in algorithms, distributed systems and machine learning with a research project.'],
  ['Master of Data Science', "Master's Degree", 'Computing & IT', 'Statistics, machine learning, big data platforms and data visualisation.'],
  ['Master of Engineering (Civil Engineering)', "Master's Degree", 'Engineering', 'Advanced structural, geotechnical and water engineering by coursework.'],
  ['Master of Laws', "Master's Degree", 'Law', 'Advanced study in commercial, international and Islamic finance law.'],
  ['Master of Public Health', "Master's Degree", 'Medicine & Health Sciences', 'Epidemiology, biostatistics, health policy and environmental health.'],
  ['Master of Education', "Master's Degree", 'Education', 'Curriculum, educational leadership and research methods in education.'],
  ['Doctor of Philosophy in Computer Science', 'PhD', 'Computing & IT', 'Supervised research leading to a thesis in computer science.'],
  ['Doctor of Philosophy in Engineering', 'PhD', 'Engineering', 'Supervised research leading to a thesis in an engineering discipline.'],
  ['Doctor of Philosophy in Management', 'PhD', 'Business & Management', 'Supervised research leading to a thesis in management and business.'],
];

export const COURSES: TSeedCourse[] = COURSE_ROWS.map(([name, level, category, description]) => ({
  name,
  level,
  category,
  description,
}));

const MYR = 0;
const SGD = 1;
const UZS = 2;
const USD = 3;
const OPTIONAL = -1;
const TOEFL = 0;
const IELTS = 1;

export type TSeedUniversityCourse = {
  university: string;
  course: string;
  duration: number;
  price: number;
  currency: number;
  requiredLanguageId: number;
  requiredScore: number;
};

// [university key, course name prefix, months, fee, currency, language, score]
type TRow = [string, string, number, number, number, number, number];
// biome-ignore format: one offer per line reads as a table
const ROWS: TRow[] = [
  ['UM', 'Bachelor of Computer Science', 48, 62_000, MYR, IELTS, 6],
  ['UM', 'Bachelor of Medicine and Bachelor of Surgery', 60, 450_000, MYR, IELTS, 6.5],
  ['UM', 'Bachelor of Laws', 48, 80_000, MYR, IELTS, 6.5],
  ['UM', 'Master of Data Science', 12, 38_000, MYR, IELTS, 6],
  ['UM', 'Doctor of Philosophy in Engineering', 36, 36_000, MYR, IELTS, 6],
  ['UPM', 'Foundation in Science', 12, 11_000, MYR, OPTIONAL, 0],
  ['UPM', 'Bachelor of Science (Honours) Biotechnology', 48, 48_000, MYR, IELTS, 5.5],
  ['UPM', 'Bachelor of Engineering (Honours) Civil Engineering', 48, 56_000, MYR, IELTS, 5.5],
  ['UPM', 'Master of Education', 18, 24_000, MYR, IELTS, 6],
  ['UKM', 'Bachelor of Laws', 48, 72_000, MYR, IELTS, 6],
  ['UKM', 'Master of Public Health', 12, 30_000, MYR, IELTS, 6],
  ['UKM', 'Doctor of Philosophy in Management', 36, 34_000, MYR, IELTS, 6],
  ['USM', 'Bachelor of Pharmacy', 48, 96_000, MYR, IELTS, 6],
  ['USM', 'Bachelor of Engineering (Honours) Chemical Engineering', 48, 58_000, MYR, IELTS, 5.5],
  ['USM', 'Master of Computer Science', 12, 27_000, MYR, TOEFL, 80],
  ['UTM', 'Bachelor of Engineering (Honours) Mechanical Engineering', 48, 54_000, MYR, IELTS, 5.5],
  [
    'UTM',
    'Bachelor of Engineering (Honours) Electrical and Electronic Engineering',
    48,
    54_000,
    MYR,
    IELTS,
    5.5,
  ],
  ['UTM', 'Master of Engineering (Civil Engineering)', 12, 29_000, MYR, IELTS, 6],
  ['UTM', 'Doctor of Philosophy in Computer Science', 36, 12_500, USD, IELTS, 6],
  ['TAYLORS', 'Foundation in Business', 12, 29_500, MYR, IELTS, 5],
  ['TAYLORS', 'Bachelor of International Hospitality and Tourism Management', 36, 135_000, MYR, IELTS, 5.5],
  ['TAYLORS', 'Bachelor of Design (Honours) in Creative Media', 36, 122_000, MYR, IELTS, 5.5],
  ['TAYLORS', 'Bachelor of Laws', 36, 145_000, MYR, IELTS, 6],
  ['SUNWAY', 'Foundation in Arts and Design', 12, 25_000, MYR, IELTS, 5],
  ['SUNWAY', 'Bachelor of Accounting and Finance', 36, 118_000, MYR, IELTS, 5.5],
  ['SUNWAY', 'Master of Business Administration', 18, 42_000, MYR, IELTS, 6],
  ['MONASH', 'Bachelor of Medicine and Bachelor of Surgery', 60, 156_000, USD, IELTS, 7],
  ['MONASH', 'Bachelor of Computer Science', 36, 42_000, USD, IELTS, 6],
  ['MONASH', 'Bachelor of Engineering (Honours) Chemical Engineering', 48, 58_000, USD, TOEFL, 79],
  ['NOTTINGHAM', 'Foundation in Engineering', 12, 11_500, SGD, IELTS, 5.5],
  ['NOTTINGHAM', 'Bachelor of Pharmacy', 48, 88_000, SGD, IELTS, 6.5],
  [
    'NOTTINGHAM',
    'Bachelor of Engineering (Honours) Electrical and Electronic Engineering',
    48,
    76_000,
    SGD,
    IELTS,
    6,
  ],
  ['NOTTINGHAM', 'Master of Business Administration', 12, 31_000, SGD, IELTS, 6.5],
  ['APU', 'Foundation in Computing', 12, 23_000, MYR, OPTIONAL, 0],
  ['APU', 'Diploma in Information Technology', 30, 42_000, MYR, IELTS, 5],
  ['APU', 'Bachelor of Software Engineering', 36, 98_000, MYR, IELTS, 5.5],
  ['APU', 'Bachelor of Information Technology (Honours) in Cyber Security', 36, 96_000, MYR, IELTS, 5.5],
  ['APU', 'Bachelor of Computer Science', 36, 410_000_000, UZS, OPTIONAL, 0],
  ['UCSI', 'Diploma in Hotel Management', 30, 39_000, MYR, OPTIONAL, 0],
  ['UCSI', 'Bachelor of Medicine and Bachelor of Surgery', 60, 495_000, MYR, IELTS, 6],
  ['UCSI', 'Bachelor of Business Administration', 36, 84_000, MYR, TOEFL, 72],
  ['INTI', 'Diploma in Business Administration', 24, 36_000, MYR, OPTIONAL, 0],
  ['INTI', 'Diploma in Mechanical Engineering', 30, 41_000, MYR, OPTIONAL, 0],
  [
    'INTI',
    'Bachelor of Education (Honours) Teaching English as a Second Language',
    48,
    88_000,
    MYR,
    IELTS,
    6,
  ],
  ['HERIOT_WATT', 'Bachelor of Science (Honours) Actuarial Science', 48, 112_000, MYR, IELTS, 6],
  ['HERIOT_WATT', 'Bachelor of Engineering (Honours) Civil Engineering', 48, 128_000, MYR, IELTS, 6],
  ['HERIOT_WATT', 'Master of Data Science', 12, 310_000_000, UZS, IELTS, 6.5],
  ['XMUM', 'Bachelor of Computer Science', 48, 64_000, MYR, IELTS, 5.5],
  ['XMUM', 'Bachelor of Accounting and Finance', 48, 62_000, MYR, TOEFL, 75],
  ['MMU', 'Diploma in Graphic Design', 30, 38_000, MYR, OPTIONAL, 0],
  ['MMU', 'Bachelor of Design (Honours) in Creative Media', 36, 84_000, MYR, IELTS, 5.5],
  ['MMU', 'Master of Laws', 12, 32_000, MYR, IELTS, 6],
  ['UTP', 'Bachelor of Engineering (Honours) Chemical Engineering', 48, 148_000, MYR, TOEFL, 80],
  ['UTP', 'Doctor of Philosophy in Engineering', 36, 48_000, MYR, IELTS, 6],
];

function courseByPrefix(prefix: string): string {
  const found = COURSES.filter((x) => x.name.startsWith(prefix));
  if (found.length !== 1) throw new Error(`seed: course prefix "${prefix}" matches ${found.length} courses`);
  return found[0]!.name;
}

export const UNIVERSITY_COURSES: TSeedUniversityCourse[] = ROWS.map(
  ([university, course, duration, price, currency, requiredLanguageId, requiredScore]) => ({
    university,
    course: courseByPrefix(course),
    duration,
    price,
    currency,
    requiredLanguageId,
    requiredScore,
  }),
);

/**
 * Demo exchange rates (issue 20 item 1) linking the seeded fees' currencies (MYR, UZS) and USD,
 * dated in the past so they apply from the first start; an admin keeps them current.
 */
export const DEMO_EXCHANGE_RATES = [
  {
    fromCurrency: USD,
    toCurrency: UZS,
    rate: '12650',
    date: '2026-01-05',
    source: 'Central Bank of Uzbekistan',
  },
  {
    fromCurrency: USD,
    toCurrency: UZS,
    rate: '12850',
    date: '2026-11-02',
    source: 'Central Bank of Uzbekistan',
  },
  {
    fromCurrency: MYR,
    toCurrency: UZS,
    rate: '2900',
    date: '2026-11-02',
    source: 'Central Bank of Uzbekistan',
  },
  { fromCurrency: USD, toCurrency: MYR, rate: '4.43', date: '2026-11-02', source: 'Bank Negara Malaysia' },
] as const;
