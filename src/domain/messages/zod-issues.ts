import type { core } from 'zod';
import { issueMessage } from './message.js';

type Issue = core.$ZodRawIssue;
type Sized = Extract<Issue, { code: 'too_big' | 'too_small' }>;

const isText = (issue: Sized) => issue.origin === 'string';
const isList = (issue: Sized) => issue.origin === 'array' || issue.origin === 'set';

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const max = Number(issue.maximum);
  if (isText(issue)) return issueMessage('validation.tooLong', { max });
  return isList(issue) ? issueMessage('validation.tooManyItems', { max }) : issueMessage('validation.tooBig', { max });
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const min = Number(issue.minimum);
  if (isText(issue)) return min <= 1 ? issueMessage('validation.required') : issueMessage('validation.tooShort', { min });
  return isList(issue) ? issueMessage('validation.tooFewItems', { min }) : issueMessage('validation.tooSmall', { min });
}

/**
 * zod's own issues (a wrong type, a bound without a message of ours) as message keys, so they are
 * shown in the reader's language like every other. Install it as zod's locale:
 * `z.config({ localeError: zodIssueMessage })`; messages a schema gives itself come first.
 */
export function zodIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? issueMessage('validation.required')
        : issueMessage('validation.invalidType', { expected: issue.expected });
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return issueMessage('validation.invalidFormat');
    case 'invalid_value':
      return issueMessage('validation.invalidValue');
    case 'unrecognized_keys':
      return issueMessage('validation.unknownFields', { fields: issue.keys.join(', ') });
    default:
      return issueMessage('validation.invalid');
  }
}
