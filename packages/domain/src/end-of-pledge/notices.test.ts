import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/dates.ts';
import {
  callLink,
  formatNoticeNumber,
  lastOverdueDueDate,
  noticeStatus,
  reminderTextEnglish,
  reminderTextTamil,
  whatsappLink,
} from './notices.ts';
import { isOverdue } from './rules.ts';

describe('formatNoticeNumber: N/<financial year>/<4 digits>', () => {
  it('pads to four digits and keeps more', () => {
    expect(formatNoticeNumber('2026-27', 1)).toBe('N/2026-27/0001');
    expect(formatNoticeNumber('2026-27', 12345)).toBe('N/2026-27/12345');
  });
  it('refuses a bad year or number', () => {
    expect(() => formatNoticeNumber('2026-28', 1)).toThrow(/financial year/);
    expect(() => formatNoticeNumber('2026-27', 0)).toThrow(/running number/);
  });
});

describe('lastOverdueDueDate: the due dates overdue on a day', () => {
  it('agrees with isOverdue on every due date around it, with and without grace', () => {
    for (const grace of [0, 1, 7, 30]) {
      const asOf = '2026-11-26';
      const last = lastOverdueDueDate(asOf, grace);
      for (let d = -40; d <= 2; d++) {
        const due = addDays(asOf, d);
        expect(isOverdue(due, grace, asOf), `${due} grace ${grace}`).toBe(due <= last);
      }
    }
  });
  it('with no grace, yesterday', () => {
    expect(lastOverdueDueDate('2026-03-01', 0)).toBe('2026-02-28');
  });
  it('refuses a bad grace period', () => {
    expect(() => lastOverdueDueDate('2026-03-01', -1)).toThrow(/grace/);
  });
});

describe('noticeStatus', () => {
  it('unsent, sent, delivered', () => {
    expect(noticeStatus({ sentOn: null, deliveredOn: null })).toBe('unsent');
    expect(noticeStatus({ sentOn: '2026-11-02', deliveredOn: null })).toBe('sent');
    expect(noticeStatus({ sentOn: '2026-11-02', deliveredOn: '2026-11-05' })).toBe('delivered');
  });
});

const facts = {
  customerName: 'Lakshmi',
  pledgeNo: 'GL12',
  amountDuePaise: 4_150_050,
  dueDate: '2026-12-05',
  asOf: '2026-11-26',
  companyName: 'Sri Murugan Bankers',
};

describe('reminder texts in Tamil and English', () => {
  it('Tamil: the pledge number, amount due and due date', () => {
    expect(reminderTextTamil(facts)).toBe(
      'வணக்கம் Lakshmi, உங்கள் அடகு எண் GL12 க்கு செலுத்த வேண்டிய தொகை ₹41,500.50. கெடு தேதி: 05/12/2026. தயவுசெய்து அதற்குள் செலுத்தவும். - Sri Murugan Bankers',
    );
  });
  it('Tamil: a passed due date says so', () => {
    expect(reminderTextTamil({ ...facts, dueDate: '2026-11-01' })).toContain(
      'கெடு தேதி 01/11/2026 கடந்துவிட்டது',
    );
  });
  it('English: due, and was due', () => {
    expect(reminderTextEnglish(facts)).toBe(
      'Dear Lakshmi, the amount due on your pledge GL12 is ₹41,500.50. It is due on 05/12/2026; please pay by then. - Sri Murugan Bankers',
    );
    expect(reminderTextEnglish({ ...facts, dueDate: '2026-11-01' })).toContain('It was due on 01/11/2026');
  });
});

describe('whatsappLink and callLink', () => {
  it('wa.me with 91 and the URL-encoded text', () => {
    const link = whatsappLink('9840012345', 'வணக்கம் GL12 ₹1,000.00 & more');
    expect(link).toBe(
      'https://wa.me/919840012345?text=%E0%AE%B5%E0%AE%A3%E0%AE%95%E0%AF%8D%E0%AE%95%E0%AE%AE%E0%AF%8D%20GL12%20%E2%82%B91%2C000.00%20%26%20more',
    );
    expect(decodeURIComponent(link!.split('?text=')[1]!)).toBe('வணக்கம் GL12 ₹1,000.00 & more');
  });
  it('normalises a typed +91 and refuses a number that is not a mobile', () => {
    expect(whatsappLink('+91 98400 12345', 'x')).toBe('https://wa.me/919840012345?text=x');
    expect(whatsappLink('0452 2345678', 'x')).toBeNull();
    expect(callLink('9840012345')).toBe('tel:+919840012345');
    expect(callLink('12345')).toBeNull();
  });
});
