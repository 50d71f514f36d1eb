/** Shared with the points mall's conversion: see lib/request-id.ts. */
export { newRequestId, retryUnknownOutcome, useRequestId } from '../../../lib/request-id';
