import { z } from 'zod';
import { fillText, FIRST_SENTENCES as M } from '../messages/first-sentences.ts';

/**
 * The sentence of a zod check that names none of its own (a field missing from a request, a wrong type,
 * an unknown key): one of the coded sentences, never zod's English, so a refused request reads in the
 * clerk's language like every other refusal. Set once for the process, by the domain's entry point.
 */
export function zodSentence(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? M['common.required'] : M['common.invalidValue'];
    case 'too_big':
      return issue.origin === 'string'
        ? fillText(M['common.tooLong'], { max: String(issue.maximum) })
        : M['common.valueTooLarge'];
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1
        ? M['common.required']
        : M['common.valueTooSmall'];
    case 'invalid_value':
      return M['common.chooseListed'];
    case 'invalid_format':
      return M['common.wrongFormat'];
    case 'unrecognized_keys':
      return M['common.unknownField'];
    default:
      return M['common.invalidValue'];
  }
}

z.config({ customError: zodSentence });
