/**
 * How far the pieces received against an inbound record are from the pieces declared on it
 * (issue 24): received − declared, negative when fewer came (少收), positive when more (多收), 0 when
 * they agree. Null while nothing has been received: that is not a difference yet.
 */
export const piecesDifference = (declared: number, received: number): number | null => (received === 0 ? null : received - declared);
