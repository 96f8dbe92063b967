import { formatIndianDate } from '../../dates/dates.ts';
import { MAX_ID, plainDate } from '../common.ts';
import { z } from '../zod.ts';

// Notices before sale and reminders: the requests and the answers of
// /notices/candidates, /notices, /notices/{id}, /notices/{id}/prints, /notice-batches/{id}/prints
// and /reminders.

export const NOTICE_MESSAGES = {
  date: 'Use a date as YYYY-MM-DD',
  future: 'The date cannot be after today',
  pledgeIds: 'Choose 1 to 200 pledges',
  duplicate: 'This pledge is chosen twice',
  notFound: (id: number) => `Pledge #${id} was not found.`,
  closed: (no: string) => `Pledge ${no} is closed; a notice is only for an open pledge.`,
  notOverdue: (no: string, from: string) =>
    `Pledge ${no} is not overdue on the notice date (overdue from ${from}).`,
  beforeNotice: 'The date sent cannot be before the notice date',
  deliveredBeforeSent: 'The date delivered cannot be before the date sent',
  deliveredNeedsSent: 'Enter the date sent before the date delivered',
  tracking: 'Tracking number: letters, digits, spaces and - / only, at most 40 characters',
  reminderClosed: 'This pledge is closed; there is nothing to remind the customer of.',
  /** A second notice for a pledge whose notice is still open, not asked for as a fresh one (409). */
  openNotice: (no: string, noticeNo: string, noticeDate: string) =>
    `Pledge ${no} already has notice ${noticeNo} of ${formatIndianDate(noticeDate)}; to replace it, send a new notice.`,
} as const;

export const MAX_NOTICE_BATCH = 200;

const date = plainDate(NOTICE_MESSAGES.date);
const pledgeId = z.number({ error: 'Choose a pledge' }).int().positive().max(MAX_ID);

/** POST /notices: a batch of notices dated notice_date (today unless given, never after today). */
export const noticeBatchCreateSchema = z.object({
  notice_date: date.optional(),
  /**
   * A fresh notice: a pledge that already has an open notice gets a new one, which supersedes the old
   * (the clerk's 'Send a new notice'). Without it such a pledge refuses the batch (409).
   */
  renew: z.boolean().optional(),
  pledge_ids: z
    .array(pledgeId, { error: NOTICE_MESSAGES.pledgeIds })
    .min(1, { error: NOTICE_MESSAGES.pledgeIds })
    .max(MAX_NOTICE_BATCH, { error: NOTICE_MESSAGES.pledgeIds }),
});
export type NoticeBatchCreateInput = z.infer<typeof noticeBatchCreateSchema>;

/** PATCH /notices/{id}: how it was served; null clears a field. */
export const noticeUpdateSchema = z.object({
  sent_on: date.nullable().optional(),
  tracking_no: z
    .string()
    .trim()
    .max(40, { error: NOTICE_MESSAGES.tracking })
    .regex(/^[A-Za-z0-9 \-/]*$/, { error: NOTICE_MESSAGES.tracking })
    .nullable()
    .optional(),
  delivered_on: date.nullable().optional(),
});
export type NoticeUpdateInput = z.infer<typeof noticeUpdateSchema>;

export const noticePrintCountSchema = z.object({
  count: z.number().int().min(1).max(10).default(1),
});

