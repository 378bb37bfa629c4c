export { MESSAGE_TEXTS, isMessageKey, type MessageKey, type MessageParamName } from './catalogue.js';
export {
  decodeMessage,
  encodeMessage,
  issueMessage,
  issueText,
  message,
  messageOfIssue,
  renderMessage,
  type Message,
  type MessageParam,
} from './message.js';
export { zodIssueMessage } from './zod-issues.js';
