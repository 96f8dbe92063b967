import { z } from 'zod';
import { fillSentence } from '../messages/sentences.ts';

/**
 * The sentence of a zod check that names none of its own (a field missing from a request, a wrong type,
 * an unknown key): one of the coded sentences, never zod's English, so a refused request reads in the
 * clerk's language like every other refusal. Set once for the process, by the domain's entry point.
 */
export function zodSentence(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? fillSentence('common.required')
        : fillSentence('common.invalidValue');
    case 'too_big':
      return issue.origin === 'string'
        ? fillSentence('common.tooLong', { max: String(issue.maximum) })
        : fillSentence('common.valueTooLarge');
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1
        ? fillSentence('common.required')
        : fillSentence('common.valueTooSmall');
    case 'invalid_value':
      return fillSentence('common.chooseListed');
    case 'invalid_format':
      return fillSentence('common.wrongFormat');
    case 'unrecognized_keys':
      return fillSentence('common.unknownField');
    default:
      return fillSentence('common.invalidValue');
  }
}

z.config({ customError: zodSentence });