export const REMINDER_CHANNELS = ['whatsapp', 'call', 'sms'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** POST /reminders: one reminder logged today. */
export const reminderCreateSchema = z.object({
  pledge_id: pledgeId,
  channel: z.enum(REMINDER_CHANNELS, { error: 'Choose WhatsApp, call or SMS' }),
  note: z
    .string()
    .trim()
    .max(500, { error: 'Must be at most 500 characters' })
    .refine((v) => !v.includes('\u0000'), { error: 'Must not contain a NUL character' })
    .nullable()
    .optional(),
});
export type ReminderCreateInput = z.infer<typeof reminderCreateSchema>;

const noticeStatus = z.enum(['unsent', 'sent', 'delivered']);

export const latestNoticeSchema = z.object({
  notice_id: z.number().int(),
  notice_no: z.string(),
  notice_date: z.string(),
  sale_after: z.string(),
  sent_on: z.string().nullable(),
  status: noticeStatus,
});

/** GET /notices/candidates: an open pledge overdue on as_of. */
export const noticeCandidateSchema = z.object({
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  pledge_date: z.string(),
  due_date: z.string(),
  days_overdue: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  address: z.string(),
  mobile_number: z.string(),
  loan_amount: z.number(),
  remaining_principal: z.number(),
  remaining_interest: z.number(),
  outstanding: z.number(),
  at_bank: z.boolean(),
  latest_notice: latestNoticeSchema.nullable(),
});
export type NoticeCandidate = z.infer<typeof noticeCandidateSchema>;

export const noticeCandidatesSchema = z.object({
  as_of: z.string(),
  grace_days: z.number().int(),
  notice_wait_days: z.number().int(),
  total_count: z.number().int(),
  rows: z.array(noticeCandidateSchema),
});
export type NoticeCandidates = z.infer<typeof noticeCandidatesSchema>;

export const noticeArticleSchema = z.object({
  item_id: z.number().int(),
  design_name: z.string(),
  condition: z.string().nullable(),
  gross_weight: z.number(),
  net_weight: z.number(),
});

/** A notice as the lists, the detail and the letter read it. */
export const noticeSchema = z.object({
  id: z.number().int(),
  notice_no: z.string(),
  batch_id: z.number().int(),
  notice_date: z.string(),
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  pledge_date: z.string(),
  due_date: z.string(),
  loan_amount: z.number(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  guardian_name: z.string(),
  address: z.string(),
  mobile_number: z.string(),
  principal_due: z.number(),
  interest_due: z.number(),
  amount_due: z.number(),
  sale_after: z.string(),
  sent_on: z.string().nullable(),
  tracking_no: z.string().nullable(),
  delivered_on: z.string().nullable(),
  status: noticeStatus,
  prints: z.number().int(),
  /** When a fresh notice replaced this one, and that notice's number; null while it is the open one. */
  superseded_at: z.string().nullable(),
  superseded_by_no: z.string().nullable(),
  gross_weight: z.number(),
  net_weight: z.number(),
  item_count: z.number().int(),
  articles: z.array(noticeArticleSchema),
  created_at: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListSchema = z.object({ total_count: z.number().int(), rows: z.array(noticeSchema) });
export type NoticeList = z.infer<typeof noticeListSchema>;

export const noticeBatchSavedSchema = z.object({
  batch_id: z.number().int(),
  notice_date: z.string(),
  notices: z.array(noticeSchema),
});
export type NoticeBatchSaved = z.infer<typeof noticeBatchSavedSchema>;

export const noticePrintSchema = z.object({
  notice_id: z.number().int(),
  prints: z.number().int(),
  duplicate: z.boolean(),
});
export type NoticePrint = z.infer<typeof noticePrintSchema>;
export const noticeBatchPrintSchema = z.object({ notices: z.array(noticePrintSchema) });

/** GET /reminders: a pledge due within the window or overdue, with its message and links. */
export const reminderRowSchema = z.object({
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  due_date: z.string(),
  overdue: z.boolean(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  mobile_number: z.string(),
  amount_due: z.number(),
  text_ta: z.string(),
  text_en: z.string(),
  whatsapp_link: z.string().nullable(),
  call_link: z.string().nullable(),
  reminded_today: z.boolean(),
  last_reminded_on: z.string().nullable(),
});
export type ReminderRow = z.infer<typeof reminderRowSchema>;

export const reminderListSchema = z.object({
  as_of: z.string(),
  days: z.number().int(),
  total_count: z.number().int(),
  rows: z.array(reminderRowSchema),
});
export type ReminderList = z.infer<typeof reminderListSchema>;

export const reminderSavedSchema = z.object({
  id: z.number().int(),
  pledge_id: z.number().int(),
  channel: z.enum(REMINDER_CHANNELS),
  reminded_on: z.string(),
  note: z.string().nullable(),
});
export type ReminderSaved = z.infer<typeof reminderSavedSchema>;
