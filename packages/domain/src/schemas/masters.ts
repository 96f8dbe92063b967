import {
  id,
  nonNegativeRupees,
  optionalText,
  percent,
  plainDate,
  positiveRupees,
  requiredText,
  rupees,
  status,
} from './common.ts';
import { z } from './zod.ts';

/** Request bodies of the master screens (shell-and-masters §5), with the spec's messages. */

export const USER_ROLES = ['admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_MESSAGES = {
  newPassword: 'Password is required and must be at least 4 characters long for new users.',
  password: 'Password must be at least 4 characters long.',
  deleteSelf: 'You cannot delete your own account.',
} as const;

/** Minimum password length (shell-and-masters §9). */
export const MIN_PASSWORD_LENGTH = 4;

// Email format is not in the specs; only a light shape check so a typo like "name.example.com" is caught.
const email = requiredText('Email is required').refine((v) => /^[^\s@]+@[^\s@]+$/.test(v), {
  error: 'Please enter a valid email address',
});

const userFields = {
  username: requiredText('Username is required', 100),
  email,
  role: z.enum(USER_ROLES, { error: 'Role is required' }),
  company_id: id('Please select a company').nullable().optional(),
};

/** POST /users/: a new user must have a password of at least 4 characters. */
export const userCreateSchema = z.object({
  ...userFields,
  password: z
    .string({ error: USER_MESSAGES.newPassword })
    .min(MIN_PASSWORD_LENGTH, { error: USER_MESSAGES.newPassword })
    .max(200, { error: 'Password must be at most 200 characters long.' }),
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;
/** What a form may send before defaults are applied. */
export type UserCreateFormInput = z.input<typeof userCreateSchema>;

/** PUT /users/{id}: a blank password is left out (no change); a non-empty one needs 4 characters. */
export const userUpdateSchema = z.object({
  ...userFields,
  password: z
    .string({ error: USER_MESSAGES.password })
    .max(200, { error: 'Password must be at most 200 characters long.' })
    .refine((v) => v === '' || v.length >= MIN_PASSWORD_LENGTH, { error: USER_MESSAGES.password })
    .nullable()
    .optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
/** What a form may send before defaults are applied. */
export type UserUpdateFormInput = z.input<typeof userUpdateSchema>;

/** The user form's schema for a new user (alias of `userCreateSchema`). */
export const userSchema = userCreateSchema;
export type UserInput = UserCreateInput;

export const RATE_MESSAGES = {
  futureDate: 'A rate cannot be dated after today. Enter it on its day.',
} as const;

/**
 * A rate dated after the business day would value today's pledges, since the latest rate by date is
 * the one used (docs/domain-rules.md §2.1). `today` is the business day (TZ_BUSINESS); `date` is `YYYY-MM-DD`.
 */
export function isRateDateAllowed(date: string, today: string): boolean {
  return date <= today;
}

/** POST/PUT /gold_silver_rates: date and both rates required, 2 decimals. */
export const rateSchema = z.object({
  date: plainDate('Date is required'),
  // "required" only when empty: -5 or 0 is there, just not a rate.
  gold_rate_per_gram: positiveRupees('Gold rate must be more than zero', 'Gold rate is required'),
  silver_rate_per_gram: positiveRupees('Silver rate must be more than zero', 'Silver rate is required'),
});
export type RateInput = z.infer<typeof rateSchema>;

/** The rate form's schema: `rateSchema` and no date after `today` (the server checks it the same way). */
export function rateFormSchema(today: string) {
  return rateSchema.refine((v) => isRateDateAllowed(v.date, today), {
    path: ['date'],
    error: RATE_MESSAGES.futureDate,
  });
}
/** What a form may send before defaults are applied. */
export type RateFormInput = z.input<typeof rateSchema>;
export const goldSilverRateSchema = rateSchema;

/** The metals a jewel type is of (the RBI regime limits each one's weight per borrower). */
export const JEWEL_METALS = ['gold', 'silver'] as const;
export type JewelMetal = (typeof JEWEL_METALS)[number];

/** POST/PUT /jewel-types/: name and purity required; gold unless said (older clients send no metal). */
export const jewelTypeSchema = z.object({
  jewel_name: requiredText('Jewel name is required', 100),
  description: optionalText(),
  purity: requiredText('Purity is required', 50),
  metal: z.enum(JEWEL_METALS, { error: 'Metal must be gold or silver' }).default('gold'),
  status: status(),
});
export type JewelTypeInput = z.infer<typeof jewelTypeSchema>;
/** What a form may send before defaults are applied. */
export type JewelTypeFormInput = z.input<typeof jewelTypeSchema>;

export const JEWEL_TYPE_REQUIRED = 'Please select a Jewel Type.';

/** POST/PUT /jewel-rates/: a jewel type chosen and the three amounts. */
export const jewelRateSchema = z.object({
  jewel_type_id: id(JEWEL_TYPE_REQUIRED),
  rate_per_gram: positiveRupees('Rate per gram must be more than zero', 'Rate per gram is required'),
  market_price: nonNegativeRupees('Market price cannot be negative', 'Market price is required'),
  selling_price: nonNegativeRupees('Selling price cannot be negative', 'Selling price is required'),
  /** The day the rate applies from; the latest by date is used for new pledges (docs/domain-rules.md §2.1). */
  effective_date: plainDate('Effective date must be a date').optional(),
  status: status(),
});
export type JewelRateInput = z.infer<typeof jewelRateSchema>;

/** The jewel rate form's schema: `jewelRateSchema` and no effective date after `today`. */
export function jewelRateFormSchema(today: string) {
  return jewelRateSchema.refine(
    (v) => v.effective_date === undefined || isRateDateAllowed(v.effective_date, today),
    { path: ['effective_date'], error: RATE_MESSAGES.futureDate },
  );
}
/** What a form may send before defaults are applied. */
export type JewelRateFormInput = z.input<typeof jewelRateSchema>;

/** Jewel design (the item's design on a pledge, `GET /jewell_designs/{id}`): a name, unique per company. */
export const jewelDesignSchema = z.object({
  design_name: requiredText('Design name is required', 150),
  /** A coin rather than an ornament (the RBI regime limits coins apart); older clients send none. */
  is_coin: z.boolean({ error: 'Coin must be true or false' }).default(false),
});
export type JewelDesignInput = z.infer<typeof jewelDesignSchema>;
/** What a form may send before defaults are applied. */
export type JewelDesignFormInput = z.input<typeof jewelDesignSchema>;

export const SCHEME_MESSAGES = {
  duplicateName: 'Scheme name already exists. Please use a unique name.',
  duplicatePrefix: 'Scheme prefix already exists. Please use a unique prefix.',
} as const;

/** Same comparison the uniqueness rule uses: case-insensitive, trimmed. */
export function sameSchemeKey(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * POST/PUT /schemes/: every field required and a jewel type chosen. The prefix starts pledge numbers
 * (`GL1`), so it is letters only: a trailing digit would make GL1 + 1 read like GL11.
 */
export const schemeSchema = z.object({
  jewel_type_id: id(JEWEL_TYPE_REQUIRED),
  scheme_name: requiredText('Scheme name is required', 100),
  short_name: requiredText('Short name is required', 50),
  prefix: requiredText('Prefix is required', 10).refine((v) => /^[A-Za-z]+$/.test(v), {
    error: 'Prefix can contain letters only',
  }),
  duration_in_months: z
    .number({ error: 'Duration is required' })
    .int({ error: 'Duration must be a whole number of months' })
    .min(1, { error: 'Duration must be at least 1 month' })
    .max(120, { error: 'Duration must be at most 120 months' }),
  interest_rate_per_month: percent('Interest rate per month is required (0 to 100)'),
  loan_eligibility_percentage: percent('Loan eligibility percentage is required (above 0, up to 100)', {
    exclusiveMin: true,
  }),
  slippage_percent: percent('Slippage percent must be from 0 to 100').default(0),
  /** Repaid in one sum at the end (the RBI regime counts its interest for the term). */
  bullet_repayment: z.boolean({ error: 'Repaid in one sum must be true or false' }).default(true),
  status: status(),
});
export type SchemeInput = z.infer<typeof schemeSchema>;
/** What a form may send before defaults are applied. */
export type SchemeFormInput = z.input<typeof schemeSchema>;

export const CHART_ACCOUNT_MESSAGES = {
  companyRequired: 'Company not selected. Please select a company.',
  ownParent: 'An account cannot be its own parent.',
  confirmDelete: 'This may affect related records',
} as const;

/** POST/PUT /chart-of-accounts/: name, code, type and category required; opening balance 0 by default. */
export const chartAccountSchema = z.object({
  account_name: requiredText('Account name is required', 150),
  account_code: requiredText('Account code is required', 20),
  sub_account_of: id('Please select a valid parent account').nullable().optional(),
  account_type: requiredText('Account type is required', 50),
  account_category: requiredText('Account category is required', 50),
  opening_balance: rupees('Opening balance must be a number').default(0),
  description: optionalText(),
  status: status(),
  company_id: id(CHART_ACCOUNT_MESSAGES.companyRequired),
});
export type ChartAccountInput = z.infer<typeof chartAccountSchema>;
/** What a form may send before defaults are applied. */
export type ChartAccountFormInput = z.input<typeof chartAccountSchema>;

/** The parent cannot be the account itself (shell-and-masters §5). */
export function isValidParentAccount(
  accountId: number | undefined,
  subAccountOf: number | null | undefined,
): boolean {
  return subAccountOf == null || accountId === undefined || subAccountOf !== accountId;
}

export const CUSTOMER_MESSAGES = {
  mobile: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9 (+91 may come first).',
  altPhone: 'Enter a 10-digit mobile number, or a landline with its STD code (0452 2345678).',
  pincode: 'Enter a 6-digit pincode.',
} as const;

/**
 * An Indian mobile number as stored: the 10 digits, without spaces, dashes or the +91 / 0 prefix
 * typed before them ('+91 98400 12345' → '9840012345'). Anything else is returned as typed (trimmed),
 * for the format check to refuse.
 */
export function normaliseMobile(text: string): string {
  const compact = text.trim().replace(/[\s-]/g, '');
  const match = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(compact);
  return match?.[1] ?? text.trim();
}

/** 10 digits starting 6–9, as `normaliseMobile` leaves a valid number. */
export function isIndianMobile(text: string): boolean {
  return /^[6-9]\d{9}$/.test(text);
}

/**
 * The alternate number: a mobile as `normaliseMobile` stores it, or a landline with its STD code
 * (0 and 10 digits, '0452-2345678' → '04522345678'), which many pawners give as their second number.
 */
export function normaliseAltPhone(text: string): string {
  const mobile = normaliseMobile(text);
  if (isIndianMobile(mobile)) return mobile;
  const compact = text.trim().replace(/[\s-]/g, '');
  return /^0\d{10}$/.test(compact) ? compact : text.trim();
}

export function isAltPhone(text: string): boolean {
  return isIndianMobile(text) || /^0[1-9]\d{9}$/.test(text);
}

/** A pincode: six digits, the first not 0; a space typed in the middle ('600 001') is dropped. */
export function normalisePincode(text: string): string {
  const compact = text.trim().replace(/\s/g, '');
  return /^\d{6}$/.test(compact) ? compact : text.trim();
}

export function isIndianPincode(text: string): boolean {
  return /^[1-9]\d{5}$/.test(text);
}

const mobileNumber = requiredText('Mobile number is required', 20)
  .overwrite(normaliseMobile)
  .refine(isIndianMobile, { error: CUSTOMER_MESSAGES.mobile });

/** POST/PUT /customers/: the eight text fields required; alternate mobile and ID proof optional. */
export const customerSchema = z.object({
  customer_name: requiredText('Customer name is required', 150),
  guardian_name: requiredText('Guardian name is required', 150),
  mobile_number: mobileNumber,
  alt_mobile_number: z
    .string()
    .trim()
    .max(20, { error: 'Must be at most 20 characters' })
    .overwrite(normaliseAltPhone)
    .refine((v) => v === '' || isAltPhone(v), { error: CUSTOMER_MESSAGES.altPhone })
    .nullable()
    .optional(),
  door_no: requiredText('Door number is required', 50),
  street: requiredText('Street is required', 200),
  location: requiredText('Location is required', 150),
  district: requiredText('District is required', 100),
  pincode: requiredText('Pincode is required', 10)
    .overwrite(normalisePincode)
    .refine(isIndianPincode, { error: CUSTOMER_MESSAGES.pincode }),
  id_proof: z.string().max(1000).nullable().optional(),
  status: status(),
});
export type CustomerInput = z.infer<typeof customerSchema>;
/** What a form may send before defaults are applied. */
export type CustomerFormInput = z.input<typeof customerSchema>;

/** The customer fields a migrated record must have, in a valid form, before it is complete. */
export const CUSTOMER_REQUIRED_FIELDS = [
  'customer_name',
  'guardian_name',
  'mobile_number',
  'door_no',
  'street',
  'location',
  'district',
  'pincode',
] as const;

/**
 * The fields of a customer record that the form would refuse: empty required fields and numbers in
 * the wrong format (a migrated record keeps what the old system had, and these are left to complete).
 */
export function customerFieldsToComplete(record: Record<string, string | null | undefined>): string[] {
  const parsed = customerSchema.safeParse({ ...record, id_proof: null, status: true });
  if (parsed.success) return [];
  return [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
}

export const IFSC_MESSAGE =
  'Enter the 11-character IFSC: 4 letters, 0, then 6 letters or digits (SBIN0001234).';

/** POST/PUT /bank-details/: everything except status required, with the spec's messages. */
export const bankSchema = z.object({
  bank_name: requiredText('Bank name is required', 150),
  account_holder_name: requiredText('Account holder name is required', 150),
  account_number: requiredText('Account number is required', 40),
  ifsc_code: requiredText('IFSC code is required', 20)
    .overwrite((v) => v.toUpperCase())
    .refine((v) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(v), { error: IFSC_MESSAGE }),
  branch_name: requiredText('Branch name is required', 150),
  account_type: requiredText('Account type is required', 50),
  status: status(),
});
export type BankInput = z.infer<typeof bankSchema>;
/** What a form may send before defaults are applied. */
export type BankFormInput = z.input<typeof bankSchema>;
