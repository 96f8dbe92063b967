/**
 * Realistic customers of a Tamil Nadu pledge-loan branch, for the demo seed and the benchmarks:
 * names in Tamil script and in English, guardians, 10-digit mobiles, addresses in real districts.
 * Everything comes from a seeded generator, so the same seed gives the same people.
 */

/** mulberry32: small, fast, and good enough for sample data; never for anything secret. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
export const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

const TAMIL_GIVEN = [
  'முருகன்',
  'செல்வி',
  'லட்சுமி',
  'கார்த்திக்',
  'மீனா',
  'ராஜேஷ்',
  'பிரியா',
  'சுரேஷ்',
  'கவிதா',
  'செந்தில்',
  'வள்ளி',
  'அருண்',
  'தேவி',
  'பாலு',
  'சரஸ்வதி',
  'கணேசன்',
  'அன்பு',
  'ஜெயா',
  'மணி',
  'ராணி',
  'வேலு',
  'சாந்தி',
  'குமார்',
  'பார்வதி',
  'சுப்பிரமணி',
  'மகேஸ்வரி',
  'பாண்டியன்',
  'தமிழ்செல்வி',
  'இளங்கோ',
  'கலா',
] as const;
const TAMIL_FAMILY = [
  'ராமசாமி',
  'கந்தசாமி',
  'பெருமாள்',
  'முத்து',
  'சுப்பையா',
  'அண்ணாமலை',
  'பழனிசாமி',
  'வேலுசாமி',
  'சின்னசாமி',
  'மாரியப்பன்',
  'கருப்பசாமி',
  'அய்யனார்',
  'சேகர்',
  'நடராஜன்',
  'சண்முகம்',
] as const;
const ENGLISH_GIVEN = [
  'Murugan',
  'Selvi',
  'Lakshmi',
  'Karthik',
  'Meena',
  'Rajesh',
  'Priya',
  'Suresh',
  'Kavitha',
  'Senthil',
  'Valli',
  'Arun',
  'Devi',
  'Balu',
  'Saraswathi',
  'Ganesan',
  'Anbu',
  'Jaya',
  'Mani',
  'Rani',
  'Velu',
  'Shanthi',
  'Kumar',
  'Parvathi',
  'Subramani',
  'Maheswari',
  'Pandian',
  'Tamilselvi',
  'Ilango',
  'Kala',
  'Vijay',
  'Anitha',
  'Saravanan',
  'Revathi',
  'Prakash',
  'Sangeetha',
  'Dinesh',
  'Bhuvana',
  'Mohan',
  'Gomathi',
] as const;
const ENGLISH_FAMILY = [
  'Ramasamy',
  'Kandasamy',
  'Perumal',
  'Muthu',
  'Subbiah',
  'Annamalai',
  'Palanisamy',
  'Velusamy',
  'Chinnasamy',
  'Mariappan',
  'Karuppasamy',
  'Ayyanar',
  'Sekar',
  'Natarajan',
  'Shanmugam',
  'Krishnan',
  'Raman',
  'Sundaram',
] as const;

/** District, localities, streets and the district's pincode range start. */
export const PLACES = [
  {
    district: 'Chennai',
    pin: 600001,
    localities: ['T. Nagar', 'Mylapore', 'Adyar', 'Tambaram', 'Ambattur', 'Velachery'],
    streets: ['Usman Road', 'Anna Salai', 'Luz Church Road', 'Lattice Bridge Road', 'Kamarajar Salai'],
  },
  {
    district: 'Madurai',
    pin: 625001,
    localities: ['Simmakkal', 'K. Pudur', 'Tirunagar', 'Anna Nagar', 'Goripalayam'],
    streets: ['West Masi Street', 'North Veli Street', 'Town Hall Road', 'மேல மாசி வீதி', 'பெரியார் சாலை'],
  },
  {
    district: 'Coimbatore',
    pin: 641001,
    localities: ['R.S. Puram', 'Gandhipuram', 'Peelamedu', 'Singanallur', 'Saibaba Colony'],
    streets: ['Oppanakara Street', 'Cross Cut Road', 'Avinashi Road', 'D.B. Road'],
  },
  {
    district: 'Tiruchirappalli',
    pin: 620001,
    localities: ['Srirangam', 'Thillai Nagar', 'Woraiyur', 'Cantonment'],
    streets: ['NSB Road', 'Big Bazaar Street', 'Salai Road', 'ராஜகோபுரம் தெரு'],
  },
  {
    district: 'Salem',
    pin: 636001,
    localities: ['Fairlands', 'Hasthampatti', 'Suramangalam', 'Ammapet'],
    streets: ['Omalur Main Road', 'Cherry Road', 'Four Roads'],
  },
  {
    district: 'Tirunelveli',
    pin: 627001,
    localities: ['Palayamkottai', 'Town', 'Melapalayam', 'Vannarpettai'],
    streets: ['South Car Street', 'Trivandrum Road', 'சன்னதி தெரு'],
  },
  {
    district: 'Thanjavur',
    pin: 613001,
    localities: ['Medical College Road', 'Karanthai', 'Vallam', 'Old Town'],
    streets: ['Gandhiji Road', 'East Main Street', 'தெற்கு வீதி'],
  },
  {
    district: 'Vellore',
    pin: 632001,
    localities: ['Katpadi', 'Sathuvachari', 'Gandhi Nagar', 'Bagayam'],
    streets: ['Officers Line', 'Arcot Road', 'Long Bazaar'],
  },
  {
    district: 'Erode',
    pin: 638001,
    localities: ['Perundurai Road', 'Veerappan Chatram', 'Surampatti'],
    streets: ['Brough Road', 'Mettur Road'],
  },
  {
    district: 'Kanchipuram',
    pin: 631501,
    localities: ['Pillaiyarpalayam', 'Periya Kanchipuram', 'Enathur'],
    streets: ['Gandhi Road', 'Sannathi Street'],
  },
] as const;

