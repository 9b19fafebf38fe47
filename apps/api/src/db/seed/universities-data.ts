// The demo universities: real Malaysian universities with their names, main campus addresses,
// switchboard numbers and websites (from the universities' public contact pages, as known when
// written). Fax numbers and enquiry e-mail addresses are plausible, not checked. Phone and fax are
// stored as the shared schema saves them: without spaces, dashes or brackets (issue 20 item 4).

import type { universities } from '../schema/index.js';

export type TSeedUniversity = typeof universities.$inferInsert & { key: string };

export const UNIVERSITIES: TSeedUniversity[] = [
  {
    key: 'UM',
    name: 'Universiti Malaya',
    description:
      "Malaysia's oldest university, founded in 1905 and consistently the country's highest-ranked, " +
      'with a large campus in the south-west of Kuala Lumpur.',
    email: 'international@um.edu.my',
    phone: '+60379677022',
    fax: '+60379560027',
    address: 'Jalan Universiti, 50603 Kuala Lumpur, Wilayah Persekutuan Kuala Lumpur, Malaysia',
    website: 'https://www.um.edu.my',
  },
  {
    key: 'UPM',
    name: 'Universiti Putra Malaysia',
    description:
      'A leading public research university in Serdang, strong in agriculture, veterinary medicine, ' +
      'engineering and the sciences.',
    email: 'international@upm.edu.my',
    phone: '+60397691000',
    fax: '+60397693094',
    address: '43400 UPM Serdang, Selangor Darul Ehsan, Malaysia',
    website: 'https://www.upm.edu.my',
  },
  {
    key: 'UKM',
    name: 'Universiti Kebangsaan Malaysia',
    description:
      'The National University of Malaysia in Bangi, a public research university known for medicine, ' +
      'law, engineering and the social sciences.',
    email: 'international@ukm.edu.my',
    phone: '+60389215555',
    fax: '+60389256484',
    address: '43600 UKM Bangi, Selangor Darul Ehsan, Malaysia',
    website: 'https://www.ukm.my',
  },
  {
    key: 'USM',
    name: 'Universiti Sains Malaysia',
    description:
      "Penang's public research university with campuses on the island, in Nibong Tebal and in " +
      'Kubang Kerian, recognised for science, engineering and health sciences.',
    email: 'international@usm.my',
    phone: '+6046533888',
    fax: '+6046565401',
    address: '11800 USM, Pulau Pinang, Malaysia',
    website: 'https://www.usm.my',
  },
  {
    key: 'UTM',
    name: 'Universiti Teknologi Malaysia',
    description:
      'A public research university focused on engineering, science and technology, with its main ' +
      'campus in Skudai, Johor Bahru and a campus in Kuala Lumpur.',
    email: 'international@utm.my',
    phone: '+6075533333',
    fax: '+6075570542',
    address: '81310 UTM Johor Bahru, Johor Darul Ta’zim, Malaysia',
    website: 'https://www.utm.my',
  },
  {
    key: 'TAYLORS',
    name: "Taylor's University",
    description:
      'A private university on the Lakeside Campus in Subang Jaya, known for hospitality, business, ' +
      'design, medicine and an industry-linked curriculum.',
    email: 'contactus@taylors.edu.my',
    phone: '+60356295000',
    fax: '+60356295001',
    address: "No. 1, Jalan Taylor's, 47500 Subang Jaya, Selangor Darul Ehsan, Malaysia",
    website: 'https://university.taylors.edu.my',
  },
  {
    key: 'SUNWAY',
    name: 'Sunway University',
    description:
      'A not-for-profit private university in Bandar Sunway with programmes in business, computing, ' +
      'hospitality, psychology and the arts, many awarded jointly with Lancaster University.',
    email: 'info@sunway.edu.my',
    phone: '+60374918622',
    fax: '+60356358633',
    address: 'No. 5, Jalan Universiti, Bandar Sunway, 47500 Petaling Jaya, Selangor Darul Ehsan, Malaysia',
    website: 'https://university.sunway.edu.my',
  },
  {
    key: 'MONASH',
    name: 'Monash University Malaysia',
    description:
      "The Malaysian campus of Australia's Monash University in Bandar Sunway; graduates receive the " +
      'same Monash degree as in Melbourne.',
    email: 'mum.info@monash.edu',
    phone: '+60355146000',
    fax: '+60355146001',
    address: 'Jalan Lagoon Selatan, Bandar Sunway, 47500 Subang Jaya, Selangor Darul Ehsan, Malaysia',
    website: 'https://www.monash.edu.my',
  },
  {
    key: 'NOTTINGHAM',
    name: 'University of Nottingham Malaysia',
    description:
      'A branch campus of the UK University of Nottingham in Semenyih, offering British degrees in ' +
      'engineering, business, pharmacy, computer science and more.',
    email: 'enquiries@nottingham.edu.my',
    phone: '+60389248000',
    fax: '+60389248005',
    address: 'Jalan Broga, 43500 Semenyih, Selangor Darul Ehsan, Malaysia',
    website: 'https://www.nottingham.edu.my',
  },
  {
    key: 'APU',
    name: 'Asia Pacific University of Technology & Innovation',
    description:
      'A private university in Technology Park Malaysia, Kuala Lumpur, specialising in computing, ' +
      'software engineering, cyber security, engineering and business, with dual UK degrees.',
    email: 'info@apu.edu.my',
    phone: '+60389961000',
    fax: '+60389961001',
    address: 'Jalan Teknologi 5, Taman Teknologi Malaysia, 57000 Kuala Lumpur, Malaysia',
    website: 'https://www.apu.edu.my',
  },
  {
    key: 'UCSI',
    name: 'UCSI University',
    description:
      'A private university with its main campus in Cheras, Kuala Lumpur, known for medicine, pharmacy, ' +
      'music, engineering and hospitality.',
    email: 'info.sec@ucsiuniversity.edu.my',
    phone: '+60391018880',
    fax: '+60391022614',
    address:
      'No. 1, Jalan Menara Gading, UCSI Heights, Taman Connaught, Cheras, 56000 Kuala Lumpur, Malaysia',
    website: 'https://www.ucsiuniversity.edu.my',
  },
  {
    key: 'INTI',
    name: 'INTI International University',
    description:
      'A private university in Nilai, Negeri Sembilan, part of the INTI education group, with ' +
      'programmes in business, engineering, computing, health sciences and hospitality.',
    email: 'iu.enquiry@newinti.edu.my',
    phone: '+6067982000',
    fax: '+6067997531',
    address: 'Persiaran Perdana BBN, Putra Nilai, 71800 Nilai, Negeri Sembilan, Malaysia',
    website: 'https://newinti.edu.my',
  },
  {
    key: 'HERIOT_WATT',
    name: 'Heriot-Watt University Malaysia',
    description:
      'The Malaysian campus of Edinburgh’s Heriot-Watt University, on the lakeside of Putrajaya, ' +
      'offering British degrees in engineering, business, computing and actuarial science.',
    email: 'enquiries@hw.edu.my',
    phone: '+60388943888',
    fax: '+60388943999',
    address: 'No. 1, Jalan Venna P5/2, Precinct 5, 62200 Putrajaya, Wilayah Persekutuan Putrajaya, Malaysia',
    website: 'https://www.hw.ac.uk/malaysia',
  },
  {
    key: 'XMUM',
    name: 'Xiamen University Malaysia',
    description:
      'The first overseas campus of a renowned Chinese university, in Sepang near Kuala Lumpur ' +
      'International Airport, teaching mostly in English.',
    email: 'enquiry@xmu.edu.my',
    phone: '+60387055000',
    fax: '+60387055001',
    address: 'Jalan Sunsuria, Bandar Sunsuria, 43900 Sepang, Selangor Darul Ehsan, Malaysia',
    website: 'https://www.xmu.edu.my',
  },
  {
    key: 'MMU',
    name: 'Multimedia University',
    description:
      "Malaysia's first private university, in Cyberjaya and Melaka, strong in computing, creative " +
      'multimedia, engineering and business.',
    email: 'enquiry@mmu.edu.my',
    phone: '+60383125000',
    fax: '+60383125264',
    address: 'Persiaran Multimedia, 63100 Cyberjaya, Selangor Darul Ehsan, Malaysia',
    website: 'https://www.mmu.edu.my',
  },
  {
    key: 'UTP',
    name: 'Universiti Teknologi PETRONAS',
    description:
      'A private engineering and technology university owned by PETRONAS, on a lakeside campus in ' +
      'Seri Iskandar, Perak, known for petroleum, chemical and electrical engineering.',
    email: 'enquiry@utp.edu.my',
    phone: '+6053688000',
    fax: '+6053654075',
    address: '32610 Seri Iskandar, Perak Darul Ridzuan, Malaysia',
    website: 'https://www.utp.edu.my',
  },
];
