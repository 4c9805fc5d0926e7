/**
 * The early settlement a payment recorded (issue 27 B), for the modules that show or guard that
 * payment (payments, receipts) without reaching the settlement workflow itself.
 */
export { settlementOfPayment } from './pelunasan.repository';
