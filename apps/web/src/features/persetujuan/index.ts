// What other features use of the approval workflow (issue 51): who could decide a request before it is sent.
export { PemutusNotice } from './components/pemutus-notice';
export { useNewLoanApproval, useSendable } from './api/persetujuan';
