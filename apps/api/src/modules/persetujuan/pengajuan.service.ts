/**
 * Opening and cancelling approval requests (issue 27): what the workflows that need a decision
 * (a new loan, a settlement above the khasm limit, a rescheduling) call inside their own
 * transaction. Kept apart from persetujuan.service, which decides and so reaches those workflows.
 */
export { cancelRequestsOf, insertRequest } from './persetujuan.repository';
