/** Partner universities for the logo strip: text logos (a monogram and the name), no external images. */
export const PARTNERS = [
  { name: 'Universiti Malaya', mark: 'UM', color: '#0b3d91' },
  { name: "Taylor's University", mark: 'TU', color: '#a30d2d' },
  { name: 'Sunway University', mark: 'SU', color: '#00508f' },
  { name: 'Asia Pacific University', mark: 'APU', color: '#5b2a86' },
  { name: 'UCSI University', mark: 'UCSI', color: '#b71c1c' },
  { name: 'Monash University Malaysia', mark: 'M', color: '#00457c' },
  { name: 'INTI International University', mark: 'INTI', color: '#0d47a1' },
  { name: 'Multimedia University', mark: 'MMU', color: '#1b5e20' },
  { name: 'Universiti Teknologi Malaysia', mark: 'UTM', color: '#7b1535' },
  { name: 'Heriot-Watt University Malaysia', mark: 'HW', color: '#37474f' },
] as const;
