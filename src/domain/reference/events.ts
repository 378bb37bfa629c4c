import type { Group } from '../access/roles.js';
import type { EventMetadata } from '../order/events.js';
import type { Markups, NoticeTranslations } from './markups.js';
import type { InstitutionRecord } from './institution.js';
import type { ProposedChange } from './approvals.js';

/**
 * Reference data changes (DESIGN.md section 7): markups, the notice, institutions and user roles
 * each have streams of their own, so whatever an admin changes keeps its history.
 */
type Fact<T extends string, D> = { readonly type: T; readonly data: D; readonly meta: EventMetadata };

/** A change made on a second admin's approval names the proposal (the approver is the event's actor). */
interface Approved {
  readonly approval?: { readonly id: string; readonly proposed_by: string };
}

export type MarkupsChanged = Fact<'MarkupsChanged', { markups: Markups } & Approved>;
/** `translations` is absent in events stored before the notice had them (no translation then). */
export type NoticeChanged = Fact<'NoticeChanged', { notice: string; translations?: NoticeTranslations }>;
export type InstitutionRegistered = Fact<'InstitutionRegistered', { id: number; institution: InstitutionRecord } & Approved>;
export type InstitutionChanged = Fact<'InstitutionChanged', { id: number; institution: InstitutionRecord } & Approved>;
export type UserGroupChanged = Fact<'UserGroupChanged', { user_id: number; group: Group; previous: number } & Approved>;

/**
 * Four eyes (DESIGN.md section 12), each proposal a stream of its own (approval-{id}): proposed by
 * one admin, then approved (the change is appended to its own stream, expecting the revision the
 * proposal saw) or rejected by another.
 */
export type ChangeProposed = Fact<
  'ChangeProposed',
  { approval_id: string; change: ProposedChange; target_stream: string; base_revision: string | null }
>;
export type ProposalApproved = Fact<'ProposalApproved', { approval_id: string }>;
export type ProposalRejected = Fact<'ProposalRejected', { approval_id: string; reason: string }>;

/** The user's key is destroyed: their personal fields read as erased from now on (DESIGN.md section 8). */
export type PersonalDataErased = Fact<'PersonalDataErased', { user_id: number; subject: string }>;

export type ReferenceEvent =
  | MarkupsChanged
  | NoticeChanged
  | InstitutionRegistered
  | InstitutionChanged
  | UserGroupChanged
  | PersonalDataErased
  | ChangeProposed
  | ProposalApproved
  | ProposalRejected;
export type ReferenceEventType = ReferenceEvent['type'];
export const REFERENCE_EVENT_TYPES: readonly ReferenceEventType[] = [
  'MarkupsChanged',
  'NoticeChanged',
  'InstitutionRegistered',
  'InstitutionChanged',
  'UserGroupChanged',
  'PersonalDataErased',
  'ChangeProposed',
  'ProposalApproved',
  'ProposalRejected',
];

export const MARKUPS_STREAM = 'settings-markups';
export const NOTICE_STREAM = 'settings-notice';
export const INSTITUTION_STREAM_PREFIX = 'institution-';
export const USER_STREAM_PREFIX = 'user-';
export const APPROVAL_STREAM_PREFIX = 'approval-';
export const REFERENCE_STREAM_PREFIXES = ['settings-', INSTITUTION_STREAM_PREFIX, USER_STREAM_PREFIX, APPROVAL_STREAM_PREFIX] as const;
export const institutionStreamId = (id: number): string => `${INSTITUTION_STREAM_PREFIX}${id}`;
export const userStreamId = (id: number): string => `${USER_STREAM_PREFIX}${id}`;
export const approvalStreamId = (id: string): string => `${APPROVAL_STREAM_PREFIX}${id}`;
export const isReferenceStream = (streamId: string): boolean => REFERENCE_STREAM_PREFIXES.some((prefix) => streamId.startsWith(prefix));

/** A stored reference event back in its type; an unknown type is a programming error, not data to guess at. */
export function toReferenceEvent(type: string, data: unknown, meta: unknown): ReferenceEvent {
  if (!(REFERENCE_EVENT_TYPES as readonly string[]).includes(type)) throw new Error(`Not a reference event: ${type}`);
  return { type, data, meta } as ReferenceEvent;
}