export interface SampleCustomer {
  customer_name: string;
  guardian_name: string;
  mobile_number: string;
  alt_mobile_number: string | null;
  door_no: string;
  street: string;
  location: string;
  district: string;
  pincode: string;
  status: boolean;
}

/** A 10-digit Indian mobile: starts with 6 to 9. */
export function sampleMobile(rng: Rng): string {
  return `${pick(rng, ['6', '7', '8', '9', '9', '9'])}${String(Math.floor(rng() * 1e9)).padStart(9, '0')}`;
}

/** One customer; about a third written in Tamil script, as a branch's register would have them. */
export function sampleCustomer(rng: Rng, home?: string): SampleCustomer {
  const tamil = rng() < 0.35;
  const given = tamil ? pick(rng, TAMIL_GIVEN) : pick(rng, ENGLISH_GIVEN);
  const family = tamil ? pick(rng, TAMIL_FAMILY) : pick(rng, ENGLISH_FAMILY);
  const guardianGiven = tamil ? pick(rng, TAMIL_FAMILY) : pick(rng, ENGLISH_FAMILY);
  const place =
    (home && rng() < 0.7 ? PLACES.find((p) => p.district === home) : undefined) ?? pick(rng, PLACES);
  const door = rng() < 0.3 ? `${between(rng, 1, 120)}/${between(rng, 1, 12)}` : String(between(rng, 1, 250));
  return {
    customer_name: tamil
      ? `${given} ${family}`
      : rng() < 0.5
        ? `${given} ${family}`
        : `${given} ${family[0]}.`,
    guardian_name: tamil ? `${guardianGiven}` : `${guardianGiven} ${pick(rng, ENGLISH_FAMILY)[0]}.`,
    mobile_number: sampleMobile(rng),
    alt_mobile_number: rng() < 0.25 ? sampleMobile(rng) : null,
    door_no: door,
    street: pick(rng, place.streets),
    location: pick(rng, place.localities),
    district: place.district,
    pincode: String(place.pin + between(rng, 0, 40)),
    status: rng() > 0.03,
  };
}
